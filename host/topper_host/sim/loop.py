"""The table loop of the runs without a terminal: headless scripts, bots-only batches
and headless log playback. In the terminal the Textual app's timer takes the same
steps (``sim.ui.shell``: bring the table to the clock's now, draw), so a game goes the
same way there as here.

A *shell* is what surrounds the table in a mode, with four calls:

- ``poll(table, t)``: take in outside input that arrived by ``t``; False stops;
- ``show(table, t)``: draw, or nothing (headless runs print from a listener on the
  table instead, so they see every batch of rulings);
- ``finished(table, t)``: whether this run is over;
- ``wait(clock, delay)``: let time pass until the next planned action is due in
  ``delay`` ms (None: nothing planned); a headless shell moves the fake clock on.
"""

from topper.ticks import ticks_diff


def run(table, clock, shell):
    while True:
        t = clock.now()
        if not shell.poll(table, t):
            return False
        table.advance(t)
        shell.show(table, t)
        if shell.finished(table, t):
            return True
        shell.wait(clock, table.next_in(t))


class Headless:
    """No input, no drawing: the fake clock runs until the game ends, the script is
    used up, or ``max_ms`` of table time have passed."""

    def __init__(self, max_ms=None, tail_ms=0):
        self.max_ms = max_ms
        self.tail_ms = tail_ms
        self.timed_out = False
        self._left = None  # ms to the time cap, as of the last ``finished``

    def poll(self, table, t):
        return True

    def show(self, table, t):
        pass

    def finished(self, table, t):
        self._left = None
        if table.over:
            return True
        started = table.started_at
        if self.max_ms is not None and started is not None:
            self._left = self.max_ms - ticks_diff(t, started)
            if self._left <= 0:
                self.timed_out = True
                return True
        if table.bots:
            return False
        # A script: done once its last event has had a step to settle.
        return not table.script and (table.fed_t is None or ticks_diff(t, table.fed_t) >= self.tail_ms)

    def wait(self, clock, delay):
        if self._left is not None and (delay is None or delay > self._left):
            delay = self._left  # stop at the time cap, not past it
        clock.wait(delay)
