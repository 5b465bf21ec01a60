"""Seat and table buttons: stamped presses in, game-safe button events out.

Two sources feed it, both scanned in the background so a busy loop never delays a
stamp: the seat buttons (``KeypadSeats`` here, or ``topper_hw.pio_seats.PioSeats``
for microsecond stamps; both ``poll(now)`` to events ``seat, pressed, t_ms, us``, which
``KeypadSeats`` writes into reused records) and a
``keypad.Keys`` holding the table button alone.

Both seat sources apply the slap gate's first-touch rule (docs/slap-gate.md) at their
own resolution: a press is stamped at its contact's first touch and reported once the
contact has held (``debounce`` scans, or ``confirm_us``), that hold begun within the
bounce window; a glitch is never reported. So a seat press comes here up to the bounce
window and the hold after its stamp, and chatter within one press is one press.

``Buttons.poll(now)`` returns ``[[kind, seat, t_ms, us], ...]`` in time order (one list
of event records, all reused: they hold the events until the next poll, so that a poll
allocates nothing; unpack them, never keep them):

- ``PRESS``: a seat button went down at ``t_ms`` (+``us``), the stamp the scanner
  took, not the time of the poll.
- ``TABLE`` / ``TABLE_LONG``: the table button was released before ``long_ms``,
  or has been held for ``long_ms`` (reported once, while still held, so a stuck
  table button cannot leave the menu waiting for a release); ``TABLE_END`` when a
  long press is released.
- ``SHORT`` / ``LONG`` (only while ``holds`` is on: the turn games): the
  seat button of a ``PRESS`` was released before ``long_ms`` (stamped with the
  release), or has been held for ``long_ms`` (stamped with that moment, reported once
  while still held, like ``TABLE_LONG``, so a stuck seat gives one long press and
  never waits for a release). ``PRESS`` itself is reported exactly as without them.
- ``CHORD``: a seat button went down while the table button was held (blind play
  marks a seat out this way). That table press then gives no ``TABLE``. A
  table button held past ``stuck_ms`` is taken as stuck: seat presses are plain
  ``PRESS`` again, so a jammed table button cannot turn slaps into chords.
- ``OVERFLOW``: the scanner's queue filled and dropped the newest events. The events
  kept are the oldest, so the first presses of a slap race are intact and the ruling
  stands; what may be lost are later presses and releases. The queue is cleared and
  every hold is forgotten, so nothing waits for a release that will never come.
- ``STUCK``: a seat button has been held for ``stuck_ms``; ``CHATTER``: a seat
  fired ``chatter_count`` presses within ``chatter_ms`` (a broken switch) and is
  muted until it has been quiet for ``quiet_ms``. Either is shown on the screen; a
  held or muted button never blocks the other seats or the timers.

Buttons already down at start-up (the table button held for boot.py's writable
mode, a seat leaning on its button) are ignored until released: a press that was
never made must not slap or change a setting.
"""

import keypad

from topper.ticks import ticks_add, ticks_diff

# The events are topper.inputs' kinds: one numbering from the pin to the referee.
from topper.inputs import (
    CHATTER,
    CHORD,
    LONG,
    OVERFLOW,
    PRESS,
    SHORT,
    STUCK,
    TABLE,
    TABLE_END,
    TABLE_LONG,
)


def open_keys(board, pin_names, scan_us, debounce, max_events=64):
    """A background ``keypad.Keys`` over the named pins: active low with the internal
    pull-ups, scanned every ``scan_us`` (1 ms, not the 20 ms default, so that slaps a
    few ms apart fall in different scans), ``debounce`` equal scans before a change
    counts (the same delay for every key, so it costs no fairness). The seats are
    opened with ``debounce=1`` and debounced by ``KeypadSeats``' first-touch rule."""
    pins = [getattr(board, name) for name in pin_names]
    return keypad.Keys(
        pins,
        value_when_pressed=False,
        pull=True,
        interval=scan_us / 1000000,
        max_events=max_events,
        debounce_threshold=debounce,
    )


def _record(out, recs, a, b, t, us):
    """Append the event ``[a, b, t, us]`` to ``out`` in one of ``recs``, the records
    the poll reuses (made the first time ``out`` is that long): a poll allocates
    nothing once the lists have reached their size. The records are overwritten by
    the next poll: unpack them, never keep them."""
    i = len(out)
    if i < len(recs):
        r = recs[i]
        r[0] = a
        r[1] = b
        r[2] = t
        r[3] = us
    else:
        r = [a, b, t, us]
        recs.append(r)
    out.append(r)


