"""Plays a differential script (diff_script.py) on the emulated board: set up over the
link, buttons through the pins, cards on the pad, and at each ``check`` what the table
sees (the link's view with the board's clock, the OLED, the ring).

The board stamps what it hears with its own clock (the keypad scanner's stamp of a
press, the loop's time of a pad read): those stamps, as the link streams them, are what
the simulator is then fed, so both sides judge the very same inputs.
"""

import importlib.util
import pathlib

from diff_script import HOLD_MS, LONG_MS, SHORT_MS

DECKMAP = pathlib.Path(__file__).resolve().parents[2] / "firmware" / "lib" / "topper_hw" / "deckmap.py"

UID_HEAD = (0x04, 0x5E)  # the tags' made-up UIDs: 04 5E <copy> <card code> A1 77 80
CHORD_TABLE_MS = 600  # a chord: the table button held this long, the seat pressed inside it
LEAD_MS = 50  # from the set-up's reply to the script's 0 ms
LATE_US = 5000  # a lay or a check this late is the script's fault, not the board's
POLL_MS = 100
BUTTONS = ("press", "short", "long", "table", "chord")


def card_uid(code, copy=0):
    return bytes((UID_HEAD[0], UID_HEAD[1], copy, code, 0xA1, 0x77, 0x80))


def deck_map_bytes():
    """The map of the Triple Topper deck, every card and two jokers, in the nvm's format
    (topper_hw.deckmap; its place is nvm[0:], topper_hw.nvstore), as if the table had
    enrolled the deck earlier."""
    from topper import cards

    # The firmware's own deck map format (a device driver: not on the host's path).
    spec = importlib.util.spec_from_file_location("topper_hw_deckmap", DECKMAP)
    deckmap = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(deckmap)
    uids = [card_uid(c) for c in range(125)] + [card_uid(cards.JOKER, j) for j in range(2)]
    return deckmap.encode("topper", 2, 1, [deckmap.uid_key(u) for u in uids], finished=True)


def enroll_deck(board):
    """Writes the deck map into the board's nvm at its REPL, then powers the board off
    and on (the nvm is flash: it stays). Not a soft reload (Ctrl-D): code.py started
    again that way found its I2C bus "in use" and ran without OLED and card pad
    (docs/board-sim-vs-device.md)."""
    data = deck_map_bytes()
    code = 'import microcontroller\nmicrocontroller.nvm[0:%d] = bytes.fromhex("%s")' % (len(data), data.hex())
    board.repl(code)
    assert board.repl("print(bytes(microcontroller.nvm[0:2]))") == "b'DM'"
    board.cut()
    board.boot()


class Checkpoint:
    def __init__(self, step, reply, frame, ring, t_us):
        self.step = step
        self.t = reply["t"]  # the board's ticks_ms when it answered
        self.mode = reply["mode"]
        self.view = reply["view"]
        self.frame = frame  # topper_board.Frame
        self.ring = [tuple(p) for p in ring]
        self.t_us = t_us  # emulated time of the answer


class BoardRun:
    """What the board did with one script: every line it streamed, the checkpoints, and
    where in emulated time each step was played."""

    def __init__(self):
        self.lines = []
        self.checks = []
        self.played_us = []  # (step, emulated us)
        self.settings = None

    def events(self):
        return [o for o in self.lines if "ev" in o]

    def rulings(self):
        return [o for o in self.lines if "r" in o]


def _ask(board, run, obj):
    board._next_id += 1
    obj = dict(obj, id=board._next_id)
    board.data_send(obj)
    try:
        reply, before = board.data_until(lambda o: o.get("id") == obj["id"], timeout_ms=5000)
    except AssertionError:
        raise
    except Exception as e:  # the board stopped answering: what did its console say?
        raise AssertionError("%s\nthe console's last words: %r" % (e, board.console_read()[-1500:]))
    run.lines.extend(o for o in before if "k" not in o)
    return reply


def play(board, script, tail_ms=300):
    run = BoardRun()
    board.data_lines()  # what came before is not this script's
    reply = _ask(board, run, script.setup())
    if reply["k"] == "pending":
        # The game of the script before is still on: the table agrees to end it.
        board.press("table", hold_ms=SHORT_MS)
        reply, before = board.data_until(lambda o: o.get("id") == reply["id"], timeout_ms=reply["ms"])
        run.lines.extend(o for o in before if "k" not in o)
    assert reply["k"] == "ok", reply
    run.settings = _ask(board, run, {"cmd": "settings"})
    t0 = board.t_us + LEAD_MS * 1000
    # Buttons are timed pin changes on the emulated clock, so they land on their ms
    # whatever a checkpoint's request costs; the pad and the checks wait for theirs.
    for step in script.steps:
        if step.kind in BUTTONS:
            _button(board, step, (t0 + step.t * 1000) / 1000)
    for step in script.steps:
        at = t0 + step.t * 1000
        if step.kind in BUTTONS:
            continue
        if board.t_us > at + LATE_US:
            raise ScriptTiming(
                "%r is due at %.1f ms but the board is at %.1f ms already: the step before"
                " took longer; space the script's lines more" % (step, at / 1000, board.t_us / 1000)
            )
        _run_until(board, run, at)
        run.played_us.append((step, board.t_us))
        _act(board, run, step)
    board.run_until_us(max(board.t_us, t0 + script.steps[-1].t * 1000) + tail_ms * 1000)
    run.lines.extend(o for o in board.data_lines() if "k" not in o)
    board.lift()
    return run


def _run_until(board, run, at):
    """Runs the board to ``at`` as a listening host does, asking for the view every
    ``POLL_MS``. Without that traffic, presses of a quiet turn game went missing on the
    emulated board (docs/board-sim-vs-device.md, "Found")."""
    while board.t_us < at:
        board.run_until_us(min(at, board.t_us + POLL_MS * 1000))
        if board.t_us < at:
            _ask(board, run, {"cmd": "view"})


class ScriptTiming(AssertionError):
    """A script whose lines are closer than the board can play them."""


def _button(board, step, at_ms):
    kind = step.kind
    if kind == "press":
        board.press(step.seat + 1, at_ms=at_ms, hold_ms=HOLD_MS)
    elif kind == "short":
        board.press(step.seat + 1, at_ms=at_ms, hold_ms=SHORT_MS)
    elif kind == "long":
        board.press(step.seat + 1, at_ms=at_ms, hold_ms=LONG_MS)
    elif kind == "table":
        board.press("table", at_ms=at_ms, hold_ms=SHORT_MS)
    elif kind == "chord":
        board.press("table", at_ms=at_ms, hold_ms=CHORD_TABLE_MS)
        board.press(step.seat + 1, at_ms=at_ms + CHORD_TABLE_MS / 3, hold_ms=SHORT_MS)


def _act(board, run, step):
    if step.kind == "lay":
        from topper import cards

        board.lift()
        board.lay(card_uid(cards.parse(step.card)).hex())
    elif step.kind == "check":
        reply = _ask(board, run, {"cmd": "view"})
        run.checks.append(Checkpoint(step, reply, board.oled_frame(), board.ring(), board.t_us))
