"""``topper sim --device``: the device itself, on a virtual board.

The firmware's table shell (``topper_app.App``) runs over ``topper_host.virtual``, so
the menu, blind play and every game work here as they do on the board. In a terminal
every seat is at the keyboard (``ui.board_app``); ``--headless --script`` plays a
script of hands instead (what each hand does, and when) and prints the device's event
log and its OLED as they change, for tests and for a table that wants to try a
sequence of presses.

A script is JSON lines, one action each, in time order::

    {"t": 1200, "do": "press", "seat": 0}      a seat's button, a short press
    {"t": 1500, "do": "hold", "seat": 2}       held past the long-press time
    {"t": 1800, "do": "table"}                 the table button, short
    {"t": 2000, "do": "table_long"}            the table button, held
    {"t": 2600, "do": "chord", "seat": 3}      the table button held while seat 3 presses
    {"t": 3000, "do": "tap", "card": "3RC"}    a card on the pad (a name of the game's deck)
    {"t": 3100, "do": "tap_due"}               the seat due turns up its next card (slap games)
    {"t": 9000, "do": "wait"}                  nothing: the board runs until then

The nvm (the enrolled deck and the power-cut save) lives in ``--nvm FILE``, by default
in the state folder beside the logs: close the simulator in the middle of a game and
the next ``topper sim --device`` resumes it, as a board does after a power cut.
"""

import json
import os
import sys

from topper_host import paths
from topper_host.sim import wallclock as clockmod
from topper_host.sim import logs

ACTIONS = ("press", "hold", "table", "table_long", "chord", "tap", "tap_due", "wait")
TAIL_MS = 2000  # after a script's last action: its sounds and screens play out
OLD_SCRIPT = (
    "an event log's line: scripts are hands now (docs/simulator.md); "
    "topper sim --replay LOG plays a log's presses and cards"
)


class ScriptError(ValueError):
    def __init__(self, line, msg):
        ValueError.__init__(self, msg)
        self.line = line
        self.msg = msg


def nvm_path(args):
    if args.nvm:
        return args.nvm
    return os.path.join(os.path.dirname(logs.state_dir()), "device-nvm.bin")


def settings(args):
    """The TOPPER_* settings the board boots with: the menu starts at these."""
    return {
        "TOPPER_GAME": args.game,
        "TOPPER_SEATS": args.seats,
        "TOPPER_JOKERS": args.jokers,
        "TOPPER_HURRY_MS": 0 if args.no_hurry else args.hurry_ms,
        "TOPPER_CARDPAD": 0 if args.blind else 1,
    }


def read_script(lines):
    out = []
    last = None
    for n, text in enumerate(lines, 1):
        text = text.strip()
        if not text or text.startswith("#"):
            continue
        try:
            a = json.loads(text)
        except ValueError as e:
            raise ScriptError(n, "not JSON: %s" % e)
        if isinstance(a, dict) and ("ev" in a or "log" in a):
            raise ScriptError(n, OLD_SCRIPT)
        if not isinstance(a, dict) or not isinstance(a.get("t"), int) or a.get("do") not in ACTIONS:
            raise ScriptError(n, 'need {"t": ms, "do": one of %s}' % ", ".join(ACTIONS))
        if a["do"] in ("press", "hold", "chord") and not (
            isinstance(a.get("seat"), int) and 0 <= a["seat"] < 8
        ):
            raise ScriptError(n, '"%s" needs "seat": 0-7' % a["do"])
        if a["do"] == "tap" and not isinstance(a.get("card"), str):
            raise ScriptError(n, '"tap" needs "card": a card name like 3RC or QH')
        if last is not None and a["t"] < last:
            raise ScriptError(n, "t=%d comes before the line above (t=%d)" % (a["t"], last))
        last = a["t"]
        a["_line"] = n
        out.append(a)
    return out


def play(board, action):
    """One hand's action at its stamp; ScriptError for a card the deck does not have
    or a tap the board cannot make."""
    from topper_host.virtual.board import LONG_MS

    do = action["do"]
    t = action["t"]
    if do == "press":
        board.press(action["seat"], t)
    elif do == "hold":
        board.press(action["seat"], t, hold=LONG_MS)
    elif do == "table":
        board.table(t)
    elif do == "table_long":
        board.table(t, hold=LONG_MS)
    elif do == "chord":
        board.chord(action["seat"], t)
    elif do == "tap":
        try:
            board.tap_named(action["card"])
        except ValueError as e:
            raise ScriptError(action["_line"], str(e))
    elif do == "tap_due":
        why = board.tap_due()
        if why:
            raise ScriptError(action["_line"], why)


