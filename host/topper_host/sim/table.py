"""The simulated table: one referee, its event log, the bots and a timed agenda.

Everything that happens at the table goes through here, in time order: the human's
keys (stamped when they were read), the bots' planned presses and lays, the events of
a headless script, and the referee's own timers (revealed by ticks). Each batch of
rulings is written to the log, noted for the screen effects and shown to every bot and
listener. The table never reads a clock: the loop hands it the time.

The log is written through ``topper.eventlog.Recorder`` so that it is the device's
format byte for byte. Ticks are logged only when they made a ruling, as the firmware
does: a timer fires at its own time whatever event reveals it, so a replay of the
shorter log gives the same rulings.
"""

import copy

from topper import cards, jsonl
from topper.eventlog import Recorder, event
from topper.games.slap.pad import SlapReferee
from topper.games.slap.engine import Phase, SlapGame
from topper.ticks import ticks_add, ticks_diff

from topper_view import effects


STEP_MS = 10  # a device's loop: timers are seen within this of when they fire


class ScriptError(ValueError):
    """A script event the table cannot feed (not a rule refusal: those are rulings)."""

    def __init__(self, ev, msg):
        ValueError.__init__(self, msg)
        self.ev = ev


def referee(variant, seats, jokers=2, seed=0, hurry_ms=3000):
    return SlapReferee(SlapGame(variant, seats, jokers), seed=seed, hurry_ms=hurry_ms)


