"""Turns a terminal capture with colours (``tmux capture-pane -e -p``) into a PNG.

Used for the README's screenshot of the simulator: every cell is drawn with the
project's own 5x8 font, and the block characters the simulator draws with (half
blocks for the OLED, full blocks for the ring, box lines) are drawn as the shapes they
are, so the picture needs no system font and comes out the same everywhere.

    python -m topper_host.sim.shot CAPTURE.ans OUT.png [--scale 2]
"""

import argparse
import re
import sys

from topper_host.sim.png import Picture
from topper_view import font5x8

CELL_W = 6
CELL_H = 12  # two half-block pixels of 6 x 6: the OLED's pixels come out square
FG = (220, 220, 220)
BG = (14, 14, 18)

_SGR = re.compile(r"\x1b\[([0-9;:]*)m")
_OTHER = re.compile(r"\x1b(\[[0-9;?]*[A-Za-ln-z]|\][^\x07]*\x07|[()][A-Za-z0-9])")

# Characters outside the font drawn as a close ASCII stand-in.
_STAND_IN = {
    "\u00b7": ".",
    "\u25b6": ">",
    "\u25c0": "<",
    "\u2192": ">",
    "\u2026": "~",
    "\u266a": "*",
}
_BASIC = (
    (0, 0, 0),
    (205, 49, 49),
    (13, 188, 121),
    (229, 229, 16),
    (36, 114, 200),
    (188, 63, 188),
    (17, 168, 205),
    (229, 229, 229),
)


def _xterm(n):
    if n < 8:
        return _BASIC[n]
    if n < 16:
        return tuple(min(255, c + 60) for c in _BASIC[n - 8])
    if n < 232:
        n -= 16
        steps = (0, 95, 135, 175, 215, 255)
        return (steps[n // 36], steps[(n // 6) % 6], steps[n % 6])
    v = 8 + 10 * (n - 232)
    return (v, v, v)


def _apply(params, state):
    codes = [int(p) if p else 0 for p in re.split("[;:]", params)] if params else [0]
    i = 0
    while i < len(codes):
        c = codes[i]
        if c == 0:
            state.update(fg=None, bg=None, bold=False)
        elif c == 1:
            state["bold"] = True
        elif c == 22:
            state["bold"] = False
        elif c in (38, 48) and i + 1 < len(codes):
            key = "fg" if c == 38 else "bg"
            if codes[i + 1] == 2 and i + 4 < len(codes):
                state[key] = tuple(codes[i + 2 : i + 5])
                i += 4
            elif codes[i + 1] == 5 and i + 2 < len(codes):
                state[key] = _xterm(codes[i + 2])
                i += 2
        elif c == 39:
            state["fg"] = None
        elif c == 49:
            state["bg"] = None
        elif 30 <= c <= 37:
            state["fg"] = _BASIC[c - 30]
        elif 40 <= c <= 47:
            state["bg"] = _BASIC[c - 40]
        elif 90 <= c <= 97:
            state["fg"] = _xterm(c - 82)
        i += 1


def parse(text):
    """Rows of cells ``(char, fg, bg)`` from ANSI text (colours carry across lines, as
    in a terminal)."""
    state = {"fg": None, "bg": None, "bold": False}
    rows = []
    for line in text.split("\n"):
        cells = []
        pos = 0
        line = _OTHER.sub("", line)
        for m in _SGR.finditer(line):
            for ch in line[pos : m.start()]:
                cells.append((ch, state["fg"], state["bg"]))
            _apply(m.group(1), state)
            pos = m.end()
        for ch in line[pos:]:
            cells.append((ch, state["fg"], state["bg"]))
        rows.append(cells)
    while rows and not rows[-1]:
        rows.pop()
    return rows


def _cell(pic, x, y, ch, fg, bg, s):
    w = CELL_W * s
    h = CELL_H * s
    pic.rect(x, y, w, h, bg)
    half = h // 2
    if ch == " ":
        return
    if ch == "\u2588":
        pic.rect(x, y, w, h, fg)
    elif ch == "\u2580":
        pic.rect(x, y, w, half, fg)
    elif ch == "\u2584":
        pic.rect(x, y + half, w, h - half, fg)
    elif "\u2581" <= ch <= "\u2587":
        # Lower eighth blocks (Textual's scroll bars): the lowest n/8 of the cell.
        n = ord(ch) - 0x2580
        top = h - h * n // 8
        pic.rect(x, y + top, w, h - top, fg)
    elif ch == "\u2591":
        for yy in range(0, h, 2 * s):
            for xx in range(0, w, 2 * s):
                pic.rect(x + xx + (yy // (2 * s)) % 2 * s, y + yy, s, s, fg)
    elif ch in "\u2500\u2502\u250c\u2510\u2514\u2518":
        mx = x + (w // 2 // s) * s
        my = y + (h // 2 // s) * s
        left = ch in "\u2500\u2510\u2518"
        right = ch in "\u2500\u250c\u2514"
        up = ch in "\u2502\u2514\u2518"
        down = ch in "\u2502\u250c\u2510"
        if left:
            pic.rect(x, my, mx - x + s, s, fg)
        if right:
            pic.rect(mx, my, x + w - mx, s, fg)
        if up:
            pic.rect(mx, y, s, my - y + s, fg)
        if down:
            pic.rect(mx, my, s, y + h - my, fg)
    else:
        g = font5x8.glyph(_STAND_IN.get(ch, ch))
        top = y + 2 * s
        for col in range(font5x8.WIDTH):
            bits = g[col]
            for r in range(font5x8.HEIGHT):
                if bits >> r & 1:
                    pic.rect(x + col * s, top + r * s, s, s, fg)


def render(rows, scale=1, cols=None):
    cols = cols or max([len(r) for r in rows] or [1])
    pic = Picture(cols * CELL_W * scale, len(rows) * CELL_H * scale, BG)
    for y, row in enumerate(rows):
        for x, (ch, fg, bg) in enumerate(row[:cols]):
            _cell(pic, x * CELL_W * scale, y * CELL_H * scale, ch, fg or FG, bg or BG, scale)
    return pic


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m topper_host.sim.shot", description=__doc__.split("\n")[0])
    p.add_argument("capture", help="ANSI text, e.g. from tmux capture-pane -e -p")
    p.add_argument("png")
    p.add_argument("--scale", type=int, default=2)
    a = p.parse_args(argv)
    with open(a.capture, encoding="utf-8", errors="replace") as f:
        rows = parse(f.read())
    render(rows, a.scale).save(a.png)
    return 0


if __name__ == "__main__":
    sys.exit(main())
