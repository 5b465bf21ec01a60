"""The NeoPixel ring: shows a frame from ``topper_view.ring`` where the ring really is.

``topper_view.ring`` numbers pixels clockwise from the one facing P1; how the ring is
mounted (which pixel faces P1, which way the numbers run) is a setting, applied here.
A frame equal to the one on the ring is not sent again: the strip is only written
when something changed.

A frame goes to the strip in one slice assignment (``strip[all] = frame``): the
pixel buffer (CircuitPython's ``adafruit_pixelbuf``, under ``neopixel``) converts and
dims the whole list in C, where a Python loop setting 24 pixels one by one cost about
1 ms of a slap's way to the ring (docs/benchmarks.md). The slice is made once (a
``[:]`` in the code would make one each time), and a ring mounted other than pixel 0
facing P1, clockwise, has its frame put in strip order first, in a list kept once.
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
        self._all = slice(0, n)
        # Each logical pixel's strip index, worked out once: show() runs in a slap's
        # path to the ring, where a method call a pixel costs time. None when the
        # ring is mounted as it is numbered: the frame goes to the strip as it is.
        index = [self.physical(i) for i in range(n)]
        self._index = None if index == list(range(n)) else index
        self._strip_order = [0] * n  # the frame in strip order (a ring mounted turned)

    def physical(self, i):
        """The strip index of logical pixel ``i``."""
        if self.reverse:
            i = -i
        return (self.offset + i) % self.n

    def show(self, frame):
        """Send ``frame`` (a list of (r, g, b)) unless it is already showing."""
        if frame == self._last:
            return False
        if len(frame) != self.n:
            raise ValueError("a frame of %d pixels for a ring of %d" % (len(frame), self.n))
        index = self._index
        if index is None:
            self.strip[self._all] = frame
        else:
            out = self._strip_order
            for i in range(self.n):
                out[index[i]] = frame[i]
            self.strip[self._all] = out
        self.strip.show()
        # A copy, kept in one list: the app may hand the same list again, rewritten.
        last = self._last
        if last is None:
            self._last = list(frame)
        else:
            last[self._all] = frame
        self.shows += 1
        return True

    def off(self):
        self.show([(0, 0, 0)] * self.n)
