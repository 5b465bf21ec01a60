"""``topper sim`` with World War 3 or Armageddon: the slap game played at the device's
own shell (docs/simulator.md).

The firmware's table shell runs on a virtual board (``sim.slap_board``) with the card
pad on, set up as a host sets a game up over the link; the bots (``sim.device_bots``)
press their buttons and turn their cards up on the pad, and learn what happened from
the device's log. In the terminal you are P1 (``ui.slap_game``: the device and the
table's pile); ``--bots-only`` plays whole games with a summary (``--watch`` to see
them), ``--headless`` prints the device's log and OLED, ``--headless --script`` plays a
script of hands (``sim.device_cmd``'s format), ``--replay LOG`` plays a slap log's
presses and cards on the board at their stamps. Seeded: the same seed turns the same
cards up and the bots play them the same way. The device's log is the game's log.

Blind play (no card pad) against bots is ``sim.blind_cmd``: the device sees no card,
so the simulator holds them as the table.
"""

import os
import sys

from topper import games
from topper.replay import LogError

from topper_host import paths
from topper_host.sim import wallclock as clockmod
from topper_host.sim import device_cmd, logs, slap_board, summary
from topper_host.sim.device_bots import DeviceBots

BATCH_MS = 150  # headless: the OLED is read this long after a batch of log lines
TAIL_MS = 2000  # a replay's last screens play out


def _out(line):
    sys.stdout.write(line + "\n")


def _hurry(args):
    return 0 if args.no_hurry else args.hurry_ms


def make(args, seed, bot_seats, style, log, now=0):
    """A board with this game dealt and bots at ``bot_seats``."""
    board = slap_board.boot(args.game, args.seats, args.jokers, _hurry(args), seed, log, now)
    DeviceBots(board, bot_seats, seed, style)
    slap_board.deal(board, args.game, args.seats, args.jokers, _hurry(args), seed)
    return board


def result(board):
    """How the game on the board ended, in words."""
    if not slap_board.over(board):
        return "unfinished"
    g = board.app.ref.game
    return "P%d won" % (g.winner + 1)


def title(game, seats, jokers, seed, who):
    return "Topper Table  \u00b7  %s  \u00b7  %d seats  \u00b7  %d jokers  \u00b7  seed %d  \u00b7  %s" % (
        games.find(game).name,
        seats,
        jokers,
        seed,
        who,
    )


class Printer:
    """Headless: every log line the device writes and, after each batch, the OLED's
    lines behind ``# oled `` when they changed."""

    def __init__(self, board, out):
        self.board = board
        self.out = out
        self.heard = []
        self.shown = None
        board.watchers.append(lambda lines, now: self.heard.extend(lines))

    def flush(self):
        for line in self.heard:
            self.out(line)
        del self.heard[:]
        if self.board.lines != self.shown:
            self.shown = list(self.board.lines)
            self.out("# oled %s" % " | ".join(s.rstrip() for s in self.board.lines))


def run(args, style, snaps):
    if args.replay:
        return replay(args, snaps)
    if args.script:
        return device_cmd.headless(args, _out)
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(3), "big")
    if args.bots_only or args.headless:
        if args.watch:
            return live(args, style, seed, snaps, humans=())
        return batch(args, style, seed, snaps)
    return live(args, style, seed, snaps, humans=(0,))


class PadGame:
    """A game with the card pad on its board, as ``batch`` plays it (blind play's is a
    ``sim.blind_table.BlindTable``): ``over()``, and ``laid`` None, since the device's
    log counts the cards laid."""

    laid = None

    def __init__(self, board):
        self.board = board

    def over(self):
        return slap_board.over(self.board)


def batch(args, style, base, snaps, start=None, name=None):
    """Whole games of bots, a line each and a summary. ``start(seed, log)``: a game
    dealt on a board of its own, bots at every seat (default: with the card pad);
    ``name``: the logs' name (default: the game's)."""
    if start is None:

        def start(seed, log):
            return PadGame(make(args, seed, range(args.seats), style, log))

    played = []
    mark = "# " if args.headless else ""
    for i in range(args.games):
        seed = base + i
        path = logs.numbered(args.log or logs.default_path(name or args.game, seed), i + 1, args.games)
        log = logs.LogFile(path)
        stats = summary.GameStats(args.seats)
        try:
            game = start(seed, log)
            board = game.board
            board.watchers.append(stats)
            printer = Printer(board, _out) if args.headless else None
            end = board.now + int(args.max_minutes * 60000)
            while board.now < end and not game.over():
                board.wait(BATCH_MS)
                if printer is not None:
                    printer.flush()
        finally:
            log.close()
        if snaps is not None:
            from topper_host.sim.ui.board_app import BoardFrame

            if game.over():
                slap_board.end_screen(board)  # the picture of the end: the winner's screen
            snaps.take(BoardFrame(board, args.seats), "g%03d-end" % (i + 1))
        if game.laid is not None:
            stats.lays = game.laid
        played.append(stats)
        _out("%s%s (seed %d)" % (mark, stats.line(i + 1), seed))
        print("topper sim: log %s" % log.path, file=sys.stderr)
    if args.games > 1 or not args.headless:
        for line in summary.total(played, args.seats):
            _out(mark + line)
    return 0


