"""The NeoPixel ring: shows a frame from ``topper_view.ring`` where the ring really is.

The strip is ``neopixel.NeoPixel``, or on an image with the slap gate
``topper_hw.gate.GateStrip``, whose frames go through the gate (docs/slap-gate.md).

``topper_view.ring`` numbers pixels clockwise from the one facing P1; how the ring is
mounted (which pixel faces P1, which way the numbers run) is a setting, applied here.
A frame equal to the one on the ring is not sent again: the strip is only written
when something changed.

A frame goes to the strip in one slice assignment (``strip[all] = frame``): the
pixel buffer (CircuitPython's ``adafruit_pixelbuf``, under ``neopixel``) converts and
dims the whole list in C, where a Python loop setting 24 pixels one by one cost about
1 ms of a slap's way to the ring (CHANGELOG.md). The slice is made once (a
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
        # The frame on the ring, a copy kept in one list (the app may hand the same list
        # again, rewritten); stale: what the ring shows is not known (nothing sent yet,
        # or the slap gate sent its own frame since).
        self._last = [None] * n
        self._stale = True
        self.shows = 0
        self._all = slice(0, n)
        # Each logical pixel's strip index, worked out once: show() runs in a slap's
        # path to the ring, where a method call a pixel costs time. None when the
        # ring is mounted as it is numbered: the frame goes to the strip as it is.
        index = [self.physical(i) for i in range(n)]
        self._index = None if index == list(range(n)) else index
        self._strip_order = [0] * n  # the frame in strip order (a ring mounted turned)
        self._gated = hasattr(strip, "overwritten")  # a topper_hw.gate.GateStrip

    def physical(self, i):
        """The strip index of logical pixel ``i``."""
        if self.reverse:
            i = -i
        return (self.offset + i) % self.n

    def strip_order(self, frame):
        """``frame`` as the strip holds it: itself for a ring mounted as it is numbered,
        else put in strip order in a list kept once (rewritten by the next call)."""
        index = self._index
        if index is None:
            return frame
        out = self._strip_order
        for i in range(self.n):
            out[index[i]] = frame[i]
        return out

    def show(self, frame):
        """Send ``frame`` (a list of (r, g, b)) unless it is already showing."""
        # Through the slap gate (topper_hw.gate), the ring may show a race's winner
        # that Python did not send: the next frame goes out whatever it is.
        gated = self._gated
        if gated and self.strip.overwritten():
            self._stale = True
        if not self._stale and frame == self._last:
            return False
        if len(frame) != self.n:
            raise ValueError("a frame of %d pixels for a ring of %d" % (len(frame), self.n))
        self.strip[self._all] = self.strip_order(frame)
        self.strip.show()
        if gated and not self.strip.sent:
            self._stale = True  # refused while the gate's winner goes out: sent next time
            return False
        self._last[self._all] = frame
        self._stale = False
        self.shows += 1
        return True

    def off(self):
        self.show([(0, 0, 0)] * self.n)
