"""The 128x64 SSD1306 OLED on I2C: a surface to paint on, sent when it changes.

The driver knows pixels, not screens: the app hands it the painter of its screens
(``topper_view.screen.paint``), which draws the lines it is asked for with the
surface's ``fill_rect`` and ``put_column``.

A small driver of our own instead of ``adafruit_ssd1306``: that library pulls in
``adafruit_framebuf`` and ``adafruit_bus_device``, about 20 KB of heap on a board that
has 120-150 KB for everything (bench/bench_firmware_heap.py), and the painter never
needs a general framebuffer: every line of text sits on a display page, so a glyph
column is one byte copied into the buffer (``put_column``).

Protocol (SSD1306 datasheet): a write that starts with control byte 0x00 carries
commands, one that starts with 0x40 carries display data. The panel is set to
horizontal addressing, so a frame is one write of 0x40 and 1024 bytes: 8 pages of 128
columns, bit 0 at the top of each page.

Each line of text is one page, so a new screen sends only the pages of the lines that
changed (a page address window, command 0x22, then their bytes, for each run of them):
a whole frame is about 23 ms of I2C at 400 kHz and, with its painting, blocks the
loop (and a slap waiting to be seen) for about 42 ms on the Pico; the hurry-up
countdown's one line is an eighth of that.
"""

W = 128
H = 64
PAGES = H // 8

# Power-up sequence for a 128x64 panel with the internal charge pump: (command, args...).
_INIT = (
    (0xAE,),  # display off while configuring
    (0xD5, 0x80),  # clock divide ratio / oscillator frequency: the reset value
    (0xA8, H - 1),  # multiplex ratio: 64 rows
    (0xD3, 0x00),  # no vertical offset
    (0x40,),  # start line 0
    (0x8D, 0x14),  # charge pump on (no external VCC)
    (0x20, 0x00),  # horizontal addressing: a frame is one data write
    (0xDA, 0x12),  # COM pins: alternative configuration, as 128x64 modules are wired
    (0x81, 0xCF),  # contrast
    (0xD9, 0xF1),  # pre-charge periods for the internal charge pump
    (0xDB, 0x40),  # VCOMH deselect level
    (0xA4,),  # show the RAM contents
    (0xA6,),  # not inverted
)
_UPRIGHT = (0xA1, 0xC8)  # column 127 at SEG0, scan COM63..COM0
_FLIPPED = (0xA0, 0xC0)  # the module mounted the other way up
# The address window: every column, pages [5] to [6] (set before each write).
_WINDOW = (0x00, 0x21, 0, W - 1, 0x22, 0, PAGES - 1)
ALL_PAGES = (1 << PAGES) - 1


class OledError(OSError):
    """No display answers at the address."""


class Oled:
    def __init__(self, i2c, paint, addr=0x3C, flip=False):
        self.i2c = i2c
        self._paint = paint  # paint(surface, lines, rows): the view's, handed in by the app
        self.addr = addr
        # The data control byte and the pixels in one buffer, sent in one write; pixel
        # (x, page) is frame[1 + page * W + x].
        self.frame = bytearray(1 + W * PAGES)
        self.frame[0] = 0x40
        self._window = bytearray(_WINDOW)
        self._blank = bytes(W)
        self._bar = b"\xff" * W
        self._last = None
        self.shows = 0
        try:
            cmds = ()  # type: tuple[int, ...]
            for c in _INIT:
                cmds += c
            self.command(cmds + (_FLIPPED if flip else _UPRIGHT))
        except OSError as e:
            raise OledError("no display at 0x%02X (%s)" % (addr, e))
        self.fill(0)
        self.show()
        self.command((0xAF,))  # display on, now that the RAM is clear

    # ----- bus ---------------------------------------------------------------------

    def _write(self, data, start=0, end=None):
        if end is None:
            end = len(data)  # busio takes an int here, never None
        i2c = self.i2c
        while not i2c.try_lock():
            pass
        try:
            i2c.writeto(self.addr, data, start=start, end=end)
        finally:
            i2c.unlock()

    def command(self, cmds):
        self._write(bytes((0x00,) + tuple(cmds)))

    def show(self, pages=ALL_PAGES):
        """Send the pages whose bit is set in ``pages``: each run of neighbours in one
        window and one data write (an unchanged page between two runs would cost
        more of the bus than a second window)."""
        first = 0
        while first < PAGES:
            if not pages >> first & 1:
                first += 1
                continue
            last = first
            while last + 1 < PAGES and pages >> (last + 1) & 1:
                last += 1
            self._send(first, last)
            first = last + 1

    def _send(self, first, last):
        win = self._window
        win[5] = first
        win[6] = last
        self._write(win)
        # The data's control byte goes just before the first page's bytes: the frame's
        # own byte 0 for page 0, else the last byte of the page above, lent for the
        # write (a slice would copy the pages).
        frame = self.frame
        at = first * W
        kept = frame[at]
        frame[at] = 0x40
        try:
            self._write(frame, at, 1 + (last + 1) * W)
        finally:
            frame[at] = kept

    def contrast(self, level):
        self.command((0x81, level & 0xFF))

    # ----- framebuf-like surface for the painter ---------------------------------------

    def fill(self, c):
        row = self._bar if c else self._blank
        for page in range(PAGES):
            i = 1 + page * W
            self.frame[i : i + W] = row

    def pixel(self, x, y, c):
        if 0 <= x < W and 0 <= y < H:
            i = 1 + (y >> 3) * W + x
            if c:
                self.frame[i] |= 1 << (y & 7)
            else:
                self.frame[i] &= ~(1 << (y & 7)) & 0xFF

    def fill_rect(self, x, y, w, h, c):
        if x == 0 and w == W and y % 8 == 0 and h == 8:
            i = 1 + (y >> 3) * W
            self.frame[i : i + W] = self._bar if c else self._blank
            return
        for yy in range(y, y + h):
            for xx in range(x, x + w):
                self.pixel(xx, yy, c)

    def put_column(self, x, y, bits, c):
        if y % 8 or x < 0 or x >= W or y < 0 or y >= H:
            for r in range(8):
                if bits >> r & 1:
                    self.pixel(x, y + r, c)
            return
        i = 1 + (y >> 3) * W + x
        if c:
            self.frame[i] |= bits
        else:
            self.frame[i] &= ~bits & 0xFF

    # ----- screens ---------------------------------------------------------------------

    def draw(self, lines):
        """Paint and send the lines of ``lines`` not already on the screen."""
        last = self._last
        if last is None or len(last) != len(lines):
            pages = ALL_PAGES
        else:
            pages = 0
            for i in range(len(lines)):
                if lines[i] != last[i]:
                    pages |= 1 << i
            pages &= ALL_PAGES  # (a screen is LINES lines, one a page)
            if not pages:
                return False
        try:
            self._paint(self, lines, pages)
            self.show(pages)
        except OSError:
            self._last = None  # the panel may hold part of a frame: all of it next time
            raise
        # A copy, kept in one list: the app may hand the same list again, rewritten
        # (a slap's screen, topper_view.screen.game's ``out``).
        if last is None or len(last) != len(lines):
            self._last = list(lines)
        else:
            for i in range(len(lines)):
                last[i] = lines[i]
        self.shows += 1
        return True
