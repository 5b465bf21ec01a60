"""What the device would show now: the OLED's lines and pixels and the ring's colours.

The same calls the firmware's ``code.py`` makes in a game (``screen.game`` and
``ring.game`` on one view, with the effects noted from the rulings), and the same
painter and font into a 128 x 64 one-bit buffer, so that the terminal, the PNG
snapshots and the transcripts all show the device's picture and not a lookalike.
"""

from topper import cards

from topper_view import ring, screen

WIDTH = screen.WIDTH
HEIGHT = screen.HEIGHT


class Oled:
    """A framebuf-like 128 x 64 one-bit surface for ``screen.paint``."""

    def __init__(self, width=WIDTH, height=HEIGHT):
        self.width = width
        self.height = height
        self.bits = bytearray(width * height)

    def fill(self, c):
        v = 1 if c else 0
        for i in range(len(self.bits)):
            self.bits[i] = v

    def fill_rect(self, x, y, w, h, c):
        v = 1 if c else 0
        for yy in range(max(0, y), min(self.height, y + h)):
            row = yy * self.width
            for xx in range(max(0, x), min(self.width, x + w)):
                self.bits[row + xx] = v

    def pixel(self, x, y, c=None):
        if 0 <= x < self.width and 0 <= y < self.height:
            if c is None:
                return self.bits[y * self.width + x]
            self.bits[y * self.width + x] = 1 if c else 0
        return 0

    def lit(self, x, y):
        return self.bits[y * self.width + x] == 1


def oled_lines(view, now, fx):
    return screen.game(view, now, fx, cards.format_card)


def oled_pixels(lines):
    fb = Oled()
    screen.paint(fb, lines)
    return fb


def ring_colors(view, now, fx):
    return ring.game(view, now, fx)


class _Picture:
    """What every frame has: ``lines`` drawn into OLED pixels once, when first asked."""

    _oled = None

    @property
    def oled(self):
        if self._oled is None:
            self._oled = oled_pixels(self.lines)
        return self._oled


class Frame(_Picture):
    """One moment of the device: ``lines`` (8 strings), ``oled`` (pixels), ``ring``
    (24 colours), and the ``view`` they were drawn from."""

    def __init__(self, view, now, fx):
        self.view = view
        self.now = now
        self.fx = fx
        self.lines = oled_lines(view, now, fx)
        self.ring = ring_colors(view, now, fx)


class TurnFrame(_Picture):
    """A turn game's picture, like ``Frame``: ``lines``, ``oled`` (pixels), ``ring`` and
    ``view``, made by ``topper_view.turns`` from the referee's view (the calls the
    firmware makes). The monitor draws a board's turn game with it; the differential
    test of the emulated board draws the virtual board's referee with it."""

    def __init__(self, view, now):
        from topper_view import turns

        self.view = view
        self.now = now
        self.lines = turns.lines(view)
        self.ring = turns.frame(view, now)
