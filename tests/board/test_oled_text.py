"""The OLED text reader (oled_text.py) on frames painted by the firmware's own painter:
what it reads is what was drawn, title bar included, and a foreign mark reads as "?"."""

import importlib.util
import pathlib

import oled_text
from topper_view import screen

_BOARD_PY = pathlib.Path(__file__).with_name("board.py")
_spec = importlib.util.spec_from_file_location("topper_board_frame", _BOARD_PY)
_board = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_board)


class _Canvas:
    """A 128x64 1-bit surface with what screen.paint needs."""

    def __init__(self):
        self.px = [[0] * 128 for _ in range(64)]

    def fill(self, c):
        for row in self.px:
            row[:] = [c] * 128

    def fill_rect(self, x, y, w, h, c):
        for yy in range(y, y + h):
            for xx in range(x, x + w):
                self.px[yy][xx] = c

    def pixel(self, x, y, c):
        if 0 <= x < 128 and 0 <= y < 64:
            self.px[y][x] = c

    def frame(self):
        raw = bytearray(1024)
        for y in range(64):
            for x in range(128):
                if self.px[y][x]:
                    raw[y * 16 + x // 8] |= 0x80 >> (x % 8)
        return _board.Frame({"width": 128, "height": 64, "frame": raw.hex()})


def test_the_reader_gives_back_every_line_painted():
    shown = ["TRIPP JOKES", "P2  0:05", "Hand 1/4  Trick 7/16", "score 3 -1 0 2",
             "!\"#$%&'()*+,-./0123456789:;<=>?@", "ABCDEFGHIJKLMNOPQRSTU", "vwxyz{|}~_^`[\\]", ""]
    canvas = _Canvas()
    screen.paint(canvas, shown)
    want = [s[:21] for s in shown]
    assert oled_text.lines(canvas.frame()) == want


def test_a_mark_that_is_no_glyph_reads_as_a_question_mark():
    canvas = _Canvas()
    screen.paint(canvas, ["TITLE", "abc"])
    canvas.pixel(1 + 6 + 2, 8 + 7, 1)  # a stray pixel under the b
    assert oled_text.lines(canvas.frame())[1] == "a?c"
