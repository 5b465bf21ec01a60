"""Time for the table: a fake clock for headless runs and a real one for the terminal.

The referee only ever sees millisecond stamps (wrapping at 2**29 like
``supervisor.ticks_ms``); where they come from is the shell's business. The fake clock
makes a bots-only game or a script run as fast as the machine allows and give the same
stamps every time; the live clock follows ``time.monotonic`` and stops while the game is
paused, so a pause costs nobody a hurry-up.
"""

import time

from topper.ticks import MASK

TICK_MS = 10  # the fake clock's step when nothing is planned: a device loop's pace


class FakeClock:
    """Jumps straight to the next moment anything can happen."""

    live = False
    speed = 1.0
    paused = False

    def __init__(self, start=0, step=TICK_MS):
        self.t = start  # unwrapped; ``now`` wraps it
        self.step = step

    def now(self):
        return self.t & MASK

    def wait(self, delay):
        """Jump to the next planned action, due in ``delay`` ms (None: nothing is
        planned, so one step). The table lives through the jump in device-loop steps
        itself (``Table.advance``), so nothing is skipped."""
        if delay is None:
            delay = self.step
        self.t += max(1, delay)


class LiveClock:
    """Milliseconds since the game began, minus the time spent paused, scaled by
    ``speed`` (a replay played back twice as fast runs the clock at 2)."""

    live = True

    def __init__(self, speed=1.0, start=0, monotonic=time.monotonic):
        self.speed = speed
        self._mono = monotonic
        self._origin = monotonic()
        self._start = start
        self._paused_at = None

    def now(self):
        m = self._paused_at if self._paused_at is not None else self._mono()
        return (self._start + int((m - self._origin) * 1000 * self.speed)) & MASK

    def set_speed(self, speed):
        """Change the pace without a jump in the table's time."""
        m = self._paused_at if self._paused_at is not None else self._mono()
        self._start = self.now()
        self._origin = m
        self.speed = speed

    @property
    def paused(self):
        return self._paused_at is not None

    def pause(self, on):
        if on and self._paused_at is None:
            self._paused_at = self._mono()
        elif not on and self._paused_at is not None:
            # Shift the origin by the pause so that no table time passed meanwhile.
            self._origin += self._mono() - self._paused_at
            self._paused_at = None
