"""The project's own 5x8 pixel font, and text drawing into any framebuf-like object.

Adafruit's framebuf needs ``font5x8.bin`` on the drive, which its PyPI wheel does not
ship, and the host simulator must show the very same letters as the OLED; so the glyphs
live here as bytes, drawn by this project (tests/core/test_view_font.py checks them).

A glyph is 5 column bytes, bit 0 at the top (the SSD1306 "vertical LSB" layout, so the
OLED driver can copy a column byte straight into its buffer). Rows 0-6 hold the letter,
row 7 the descenders of g j p q y and the underscore. Cells are 6 pixels wide: 21
characters x 8 lines on a 128 x 64 screen.
"""

WIDTH = 5
HEIGHT = 8
ADVANCE = 6
FIRST = 32  # space
LAST = 126  # tilde

# 95 glyphs x 5 bytes, ASCII 32..126 in order (the literals join into one bytes object,
# which costs the board no per-glyph objects).
_GLYPHS = (
    b"\x00\x00\x00\x00\x00"  # ' '
    b"\x00\x00\x5f\x00\x00"  # '!'
    b"\x00\x07\x00\x07\x00"  # '"'
    b"\x14\x7f\x14\x7f\x14"  # '#'
    b"\x24\x2a\x7f\x2a\x12"  # '$'
    b"\x23\x13\x08\x64\x62"  # '%'
    b"\x36\x49\x55\x22\x50"  # '&'
    b"\x00\x04\x03\x00\x00"  # "'"
    b"\x00\x1c\x22\x41\x00"  # '('
    b"\x00\x41\x22\x1c\x00"  # ')'
    b"\x14\x08\x3e\x08\x14"  # '*'
    b"\x08\x08\x3e\x08\x08"  # '+'
    b"\x00\xa0\x60\x00\x00"  # ','
    b"\x08\x08\x08\x08\x08"  # '-'
    b"\x00\x60\x60\x00\x00"  # '.'
    b"\x20\x10\x08\x04\x02"  # '/'
    b"\x3e\x51\x49\x45\x3e"  # '0'
    b"\x00\x42\x7f\x40\x00"  # '1'
    b"\x42\x61\x51\x49\x46"  # '2'
    b"\x41\x49\x49\x49\x36"  # '3'
    b"\x18\x14\x12\x7f\x10"  # '4'
    b"\x27\x45\x45\x45\x39"  # '5'
    b"\x3c\x4a\x49\x49\x30"  # '6'
    b"\x01\x71\x09\x05\x03"  # '7'
    b"\x36\x49\x49\x49\x36"  # '8'
    b"\x06\x49\x49\x29\x1e"  # '9'
    b"\x00\x36\x36\x00\x00"  # ':'
    b"\x00\x56\x36\x00\x00"  # ';'
    b"\x08\x14\x22\x41\x00"  # '<'
    b"\x14\x14\x14\x14\x14"  # '='
    b"\x00\x41\x22\x14\x08"  # '>'
    b"\x02\x01\x51\x09\x06"  # '?'
    b"\x3e\x41\x5d\x55\x5e"  # '@'
    b"\x7e\x09\x09\x09\x7e"  # 'A'
    b"\x7f\x49\x49\x49\x36"  # 'B'
    b"\x3e\x41\x41\x41\x22"  # 'C'
    b"\x7f\x41\x41\x22\x1c"  # 'D'
    b"\x7f\x49\x49\x49\x41"  # 'E'
    b"\x7f\x09\x09\x09\x01"  # 'F'
    b"\x3e\x41\x49\x49\x7a"  # 'G'
    b"\x7f\x08\x08\x08\x7f"  # 'H'
    b"\x00\x41\x7f\x41\x00"  # 'I'
    b"\x20\x40\x41\x3f\x01"  # 'J'
    b"\x7f\x08\x14\x22\x41"  # 'K'
    b"\x7f\x40\x40\x40\x40"  # 'L'
    b"\x7f\x02\x0c\x02\x7f"  # 'M'
    b"\x7f\x04\x08\x10\x7f"  # 'N'
    b"\x3e\x41\x41\x41\x3e"  # 'O'
    b"\x7f\x09\x09\x09\x06"  # 'P'
    b"\x3e\x41\x51\x21\x5e"  # 'Q'
    b"\x7f\x09\x19\x29\x46"  # 'R'
    b"\x46\x49\x49\x49\x31"  # 'S'
    b"\x01\x01\x7f\x01\x01"  # 'T'
    b"\x3f\x40\x40\x40\x3f"  # 'U'
    b"\x1f\x20\x40\x20\x1f"  # 'V'
    b"\x3f\x40\x38\x40\x3f"  # 'W'
    b"\x63\x14\x08\x14\x63"  # 'X'
    b"\x03\x04\x78\x04\x03"  # 'Y'
    b"\x61\x51\x49\x45\x43"  # 'Z'
    b"\x00\x7f\x41\x41\x00"  # '['
    b"\x02\x04\x08\x10\x20"  # '\\'
    b"\x00\x41\x41\x7f\x00"  # ']'
    b"\x04\x02\x01\x02\x04"  # '^'
    b"\x80\x80\x80\x80\x80"  # '_'
    b"\x00\x01\x02\x00\x00"  # '`'
    b"\x20\x54\x54\x54\x78"  # 'a'
    b"\x7f\x48\x44\x44\x38"  # 'b'
    b"\x38\x44\x44\x44\x20"  # 'c'
    b"\x38\x44\x44\x48\x7f"  # 'd'
    b"\x38\x54\x54\x54\x18"  # 'e'
    b"\x08\x7e\x09\x01\x02"  # 'f'
    b"\x18\xa4\xa4\xa4\x7c"  # 'g'
    b"\x7f\x08\x04\x04\x78"  # 'h'
    b"\x00\x44\x7d\x40\x00"  # 'i'
    b"\x40\x80\x84\x7d\x00"  # 'j'
    b"\x7f\x10\x28\x44\x00"  # 'k'
    b"\x00\x41\x7f\x40\x00"  # 'l'
    b"\x7c\x04\x18\x04\x78"  # 'm'
    b"\x7c\x08\x04\x04\x78"  # 'n'
    b"\x38\x44\x44\x44\x38"  # 'o'
    b"\xfc\x24\x24\x24\x18"  # 'p'
    b"\x18\x24\x24\x24\xfc"  # 'q'
    b"\x7c\x08\x04\x04\x08"  # 'r'
    b"\x48\x54\x54\x54\x24"  # 's'
    b"\x04\x3f\x44\x40\x20"  # 't'
    b"\x3c\x40\x40\x20\x7c"  # 'u'
    b"\x1c\x20\x40\x20\x1c"  # 'v'
    b"\x3c\x40\x30\x40\x3c"  # 'w'
    b"\x44\x28\x10\x28\x44"  # 'x'
    b"\x1c\xa0\xa0\xa0\x7c"  # 'y'
    b"\x44\x64\x54\x4c\x44"  # 'z'
    b"\x00\x08\x36\x41\x00"  # '{'
    b"\x00\x00\x7f\x00\x00"  # '|'
    b"\x00\x41\x36\x08\x00"  # '}'
    b"\x08\x04\x08\x10\x08"  # '~'
)


def _index(ch):
    o = ord(ch)
    if o < FIRST or o > LAST:
        o = 63  # '?'
    return (o - FIRST) * WIDTH


def glyph(ch):
    """The 5 column bytes of ``ch``; characters outside ASCII 32..126 draw as '?'."""
    i = _index(ch)
    return _GLYPHS[i : i + WIDTH]


def text(fb, s, x, y, color=1):
    """Draw ``s`` with its top-left corner at (x, y).

    ``fb`` needs ``pixel(x, y, color)``. A target that also has ``put_column(x, y, bits,
    color)`` (the OLED driver) gets whole columns instead, which is many times faster on
    a board; set pixels only, so callers clear the background first."""
    # Asked with hasattr and called as a method each time: getattr would make a bound
    # method object a line, and the OLED's frame after a slap should allocate nothing.
    columns = hasattr(fb, "put_column")
    for ch in s:
        i = _index(ch)
        for c in range(WIDTH):
            bits = _GLYPHS[i + c]
            if not bits:
                continue
            if columns:
                fb.put_column(x + c, y, bits, color)
                continue
            r = 0
            while bits:
                if bits & 1:
                    fb.pixel(x + c, y + r, color)
                bits >>= 1
                r += 1
        x += ADVANCE
    return x