def live(args, style, base, snaps, humans):
    from topper_host.sim.ui.ready import READY_S
    from topper_host.sim.ui.slap_game import SlapGameApp

    if not sys.stdin.isatty() or not sys.stdout.isatty():
        print("topper sim: the game needs a terminal; try --bots-only or --headless", file=sys.stderr)
        return 2
    log = device_cmd.GameLogs(args.log or logs.default_path(args.game, base))  # a file a game
    clock = clockmod.LiveClock(speed=1.0 if humans else args.speed)
    if humans:
        clock.pause(True)  # from the start: the app's "get ready" lets it go (ui.ready)
    who = "you are P1" if humans else "bots only"
    bots = [s for s in range(args.seats) if s not in humans]
    board = make(args, base, bots, style, log, now=clock.now())
    dealt = [base]
    results = []  # how each game dealt ended, in words

    def deal(board):
        results.append(result(board))
        seed = dealt[-1] + 1
        dealt.append(seed)
        slap_board.deal(board, args.game, args.seats, args.jokers, _hurry(args), seed)
        return title(args.game, args.seats, args.jokers, seed, who)

    app = SlapGameApp(
        board,
        clock,
        title(args.game, args.seats, args.jokers, base, who),
        deal=deal,
        learn=args.learn,
        snapshots=snaps,
        humans=humans,
        ready_s=READY_S if humans else 0,
    )
    try:
        app.run()
    finally:
        log.close()
    results.append(result(board))
    for seed, how, path in zip(dealt, results, log.paths):
        print("seed %d: %s; log %s" % (seed, how, path))
    return app.return_code or 0


def replay(args, snaps):
    """A slap log's presses and cards made on the device at their stamps: headless, the
    device's log and OLED printed as in ``--headless``; in the terminal at the pace
    they were made (``--speed``)."""
    try:
        lines = list(paths.read_lines(args.replay))
        h = slap_board.header(lines)
        events = slap_board.inputs(lines)
    except LogError as e:
        print("topper sim: %s:%d: %s" % (args.replay, e.line, e.msg), file=sys.stderr)
        return 1
    except ValueError as e:  # the file itself (paths.read_lines)
        print("topper sim: %s: %s" % (args.replay, e), file=sys.stderr)
        return 1
    if not events:
        print("topper sim: %s: no presses or cards to play" % args.replay, file=sys.stderr)
        return 1
    start = events[0]["t"]
    game, seats = h["game"], h["seats"]
    jokers, hurry = h.get("jokers", 0), h.get("hurry_ms", 0)
    out = _out if args.headless else None
    board = slap_board.boot(game, seats, jokers, hurry, 1, now=start - 2 * slap_board.BOOT_MS)
    try:
        slap_board.setup(board, game, seats, jokers, hurry, h.get("seed", 0))
    except ValueError as e:
        print("topper sim: %s: %s" % (args.replay, e), file=sys.stderr)
        return 1
    feed = slap_board.Feed(board, events)
    if out is not None:
        printer = Printer(board, out)
        while not feed.done():
            feed.to(board.now + BATCH_MS)
            board.run(board.now + BATCH_MS)
            printer.flush()
        board.wait(TAIL_MS)
        printer.flush()
        return 0
    from topper_host.sim.ui.slap_game import SlapGameApp

    if not sys.stdin.isatty() or not sys.stdout.isatty():
        print("topper sim: --replay draws in a terminal; add --headless to print it", file=sys.stderr)
        return 2
    who = "replay of %s" % os.path.basename(args.replay)
    app = SlapGameApp(
        board,
        clockmod.LiveClock(speed=args.speed, start=max(0, board.now)),  # (ticks are never negative)
        title(game, seats, jokers, h.get("seed", 0), who),
        feed=feed.to,
        learn=args.learn,
        snapshots=snaps,
        replay=True,
    )
    app.run()
    return app.return_code or 0
