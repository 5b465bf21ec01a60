"""The SSD1306 OLED: paints ``topper_view.screen`` lines and sends them when changed.

``Oled`` is the drawing target for ``topper_view.screen.paint``: it offers the
framebuf calls the painter needs plus ``put_column``, which copies a glyph's column
byte straight into the display buffer when the text sits on a page boundary (every
line of a screen does). On a board that is far faster than ``adafruit_framebuf``'s
pixel-by-pixel path; the picture is the same (tests/core/test_view_screen.py).
"""

from topper_view import screen

W = 128
H = 64


def open_ssd1306(i2c, addr, flip):
    import adafruit_ssd1306

    ssd = adafruit_ssd1306.SSD1306_I2C(W, H, i2c, addr=addr)
    if flip:
        ssd.rotate(True)
    return ssd


class Oled:
    def __init__(self, ssd):
        self.ssd = ssd
        # SSD1306_I2C keeps one control byte (0x40) before the pixels in ``buffer``.
        self.buf = ssd.buffer
        self.base = len(self.buf) - W * H // 8
        self._blank = bytes(W)
        self._bar = b"\xff" * W
        self._last = None
        self.shows = 0

    # ----- framebuf-like surface ------------------------------------------------------

    def fill(self, c):
        row = self._bar if c else self._blank
        for page in range(H // 8):
            i = self.base + page * W
            self.buf[i : i + W] = row

    def fill_rect(self, x, y, w, h, c):
        if x == 0 and w == W and y % 8 == 0 and h == 8:
            i = self.base + (y // 8) * W
            self.buf[i : i + W] = self._bar if c else self._blank
            return
        self.ssd.fill_rect(x, y, w, h, c)

    def pixel(self, x, y, c):
        self.ssd.pixel(x, y, c)

    def put_column(self, x, y, bits, c):
        if y % 8 or x < 0 or x >= W or y < 0 or y >= H:
            for r in range(8):
                if bits >> r & 1:
                    self.ssd.pixel(x, y + r, c)
            return
        i = self.base + (y // 8) * W + x
        if c:
            self.buf[i] |= bits
        else:
            self.buf[i] &= ~bits & 0xFF

    # ----- screens ---------------------------------------------------------------------

    def draw(self, lines):
        """Paint and send ``lines`` unless they are already on the screen."""
        if lines == self._last:
            return False
        screen.paint(self, lines)
        self.ssd.show()
        self._last = lines
        self.shows += 1
        return True
