"""Reads the text back out of an emulated OLED frame, so that a board test can assert
what a player reads on the screen (``"P2 on turn"``) instead of comparing pixels.

The firmware paints 8 lines of 21 cells with the project's own 5x8 font
(``topper_view.font5x8``): cell (row, col) starts at x = 1 + 6 * col, y = 8 * row, and
the title line (row 0) is dark text on a lit bar. Each cell's five columns are looked up
in that font; a cell that matches no glyph reads as ``?`` (a drawing error shows up in
the assertion's text instead of passing unseen).
"""

from topper_view import font5x8

ROWS = 8
COLS = 21


def _glyph_table():
    table = {}
    for code in range(font5x8.FIRST, font5x8.LAST + 1):
        table[bytes(font5x8.glyph(chr(code)))] = chr(code)
    return table


_TABLE = _glyph_table()


def cell(frame, row, col):
    """The character drawn at (row, col) of ``frame`` (a board.Frame), or "?"."""
    x0, y0 = 1 + font5x8.ADVANCE * col, font5x8.HEIGHT * row
    lit = 0 if row == 0 else 1  # the title is drawn dark on a lit bar
    columns = bytearray()
    for dx in range(font5x8.WIDTH):
        bits = 0
        for dy in range(font5x8.HEIGHT):
            if frame.rows[y0 + dy][x0 + dx] == lit:
                bits |= 1 << dy
        columns.append(bits)
    return _TABLE.get(bytes(columns), "?")


def lines(frame):
    """The 8 lines of text on the screen, trailing blanks dropped."""
    return ["".join(cell(frame, r, c) for c in range(COLS)).rstrip() for r in range(ROWS)]
