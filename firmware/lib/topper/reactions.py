"""Slap reaction times, as a table's game-over screen shows them.

A seat's *reaction time* to a slappable pile is the time from the moment the pile
became slappable (the stamp of the ``lay`` ruling whose ``slap`` names a rule) to that
seat's press on it, as the referee ranked it: the winner of the race, the other seats
of the race (``slap`` ruling, ``order``) and the late ones (``late`` rulings) all count.
Presses on a pile that was not slappable (a wrong slap) and presses of locked-out seats
do not. Everything comes from the rulings, so a replay of a log gives the same figures.

The rulings give a press to the microsecond behind the race's first press, whose own
stamp is in milliseconds: a reaction is exact to the millisecond.

``Reactions`` keeps the last ``keep`` reactions of every seat in one list allocated
once (the board must not grow with a long game), in whole milliseconds; ``median(seat)``
and ``lines()`` are for the end of the game. Portable: CPython, CircuitPython,
MicroPython (no ``statistics``, no formatted f-strings).
"""

from topper.ticks import ticks_diff

KEEP = 32  # reactions kept per seat: most games give a seat fewer
MAX_MS = 60000  # a reaction is clamped to this (a minute: nobody waits that long)


def reaction_us(race_t, top_t, margin_us):
    """Microseconds from the slappable lay at ``top_t`` to a press ``margin_us`` behind
    the first press of the race stamped ``race_t`` (both ``ticks_ms`` stamps)."""
    return ticks_diff(race_t, top_t) * 1000 + margin_us


class Reactions:
    def __init__(self, seats, keep=KEEP):
        self.seats = seats
        self.keep = keep
        self.buf = [0] * (seats * keep)
        self.count = [0] * seats  # reactions seen, all of them (the buffer keeps ``keep``)
        self.top_t = None  # stamp of the slappable top card, None while not slappable
        self.race_t = None  # the last race on a slappable top, for its late presses
        self.race_top = None

    def reset(self):
        for i in range(len(self.buf)):
            self.buf[i] = 0
        for s in range(self.seats):
            self.count[s] = 0
        self.top_t = None
        self.race_t = None
        self.race_top = None

    def _add(self, seat, us):
        if seat < 0 or seat >= self.seats:
            return
        ms = (us + 500) // 1000
        if ms < 0:
            ms = 0
        elif ms > MAX_MS:
            ms = MAX_MS
        self.buf[seat * self.keep + self.count[seat] % self.keep] = ms
        self.count[seat] += 1

    def ruling(self, r):
        """Take one ruling (a dict with ``"r"`` and ``"t"``); others than ``lay``,
        ``slap``, ``late`` and ``collect`` are ignored."""
        kind = r.get("r")
        if kind == "lay":
            self.top_t = r["t"] if r.get("slap") else None
        elif kind == "slap":
            if self.top_t is None:
                self.race_t = None  # a wrong slap: its presses are no reactions
                return
            self.race_t = r["t"]
            self.race_top = self.top_t
            locked = r.get("locked") or ()
            for entry in r.get("order") or ():
                if entry[0] not in locked:
                    self._add(entry[0], reaction_us(r["t"], self.top_t, entry[1]))
            if r.get("ok"):
                self.top_t = None  # the pile went to the winner
        elif kind == "late":
            if self.race_t is not None:
                self._add(r["seat"], reaction_us(self.race_t, self.race_top, r["margin_us"]))
        elif kind == "collect":
            self.top_t = None

    def kept(self, seat):
        """The seat's kept reactions in ms (a new list: for the end of a game)."""
        n = self.count[seat]
        if n > self.keep:
            n = self.keep
        base = seat * self.keep
        return self.buf[base : base + n]

    def median(self, seat):
        """Median of the seat's kept reactions in whole ms, or None without any."""
        return median_ms(self.kept(seat))

    def lines(self, width=21):
        """``P1 312  P2 298 ...`` packed into lines of ``width`` characters: each seat's
        median reaction in ms, ``-`` for a seat that never reacted."""
        out = []
        line = ""
        for s in range(self.seats):
            m = self.median(s)
            cell = "P%d %s" % (s + 1, "-" if m is None else str(m))
            if line and len(line) + 2 + len(cell) > width:
                out.append(line)
                line = ""
            line = cell if not line else line + "  " + cell
        if line:
            out.append(line)
        return out


def median_ms(values):
    """The median of whole numbers (the mean of the middle two, rounded down, for an even
    count), or None for none."""
    n = len(values)
    if n == 0:
        return None
    v = sorted(values)
    if n % 2:
        return v[n // 2]
    return (v[n // 2 - 1] + v[n // 2]) // 2
