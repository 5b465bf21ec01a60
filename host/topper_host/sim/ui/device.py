"""The device in the terminal: its OLED and its ring of 24 NeoPixels.

The OLED shows the frame's 128 x 64 pixels as half blocks when the terminal has room
for 130 x 34 cells, else the same 8 lines of text the painter drew (line 0 inverted, as
the device's title bar). The ring puts each pixel on an ellipse in the colour it would
look (``look.led``), pixel 0 at the bottom, each seat's name outside its pixel.
"""

from rich.style import Style
from rich.text import Text
from textual.widget import Widget
from textual.widgets import Static

from topper_host.sim import look
from topper_host.sim.frame import HEIGHT, WIDTH
from topper_view import ring as ringview

_ON = Style(color=look.rgb(look.OLED_ON), bgcolor=look.rgb(look.OLED_OFF))
_INVERSE = Style(color=look.rgb(look.OLED_OFF), bgcolor=look.rgb(look.OLED_ON))

PIXEL_SIZE = (WIDTH + 2, HEIGHT // 2 + 2)  # with its frame
TEXT_SIZE = (23, 10)


class Oled(Static):
    DEFAULT_CSS = """
    Oled { border: solid rgb(90,90,90); border-title-color: rgb(140,140,140); padding: 0; }
    """

    def __init__(self, **kw):
        Static.__init__(self, **kw)
        self.pixels = True
        self._shown = None

    def show(self, frame, pixels):
        key = (tuple(frame.lines), pixels)
        if key == self._shown:
            return  # the picture depends on the lines only: no need to paint it again
        self._shown = key
        self.pixels = pixels
        w, h = PIXEL_SIZE if pixels else TEXT_SIZE
        self.styles.width = w
        self.styles.height = h
        self.border_title = "OLED 128x64" if pixels else "OLED"
        if pixels:
            self.update(Text("\n".join(look.oled_rows(frame.oled)), style=_ON, no_wrap=True))
        else:
            out = Text(no_wrap=True)
            for i, s in enumerate(frame.lines):
                out.append(s.ljust(21)[:21], _INVERSE if i == 0 else _ON)
                if i < len(frame.lines) - 1:
                    out.append("\n")
            self.update(out)


# Ring boxes inside their frame: width, height, the pixels' radii, the labels' radii and
# the width of a pixel, in cells.
RING_BIG = (42, 19, 14, 7, 19, 8.6, 2)
RING_SMALL = (30, 11, 10, 4.4, 13, 5.4, 1)
RING_TINY = (30, 9, 10, 3.4, 13, 4.4, 1)  # a terminal under 32 rows: two rows for the moves
RINGS = {"big": RING_BIG, "small": RING_SMALL, "tiny": RING_TINY}


def ring_grid(colors, seats, humans, size):
    """The ring as rows of ``(char, style)`` cells; ``size`` one of ``RINGS``."""
    w, h, rx, ry, lx, ly, dot = RINGS[size]
    grid = [[(" ", None) for _ in range(w)] for _ in range(h)]

    def put(r, c, s, style):
        for i, ch in enumerate(s):
            if 0 <= r < h and 0 <= c + i < w:
                grid[r][c + i] = (ch, style)

    cx = w // 2 - dot // 2
    cy = h // 2
    n = len(colors)
    for i, (r, c) in enumerate(look.ring_cells(n, cx, cy, rx, ry)):
        put(r, c, "\u2588" * dot, Style(color=look.rgb(look.led(colors[i]))))
    labels = look.ring_cells(n, cx, cy, lx, ly)
    for s in range(seats):
        r, c = labels[ringview.seat_pixel(s, seats, n)]
        put(r, c, "P%d" % (s + 1), Style(color=look.rgb(ringview.seat_color(s)), bold=s in humans))
    return grid


def grid_text(grid):
    out = Text(no_wrap=True)
    for y, row in enumerate(grid):
        for ch, style in row:
            out.append(ch, style)
        if y < len(grid) - 1:
            out.append("\n")
    return out


class Painted(Widget):
    """Content that changes often in a box that keeps its size (the ring, the clock,
    the hurry-up bar): a new picture is a repaint, not a layout pass."""

    def __init__(self, **kw):
        Widget.__init__(self, **kw)
        self.content = Text()

    def paint(self, content):
        if content != self.content:
            self.content = content
            self.refresh()

    def render(self):
        return self.content


class Ring(Painted):
    DEFAULT_CSS = """
    Ring { border: solid rgb(90,90,90); border-title-color: rgb(140,140,140); }
    """

    def __init__(self, **kw):
        Painted.__init__(self, **kw)
        self.border_title = "ring"
        self.size_name = None

    def show(self, colors, seats, humans, size):
        if size != self.size_name:
            self.size_name = size
            w, h = RINGS[size][:2]
            self.styles.width = w + 2
            self.styles.height = h + 2
        self.paint(grid_text(ring_grid(colors, seats, humans, size)))
