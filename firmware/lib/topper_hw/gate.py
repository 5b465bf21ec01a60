"""The slap gate (docs/slap-gate.md): our C module ``slapgate`` latches the first seat
edge of a race in an interrupt and sends that seat's ring frame at once, whatever the
Python loop is doing. This module is its Python side:

- ``GateStrip``: the ring's pixels, sent through the gate's own state machine, so that
  one writer drives the ring's pin (a ``neopixel_write`` would cut the gate's frame);
- ``SeatGate``: before a race, each seat's first frame (packed as the ring wants it),
  the seats that may open a race and the referee's tie picks; during it, each press's
  stamp taken from the gate's microsecond stamps, so the referee ranks what the gate
  latched and the two agree on the winner, ties included.

``adafruit_pixelbuf`` (in CircuitPython's core on the RP2040) packs and dims the frames
in C; only where the bytes go is ours.
"""

import adafruit_pixelbuf

from topper.ticks import ticks_add

# A frame longer than this the C module does not hold (MAX_FRAME in slapgate.c).
MAX_PIXELS = 64


def open_gate(board, seat_pins, pixel_pin, n, brightness_pct, confirm_us, bounce_us):
    """``(SeatGate, GateStrip)``; the image must have the gate (``import slapgate``). A
    press is a contact held ``confirm_us`` without a break, begun within ``bounce_us``
    of the seat's first touch, and is ranked by that first touch."""
    import slapgate

    if n > MAX_PIXELS:
        raise ValueError("a ring of %d pixels: the slap gate holds %d" % (n, MAX_PIXELS))
    pins = tuple(getattr(board, p) for p in seat_pins)
    gate = slapgate.Gate(
        pins, getattr(board, pixel_pin), frame_len=3 * n, confirm_us=confirm_us, bounce_us=bounce_us
    )
    brightness = brightness_pct / 100
    return SeatGate(gate, len(pins), n, brightness), GateStrip(gate, n, brightness)


class GateStrip(adafruit_pixelbuf.PixelBuf):
    """The ring's strip (``neopixel.NeoPixel``'s interface), written through the gate."""

    def __init__(self, gate, n, brightness):
        super().__init__(n, byteorder="GRB", brightness=brightness, auto_write=False)
        self.gate = gate
        self.sent = True  # the last show() went out (the gate refuses while a winner's does)
        self._fires = gate.fires()

    def _transmit(self, buf):
        self.sent = self.gate.show(buf)

    def overwritten(self):
        """Has the gate sent a winner's frame since the last call? (The ring then no
        longer shows what Python last sent.)"""
        fires = self.gate.fires()
        if fires == self._fires:
            return False
        self._fires = fires
        return True


class _Packer(adafruit_pixelbuf.PixelBuf):
    """Packs a frame as the strip would send it, into ``out`` at ``at``."""

    def __init__(self, n, brightness, out):
        super().__init__(n, byteorder="GRB", brightness=brightness, auto_write=False)
        self.out = out
        self.at = 0

    def _transmit(self, buf):
        self.out[self.at : self.at + len(buf)] = buf


class SeatGate:
    def __init__(self, gate, seats, n, brightness):
        self.gate = gate
        self.seats = seats  # seat pins
        self.n = n
        self.frames = bytearray(seats * 3 * n)
        self._packer = _Packer(n, brightness, self.frames)
        self._all = slice(0, n)
        self._picks = [0] * (seats + 1)
        self.picks = bytearray(seats + 1)
        self.mask = 0
        self.armed = False  # armed for a race (a mask of seats); False: listening to none
        self.armed_at = None  # the App's ruling count when armed
        self.fired_at = None  # when the loop first saw the winner's frame
        # the race's anchor: the first press the referee was given, its ms stamp and
        # the gate's stamp of it (every other press is placed from there)
        self._anchored = False
        self._t_a = 0
        self._e_a = 0
        self.t = 0  # restamp()'s answer (two ints, no tuple: the slap path allocates nothing)
        self.us = 0

    def frame(self, seat, strip_frame):
        """Pack ``seat``'s first frame (pixels in strip order, as ``Ring.strip_order``
        gives them) into the frames ``arm`` loads."""
        p = self._packer
        p.at = seat * 3 * self.n
        p[self._all] = strip_frame
        p.show()

    def arm(self, mask, ref):
        """Open the next race to the seats in ``mask``, with the frames packed and the
        referee ``ref``'s tie picks."""
        picks = self._picks
        if ref is not None:
            ref.tie_picks(picks)
        for k in range(len(picks)):
            self.picks[k] = picks[k]
        self.gate.load(self.frames)
        self.gate.arm(mask, self.picks)
        self.mask = mask
        self.armed = mask != 0
        self.fired_at = None
        self._anchored = False

    def disarm(self):
        if self.armed or self.mask:
            self.gate.arm(0, self.picks)
        self.mask = 0
        self.armed = False
        self._anchored = False

    def winner(self):
        return self.gate.winner() if self.armed else -1

    def restamp(self, seat, t, us):
        """A press of ``seat`` stamped ``(t, us)`` by the buttons, as the referee is to
        rank it: placed from the gate's stamp of its edge where it has one (the same
        microseconds the gate ranked), else as the buttons stamped it. The answer is
        in ``self.t`` and ``self.us``."""
        e = self.gate.stamp(seat) if self.armed else -1
        if e < 0:
            self.t = t
            self.us = us
            return
        if not self._anchored:
            self._anchored = True
            self._t_a = t
            self._e_a = e
        d = e - self._e_a
        self.t = ticks_add(self._t_a, d // 1000)
        self.us = d % 1000
