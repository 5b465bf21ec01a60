"""Turns the PIO seat-capture words into press and release events (docs/pio-capture.md).

The state machine in ``topper_hw.pio_seats`` samples the 8 seat pins once a microsecond
and pushes one 32-bit word each time the snapshot changes:

    bits 31..30  always 0 (so a word is a small int on the board, and -1 can mark an
                 empty slot of the DMA ring)
    bits 29..22  the snapshot, bit k = seat k (active low: 0 is pressed)
    bits 21..0   the low 22 bits of a counter that steps down by one every microsecond

This module is the portable half: no hardware, no clock of its own. It is told the
ticks (ms) at each drain and maps the counter onto ``(t_ms, us)`` stamps that the
referee ranks. It also rejects contact bounce without ever delaying a first edge: an
accepted edge is stamped at once, then that seat's pin is ignored for a hold-off.

Time mapping. One count is exactly one microsecond (the driver checks the PIO clock),
so the counter and the ticks stay in a fixed, exact relation set at ``sync``:
``count(now_ms) = c0 - 1000 * (now_ms - t0)``. At each drain the decoder moves its
reference to ``now_ms`` along that line (pure integer arithmetic: no error builds up)
and dates a word as "d microseconds before now" where ``d = word count - count(now)``
modulo 2**22 (the counter steps down). That is unambiguous while a word waits less
than about 3.9 s; drains further apart than ``MAX_GAP_MS`` are counted in ``stale`` so
that a lost wrap cannot pass unnoticed.
"""

from topper.ticks import ticks_add, ticks_diff

COUNT_BITS = 22
COUNT_MASK = (1 << COUNT_BITS) - 1
COUNT_PERIOD = 1 << COUNT_BITS  # 4 194 304 us: one wrap of the stamped counter

# Words may be slightly "after now": pushed between the ticks read and the read of the
# word, or ahead by the sync error (< 1 ms). Up to this much after is taken as after.
AHEAD_US = 1 << 18

# A word is dated right if read less than COUNT_PERIOD - AHEAD_US (3.93 s) after its
# push; drains further apart than this are counted as stale.
MAX_GAP_MS = 3500

# Bounce hold-off after an accepted edge. Arcade microswitches settle within 1-5 ms;
# nobody releases and presses again within 8 ms.
HOLDOFF_US = 8000

# A word not yet read can carry a stamp up to this much before the drain's ``now``
# (ticks granularity plus sync error): hold-offs are only closed behind it, so that an
# event made at the end of a hold-off never comes before one still in the FIFO.
GUARD_MS = 3


# (1000 * n) mod 2**COUNT_BITS is 8 * ((125 * n) mod 2**_K): 1000 = 8 * 125.
_K_MASK = (1 << (COUNT_BITS - 3)) - 1


def unpack(word):
    """``(snapshot, count)`` of one FIFO word."""
    return (word >> COUNT_BITS) & 0xFF, word & COUNT_MASK


def pack(snapshot, count):
    """The FIFO word the state machine pushes (for tests and tools)."""
    return ((snapshot & 0xFF) << COUNT_BITS) | (count & COUNT_MASK)


def _ms_to_counts(n):
    # The counts in n ms, modulo a wrap, without a big int on the board (a small int
    # holds 30 bits there): (n mod 2**19) * 125 stays below 2**26.
    return (((n & _K_MASK) * 125) & _K_MASK) << 3


def _earlier(a_ms, a_us, b_ms, b_us):
    """True when stamp ``(a_ms, a_us)`` comes strictly before ``(b_ms, b_us)``."""
    d = ticks_diff(a_ms, b_ms)
    return d < 0 or (d == 0 and a_us < b_us)


