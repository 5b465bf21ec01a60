"""Terminal drawing: the device's OLED pixel for pixel, its ring in 24-bit colour, and
what only a table can see (the pile's top cards, every stack, the slap order).

Everything is laid out on a ``Canvas`` of cells and turned into ANSI rows at the end,
so the layout code deals in rows and columns, not escape codes, and a test can read the
canvas back. The OLED's 128 x 64 pixels take 128 columns x 32 rows: each cell shows two
pixels stacked, with the half blocks ``▀ ▄ █`` (a terminal cell is about twice as tall
as wide, so the pixels come out square).
"""

import math

from topper import cards

from topper_host.sim.frame import HEIGHT, WIDTH
from topper_view import ring as ringview

OLED_ON = (225, 235, 255)  # an SSD1306 "white" panel: a little blue
OLED_OFF = (8, 10, 18)
LED_OFF = (38, 38, 38)  # an unlit LED still shows where it sits
FRAME = (90, 90, 90)
DIM = (140, 140, 140)
TEXT = (220, 220, 220)
AMBER = (255, 160, 0)
RED = (255, 70, 60)

CARD_COLORS = (
    (170, 170, 170),  # black (the wild color)
    (235, 70, 60),  # red
    (240, 205, 40),  # yellow
    (60, 200, 90),  # green
    (80, 140, 255),  # blue
)
JOKER_COLOR = (230, 90, 230)

# The full layout needs the OLED box (130 columns) with the ring beside it.
BIG_COLS = 170
BIG_ROWS = 46
MIN_COLS = 80
MIN_ROWS = 24

# An LED at a low duty cycle looks far brighter to the eye than the same RGB value on a
# screen (the eye is close to logarithmic, the PWM is linear), so the ring's colours are
# shown through a 1/2.2 gamma: the values stay the device's, only their look is lifted.
_LIFT = [round(255 * (v / 255.0) ** (1 / 2.2)) for v in range(256)]


def led(rgb):
    """How an LED given ``rgb`` looks on screen (unlit: dark grey)."""
    if rgb[0] == 0 and rgb[1] == 0 and rgb[2] == 0:
        return LED_OFF
    return (_LIFT[rgb[0]], _LIFT[rgb[1]], _LIFT[rgb[2]])


# Ring boxes: width, height, the pixels' radii and the seat labels' radii, in cells.
RING_BIG = (44, 21, 14, 7, 19, 8.6, 2)
RING_SMALL = (32, 13, 10, 4.4, 13, 5.4, 1)

_HALF = (" ", "\u2580", "\u2584", "\u2588")  # index: top pixel + 2 * bottom pixel


class Canvas:
    def __init__(self, cols, rows):
        self.cols = cols
        self.rows = rows
        self.ch = [[" "] * cols for _ in range(rows)]
        self.attr = [[None] * cols for _ in range(rows)]

    def put(self, row, col, s, fg=None, bg=None, bold=False):
        """Write ``s`` from (row, col), clipped to the canvas; returns the column after."""
        if row < 0 or row >= self.rows:
            return col + len(s)
        a = (fg, bg, bold) if (fg or bg or bold) else None
        line = self.ch[row]
        attrs = self.attr[row]
        for i, c in enumerate(s):
            x = col + i
            if 0 <= x < self.cols:
                line[x] = c
                attrs[x] = a
        return col + len(s)

    def text(self):
        """The plain characters, one string a row (what ``capture-pane`` shows)."""
        return ["".join(r) for r in self.ch]

    def ansi(self):
        """One string a row with SGR colour codes, each row ending in a reset."""
        out = []
        for y in range(self.rows):
            parts = []
            cur = None
            for x in range(self.cols):
                a = self.attr[y][x]
                if a != cur:
                    parts.append(_sgr(a))
                    cur = a
                parts.append(self.ch[y][x])
            parts.append("\x1b[0m")
            out.append("".join(parts))
        return out


def _sgr(a):
    if a is None:
        return "\x1b[0m"
    fg, bg, bold = a
    codes = ["0"]
    if bold:
        codes.append("1")
    if fg:
        codes.append("38;2;%d;%d;%d" % fg)
    if bg:
        codes.append("48;2;%d;%d;%d" % bg)
    return "\x1b[" + ";".join(codes) + "m"


# ----- the device -----------------------------------------------------------------------


def oled_rows(fb):
    """The OLED as 32 strings of 128 half-block characters."""
    rows = []
    for y in range(0, HEIGHT, 2):
        top = y * WIDTH
        bottom = top + WIDTH
        bits = fb.bits
        rows.append("".join([_HALF[bits[top + x] + 2 * bits[bottom + x]] for x in range(WIDTH)]))
    return rows


