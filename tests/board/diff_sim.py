"""Plays what the board heard through the simulator, in-process, fed the input events
the board streamed at their stamps, never its rulings or ticks:

- a slap game: the device's own table shell on the virtual board with the card pad
  (``topper_host.sim.slap_board``), set up as the board was, each press and card the
  board heard made at its stamp; what it shows at a given ms is drawn from its
  referee's view and its effects (``sim.frame.Frame``);
- a turn game: the device's own table shell (``topper_app.App``) on the virtual board
  (``topper_host.virtual``), set up as the board was (the link's ``setup`` and the
  menu's options and clock from its ``settings`` reply), each button the board heard
  pressed on the virtual buttons so that the driver stamps it on the board's ms; the
  rulings are its log's, the picture ``TurnFrame`` of its referee's view.
"""

import json

from topper import jsonl

from topper_host.sim.frame import Frame, TurnFrame

FED = ("start", "press", "lay", "button")  # inputs; ticks are each side's own
LONG_AFTER_MS = 700  # the buttons' long press is stamped this long after the press
UP_MS = 80  # a short press's release (its stamp) comes this long after its press
CHORD_LEAD_MS = 60  # the table button is down this long before a chord's seat


def plain(obj):
    """A ruling or view as it reads back from a JSON line (tuples become lists)."""
    return json.loads(jsonl.dumps(obj))


def SimRun(script, events, settings):
    if script.slap:
        return PadRun(script, events)
    return BoardRun(script, events, settings)


class PadRun:
    """A slap game with the pad on the virtual board (``sim.slap_board``): set up as the
    board was, each press and card the board heard made at its stamp."""

    def __init__(self, script, events):
        from topper_host.sim import slap_board

        self.rulings = []
        fed = [dict(e) for e in events if e["ev"] in slap_board.FED]
        start = fed[0]["t"] if fed else 0
        args = (script.game, script.seats, script.jokers, script.hurry_ms)
        self.board = slap_board.boot(*args, seed=1, log=self._heard, now=start - 1000)
        slap_board.setup(self.board, *args, seed=script.seed)
        self.feed = slap_board.Feed(self.board, fed)
        if fed:
            self.advance(start)

    def _heard(self, line):
        obj = jsonl.loads(line)
        if "r" in obj:
            self.rulings.append(obj)

    def advance(self, t):
        self.feed.to(t)
        self.board.run(t)

    def view(self, t):
        return plain(self.board.app.ref.view(t))

    def frame(self, t):
        """What the device shows at ``t``: ``.lines``, ``.oled`` (pixels), ``.ring``."""
        return Frame(self.board.app.ref.view(t), t, self.board.app.fx)


class BoardRun:
    def __init__(self, script, events, settings):
        from topper_host.virtual.board import VirtualBoard

        self.rulings = []
        fed = [e for e in events if e["ev"] in FED]
        start = fed[0]["t"]
        self.board = b = VirtualBoard({"TOPPER_CARDPAD": 0}, now=start - 1000, log=self._heard)
        b.run(start - 1)
        m = b.app.menu
        m.options[script.game] = dict(settings["options"])
        control = settings.get("control")
        m.clock = 0 if control is None else control[0] + 1
        if control is not None:
            m.move_ms = m.base_ms = control[1]
            m.extra_ms = control[2]
        b.step(start)
        why = b.app.link_setup(
            {"game": script.game, "seats": script.seats, "cardpad": False, "seed": script.seed}, start
        )
        assert why is None, why
        for e in fed[1:]:
            _press(b, e)

    def _heard(self, line):
        obj = jsonl.loads(line)
        if "r" in obj:
            self.rulings.append(obj)

    def advance(self, t):
        self.board.run(t)

    def view(self, t):
        return plain(self.board.app.ref.view(t))

    def frame(self, t):
        return TurnFrame(self.board.app.ref.view(t), t)


def _press(board, ev):
    """The button event ``ev`` made on the virtual buttons so that it is stamped ``t``."""
    press, seat, t = ev["press"], ev["seat"], ev["t"]
    if press == "short":
        board.press(seat, t - UP_MS, hold=UP_MS)
    elif press == "long":
        board.press(seat, t - LONG_AFTER_MS, hold=LONG_AFTER_MS + 200)
    elif press == "table":
        board.table(t - UP_MS, hold=UP_MS)
    elif press == "chord":
        board.chord(seat, t - CHORD_LEAD_MS)
    else:
        raise ValueError("no such button event: %r" % (ev,))
