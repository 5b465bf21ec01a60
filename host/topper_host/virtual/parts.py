"""The parts under the firmware's drivers, in memory.

Each has the API of the CircuitPython object the driver is handed on the board and
keeps what was sent to it, for a screen or a test to read:

- ``Strip``: ``neopixel.NeoPixel`` (items set as ``(r, g, b)`` or ``0xRRGGBB``, then
  ``show()``); ``colors()`` is what the ring shows.
- ``Pwm``: ``pwmio.PWMOut`` (``frequency``, ``duty_cycle``); ``tone()`` is the pitch
  sounding, 0 for silence.
- ``I2C``: ``busio.I2C`` with an SSD1306 at 0x3C; ``Screen`` reads the picture the
  driver wrote into the display's RAM.
- ``Pn532``: ``adafruit_pn532``'s polling calls; ``put(uid)`` lays a tag on it for
  one read (a card tapped).
"""

WIDTH = 128
HEIGHT = 64


def rgb(c):
    """``(r, g, b)`` from either form a NeoPixel takes."""
    if isinstance(c, int):
        return ((c >> 16) & 255, (c >> 8) & 255, c & 255)
    return (c[0], c[1], c[2])


class Strip:
    def __init__(self, n):
        self.n = n
        self._px = [(0, 0, 0)] * n  # written, maybe not shown yet
        self._shown = [(0, 0, 0)] * n

    def __len__(self):
        return self.n

    def __setitem__(self, i, c):
        if isinstance(i, slice):  # a whole frame at once, as the pixel buffer takes it
            for k, v in zip(range(*i.indices(self.n)), c):
                self._px[k] = rgb(v)
            return
        self._px[i] = rgb(c)

    def __getitem__(self, i):
        return self._px[i]

    def fill(self, c):
        self._px = [rgb(c)] * self.n

    def show(self):
        self._shown = list(self._px)

    def colors(self):
        return list(self._shown)


class Pwm:
    def __init__(self):
        self.frequency = 1000
        self.duty_cycle = 0

    def tone(self):
        return self.frequency if self.duty_cycle else 0


class I2C:
    """A bus with an SSD1306 at ``oled_addr``: commands are taken, data fill its RAM
    in the horizontal addressing mode the driver sets up (a window from 0,0)."""

    def __init__(self, oled_addr=0x3C):
        self.oled_addr = oled_addr
        self.ram = bytearray(WIDTH * HEIGHT // 8)
        self._at = 0

    def try_lock(self):
        return True

    def unlock(self):
        pass

    def scan(self):
        return [self.oled_addr]

    def writeto(self, addr, data, start=0, end=None):
        if addr != self.oled_addr:
            raise OSError(19, "no device at 0x%02X" % addr)
        data = bytes(data)[start:end]
        if not data:
            return
        if data[0] == 0x40:  # pixels
            for b in data[1:]:
                self.ram[self._at] = b
                self._at = (self._at + 1) % len(self.ram)
        elif 0x21 in data[1:2]:  # the column window: the driver sends it before a frame
            self._at = 0


class Screen:
    """The display's RAM as the surface ``topper_host.sim.look`` draws: ``lit(x, y)``."""

    width = WIDTH
    height = HEIGHT

    def __init__(self, ram):
        self.ram = ram

    def lit(self, x, y):
        return bool(self.ram[(y >> 3) * WIDTH + x] >> (y & 7) & 1)

    def pixel(self, x, y):
        return 1 if self.lit(x, y) else 0

    @property
    def bits(self):
        """One byte a pixel, row by row (the simulator's own OLED surface's layout)."""
        out = bytearray(WIDTH * HEIGHT)
        for y in range(HEIGHT):
            row = (y >> 3) * WIDTH
            bit = y & 7
            for x in range(WIDTH):
                out[y * WIDTH + x] = self.ram[row + x] >> bit & 1
        return out


class Pn532:
    """Answers ``listen_for_passive_target`` and ``get_passive_target`` from tags
    put on it: each ``put`` is read once, then the pad is empty again."""

    def __init__(self):
        self._tags = []

    def put(self, uid):
        self._tags.append(bytes(uid))

    def listen_for_passive_target(self, timeout=1):
        return True

    def get_passive_target(self, timeout=1):
        if not self._tags:
            return None
        return self._tags.pop(0)
