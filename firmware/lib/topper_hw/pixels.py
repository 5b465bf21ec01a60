"""The NeoPixel ring: shows a frame from ``topper_view.ring`` where the ring really is.

``topper_view.ring`` numbers pixels clockwise from the one facing P1; how the ring is
mounted (which pixel faces P1, which way the numbers run) is a setting, applied here.
A frame equal to the one on the ring is not sent again: the strip is only written
when something changed.
"""


def open_strip(board, pin_name, n, brightness_pct):
    import neopixel

    return neopixel.NeoPixel(
        getattr(board, pin_name), n, brightness=brightness_pct / 100, auto_write=False
    )


class Ring:
    def __init__(self, strip, n, offset=0, reverse=False):
        self.strip = strip
        self.n = n
        self.offset = offset
        self.reverse = reverse
        self._last = None
        self.shows = 0
        # Each logical pixel's strip index, worked out once: show() runs in a slap's
        # path to the ring, where a method call a pixel costs time.
        self._index = [self.physical(i) for i in range(n)]

    def physical(self, i):
        """The strip index of logical pixel ``i``."""
        if self.reverse:
            i = -i
        return (self.offset + i) % self.n

    def show(self, frame):
        """Send ``frame`` (a list of (r, g, b)) unless it is already showing."""
        if frame == self._last:
            return False
        strip = self.strip
        index = self._index
        for i in range(min(len(frame), self.n)):
            strip[index[i]] = frame[i]
        strip.show()
        # A copy, kept in one list: the app may hand the same list again, rewritten.
        last = self._last
        if last is None or len(last) != len(frame):
            self._last = list(frame)
        else:
            for i in range(len(frame)):
                last[i] = frame[i]
        self.shows += 1
        return True

    def off(self):
        self.show([(0, 0, 0)] * self.n)
