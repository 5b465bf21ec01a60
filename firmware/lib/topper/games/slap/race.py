"""Ranking the presses of one slap race, with a tie rule that favours no seat.

Presses are stamped ``(t_ms, us)``: ``keypad`` gives whole milliseconds (``us`` 0) and
two presses caught in one scan share a stamp; the PIO capture adds the microseconds.
``keypad`` queues same-scan presses lowest key first, so taking queue order would
always favour the lower seat. Here equal stamps are put in an order drawn from the
referee's own seeded generator (a Fisher-Yates shuffle of the tied group): every seat
is equally likely to come first, and a replay with the same seed draws the same order.
"""

from topper.referee import Referee
from topper.rng import Rng
from topper.ticks import MASK, ticks_add, ticks_diff

_HALF = (MASK + 1) >> 1

# Referees draw ties from their own stream, seeded from the game's seed xor this, so
# that a tie never shifts the deal.
TIE_STREAM = 0x5EA75EA7


# What a referee call that ruled nothing returns: one shared empty list, so that the
# calls made every loop step (a tick, a press that opens a race) allocate nothing.
# Callers only read what a referee returns; this list must never be changed.
NOTHING = []


def own(out):
    """A list rulings can go into: ``out`` itself unless it is the shared ``NOTHING``."""
    return [] if out is NOTHING else out


class Race:
    """The slap race under way: its ``n`` presses in arrival order, in three lists of
    ints. A referee keeps one and reuses it race after race: the lists only ever grow
    (to the number of seats) and are overwritten, so that opening a race or adding a
    press allocates nothing (``del lst[:]`` would: a slice object)."""

    def __init__(self):
        self.t0 = 0
        self.n = 0
        self.ts = []  # ms stamps
        self.uss = []  # microseconds past each stamp
        self.seats = []
        self.mask = 0  # bit s set: seat s has pressed
        self.settled = False
        self.base_us = 0  # the fastest press, in us after t0, once settled
        self._ks = []  # settle_into's sorted keys and seats
        self._ss = []

    def open(self, t, us, seat):
        self.t0 = t
        self.n = 0
        self.mask = 0
        self.add(t, us, seat)
        self.settled = False
        self.base_us = 0

    def add(self, t, us, seat):
        n = self.n
        if n < len(self.ts):
            self.ts[n] = t
            self.uss[n] = us
            self.seats[n] = seat
        else:
            self.ts.append(t)
            self.uss.append(us)
            self.seats.append(seat)
        self.n = n + 1
        self.mask |= 1 << seat

    def restore(self, now, t0_in, presses, settled, base_us):
        """Put back a race saved with stamps relative to the save (``presses``:
        ``[(t_in, us, seat), ...]``, ``t0_in``), at ``now`` (power-cut resume)."""
        for i in range(len(presses)):
            p = presses[i]
            if i == 0:
                self.open(ticks_add(now, p[0]), p[1], p[2])
            else:
                self.add(ticks_add(now, p[0]), p[1], p[2])
        self.t0 = ticks_add(now, t0_in)
        self.settled = settled
        self.base_us = base_us
        return self

    def settle(self, rng):
        """Close the race: ``(order, tied)`` as ``rank`` gives them, and ``base_us``, the
        fastest press in microseconds after ``t0``, kept for the late presses."""
        order = []
        tied = []
        self.settle_into(rng, order, tied, None)
        return order, tied

    def settle_into(self, rng, order, tied, pairs):
        """``settle`` written into the lists ``order`` and ``tied`` (emptied first),
        ``order``'s ``[seat, margin_us]`` entries taken from ``pairs`` (a list of
        2-lists, grown when short, reused race after race) or made afresh when
        ``pairs`` is None. The same order and the same draws from ``rng`` as ``rank``
        (its reference), with no tuple or list made once the lists have their size:
        the device's settle, on the way from a press to the ring."""
        self.settled = True
        n = self.n
        ts = self.ts
        uss = self.uss
        base = 0
        for i in range(n):
            us = ticks_diff(ts[i], self.t0) * 1000 + uss[i]
            if i == 0 or us < base:
                base = us
        self.base_us = base
        # Keys as ``rank`` makes them (from the first press's stamp), sorted with their
        # seats by (key, seat): an insertion sort of ints, in two lists that grow once.
        ks = self._ks
        ss = self._ss
        while len(ks) < n:
            ks.append(0)
            ss.append(0)
        t0 = ts[0]
        seats = self.seats
        for i in range(n):
            k = ticks_diff(ts[i], t0) * 1000 + uss[i]
            s = seats[i]
            j = i - 1
            while j >= 0 and (ks[j] > k or (ks[j] == k and ss[j] > s)):
                ks[j + 1] = ks[j]
                ss[j + 1] = ss[j]
                j -= 1
            ks[j + 1] = k
            ss[j + 1] = s
        tied.clear()
        order.clear()
        i = 0
        while i < n:
            j = i + 1
            while j < n and ks[j] == ks[i]:
                j += 1
            if j - i > 1:
                if i == 0:
                    for g in range(j):
                        tied.append(ss[g])  # in seat order: the group before its shuffle
                # rng.shuffle() of the group, on its slice of ``ss`` in place
                a = j - i - 1
                while a > 0:
                    b = rng.below(a + 1)
                    x = ss[i + a]
                    ss[i + a] = ss[i + b]
                    ss[i + b] = x
                    a -= 1
            i = j
        for i in range(n):
            if pairs is None:
                e = [0, 0]
            else:
                if i == len(pairs):
                    pairs.append([0, 0])
                e = pairs[i]
            e[0] = ss[i]
            e[1] = ks[i] - ks[0]
            order.append(e)

    def pressed(self, seat):
        """Has ``seat`` pressed in this race?"""
        return (self.mask >> seat) & 1 == 1

    def presses(self):
        """``[(t_ms, us, seat), ...]`` in arrival order (as ``slaprace.rank`` takes them)."""
        ts = self.ts
        uss = self.uss
        seats = self.seats
        return [(ts[i], uss[i], seats[i]) for i in range(self.n)]