class SeatDecoder:
    """Decodes the words of one capture state machine for ``seats`` seats (1..8)."""

    def __init__(self, seats, holdoff_us=HOLDOFF_US, guard_ms=GUARD_MS):
        if seats < 1 or seats > 8:
            raise ValueError("seats must be 1..8")
        self.seats = seats
        self.holdoff_us = holdoff_us
        self.guard_ms = guard_ms
        self._mask = (1 << seats) - 1
        self._hold = [False] * seats
        self._hold_ms = [0] * seats
        self._hold_us = [0] * seats
        # Figures for logs and the bench: edges ignored as bounce, drains that found the
        # FIFO overflowed, drains too far apart, events stamped after lost words.
        self.bounces = 0
        self.overflows = 0
        self.stale = 0
        self.late = 0
        self.sync(COUNT_MASK, 0)

    def sync(self, count, t_ms):
        """The counter read ``count`` at tick ``t_ms``; the next word is the baseline
        (buttons already held then are not presses)."""
        self._now_count = count & COUNT_MASK
        self._now_ms = t_ms
        self._raw = 0  # pressed seats in the latest word
        self._acc = 0  # pressed seats as reported
        self._baseline = True
        self._lost = False
        for s in range(self.seats):
            self._hold[s] = False

    def held(self):
        """Bit mask of the seats reported pressed now."""
        return self._acc

    def begin(self, now_ms):
        """Start a drain at tick ``now_ms``: move the reference along the exact line."""
        n = ticks_diff(now_ms, self._now_ms)
        if n > MAX_GAP_MS:
            self.stale += 1
        self._now_count = (self._now_count - _ms_to_counts(n)) & COUNT_MASK
        self._now_ms = now_ms

    def stamp(self, count):
        """``(t_ms, us)`` of a word's count, relative to the current drain's ``now``."""
        # The counter steps down: a word pushed d us before now holds count(now) + d.
        d = (count - self._now_count) & COUNT_MASK
        if d > COUNT_PERIOD - AHEAD_US:
            d -= COUNT_PERIOD  # a little after now
        return ticks_add(self._now_ms, (-d) // 1000), (-d) % 1000

    def lost(self):
        """Words were dropped here (the FIFO overflowed): the next word's edges are late.
        Were the baseline among them, the next word counts against "nobody pressed"."""
        self.overflows += 1
        self._lost = True
        self._baseline = False

    def feed(self, word, out):
        """Decode one word, appending ``(seat, pressed, t_ms, us)`` events to ``out``."""
        snap, count = unpack(word)
        t_ms, us = self.stamp(count)
        pressed = ~snap & self._mask
        # Hold-offs that ended before this word first, so events stay in time order.
        self._expire(t_ms, us, out)
        if self._baseline:
            self._baseline = False
            self._raw = pressed
            self._acc = pressed
            return
        late = self._lost
        self._lost = False
        changed = pressed ^ self._raw
        self._raw = pressed
        for s in range(self.seats):
            bit = 1 << s
            if not changed & bit:
                continue
            if self._hold[s]:
                self.bounces += 1
                continue
            if (pressed ^ self._acc) & bit:
                self._accept(s, t_ms, us, out)
                if late:
                    self.late += 1

    def settle(self, out):
        """End of a drain: close the hold-offs that ended safely behind ``now``."""
        self._expire(ticks_add(self._now_ms, -self.guard_ms), 0, out)

    def decode(self, words, n, now_ms, out):
        """One drain: ``words[0:n]`` read at tick ``now_ms``. Returns ``out``."""
        self.begin(now_ms)
        for i in range(n):
            self.feed(words[i], out)
        self.settle(out)
        return out

    def _accept(self, s, t_ms, us, out):
        bit = 1 << s
        self._acc ^= bit
        out.append((s, bool(self._acc & bit), t_ms, us))
        end = us + self.holdoff_us
        self._hold[s] = True
        self._hold_ms[s] = ticks_add(t_ms, end // 1000)
        self._hold_us[s] = end % 1000

    def _expire(self, t_ms, us, out):
        # Close hold-offs ending at or before (t_ms, us), earliest first (lowest seat on
        # equal ends). A seat whose pin settled away from its reported state during the
        # hold-off (a tap shorter than the hold-off) gets that edge now, at the end.
        while True:
            best = -1
            for s in range(self.seats):
                if not self._hold[s] or _earlier(t_ms, us, self._hold_ms[s], self._hold_us[s]):
                    continue
                if best < 0 or _earlier(
                    self._hold_ms[s], self._hold_us[s], self._hold_ms[best], self._hold_us[best]
                ):
                    best = s
            if best < 0:
                return
            self._hold[best] = False
            if (self._raw ^ self._acc) & (1 << best):
                self._accept(best, self._hold_ms[best], self._hold_us[best], out)
