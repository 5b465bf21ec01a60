"""Seeded bots that play World War 3 and Armageddon the way people at a table do.

A bot only sees what a player sees (the referee's view: the face-up pile, whose turn it
is, who is locked out) and acts through the referee like the human at the keyboard:
it lays when it is due to and slaps when it spots a combination. What makes it
human-like is timing and error:

- reaction to a card is a shifted lognormal, about ``react_ms`` (350 ms) at the
  median with a long slow tail, the way measured choice-reaction times look;
- every bot gets its own skill factor from the seed (0.75x to 1.35x the times): a table
  of exactly equal players makes a slap game a driftless random walk that can run for
  hours, and no real table is that even;
- it misses a good slap now and then (``miss``), and slaps a card that only looks like
  one (``wrong``, mostly when the top two cards share a value);
- it lays at a human pace and now and then dawdles past the hurry-up (``slow``).

All randomness comes from ``topper.rng.Rng`` seeded with the game's seed and the seat,
so a bots-only game is the same game on every run and every machine.
"""

import math

from topper import cards
from topper.games.slap.rules import ARMAGEDDON
from topper.rng import Rng
from topper.ticks import ticks_add, ticks_diff


class Style:
    """How every bot at the table plays. Times in ms; ``speed`` divides them all
    (2 = twice as quick as the defaults)."""

    def __init__(
        self,
        speed=1.0,
        react_ms=350,
        spread=0.35,
        miss=0.10,
        wrong=0.02,
        lay_ms=850,
        slow=0.04,
        commit_ms=150,
    ):
        if speed <= 0:
            raise ValueError("bot speed must be above 0")
        for name, p in (("miss", miss), ("wrong", wrong), ("slow", slow)):
            if p < 0 or p > 1:
                raise ValueError("%s must be a probability from 0 to 1, not %r" % (name, p))
        self.speed = speed
        self.react_ms = react_ms
        self.spread = spread
        self.miss = miss
        self.wrong = wrong
        self.lay_ms = lay_ms
        self.slow = slow
        # A hand already on its way down lands even if the card changes meanwhile:
        # that is where late and wrong slaps at a real table come from.
        self.commit_ms = commit_ms


def _stream(seed, seat):
    """A seed of its own for each seat, far from the referee's streams."""
    return (seed * 0x9E3779B1 + (seat + 1) * 0x85EBCA77 + 0x5B07) & 0xFFFFFFFF


class Bot:
    def __init__(self, seat, seed, style):
        self.seat = seat
        self.style = style
        self.rng = Rng(_stream(seed, seat))
        self.skill = 0.75 + 0.6 * self._uniform()
        self.press_at = None  # a slap on its way, or None
        self.lay_at = None  # when it will lay, or None
        self._lay_key = None  # the turn the planned lay belongs to

    # ----- random draws ---------------------------------------------------------------

    def _uniform(self):
        """A float in (0, 1)."""
        return (self.rng.next32() + 0.5) / 4294967296.0

    def _lognormal(self, median, sigma):
        # Box-Muller from two uniforms of our own stream.
        z = math.sqrt(-2.0 * math.log(self._uniform())) * math.cos(2.0 * math.pi * self._uniform())
        return median * math.exp(sigma * z)

    def _scaled(self, ms):
        return max(1, int(ms * self.skill / self.style.speed))

    def reaction(self):
        """Time from seeing a card to the button going down: half of it is a floor no
        hand beats (seeing, deciding, moving), half a lognormal tail."""
        half = self.style.react_ms / 2.0
        return self._scaled(half + self._lognormal(half, self.style.spread))

    def lay_delay(self, hurry_ms):
        st = self.style
        if hurry_ms > 0 and self._uniform() < st.slow:
            # Distracted: long enough that the hurry-up fires.
            return hurry_ms + 100 + int(1500 * self._uniform())
        third = st.lay_ms / 3.0
        return self._scaled(third + self._lognormal(2 * third, 0.45))

    # ----- seeing the table -----------------------------------------------------------

    def due(self):
        """The earliest planned action as ``(t, kind)``, or None."""
        best = None
        if self.press_at is not None:
            best = (self.press_at, "press")
        if self.lay_at is not None and (best is None or ticks_diff(self.lay_at, best[0]) < 0):
            best = (self.lay_at, "lay")
        return best

    def done(self, kind):
        if kind == "press":
            self.press_at = None
        else:
            self.lay_at = None

    def see(self, seen, rulings, t):
        """React to a batch of rulings made by ``t``; ``seen`` is the referee's view
        plus ``award_to``. Plans count from the rulings' own stamps, not from ``t``
        (when the batch was noticed), so a game does not depend on the loop's pace."""
        changed = None
        last = None
        for r in rulings:
            kind = r["r"]
            if changed is None and (kind == "lay" or kind == "collect" or (kind == "slap" and r["ok"])):
                changed = r["t"]
            if kind == "lay":
                last = r
        if changed is not None and self.press_at is not None:
            if ticks_diff(self.press_at, changed) > self.style.commit_ms:
                self.press_at = None  # saw the change in time and held back
        if last is not None and self.press_at is None:
            self._consider_slap(seen, last)
        self._plan_lay(seen, rulings[-1]["t"], t)

    def _consider_slap(self, seen, lay):
        if seen["phase"] == "over" or seen["locked"][self.seat]:
            return
        if seen["slappable"] is not None:
            if self._uniform() >= self.style.miss:
                self.press_at = ticks_add(lay["t"], self.reaction())
            return
        p = self.style.wrong if _tempting(seen["game"], seen["pot"]) else self.style.wrong / 5.0
        if self._uniform() < p:
            # A wrong slap comes a little later than a right one: it took a doubt.
            self.press_at = ticks_add(lay["t"], self.reaction() * 5 // 4)

    def _plan_lay(self, seen, since, t):
        mine = seen["turn"] == self.seat or (seen["phase"] == "awarded" and seen["award_to"] == self.seat)
        if not mine or seen["stacks"][self.seat] == 0:
            self.lay_at = None
            self._lay_key = None
            return
        key = (seen["turn"], len(seen["pot"]), seen["facedown"], seen["phase"])
        if key == self._lay_key and self.lay_at is not None:
            return
        self._lay_key = key
        at = ticks_add(since, self.lay_delay(seen["hurry_ms"]))
        self.lay_at = at if ticks_diff(at, t) > 0 else ticks_add(t, 1)


def _tempting(variant, pot):
    """The top two cards fall one shared value short of a pair slap (two of three in
    World War 3, all three in Armageddon): what a quick eye mistakes for a slap. A wild
    value counts as shared, the way it catches the eye."""
    if len(pot) < 2:
        return False
    a = pot[-1]
    b = pot[-2]
    shared = 0
    for var in cards.VARIABLES:
        va = cards.value(a, var)
        vb = cards.value(b, var)
        if va == vb or va == cards.WILD or vb == cards.WILD:
            shared += 1
    need = 3 if variant == ARMAGEDDON else 2
    return shared == need - 1