def tie_picks(rng, into):
    """For each size ``k`` of a tie for first place, which of the tied seats (counted
    in seat order) ``settle_into`` would put first with ``rng`` as it stands, written
    into ``into[k]`` (``into[0]`` and ``into[1]`` are 0). The slap gate
    (docs/slap-gate.md) is given these before a race, so that when seats fall in the
    same interrupt it lights the seat the referee will rank first. ``rng`` is left
    as it was: the referee's own draws are not spent."""
    saved = rng.state
    perm = list(range(len(into)))
    for k in range(len(into)):
        # settle_into's shuffle of a group of k, on the group's positions
        for i in range(k):
            perm[i] = i
        a = k - 1
        while a > 0:
            b = rng.below(a + 1)
            x = perm[a]
            perm[a] = perm[b]
            perm[b] = x
            a -= 1
        into[k] = perm[0] if k else 0
        rng.state = saved
    return into


class Races(Referee):
    """What both slap referees (``pad`` and ``blind``) answer about their races, from
    their open race (``_race``: a ``Race``, or None) and their tie draws' generator
    (``_tie_rng``), and how they take a press that comes after its race was ranked.

    A race's late window runs from its first press until it closes (``race_ms`` after
    that press, or a card laid). A press stamped inside it is late and free whenever it
    reaches the referee, even after the race closed: the buttons may report a press a
    little after a later tick, and a tick that rules nothing is not logged, so its
    stamp, not its arrival, must decide (a replay then rules the same). Its margin is
    counted from the race's fastest press and is never below 0: a press stamped before
    that one but reported after the ranking (which the device's settle window rules
    out) is late by 0, since the ruling has been made and the cards have moved. A
    locked seat's press is ``locked`` there too, never ``late``."""

    _race: "Race | None"
    _tie_rng: Rng
    race_ms: int
    last_race: "dict | None"
    # The last closed race's late window: its end (None: no closed race), its first
    # press, its fastest press in us after that, and the seats that pressed (bit s).
    _late_end = None
    _late_t0 = 0
    _late_base = 0
    _late_mask = 0
    # The last tie picks worked out and the tie draws' state they were worked out from
    # (tie_picks): none yet.
    _picks = None
    _picks_state = None

    def _rule(self, rulings, t, kind, **fields):
        """Append the ruling ``kind`` at ``t`` to ``rulings`` (each referee's own)."""
        raise NotImplementedError

    def _close(self, at):
        """The open race (ranked) closes at ``at``; its late window stays known."""
        race = self._race
        self._race = None
        self._late_end = at
        self._late_t0 = race.t0
        self._late_base = race.base_us
        self._late_mask = race.mask

    def _closed_late(self, t):
        """Is ``t`` inside the late window of the last closed race? (Stamps days apart
        read wrong with ticks that wrap: a stamp more than ``race_ms`` before that
        race is not taken for one of its presses.)"""
        end = self._late_end
        # The first test (ticks_diff written out: every press asks) is nearly always False.
        return (end is not None and ((t - end + _HALF) & MASK) - _HALF < 0
                and ticks_diff(t, self._late_t0) >= -self.race_ms)

    def _late(self, seat, t, us, out, free, race):
        """A press of ``seat`` after ``race`` was ranked (None: the last closed race):
        ``late`` with its margin, or ``locked`` if the seat may not slap (``free``
        False); nothing if the seat pressed in that race already."""
        if race is None:
            bit = 1 << seat
            if self._late_mask & bit:
                return out
            self._late_mask |= bit
            t0 = self._late_t0
            base = self._late_base
        else:
            if race.pressed(seat):
                return out
            race.add(t, us, seat)
            t0 = race.t0
            base = race.base_us
        out = own(out)
        if not free:
            self._rule(out, t, "locked", seat=seat)
            return out
        margin = ticks_diff(t, t0) * 1000 + us - base
        if margin < 0:
            margin = 0
        if self.last_race is not None:
            self.last_race["order"].append([seat, margin])
        self._rule(out, t, "late", seat=seat, margin_us=margin)
        return out

    def _save_late(self, t):
        """The closed race's late window, its stamps relative to ``t`` (a save), while
        a press could still be reported inside it: no press comes ``race_ms`` late (a
        log refuses one a second late), and a window long over is no part of the game."""
        if self._late_end is None or ticks_diff(t, self._late_end) >= self.race_ms:
            return None
        return [ticks_diff(self._late_end, t), ticks_diff(self._late_t0, t), self._late_base, self._late_mask]

    def _restore_late(self, late, now):
        if late is not None:
            self._late_end = ticks_add(now, late[0])
            self._late_t0 = ticks_add(now, late[1])
            self._late_base = late[2]
            self._late_mask = late[3]

    def racing(self):
        """A race is open, ranked or not: its presses count in it until it closes
        (the slap gate is armed for the next race only after this is over)."""
        return self._race is not None

    def settling(self):
        """A race is open and not yet ranked: a tick at or after its first press's
        stamp + ``settle_ms`` rules it (a device shell waits for that tick before it
        draws anything: topper_app.app)."""
        return self._race is not None and not self._race.settled

    def tie_picks(self, into):
        """``tie_picks`` of this referee's tie draws (the slap gate's), worked out again
        only when the draws have moved (a tie was settled) or ``into`` is of another
        size: the gate is armed after every ruling, and on a board each draw is a few
        32-bit long ints (about 7 KB of garbage for the picks of 8 seats)."""
        state = self._tie_rng.state
        kept = self._picks
        if kept is None or self._picks_state != state or len(kept) != len(into):
            tie_picks(self._tie_rng, into)
            self._picks = list(into)
            self._picks_state = state
            return into
        for k in range(len(into)):
            into[k] = kept[k]
        return into

    def card_name(self, card):
        from topper import cards

        return cards.format_card(card)