def headless(args, out, style=None):
    """A script of hands, or with ``--bots`` (and no script) bots at every seat of a
    slap game with the pad, from the menu to the winner or ``--max-minutes``."""
    from topper_host.virtual.board import STEP_MS, VirtualBoard

    script = []
    if args.script:
        try:
            script = read_script(paths.read_lines(args.script))
        except ScriptError as e:
            print("%s:%d: %s" % (args.script, e.line, e.msg), file=sys.stderr)
            return 1
    log = []
    files = GameLogs(args.log) if args.log else None  # the lines printed, kept too
    seed = 1 if args.seed is None else args.seed
    board = VirtualBoard(settings(args), now=0, log=log.append, nvm_path=args.nvm, seed=seed)
    if not args.script:
        from topper_host.sim.device_bots import DeviceBots

        DeviceBots(board, range(8), seed, style)
        # The table starts the game from the menu; the starter's press, a second later.
        script = [
            {"t": 300, "do": "table_long", "_line": 0},
            {"t": 1500, "do": "press", "seat": seed % args.seats, "_line": 0},
        ]
    shown = [None]

    def screen():
        if board.lines != shown[0]:
            shown[0] = list(board.lines)
            out("# oled %s" % " | ".join(s.rstrip() for s in board.lines))

    def run_to(t):
        # The OLED after each batch of log lines and at each action: not every frame
        # of a countdown.
        while board.now < t:
            board.step(min(t, board.now + STEP_MS))
            if log:
                for line in log:
                    out(line)
                    if files is not None:
                        files(line)
                del log[:]
                board.run(min(t, board.now + 150))  # the ruling's screen is drawn (OLED_MS)
                screen()
        screen()

    try:
        for a in script:
            run_to(a["t"])
            play(board, a)
        if not args.script:
            end = int(args.max_minutes * 60000)
            run_to(board.now + 300)  # the starter's press reaches the app
            while board.now < end and not over(board):
                run_to(board.now + 1000)
        run_to(board.now + TAIL_MS)
    except ScriptError as e:
        print("%s:%d: %s" % (args.script, e.line, e.msg), file=sys.stderr)
        return 1
    finally:
        if files is not None:
            files.close()
    board.keep_nvm()
    return 0


def over(board):
    app = board.app
    return app.ref is None or app.ref.view(board.now)["winner"] >= 0


def live(args, snaps, style):
    from topper_host.sim.device_bots import DeviceBots
    from topper_host.sim.ui.board_app import BoardApp
    from topper_host.virtual.board import VirtualBoard

    if not sys.stdin.isatty() or not sys.stdout.isatty():
        print("topper sim: --device needs a terminal; try --device --headless --script", file=sys.stderr)
        return 2
    path = args.log or logs.default_path("device")  # a file a game (GameLogs)
    log = GameLogs(path)
    clock = clockmod.LiveClock()
    seed = int.from_bytes(os.urandom(3), "big") if args.seed is None else args.seed
    board = VirtualBoard(settings(args), now=clock.now(), log=log, nvm_path=nvm_path(args), seed=seed)
    if args.bots:
        DeviceBots(board, range(1, 8), seed, style)
    app = BoardApp(board, clock, snapshots=snaps, bots=args.bots)
    try:
        app.run()
    finally:
        board.keep_nvm()
        log.close()
    for p in log.paths:
        print("topper sim: log %s" % p)
    print("topper sim: the board's nvm %s" % board.nvm_path)
    return app.return_code or 0


class GameLogs:
    """The device's log, a file a game: a header line starts the next file
    (``x.jsonl``, ``x-002.jsonl``, ...), so that each replays alone with ``topper
    replay``. Lines before the first header (none, on a fresh board) go nowhere."""

    def __init__(self, path):
        self.path = path
        self.paths = []
        self.file = None

    def __call__(self, line):
        if line.startswith('{') and '"log":"topper-table"' in line:
            self.close()
            n = len(self.paths) + 1
            path = self.path if n == 1 else logs.numbered(self.path, n, n)
            self.file = logs.LogFile(path)
            self.paths.append(path)
        if self.file is not None:
            self.file(line)

    def close(self):
        if self.file is not None:
            self.file.close()
            self.file = None
