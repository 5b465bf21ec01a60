"""Fakes of ``adafruit_pixelbuf`` and of our C module ``slapgate``, for the host tests of
the gate's Python side (topper_hw.gate, topper_app.gatearm). The C module itself is
tested on the emulated board (tests/board/test_board_gate.py).

The fake Gate keeps the C module's contract (docs/slap-gate.md): armed seats' first
touches (first falling edges) are stamped in microseconds (a scripted press at ``t`` ms
falls at ``t * 1000`` us); same-instant first touches go to the ``picks``-th tied seat;
the winner counts once its contact has been held ``confirm_us``. Scripted presses are
clean contacts, so the bounce window (``bounce_us``) never comes into play here: chatter
and glitches are the emulated board's (tests/board/test_slap_first_touch.py). It is
worked out from the edges at each call, as the interrupt would have had it by the rig's
clock.
"""

_rig = None


def bind(rig):
    global _rig
    _rig = rig


class PixelBuf:
    """adafruit_pixelbuf.PixelBuf: colours in, bytes (dimmed, in ``byteorder``) to
    ``_transmit`` at ``show()``."""

    def __init__(self, size, *, byteorder="BGR", brightness=1.0, auto_write=False):
        self.n = size
        self.order = ["RGB".index(c) for c in byteorder]
        self.brightness = brightness
        self._px = [(0, 0, 0)] * size

    def __len__(self):
        return self.n

    def __setitem__(self, i, c):
        if isinstance(i, slice):
            at = range(*i.indices(self.n))
            if len(c) != len(at):
                raise ValueError("expected %d colours, got %d" % (len(at), len(c)))
            for k, v in zip(at, c):
                self[k] = v
            return
        if isinstance(c, int):
            c = ((c >> 16) & 255, (c >> 8) & 255, c & 255)
        self._px[i] = tuple(c)

    def show(self):
        out = bytearray()
        for c in self._px:
            for k in self.order:
                out.append(int(c[k] * self.brightness))
        self._transmit(out)


class Gate:
    def __init__(self, seats, out, *, frame_len=72, confirm_us=500, bounce_us=5000):
        if _rig.gates and _rig.gates[-1].live:
            raise RuntimeError("in use")
        self.pins = [p.name for p in seats]
        self.frame_len = frame_len
        self.confirm_us = confirm_us
        self.bounce_us = bounce_us
        self.frames = bytes(len(seats) * frame_len)
        self.mask = 0
        self.picks = bytes(len(seats) + 1)
        self.armed_us = 0
        self.edges = []  # (us, seat): every falling edge scripted
        self.done = 0  # winners' frames of races before this one
        self.shows = []  # (ms, bytes) each frame sent by show()
        self.live = True
        _rig.gates.append(self)

    def edge(self, pin, t_ms):
        if pin in self.pins:
            self.edges.append((t_ms * 1000, self.pins.index(pin)))

    def load(self, frames):
        if len(frames) != len(self.frames):
            raise ValueError("frames")
        self.frames = bytes(frames)

    def arm(self, mask, picks):
        if self.winner() >= 0:
            self.done += 1
        self.mask = mask
        self.picks = bytes(picks)
        self.armed_us = _rig.now * 1000

    def _stamps(self):
        now = _rig.now * 1000
        stamps = {}
        for t, s in sorted(self.edges):
            if self.mask >> s & 1 and self.armed_us <= t <= now and s not in stamps:
                stamps[s] = t
        return stamps

    def _race(self):
        """``(winner, origin_us, fired_us)``, winner -1 while none is confirmed."""
        stamps = self._stamps()
        if not stamps:
            return -1, -1, -1
        e0 = min(stamps.values())
        group = sorted(s for s in stamps if stamps[s] == e0)
        w = group[self.picks[len(group)]] if len(group) > 1 else group[0]
        fired = e0 + self.confirm_us
        if _rig.now * 1000 < fired:
            return -1, e0, -1
        return w, e0, fired

    def winner(self):
        return self._race()[0]

    def stamp(self, seat):
        e0 = self._race()[1]
        t = self._stamps().get(seat)
        return -1 if t is None else t - e0

    def elapsed(self):
        e0 = self._race()[1]
        return -1 if e0 < 0 else _rig.now * 1000 - e0

    def fires(self):
        return self.done + (1 if self.winner() >= 0 else 0)

    def show(self, buf):
        self.shows.append((_rig.now, bytes(buf)))
        return True

    def picture(self):
        """The bytes on the ring now: the winner's frame if it went out after the
        last show(), else that show's."""
        w, _, fired = self._race()
        last = self.shows[-1] if self.shows else (-1, b"")
        if w >= 0 and fired >= last[0] * 1000:
            return self.frames[w * self.frame_len : (w + 1) * self.frame_len]
        return last[1]

    def deinit(self):
        self.live = False


def modules():
    return {
        "adafruit_pixelbuf": _module("adafruit_pixelbuf", PixelBuf=PixelBuf),
        "slapgate": _module("slapgate", Gate=Gate),
    }


def _module(name, **attrs):
    import types

    m = types.ModuleType(name)
    for k, v in attrs.items():
        setattr(m, k, v)
    return m