def copy_order(order, pairs, into):
    """``into`` emptied, then filled with copies of ``order``'s ``[seat, margin_us]``
    entries, taken from ``pairs`` (2-lists grown when short, reused race after race): the
    last race a referee keeps for its view, apart from the ruling's own order."""
    into.clear()
    for i in range(len(order)):
        if i == len(pairs):
            pairs.append([0, 0])
        e = pairs[i]
        e[0] = order[i][0]
        e[1] = order[i][1]
        into.append(e)


def rank(presses, rng):
    """``presses`` is a list of ``(t_ms, us, seat)`` in arrival order.
    Returns ``(order, tied)``: ``order`` is ``[[seat, margin_us], ...]`` fastest first,
    margins counted from the fastest press; ``tied`` lists the seats that shared the
    fastest stamp (empty when one press was alone in front)."""
    t0 = presses[0][0]
    keyed = []
    for t, us, seat in presses:
        keyed.append((ticks_diff(t, t0) * 1000 + us, seat))
    # Sorting by (stamp, seat) gives every platform the same starting order (MicroPython's
    # sort is not stable); seats that share a stamp are then shuffled, so the seat number
    # never decides who is first.
    keyed.sort()
    order = []
    tied = []
    i = 0
    n = len(keyed)
    while i < n:
        j = i + 1
        while j < n and keyed[j][0] == keyed[i][0]:
            j += 1
        group = [k[1] for k in keyed[i:j]]
        if len(group) > 1:
            rng.shuffle(group)
            if i == 0:
                tied = sorted(group)
        for seat in group:
            order.append([seat, keyed[i][0]])
        i = j
    base = order[0][1]
    for entry in order:
        entry[1] -= base
    return order, tied


def describe(order, limit=4):
    """'P3 +0ms P1 +4ms' (margins rounded to whole ms for a small screen)."""
    parts = []
    for seat, margin in order[:limit]:
        parts.append("P%d +%dms" % (seat + 1, (margin + 500) // 1000))
    return " ".join(parts)
