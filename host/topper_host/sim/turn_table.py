"""The simulated table of a turn-based game: one ``TurnReferee``, its log, the bots
and the human seats, driven by the same loop as the slap games (``loop.run``).

Whatever happens goes through here in time order: a human's choice (stamped when its
key was read), a bot's action once its thinking time has passed, the events of a log
being played back, and the chess clock's flags (revealed by ticks). Each batch of
rulings is logged (``turn_log``) and shown to every listener. The table never reads a
clock: the loop hands it the time.

Bots plan afresh after every change at the table: each bot seat that has something to
do (``choices(seat)``) gets a thinking time, and the earliest acts when its time comes.
A seat's choices and its bot are asked only for that seat, so no bot and no screen
sees another seat's cards.
"""

from topper.ticks import ticks_add, ticks_diff

from topper_host.sim import turn_log
from topper_host.sim.think import Thinker


class TurnTable:
    def __init__(self, ref, humans=(), seed=0, speed=1.0, sink=None, head=None):
        self.ref = ref
        self.seats = ref.seats
        self.humans = tuple(humans)
        self.bots = {}
        self.thinkers = {}
        for s in range(ref.seats):
            if s not in self.humans:
                self.bots[s] = ref.bot(s, _bot_seed(seed, s))
                self.thinkers[s] = Thinker(seed, s, speed)
        self.rec = turn_log.Recorder(sink, head) if sink is not None else None
        self.listeners = []  # f(table, t, rulings) after every batch
        self.plans = {}  # bot seat -> when it acts
        self.script = []  # logged events still to feed (playback), in order
        self.fed_t = None
        self.started_at = None
        self.now = None
        self.stuck = ""  # why the game cannot go on (a bot whose every choice is refused)
        self.actions = 0
        self.playback = False

    # ----- state -----------------------------------------------------------------------

    @property
    def over(self):
        return self.ref.is_over() or bool(self.stuck)

    def view(self, t):
        return self.ref.view(t)

    def choices(self, seat):
        if self.over or not self.ref.started:
            return []
        return self.ref.choices(seat)

    # ----- what happens at the table ----------------------------------------------------

    def start(self, t):
        return self._event({"ev": "start", "t": t})

    def act(self, seat, action, t):
        a = list(action) if isinstance(action, (list, tuple)) else action  # a card alone is an int
        return self._event({"ev": "act", "t": t, "seat": seat, "a": a})

    def human_choice(self, seat, index, t):
        """The human at ``seat`` picked item ``index`` of its menu: its rulings, or []
        when there is no such item (a key pressed too late changes nothing)."""
        menu = self.choices(seat)
        if seat not in self.humans or not 0 <= index < len(menu):
            return []
        self.advance(t)
        return self.act(seat, menu[index][1], t)

    def pause(self, t, on):
        self.advance(t)
        return self._event({"ev": "pause" if on else "resume", "t": t})

    def _event(self, ev):
        if ev["ev"] == "start":
            self.started_at = ev["t"]  # a log played back starts here too
            self.now = ev["t"]
        out = turn_log.apply(self.ref, ev)
        if ev["ev"] == "tick" and not out:
            return out  # ticks are logged only when the clock ruled
        if ev["ev"] == "act" and not (out and out[0]["r"] == "error"):
            self.actions += 1
        if self.rec is not None:
            self.rec.event(ev, out)
        for f in self.listeners:
            f(self, ev["t"], out)
        if ev["ev"] in ("start", "act") or out:
            self._replan(ev["t"])
        return out

    # ----- bots -------------------------------------------------------------------------

    def _replan(self, t):
        self.plans = {}
        if self.over or self.playback:
            return
        for s in sorted(self.bots):
            if self.ref.choices(s):
                self.plans[s] = ticks_add(t, self.thinkers[s].delay())

    def _bot_turn(self, seat, t):
        ref = self.ref
        action = self.bots[seat].choose(ref)
        out = self.act(seat, action, t)
        if out and out[0]["r"] == "error":
            # A bot's wish the rules refuse: it takes its first listed choice instead.
            menu = ref.choices(seat)
            out = self.act(seat, menu[0][1], t) if menu else out
            if out and out[0]["r"] == "error":
                self.stuck = "P%d's bot cannot act: %s" % (seat + 1, out[0]["why"])
                self.plans = {}

    # ----- time -------------------------------------------------------------------------

    def add_script(self, events):
        """Play a log back: its events at their stamps, its ticks instead of ours."""
        self.playback = True
        self.script.extend(events)

    def _due(self):
        """The next thing planned: ``(t, kind, seat or event)`` or None."""
        if self.script:
            return (self.script[0]["t"], "script", self.script[0])
        best = None
        for s in sorted(self.plans):
            if best is None or ticks_diff(self.plans[s], best[0]) < 0:
                best = (self.plans[s], "bot", s)
        return best

    def _flag_in(self, t):
        """Ms until the seat on turn runs out of time, or None."""
        c = self.ref.clock
        if c is None or not self.ref.started or self.over:
            return None
        v = c.view(t)
        seat = v["on_turn"]
        if seat < 0 or v["paused"] or v["over"] or v["flagged"][seat]:
            return None
        return max(1, v["remaining"][seat])

    def next_in(self, t):
        due = self._due()
        ms = None if due is None else max(0, ticks_diff(due[0], t))
        flag = self._flag_in(t)
        if flag is not None and (ms is None or flag < ms):
            ms = flag
        return ms

    def advance(self, t):
        """Live through the time up to ``t``: due actions in order, each after the
        clock has been ticked to its time; then the clock at ``t``."""
        if self.now is None:
            self.now = t
        while True:
            due = self._due()
            if due is None or ticks_diff(due[0], t) > 0:
                break
            self._tick_to(due[0])
            if due[1] == "script":
                self.script.pop(0)
                self.fed_t = due[0]
                self._event(due[2])
            elif not self.over:
                del self.plans[due[2]]
                self._bot_turn(due[2], due[0])
        self._tick_to(t)

    def _tick_to(self, t):
        """The clock at ``t``: a flag found now is stamped with the moment it fell
        (``ChessClock.tick``), so how often the loop comes by does not matter. A log
        played back brings its own ticks."""
        if ticks_diff(t, self.now) <= 0:
            return
        self.now = t
        if self.ref.started and self.ref.clock is not None and not self.playback:
            self._event({"ev": "tick", "t": t})


def _bot_seed(seed, seat):
    """Each bot's own seed, far from the deal's."""
    return (seed * 0x9E3779B1 + (seat + 1) * 0x85EBCA77 + 0x1234) & 0xFFFFFFFF