def _after(a, b, now):
    """Does event ``a`` sort after ``b``: stamp (from ``now``, wrap-safe), us, kind,
    seat?"""
    d = ticks_diff(a[2], now) - ticks_diff(b[2], now)
    if d == 0:
        d = a[3] - b[3]
    if d == 0:
        d = a[0] - b[0]
    if d == 0:
        d = a[1] - b[1]
    return d > 0


# A seat's state in KeypadSeats' first-touch rule: released as reported (listening),
# touched and not yet decided, pressed as reported.
_IDLE = 0
_TOUCH = 1
_HELD = 2


class KeypadSeats:
    """Seat buttons on a ``keypad.Keys``: millisecond stamps from the scanner.

    Given ``scan_us`` (the device), the keys are opened with ``debounce_threshold=1``
    (every scan's change is an event, stamped at that scan) and the first-touch rule is
    applied here, at the scan's resolution (docs/slap-gate.md): a press is stamped at
    the first scan that read its contact closed, and reported once the contact has been
    read closed for ``debounce`` scans in a row, that run begun within ``bounce_us`` of
    the first touch. A touch whose window passes with the contact open is a glitch, and
    is dropped; opening and closing again within the window is the same press. A release
    is stamped at the first scan that read the contact open, and reported once it has
    been read open for ``debounce`` scans in a row: a shorter opening within a press is
    chatter, not a release. Without ``scan_us`` the keys debounce themselves (the
    virtual board's, whose changes are ideal) and every change is reported as it is."""

    capture = "keypad"
    resolution_us = 1000

    def __init__(self, keys, scan_us=None, debounce=1, bounce_us=5000):
        self.keys = keys
        self.overflows = 0
        self.glitches = 0  # touches dropped as glitches
        self._ev = keypad.Event()
        self._out = []
        self._recs = []  # the event records poll() hands out, reused (_record)
        self._rule = scan_us is not None
        # debounce scans, as whole ms of the scans' stamps (a closed run of debounce
        # scans spans that many ms to the scan after it)
        self.confirm_ms = max(1, (debounce * (scan_us or 1000) + 999) // 1000)
        self.bounce_us = bounce_us
        n = keys.key_count
        self._n = n
        self._st = [_IDLE] * n
        self._s0 = [0] * n  # TOUCH: the first closed scan's stamp
        self._run = [0] * n  # TOUCH: where the closed run began; HELD: the open run
        self._closed = [False] * n  # TOUCH: the contact is closed; HELD: it is open
        self._busy = 0  # bit s: seat s waits for a decision (a touch, an opening)

    def poll(self, now):
        """Events since the last poll, oldest first (the list is reused)."""
        out = self._out
        out.clear()  # emptied in place: ``del out[:]`` would allocate a slice
        q = self.keys.events
        ev = self._ev
        while q.get_into(ev):
            t = getattr(ev, "timestamp", None)
            if t is None:
                t = now
            if self._rule:
                self._change(ev.key_number, ev.pressed, t, out)
            else:
                _record(out, self._recs, ev.key_number, ev.pressed, t, 0)
        if q.overflowed:
            self.overflows += 1
            q.clear()
            # Changes were lost: listen afresh (a seat held now gives its press when
            # it next closes; Buttons forgets its holds too).
            for s in range(self._n):
                self._st[s] = _IDLE
            self._busy = 0
        busy = self._busy
        if busy:
            # Every scan stamped before now has run and queued its change: a run seen
            # with no change since is still on at now.
            for s in range(self._n):
                if busy >> s & 1:
                    self._reach(s, now, out)
        return out

    def _change(self, s, closed, t, out):
        """Seat ``s``'s contact read closed (open) by the scan at ``t``."""
        self._reach(s, t, out)
        st = self._st[s]
        bit = 1 << s
        if st == _IDLE:
            if closed:
                self._st[s] = _TOUCH
                self._s0[s] = t
                self._run[s] = t
                self._closed[s] = True
                self._busy |= bit
        elif st == _TOUCH:
            # (a window passed with the contact open was dropped by _reach)
            self._closed[s] = closed
            if closed:
                self._run[s] = t
            elif ticks_diff(t, self._s0[s]) * 1000 > self.bounce_us:
                self._glitch(s)  # a run begun in the window, broken after it
        elif closed:
            self._closed[s] = False  # _HELD: an opening shorter than a release
            self._busy &= ~bit
        else:
            self._closed[s] = True  # _HELD: open from here, a release if it lasts
            self._run[s] = t
            self._busy |= bit

    def _reach(self, s, t, out):
        """Decide what seat ``s``'s contact has done by ``t``."""
        st = self._st[s]
        if st == _TOUCH:
            if self._closed[s]:
                if ticks_diff(t, self._run[s]) >= self.confirm_ms:
                    # read closed debounce scans in a row: a press, from its first touch
                    _record(out, self._recs, s, True, self._s0[s], 0)
                    self._st[s] = _HELD
                    self._closed[s] = False
                    self._busy &= ~(1 << s)
            elif ticks_diff(t, self._s0[s]) * 1000 > self.bounce_us:
                self._glitch(s)  # the window has passed with the contact open
        elif st == _HELD and self._closed[s]:
            if ticks_diff(t, self._run[s]) >= self.confirm_ms:
                _record(out, self._recs, s, False, self._run[s], 0)
                self._st[s] = _IDLE
                self._busy &= ~(1 << s)

    def _glitch(self, s):
        self._st[s] = _IDLE
        self._busy &= ~(1 << s)
        self.glitches += 1


class Buttons:
    def __init__(
        self,
        seats_source,
        table_keys,
        seats,
        start,
        long_ms=700,
        stuck_ms=4000,
        repress_ms=40,
        boot_ms=80,
        chatter_count=8,
        chatter_ms=1000,
        quiet_ms=2000,
    ):
        self.src = seats_source
        self.table = table_keys
        self.seats = seats
        self.start = start
        self.long_ms = long_ms
        self.stuck_ms = stuck_ms
        self.repress_ms = repress_ms
        self.boot_ms = boot_ms
        self.chatter_count = chatter_count
        self.chatter_ms = chatter_ms
        self.quiet_ms = quiet_ms
        n = 8
        self._down = [None] * n  # stamp of the press of a seat held now
        self._up = [None] * n  # stamp of its last release
        self._ignore = [False] * n  # held since start-up: ignored until released
        self._booted = False  # boot_ms has gone by (set at the end of a poll: _booting)
        self._stuck = [False] * n
        self._burst = [0] * n  # presses in the current chatter window
        # When the window opened; None: no window (a stamp as sentinel would lie: ticks
        # start 65 s before their wrap, when every stamp is "before" 0).
        self._burst_t = [None] * n
        self._muted = [False] * n
        self._last_ev = [0] * n
        # Bit s: seat s is held or muted, so the timers have something to look at.
        # Every loop step polls; with no seat down, _timers skips the seats in one test
        # (about 0.3 ms of the Pico's time a step, twice on a slap's way to the ring).
        self._watch = 0
        # Short and long seat presses, for the turn games; the slap games need only
        # the stamped press-down and leave this off.
        self.holds = False
        self._pressing = [False] * n  # this hold began with a PRESS: its end is reported
        self._table_down = None
        self._table_long = False
        self._table_ignore = False
        self._table_used = False  # a chord consumed this table press
        self._table_stuck = False
        self._tev = keypad.Event()
        self._overflows = getattr(seats_source, "overflows", 0)
        self._out = []  # what poll() returns, reused
        self._recs = []  # and the records in it (_record)

    def _booting(self, t):
        # Only until the first poll past boot_ms: the ticks are a signed difference over
        # 2**29 ms, so 3.1 days later "t - start" turns negative, and every press would
        # look like one held since start-up.
        return not self._booted and ticks_diff(t, self.start) < self.boot_ms

    def poll(self, now):
        out = self._out
        out.clear()  # the list is reused, poll after poll
        # The table first: whether it is held decides what a seat press means.
        self._poll_table(now, out)
        for seat, pressed, t, us in self.src.poll(now):
            if 0 <= seat < self.seats:
                if pressed:
                    self._seat_down(seat, t, us, out)
                else:
                    self._seat_up(seat, t, out)
        lost = getattr(self.src, "overflows", 0)
        if lost != self._overflows:
            self._overflows = lost
            self._forget()
            self._emit(out, OVERFLOW, -1, now, 0)
        self._timers(now, out)
        if not self._booted and ticks_diff(now, self.start) >= self.boot_ms:
            self._booted = True
        if len(out) > 1:
            # Seats and table come from two queues: put them in stamp order, measured
            # from now so that the ticks wrap cannot reorder them. An insertion sort on
            # the full key (stamp, us, kind, seat): list.sort(key=) would build a key
            # tuple an event and a closure, and the events are few and nearly in order.
            for i in range(1, len(out)):
                e = out[i]
                j = i - 1
                while j >= 0 and _after(out[j], e, now):
                    out[j + 1] = out[j]
                    j -= 1
                out[j + 1] = e
        return out

    def _emit(self, out, kind, seat, t, us):
        _record(out, self._recs, kind, seat, t, us)

    # ----- seats ------------------------------------------------------------------

    def _seat_down(self, s, t, us, out):
        self._last_ev[s] = t
        if self._booting(t):
            self._ignore[s] = True
        if self._ignore[s]:
            return
        if self._muted[s]:
            return
        up = self._up[s]
        self._down[s] = t
        self._watch |= 1 << s
        self._stuck[s] = False
        # Both differences below are taken from stamps that may be days old (a seat not
        # pressed since): one over half the ticks' period reads negative, and is old.
        if up is not None and 0 <= ticks_diff(t, up) < self.repress_ms:
            return  # a bounce after the release, not a second slap
        opened = self._burst_t[s]
        if opened is None or not 0 <= ticks_diff(t, opened) <= self.chatter_ms:
            self._burst_t[s] = t
            self._burst[s] = 0
        self._burst[s] += 1
        if self._burst[s] >= self.chatter_count:
            self._muted[s] = True  # (held: already watched)
            self._emit(out, CHATTER, s, t, 0)
            return
        if self._chording(t):
            self._table_used = True
            self._emit(out, CHORD, s, t, us)
            return
        self._emit(out, PRESS, s, t, us)
        self._pressing[s] = True

    def _chording(self, t):
        d = self._table_down
        if d is None or self._table_ignore or self._table_stuck:
            return False
        return 0 <= ticks_diff(t, d) < self.stuck_ms

    def _seat_up(self, s, t, out):
        d = self._down[s]
        if self._pressing[s] and self.holds and d is not None:
            # Judged by the stamps, not by when the poll came: a slow loop cannot turn
            # a long press into a short one.
            if ticks_diff(t, d) >= self.long_ms:
                self._emit(out, LONG, s, ticks_add(d, self.long_ms), 0)
            else:
                self._emit(out, SHORT, s, t, 0)
        self._pressing[s] = False
        self._last_ev[s] = t
        self._down[s] = None
        if not self._muted[s]:
            self._watch &= ~(1 << s)
        self._up[s] = t
        self._ignore[s] = False
        self._stuck[s] = False

    # ----- table ------------------------------------------------------------------

    def _poll_table(self, now, out):
        q = self.table.events
        ev = self._tev
        while q.get_into(ev):
            t = getattr(ev, "timestamp", None)
            if t is None:
                t = now
            if ev.pressed:
                self._table_down = t
                self._table_long = False
                self._table_used = False
                self._table_stuck = False
                self._table_ignore = self._booting(t)
            else:
                if self._table_down is not None and not self._table_ignore:
                    if self._table_long:
                        self._emit(out, TABLE_END, -1, t, 0)
                    elif not self._table_used:
                        self._emit(out, TABLE, -1, t, 0)
                self._table_down = None
                self._table_ignore = False
        if q.overflowed:
            q.clear()
            self._table_down = None

    # ----- time -------------------------------------------------------------------

    def _timers(self, now, out):
        d = self._table_down
        if d is not None and not self._table_long and ticks_diff(now, d) >= self.long_ms:
            self._table_long = True
            if not self._table_ignore and not self._table_used:
                self._emit(out, TABLE_LONG, -1, now, 0)
        if d is not None and not self._table_stuck and ticks_diff(now, d) >= self.stuck_ms:
            self._table_stuck = True
            if not self._table_ignore:
                self._emit(out, STUCK, -1, now, 0)
        watch = self._watch
        if not watch:
            return
        for s in range(self.seats):
            if not watch >> s & 1:
                continue
            d = self._down[s]
            if d is not None and self._pressing[s] and ticks_diff(now, d) >= self.long_ms:
                self._pressing[s] = False  # reported now: its release says nothing more
                if self.holds:
                    self._emit(out, LONG, s, ticks_add(d, self.long_ms), 0)
            if d is not None and not self._stuck[s] and ticks_diff(now, d) >= self.stuck_ms:
                self._stuck[s] = True
                self._emit(out, STUCK, s, now, 0)
            if self._muted[s] and ticks_diff(now, self._last_ev[s]) >= self.quiet_ms:
                self._muted[s] = False
                self._burst[s] = 0
                self._burst_t[s] = None
                if d is None:
                    self._watch &= ~(1 << s)

    def _forget(self):
        for s in range(len(self._down)):
            self._down[s] = None
            self._stuck[s] = False
            self._pressing[s] = False
            if not self._muted[s]:
                self._watch &= ~(1 << s)
        self._table_down = None

    def held(self):
        """Seats whose buttons are down now (as far as the events tell)."""
        return [s for s in range(self.seats) if self._down[s] is not None]

    def muted(self):
        return [s for s in range(self.seats) if self._muted[s]]
