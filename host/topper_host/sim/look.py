"""How the device and the table look on a screen: colours, the OLED's pixels as half
blocks, where the ring's pixels sit. Pure functions of the picture, shared by the
terminal UI (``sim.ui``), the PNG snapshots and the screenshot renderer; nothing here
knows about a terminal.

The OLED's 128 x 64 pixels take 128 columns x 32 rows: each cell shows two pixels
stacked, with the half blocks ``▀ ▄ █`` (a terminal cell is about twice as tall as
wide, so the pixels come out square).
"""

import math

from topper import cards

from topper_host.sim.frame import HEIGHT, WIDTH

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

# An LED at a low duty cycle looks far brighter to the eye than the same RGB value on a
# screen (the eye is close to logarithmic, the PWM is linear), so the ring's colours are
# shown through a 1/2.2 gamma: the values stay the device's, only their look is lifted.
_LIFT = [round(255 * (v / 255.0) ** (1 / 2.2)) for v in range(256)]

_HALF = (" ", "\u2580", "\u2584", "\u2588")  # index: top pixel + 2 * bottom pixel


def rgb(c):
    """A colour as a Rich style word."""
    return "rgb(%d,%d,%d)" % c


def led(color):
    """How an LED given ``color`` looks on screen (unlit: dark grey)."""
    if color[0] == 0 and color[1] == 0 and color[2] == 0:
        return LED_OFF
    return (_LIFT[color[0]], _LIFT[color[1]], _LIFT[color[2]])


def card_color(code):
    if code == cards.JOKER:
        return JOKER_COLOR
    return CARD_COLORS[cards.color(code)]


def oled_rows(fb):
    """The OLED as 32 strings of 128 half-block characters."""
    rows = []
    bits = fb.bits
    for y in range(0, HEIGHT, 2):
        top = y * WIDTH
        bottom = top + WIDTH
        rows.append("".join([_HALF[bits[top + x] + 2 * bits[bottom + x]] for x in range(WIDTH)]))
    return rows


def ring_cells(n, cx, cy, rx, ry):
    """Cell positions ``(row, col)`` of ring pixels 0..n-1: pixel 0 faces P1, who sits at
    the bottom (nearest the player at the keyboard), and numbers run clockwise as on the
    device."""
    out = []
    for i in range(n):
        a = math.pi / 2 + 2 * math.pi * i / n  # y grows downwards: this turns clockwise
        out.append((round(cy + ry * math.sin(a)), round(cx + rx * math.cos(a))))
    return out
