"""PNG pictures of the simulated device: the OLED scaled up and the ring.

The OLED picture is the 128 x 64 one-bit buffer the painter filled, each pixel a
``scale`` x ``scale`` square; the ring picture puts the 24 pixels on a circle, pixel 0
(facing P1) at the bottom and numbers running clockwise, each colour as it looks
(``look.led``), unlit pixels in dark grey.
"""

import math
import os

from topper_host.sim.png import Picture
from topper_host.sim.look import OLED_OFF, OLED_ON, led
from topper_view import font5x8
from topper_view import ring as ringview


def oled_picture(fb, scale=4, border=2):
    """``border`` is in OLED pixels: a dark margin like the glass around the panel.

    The buffer is read once (``fb.bits``, a byte a pixel) and each OLED row becomes one
    picture row, repeated ``scale`` times: no per-pixel call into the surface, which
    on the virtual board decodes the display's RAM."""
    w = (fb.width + 2 * border) * scale
    h = (fb.height + 2 * border) * scale
    pic = Picture(w, h, OLED_OFF)
    bits = fb.bits
    cell = (bytes(OLED_OFF) * scale, bytes(OLED_ON) * scale)
    margin = cell[0] * border
    for y in range(fb.height):
        lit = bits[y * fb.width : (y + 1) * fb.width]
        row = margin + b"".join([cell[1 if v else 0] for v in lit]) + margin
        for k in range(scale):
            pic.put_row((y + border) * scale + k, row)
    return pic


RADIUS = 0.30  # of the picture's size: room outside the ring for the seat names
DOT = 0.045


def ring_picture(colors, seats=0, size=256):
    pic = Picture(size, size, (12, 12, 14))
    n = len(colors)
    c = size / 2.0
    radius = size * RADIUS
    dot = size * DOT
    for i in range(n):
        a = math.pi / 2 + 2 * math.pi * i / n
        x = c + radius * math.cos(a)
        y = c + radius * math.sin(a)
        pic.disc(x, y, dot, led(colors[i]))
    # Seat names outside their pixels, in the project's own font at 2x.
    for s in range(seats):
        i = ringview.seat_pixel(s, seats, n)
        a = math.pi / 2 + 2 * math.pi * i / n
        x = c + (radius + dot + 20) * math.cos(a)
        y = c + (radius + dot + 20) * math.sin(a)
        text(pic, "P%d" % (s + 1), int(x) - 11, int(y) - 8, ringview.seat_color(s), 2)
    return pic


def text(pic, s, x, y, rgb, scale=1):
    """Draw ``s`` with font5x8 at (x, y), ``scale`` pixels per font pixel."""
    for ch in s:
        g = font5x8.glyph(ch)
        for col in range(font5x8.WIDTH):
            bits = g[col]
            for row in range(font5x8.HEIGHT):
                if bits >> row & 1:
                    pic.rect(x + col * scale, y + row * scale, scale, scale, rgb)
        x += font5x8.ADVANCE * scale


class Snapshots:
    """Writes numbered pairs ``oled-NNNN.png`` and ``ring-NNNN.png`` into a folder."""

    def __init__(self, folder, scale=4):
        self.folder = folder
        self.scale = scale
        self.count = 0
        os.makedirs(folder, exist_ok=True)

    def take(self, frame, label=""):
        """Both pictures of ``frame`` written; their paths."""
        return self.save(frame, self.reserve(label))

    def reserve(self, label=""):
        """The next pair's paths, numbered now: the UI numbers a snapshot when the key
        is pressed and writes it in a worker thread (``save``)."""
        self.count += 1
        stem = "%04d%s" % (self.count, "-" + label if label else "")
        return (
            os.path.join(self.folder, "oled-%s.png" % stem),
            os.path.join(self.folder, "ring-%s.png" % stem),
        )

    def save(self, frame, paths):
        oled, ring = paths
        oled_picture(frame.oled, self.scale).save(oled)
        ring_picture(frame.ring, frame.view["seats"]).save(ring)
        return oled, ring
