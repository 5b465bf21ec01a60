"""Turns the PIO seat-capture words into press and release events (docs/pio-capture.md).

The state machine in ``topper_hw.pio_seats`` samples the 8 seat pins once a microsecond
and pushes one 32-bit word each time the snapshot changes:

    bits 31..30  always 0 (so a word is a small int on the board, and -1 can mark an
                 empty slot of the DMA ring)
    bits 29..22  the snapshot, bit k = seat k (active low: 0 is pressed)
    bits 21..0   the low 22 bits of a counter that steps down by one every microsecond

This module is the portable half: no hardware, no clock of its own. It is told the
ticks (ms) at each drain and maps the counter onto ``(t_ms, us)`` stamps that the
referee ranks. It also applies the slap gate's first-touch rule (docs/slap-gate.md) to
every press, at the capture's microsecond: a press is stamped at its first falling edge
and reported once its contact has stayed closed ``confirm_us`` without a break, that
closing begun within ``bounce_us`` of the first touch; a touch whose bounce window
passes with the contact open is a glitch and is dropped. Once a press or a release is
reported, that seat's pin is ignored for a hold-off (the contact's bounce).

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

# Bounce hold-off after a reported press (from its first touch) or release. Arcade
# microswitches settle within 1-5 ms; nobody releases and presses again within 8 ms.
HOLDOFF_US = 8000

# The first-touch rule's numbers, the slap gate's defaults (TOPPER_GATE_CONFIRM_US and
# TOPPER_GATE_BOUNCE_US): a press is a contact held closed CONFIRM_US without a break,
# that closing begun within BOUNCE_US of the first touch.
CONFIRM_US = 500
BOUNCE_US = 5000

# A word not yet read can carry a stamp up to this much before the drain's ``now``
# (ticks granularity plus sync error): deadlines (a hold-off's end, a press confirmed,
# a glitch's window over) are only reached behind it, so that no word still in the FIFO
# can change what they decide.
GUARD_MS = 3

# A seat's state. IDLE: released as reported, listening. TOUCH: touched at its first
# falling edge, not yet decided. HELD: pressed as reported, listening for the release.
# HOLD: a press or release was reported, the pin is ignored until the hold-off's end.
_IDLE = 0
_TOUCH = 1
_HELD = 2
_HOLD = 3


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


def _since(a, b):
    """Microseconds from count ``b`` to count ``a`` (the counter steps down): negative
    when ``a`` is before ``b``. Good for counts less than 3.9 s apart, a little less
    than ``AHEAD_US`` of them "after"."""
    d = (b - a) & COUNT_MASK
    if d > COUNT_PERIOD - AHEAD_US:
        d -= COUNT_PERIOD
    return d


def _later(t, us):
    """The count ``us`` microseconds after count ``t``."""
    return (t - us) & COUNT_MASK


def _earlier(a, b):
    """True when event ``a`` (``(seat, pressed, t_ms, us)``) is stamped before ``b``."""
    d = ticks_diff(a[2], b[2])
    return d < 0 or (d == 0 and a[3] < b[3])


class SeatDecoder:
    """Decodes the words of one capture state machine for ``seats`` seats (1..8).

    Every time is kept as a count of the state machine's counter (22 bits, stepping
    down once a microsecond): small ints, and no ticks arithmetic per edge."""

    def __init__(
        self,
        seats,
        holdoff_us=HOLDOFF_US,
        guard_ms=GUARD_MS,
        confirm_us=CONFIRM_US,
        bounce_us=BOUNCE_US,
    ):
        if seats < 1 or seats > 8:
            raise ValueError("seats must be 1..8")
        self.seats = seats
        self.holdoff_us = holdoff_us
        self.guard_ms = guard_ms
        self.confirm_us = confirm_us
        self.bounce_us = bounce_us
        # A press's pin is ignored from its first touch until the bounce window and the
        # check after it are over, and at least the hold-off.
        self._press_hold_us = max(holdoff_us, bounce_us + confirm_us)
        self._mask = (1 << seats) - 1
        self._state = [_IDLE] * seats
        self._due = [0] * seats  # count: TOUCH's or HOLD's deadline
        self._s0 = [0] * seats  # count: the first touch of a TOUCH
        # Figures for logs and the bench: edges ignored as bounce, touches dropped as
        # glitches, drains that found the FIFO overflowed, drains too far apart, events
        # stamped after lost words.
        self.bounces = 0
        self.glitches = 0
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
            self._state[s] = _IDLE

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
        t = word & COUNT_MASK
        pressed = ~(word >> COUNT_BITS) & self._mask
        # Deadlines that came before this word first: they are decided on what the pins
        # did up to then.
        self._expire(t, out)
        if self._baseline:
            self._baseline = False
            self._raw = pressed
            self._acc = pressed
            for s in range(self.seats):
                self._state[s] = _HELD if pressed >> s & 1 else _IDLE
            return
        late = self._lost
        self._lost = False
        changed = pressed ^ self._raw
        self._raw = pressed
        for s in range(self.seats):
            if changed >> s & 1:
                self._edge(s, pressed >> s & 1, t, late, out)

    def settle(self, out):
        """End of a drain: reach the deadlines safely behind ``now`` (a press held long
        enough, a glitch's window over, a hold-off ended), then put this drain's events
        in stamp order."""
        self._expire(_later(self._now_count, -1000 * self.guard_ms), out)
        # A press is stamped at its first touch, before the moment it was decided: an
        # insertion sort (no key tuples; the events are few and nearly in order).
        for i in range(1, len(out)):
            e = out[i]
            j = i - 1
            while j >= 0 and _earlier(e, out[j]):
                out[j + 1] = out[j]
                j -= 1
            out[j + 1] = e

    def decode(self, words, n, now_ms, out):
        """One drain: ``words[0:n]`` read at tick ``now_ms``. Returns ``out``."""
        self.begin(now_ms)
        for i in range(n):
            self.feed(words[i], out)
        self.settle(out)
        return out

    # ----- the first-touch rule ------------------------------------------------------

    def _edge(self, s, closed, t, late, out):
        """Seat ``s``'s pin closed (or opened) at count ``t``."""
        st = self._state[s]
        if st == _IDLE:
            if closed:
                self._touch(s, t)
                if late:
                    self.late += 1
        elif st == _TOUCH:
            self.bounces += 1
            if closed:
                # A closing within the window (past it, the glitch deadline came first):
                # checked again, confirm_us after it.
                self._due[s] = _later(t, self.confirm_us)
            elif _since(t, self._s0[s]) > self.bounce_us:
                self._glitch(s)  # a closing begun in the window, broken after it
            else:
                self._due[s] = _later(self._s0[s], self.bounce_us + 1)
        elif st == _HELD:
            if not closed:
                self._report(s, False, t, self.holdoff_us, out)
                if late:
                    self.late += 1
        else:
            self.bounces += 1  # _HOLD

    def _touch(self, s, t):
        self._state[s] = _TOUCH
        self._s0[s] = t
        self._due[s] = _later(t, self.confirm_us)

    def _glitch(self, s):
        self._state[s] = _IDLE
        self.glitches += 1

    def _report(self, s, pressed, t, hold_us, out):
        """Report seat ``s`` pressed (released) at count ``t``; hold off until ``hold_us``
        after it."""
        bit = 1 << s
        if pressed:
            self._acc |= bit
        else:
            self._acc &= ~bit
        t_ms, us = self.stamp(t)
        out.append((s, pressed, t_ms, us))
        self._state[s] = _HOLD
        self._due[s] = _later(t, hold_us)

    def _deadline(self, s, out):
        """Seat ``s``'s deadline has come: decide."""
        due = self._due[s]
        bit = 1 << s
        if self._state[s] == _TOUCH:
            if self._raw & bit:
                # closed confirm_us without a break: a press, stamped at its first touch
                s0 = self._s0[s]
                self._report(s, True, s0, self._press_hold_us, out)
                if _since(self._due[s], due) < 0:
                    self._due[s] = due
            else:
                self._glitch(s)  # the window has passed with the contact open
            return
        # _HOLD ended: a pin that settled away from what was reported (a tap shorter
        # than the hold-off, a press after a short release) gets that edge now.
        if (self._raw ^ self._acc) & bit:
            if self._acc & bit:
                self._report(s, False, due, self.holdoff_us, out)
            else:
                self._touch(s, due)
        else:
            self._state[s] = _HELD if self._acc & bit else _IDLE

    def _expire(self, t, out):
        # Reach the deadlines at or before count ``t``, earliest first (lowest seat on
        # equal ones): each may set a later one, which is reached in turn.
        while True:
            best = -1
            late = 0  # how long before t the best deadline was
            for s in range(self.seats):
                st = self._state[s]
                if st != _TOUCH and st != _HOLD:
                    continue
                d = _since(t, self._due[s])
                if d >= 0 and (best < 0 or d > late):
                    best = s
                    late = d
            if best < 0:
                return
            self._deadline(best, out)
