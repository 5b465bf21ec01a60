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
        if not isinstance(i, int):  # a slice: a whole frame at once, as the pixel buffer takes it
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


# SSD1306 commands that take arguments, and how many (the rest take none).
_ARGS = {0x20: 1, 0x21: 2, 0x22: 2, 0x81: 1, 0x8D: 1, 0xA8: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1,
         0xDA: 1, 0xDB: 1}


class Ssd1306Ram:
    """The display's RAM as the driver fills it: commands set the column and page
    window (0x21, 0x22), data bytes go in at the cursor, which runs along the window
    in horizontal addressing (the mode topper_hw.oled sets) and wraps within it."""

    def __init__(self):
        self.ram = bytearray(WIDTH * HEIGHT // 8)
        self.cols = (0, WIDTH - 1)
        self.pages = (0, HEIGHT // 8 - 1)
        self._col = 0
        self._page = 0

    def write(self, data):
        """One I2C write to the display: a command stream (control byte 0x00) or
        display data (0x40)."""
        if not data:
            return
        if data[0] == 0x40:
            if self.cols == (0, WIDTH - 1) and self.pages[0] <= self.pages[1]:
                self._rows(memoryview(data)[1:])  # whole rows: slices (tests replay many)
                return
            for b in data[1:]:
                self.ram[self._page * WIDTH + self._col] = b
                if self._col >= self.cols[1]:
                    self._col = self.cols[0]
                    self._page = self.pages[0] if self._page >= self.pages[1] else self._page + 1
                else:
                    self._col += 1
            return
        i = 1
        while i < len(data):
            cmd = data[i]
            args = data[i + 1 : i + 1 + _ARGS.get(cmd, 0)]
            i += 1 + len(args)
            if cmd == 0x21 and len(args) == 2:
                self.cols = (args[0] & 0x7F, args[1] & 0x7F)
                self._col = self.cols[0]
            elif cmd == 0x22 and len(args) == 2:
                self.pages = (args[0] & 7, args[1] & 7)
                self._page = self.pages[0]

    def _rows(self, data):
        lo = self.pages[0] * WIDTH
        hi = (self.pages[1] + 1) * WIDTH
        at = self._page * WIDTH + self._col
        while len(data):
            k = min(len(data), hi - at)
            self.ram[at : at + k] = data[:k]
            data = data[k:]
            at = lo if at + k >= hi else at + k
        self._page, self._col = divmod(at, WIDTH)


class I2C:
    """A bus with an SSD1306 at ``oled_addr`` (its RAM: ``ram``)."""

    def __init__(self, oled_addr=0x3C):
        self.oled_addr = oled_addr
        self.display = Ssd1306Ram()
        self.ram = self.display.ram

    def try_lock(self):
        return True

    def unlock(self):
        pass

    def scan(self):
        return [self.oled_addr]

    def writeto(self, addr, data, *, start=0, end=1 << 30):
        if not isinstance(start, int) or not isinstance(end, int):
            raise TypeError("start and end are ints, as busio's")  # (never None)
        if addr != self.oled_addr:
            raise OSError(19, "no device at 0x%02X" % addr)
        self.display.write(bytes(data)[start:end])


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
        """One byte a pixel, row by row (the simulator's own OLED surface's layout).
        Each RAM byte is a column of 8 pixels in its page: a page's 128 bytes give its
        8 rows by a byte-wise table (``translate``), so the RAM is read once, not once a
        pixel, and a snapshot or a frame that reads ``bits`` costs no more than a copy."""
        ram = bytes(self.ram)
        out = bytearray()
        for page in range(HEIGHT // 8):
            cols = ram[page * WIDTH : (page + 1) * WIDTH]
            for table in _ROW_OF_BIT:
                out += cols.translate(table)
        return out


# _ROW_OF_BIT[k][b]: bit k of byte b (pixel row k of a page's column).
_ROW_OF_BIT = [bytes(b >> k & 1 for b in range(256)) for k in range(8)]


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
