"""Plays what the board heard through the simulator's model of the board, in-process:
``topper_host.sim.table.Table`` (slap games) or ``turn_table.TurnTable`` (turn games),
fed the input events the board streamed (start, presses, pad reads, buttons) at their
stamps, never its rulings or ticks: the simulator's own loop runs the timers. At a
checkpoint it draws what the device would show at a given ms with the simulator's own
drawing code (``sim.frame.Frame`` / ``sim.turn_frame.TurnFrame``).
"""

import json

from topper import jsonl

from topper_host.sim import turn_log
from topper_host.sim.frame import Frame
from topper_host.sim.table import Table, referee
from topper_host.sim.turn_frame import TurnFrame
from topper_host.sim.turn_table import TurnTable

FED = ("start", "press", "lay", "button")  # inputs; ticks are each side's own


def plain(obj):
    """A ruling or view as it reads back from a JSON line (tuples become lists)."""
    return json.loads(jsonl.dumps(obj))


class SimRun:
    def __init__(self, script, events, settings):
        self.script = script
        self.rulings = []
        if script.slap:
            ref = referee(script.game, script.seats, script.jokers, script.seed, script.hurry_ms)
            self.table = Table(ref)
        else:
            self.table = TurnTable(turn_ref(script, settings), humans=range(script.seats))
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
        if self.script.slap:
            return Frame(self.table.view(t), t, self.table.fx)
        return TurnFrame(self.table.view(t), t)


def turn_ref(script, settings):
    """The turn game's referee as the board made it from the set-up: its seed, the
    menu's options and clock (the ``settings`` reply), played with the seat buttons."""
    control = settings.get("control")
    clock = None
    if control is not None:
        from topper.clock import CONTROL_NAMES

        clock = {"control": CONTROL_NAMES[control[0]], "base_ms": control[1], "extra_ms": control[2]}
    head = turn_log.header(script.game, script.seats, script.seed, 0, settings["options"], None)
    head["entry"] = "buttons"
    head["clock"] = clock
    return turn_log.make(head)
