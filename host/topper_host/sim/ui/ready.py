"""The "get ready" countdown before a game you play in real time: the table's clock is
held (``SimShell.hold``) while 3, 2, 1 are shown, so that the first hurry-up starts
only once you have read the screen.

It counts wall time, not the table's (which stands still meanwhile), and only while
nothing else holds the game: time spent in the help or in a terminal too small to
show the game is not taken from it.
"""

import time

READY_S = 3  # long enough to find P1 and the lay key; short enough not to bore


class Countdown:
    def __init__(self, seconds, monotonic=time.monotonic):
        self.left = float(seconds)
        self._mono = monotonic
        self._last = monotonic()

    def tick(self, counting):
        """Count the wall time since the last tick if ``counting``; whether any is left."""
        now = self._mono()
        if counting:
            self.left -= now - self._last
        self._last = now
        return self.left > 0

    def shown(self):
        """The whole second shown: 3, 2, 1."""
        return max(1, int(self.left + 0.999))