class Table:
    def __init__(self, ref, bots=None, sink=None, humans=()):
        self.ref = ref
        self.game = ref.game
        self.seed = ref.seed
        self.bots = [b for b in (bots or []) if b is not None]
        self.humans = tuple(humans)
        self.fx = effects.Effects()
        self.rec = Recorder(self.ref, sink) if sink is not None else None
        self.listeners = []  # called as f(table, t, rulings) after every batch
        self.script = []  # [(t, order, event dict)], fed in time then file order
        self.started_at = None
        self.last_t = None
        self.fed_t = None  # stamp of the latest script event fed
        self.now = None  # how far the table has lived (``advance``)
        self.notice = ""  # a table-side note for the human (not a ruling, not logged)
        self.notice_t = None

    # ----- state -----------------------------------------------------------------------

    @property
    def over(self):
        return self.game.phase == Phase.OVER

    def view(self, t):
        """The referee's view as a copy of its own: the referee rewrites one dict (the
        device must not allocate one a frame), and the simulator keeps views in its
        frames and snapshots."""
        return copy.deepcopy(self.ref.view(t))

    def seen(self, t):
        """What a player at the table sees: the referee's view, plus who gathers an
        awarded pot (the pot stays in front of them until it is gathered)."""
        v = self.view(t)
        v["award_to"] = self.game.award_to
        return v

    # ----- feeding the referee ---------------------------------------------------------

    def start(self, t, starter=None):
        self.started_at = t
        out = self.rec.start(t, starter) if self.rec else self.ref.start(t, starter)
        self._ruled(t, out)
        return out

    def press(self, seat, t, us=0):
        out = self.rec.press(seat, t, us) if self.rec else self.ref.press(seat, t, us)
        self._ruled(t, out)
        return out

    def lay(self, t, seat=None, card=None):
        out = self.rec.lay(t, card, seat) if self.rec else self.ref.lay(t, card, seat)
        self._ruled(t, out)
        return out

    def tick(self, t):
        out = self.ref.tick(t)
        if out and self.rec is not None:
            self.rec.sink(jsonl.dumps(event("tick", t)))
            for r in out:
                self.rec.sink(jsonl.dumps(r))
        self._ruled(t, out)
        return out

    def may_lay(self, seat):
        """Whether ``seat`` is the one to lay now (or to gather its pot by leading)."""
        g = self.game
        if g.phase == Phase.AWARDED:
            return g.award_to == seat
        return g.turn == seat and g.phase in (Phase.STARTING, Phase.OPEN, Phase.CONTROL)

    def human_lay(self, seat, t):
        """The keyboard's lay. A card laid out of turn never reaches the referee: with
        a card pad the device credits every card to the seat due to lay, so here the
        virtual hand simply refuses and says why."""
        self.advance(t)
        if not self.may_lay(seat):
            g = self.game
            if g.phase == Phase.OVER:
                self._note("the game is over", t)
            elif not g.stacks[seat]:
                self._note("P%d has no cards left" % (seat + 1), t)
            elif g.phase == Phase.AWARDED:
                self._note("wait: the pot goes to P%d" % (g.award_to + 1), t)
            else:
                self._note("wait: P%d lays" % (g.turn + 1), t)
            return []
        return self.lay(t, seat=seat)

    def human_press(self, seat, t):
        self.advance(t)
        return self.press(seat, t)

    def _note(self, text, t):
        self.notice = text
        self.notice_t = t

    def _ruled(self, t, out):
        self.last_t = t
        if not out:
            return
        self.fx.note(out)
        seen = self.seen(t) if self.bots else None
        for bot in self.bots:
            bot.see(seen, out, t)
        for f in self.listeners:
            f(self, t, out)

    # ----- the agenda ------------------------------------------------------------------

    def add_script(self, events):
        """Queue a script's events (dicts in the log's event format)."""
        for ev in events:
            self.script.append((ev["t"], len(self.script), ev))

    def _next(self):
        """The earliest planned action as ``(t, rank, what)``; bots before the script
        at the same ms, lower seats first (a fixed order keeps games reproducible)."""
        best = None
        for bot in self.bots:
            d = bot.due()
            if d is not None:
                cand = (d[0], bot.seat, (bot, d[1]))
                if best is None or ticks_diff(cand[0], best[0]) < 0:
                    best = cand
        if self.script:
            t, order, ev = self.script[0]
            if best is None or ticks_diff(t, best[0]) < 0:
                best = (t, 100 + order, ev)
        return best

    def pending(self):
        return self._next() is not None

    def next_in(self, t):
        """Ms until the next planned action (0 if overdue), or None."""
        n = self._next()
        if n is None:
            return None
        return max(0, ticks_diff(n[0], t))

    def advance(self, t):
        """Bring the table to ``t`` as a device looping every ``STEP_MS`` would have
        lived through it, however far ``t`` is (a replay at 64x moves seconds a frame):
        planned actions run in time order, each after the referee's timers due before
        it, so a bot never lays into a turn that a timer already took away, and a game
        goes the same way on a fast, a slow or a fake clock."""
        if self.now is None:
            self.now = t
        while True:
            step = ticks_add(self.now, STEP_MS)
            if ticks_diff(step, t) >= 0:
                break
            self._run_until(step)
        self._run_until(t)

    def _run_until(self, t):
        while True:
            n = self._next()
            if n is None or ticks_diff(n[0], t) > 0:
                break
            at, _, what = n
            if self.last_t is not None and ticks_diff(at, self.last_t) < 0:
                at = self.last_t  # planned in the past (a very quick bot): time never runs back
            if self.started_at is not None and self.tick(at):
                continue  # a timer fired first: what is due may have changed
            if isinstance(what, dict):
                self.script.pop(0)
                self._feed(what)
            else:
                bot, kind = what
                bot.done(kind)
                if self.over:
                    continue
                if kind == "press":
                    self.press(bot.seat, at)
                elif self.may_lay(bot.seat):
                    self.lay(at, seat=bot.seat)
        if self.started_at is not None:
            self.tick(t)
        self.now = t

    def _feed(self, ev):
        kind = ev.get("ev")
        t = ev["t"]
        self.fed_t = t
        try:
            if kind == "start":
                self.start(t, ev.get("seat"))
            elif kind == "press":
                self.press(ev["seat"], t, ev.get("us", 0))
            elif kind == "lay":
                card = ev.get("card")
                self.lay(t, ev.get("seat"), None if card is None else cards.parse(card))
            elif kind == "tick":
                self.tick(t)
            else:
                raise ScriptError(ev, "unknown event %r" % (kind,))
        except cards.CardError as e:
            raise ScriptError(ev, str(e))
