"""Reads text back from an SSD1306 frame, with the firmware's own font.

A frame is 1024 bytes: 8 pages of 128 columns, bit 0 at the top. The screen painter
puts line ``r`` on page ``r`` with characters every 6 pixels from x = 1, the title
(line 0) dark on a lit bar. A cell that matches no glyph reads as '\\x7f'.
"""


def _table():
    from topper_view import font5x8

    t = {}
    for o in range(32, 127):
        t[bytes(font5x8.glyph(chr(o)))] = chr(o)
    return t


def text(frame):
    table = _table()
    lines = []
    for page in range(8):
        row = frame[page * 128 : (page + 1) * 128]
        chars = []
        for col in range(21):
            x = 1 + col * 6
            cell = bytes(row[x : x + 5])
            if page == 0:
                cell = bytes([(~b) & 0xFF for b in cell])
            chars.append(table.get(cell, "\x7f"))
        lines.append("".join(chars).rstrip())
    return lines


def lit(frame, x, y):
    return bool(frame[(y // 8) * 128 + x] >> (y % 8) & 1)
