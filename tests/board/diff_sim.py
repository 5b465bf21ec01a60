"""Plays what the board heard through the simulator, in-process, fed the input events
the board streamed at their stamps, never its rulings or ticks:

- a slap game: ``topper_host.sim.table.Table``, the simulator's model of the board,
  whose own loop runs the timers; what the device shows at a given ms is drawn with
  the simulator's drawing code (``sim.frame.Frame``);
- a turn game: the device's own table shell (``topper_app.App``) on the virtual board
  (``topper_host.virtual``), set up as the board was (the link's ``setup`` and the
  menu's options and clock from its ``settings`` reply), each button the board heard
  pressed on the virtual buttons so that the driver stamps it on the board's ms; the
  rulings are its log's, the picture ``TurnFrame`` of its referee's view.
"""

import json

from topper import jsonl

from topper_host.sim.frame import Frame, TurnFrame
from topper_host.sim.table import Table, referee

FED = ("start", "press", "lay", "button")  # inputs; ticks are each side's own
LONG_AFTER_MS = 700  # the buttons' long press is stamped this long after the press
UP_MS = 80  # a short press's release (its stamp) comes this long after its press
CHORD_LEAD_MS = 60  # the table button is down this long before a chord's seat


def plain(obj):
    """A ruling or view as it reads back from a JSON line (tuples become lists)."""
    return json.loads(jsonl.dumps(obj))


def SimRun(script, events, settings):
    if script.slap:
        return TableRun(script, events)
    return BoardRun(script, events, settings)


class TableRun:
    def __init__(self, script, events):
        ref = referee(script.game, script.seats, script.jokers, script.seed, script.hurry_ms)
        self.table = Table(ref)
        self.rulings = []
        self.table.listeners.append(self._heard)
        fed = [dict(e) for e in events if e["ev"] in FED]
        self.table.add_script(fed)
        if fed:
            self.table.advance(fed[0]["t"])

    def _heard(self, table, t, rulings):
        self.rulings.extend(plain(r) for r in rulings)

    def advance(self, t):
        self.table.advance(t)

    def view(self, t):
        return plain(self.table.view(t))

    def frame(self, t):
        """What the simulator shows at ``t``: ``.lines``, ``.oled`` (pixels), ``.ring``."""
        return Frame(self.table.view(t), t, self.table.fx)


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