def box(cv, row, col, w, h, title=""):
    """A frame of ``w`` x ``h`` cells, its inside from (row+1, col+1)."""
    cv.put(row, col, "\u250c" + "\u2500" * (w - 2) + "\u2510", FRAME)
    for r in range(row + 1, row + h - 1):
        cv.put(r, col, "\u2502", FRAME)
        cv.put(r, col + w - 1, "\u2502", FRAME)
    cv.put(row + h - 1, col, "\u2514" + "\u2500" * (w - 2) + "\u2518", FRAME)
    if title:
        cv.put(row, col + 2, " %s " % title, DIM)


def draw_oled_pixels(cv, row, col, fb):
    box(cv, row, col, WIDTH + 2, HEIGHT // 2 + 2, "OLED 128x64")
    for i, s in enumerate(oled_rows(fb)):
        cv.put(row + 1 + i, col + 1, s, OLED_ON, OLED_OFF)


def draw_oled_text(cv, row, col, lines):
    """The small-terminal stand-in: the same 8 lines as text (line 0 inverted)."""
    box(cv, row, col, 23, 10, "OLED")
    for i, s in enumerate(lines):
        s = s.ljust(21)
        if i == 0:
            cv.put(row + 1 + i, col + 1, s, OLED_OFF, OLED_ON)
        else:
            cv.put(row + 1 + i, col + 1, s, OLED_ON, OLED_OFF)


def ring_cells(n, cx, cy, rx, ry):
    """Cell positions of ring pixels 0..n-1: pixel 0 faces P1, who sits at the bottom
    (nearest the player at the keyboard), and numbers run clockwise as on the device."""
    out = []
    for i in range(n):
        a = math.pi / 2 + 2 * math.pi * i / n  # y grows downwards: this turns clockwise
        out.append((round(cy + ry * math.sin(a)), round(cx + rx * math.cos(a))))
    return out


def draw_ring(cv, row, col, colors, view, humans, big=True):
    """The ring in its own colours, each seat labelled outside its pixel."""
    n = len(colors)
    seats = view["seats"]
    if big:
        w, h, rx, ry, lx, ly, dot = RING_BIG
    else:
        w, h, rx, ry, lx, ly, dot = RING_SMALL
    box(cv, row, col, w, h, "ring")
    cx = col + w // 2 - dot // 2
    cy = row + h // 2
    cells = ring_cells(n, cx, cy, rx, ry)
    for i, (r, c) in enumerate(cells):
        cv.put(r, c, "\u2588" * dot, led(colors[i]))
    labels = ring_cells(n, cx, cy, lx, ly)
    for s in range(seats):
        r, c = labels[ringview.seat_pixel(s, seats, n)]
        name = "P%d" % (s + 1)
        cv.put(r, c, name, ringview.seat_color(s), bold=s in humans)


# ----- what the table sees ------------------------------------------------------------------


def card_color(code):
    if code == cards.JOKER:
        return JOKER_COLOR
    return CARD_COLORS[cards.color(code)]


def draw_pile(cv, row, col, width, view):
    pot = view["pot"]
    head = "Pile %2d face up" % len(pot)
    if view["facedown"]:
        head += " +%d face down" % view["facedown"]
    x = cv.put(row, col, head + ":", DIM)
    if not pot:
        cv.put(row, x + 1, "(empty)", DIM)
        return
    room = (width - (x - col) - 1) // 4
    shown = pot[-room:] if room > 0 else []
    x += 1
    if len(shown) < len(pot):
        x = cv.put(row, x, "\u2026 ", DIM)
    for i, code in enumerate(shown):
        top = i == len(shown) - 1
        name = cards.format_card(code)
        x = cv.put(row, x, name, card_color(code), bold=top)
        x = cv.put(row, x, "\u25c0" if top else " ", DIM if not top else TEXT)
        if top:
            x += 1


def seat_status(view, s):
    notes = []
    if s == view["turn"]:
        notes.append("lays")
    if s == view["controller"]:
        notes.append("control")
    # Once the game is over the referee reports every seat as unable to slap; that is
    # no lockout worth a word.
    if view["locked"][s] and view["phase"] != "over":
        notes.append("locked out")
    if view["penalty"][s]:
        notes.append("penalty card due")
    if view["stacks"][s] == 0 and view["winner"] != s:
        notes.append("out of cards")
    if view["winner"] == s:
        notes.append("WINNER")
    return ", ".join(notes)


def draw_seats(cv, row, col, view, humans):
    for s in range(view["seats"]):
        mark = "\u25b6" if s == view["turn"] else " "
        who = "you" if s in humans else "bot"
        c = ringview.seat_color(s)
        x = cv.put(row + s, col, mark, TEXT)
        x = cv.put(row + s, x + 1, "P%d" % (s + 1), c, bold=s in humans)
        x = cv.put(row + s, x + 1, "%-3s %2d cards" % (who, view["stacks"][s]), TEXT)
        status = seat_status(view, s)
        if status:
            cv.put(row + s, x + 2, status, RED if "locked" in status else AMBER)


LEGEND = (
    "Ring: pulsing = due to lay, bright = in control,",
    "red = slaps locked out, amber blink = penalty due,",
    "amber arc = hurry-up time left, white dots = chances,",
    "flash = a slap won (seat colour) or wrong (red).",
)


def slap_text(view):
    race = view["race"]
    if not race:
        return ""
    parts = []
    for i, (s, m) in enumerate(race["order"]):
        note = " locked" if s in race["locked"] else ""
        parts.append("%d. P%d +%d ms%s" % (i + 1, s + 1, (m + 500) // 1000, note))
    by = race["by"]
    if by < 0:
        result = "nobody may slap"
    elif race["ok"]:
        result = "P%d takes the pot (%s)" % (by + 1, race["rule"])
    elif race["paid"]:
        result = "P%d wrong, pays %d" % (by + 1, race["paid"])
    else:
        result = "P%d wrong, locked out" % (by + 1)
    return "Last slap: %s  \u2192 %s" % ("  ".join(parts), result)


def draw_hurry(cv, row, col, width, view):
    left = view["hurry_left"]
    limit = view["hurry_ms"]
    if limit <= 0:
        cv.put(row, col, "Hurry-up: off", DIM)
        return
    if left < 0 or view["turn"] < 0:
        cv.put(row, col, "Hurry-up: %.1f s a card" % (limit / 1000.0), DIM)
        return
    tenths = (left + 99) // 100
    label = "Hurry-up: P%d has %d.%d s " % (view["turn"] + 1, tenths // 10, tenths % 10)
    x = cv.put(row, col, label, TEXT)
    bar = max(10, min(30, width - len(label) - 1))
    full = (bar * left + limit - 1) // limit
    cv.put(row, x, "\u2588" * full, RED if left < 1000 else AMBER)
    cv.put(row, x + full, "\u2591" * (bar - full), FRAME)


# ----- the whole screen -----------------------------------------------------------------------


def draw(cv, frame, panel):
    """Lay out one screen. ``panel`` holds what the shell adds: title, humans, feed
    (recent narration), notice, sound, help, status."""
    view = frame.view
    humans = panel.get("humans", ())
    big = cv.cols >= BIG_COLS and cv.rows >= BIG_ROWS
    title = panel.get("title", "Topper Table")
    cv.put(0, 0, " " * cv.cols, None, (30, 30, 50))
    cv.put(0, 1, title, TEXT, (30, 30, 50), bold=True)
    right = panel.get("status", "")
    if right:
        cv.put(0, cv.cols - len(right) - 1, right, AMBER, (30, 30, 50), bold=True)
    if big:
        draw_oled_pixels(cv, 1, 0, frame.oled)
        side = WIDTH + 3
        draw_ring(cv, 1, side, frame.ring, view, humans, True)
        draw_seats(cv, 23, side + 1, view, humans)
        y = HEIGHT // 2 + 3
        top = min(24 + view["seats"], y - len(LEGEND))
        if top >= 23 + view["seats"]:
            for i, line in enumerate(LEGEND):
                cv.put(top + i, side + 1, line, DIM)
    else:
        draw_oled_text(cv, 1, 0, frame.lines)
        draw_ring(cv, 1, 24, frame.ring, view, humans, False)
        draw_seats(cv, 2, 57, view, humans)
        y = 14
    width = cv.cols - 2
    draw_pile(cv, y, 1, width, view)
    cv.put(y + 1, 1, slap_text(view)[:width], TEXT)
    draw_hurry(cv, y + 2, 1, width, view)
    sound = panel.get("sound")
    if sound:
        cv.put(y + 2, cv.cols - len(sound) - 4, "\u266a " + sound, AMBER)
    notice = panel.get("notice", "")
    feed = panel.get("feed", [])
    bottom = cv.rows - 2
    room = bottom - (y + 3)
    if notice:
        room -= 1
        cv.put(bottom - 1, 1, notice[:width], AMBER, bold=True)
    lines = feed[-room:] if room > 0 else []
    for i, s in enumerate(lines):
        cv.put(y + 3 + i, 1, s[:width], DIM if i < len(lines) - 1 else TEXT)
    cv.put(cv.rows - 1, 0, " " * cv.cols, None, (30, 30, 50))
    cv.put(cv.rows - 1, 1, panel.get("help", "")[: cv.cols - 2], TEXT, (30, 30, 50))
