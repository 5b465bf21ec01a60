"""Byte stores for the power-cut journal (``topper.journal``, docs/power-cut.md).

``open_store(i2c, nvm)`` takes the best store the board has:

- an I2C FRAM (the reference part, Adafruit #1895) through ``adafruit_fram``: every
  journal write goes straight to the chip; FRAM writes bytes without erasing and does
  not wear out at table speed;
- else the end of ``microcontroller.nvm``, with the journal's writes held in RAM. On
  an RP2040 every assignment to nvm that changes a written byte erases and rewrites
  its whole 4 KB flash sector (good for about 100,000 cycles), so ``step(now,
  boundary)`` writes what is held in one assignment, at most once a second and at
  every pile boundary. A cut loses at most the events of that second.

Both stores offer what the journal needs (``len``, ``store[i]`` an int,
``store[a:b]`` bytes of length ``b - a``, ``store[a:b] = data``) and
``step(now, boundary=False)``, which returns True when it wrote to the chip.
"""

from topper.ticks import ticks_diff

NVM_START = 768  # nvm[0:768] is the deck map's (topper_hw.nvstore: 673 bytes for 133 tags)
FLUSH_MS = 1000


class NvmStore:
    """A region of nvm, with the journal's writes held back until ``step`` writes them
    in one assignment. Only the writes not yet on the chip are kept in RAM (a few
    records, or a snapshot), not a copy of the region; reads see them over the chip's
    bytes."""

    kind = "nvm"

    def __init__(self, nvm, start=NVM_START, every_ms=FLUSH_MS):
        self.nvm = nvm
        self.start = start
        self.size = len(nvm) - start
        self.every_ms = every_ms
        self._writes = []  # (offset, bytes) not on the chip yet, oldest first
        self._at = None  # when the last flush was
        self.flushes = 0

    def __len__(self):
        return self.size

    def __getitem__(self, i):
        base = self.start
        if isinstance(i, slice):
            a, b = i.start, i.stop
            data = bytearray(self.nvm[base + a : base + b])
            for off, w in self._writes:
                lo = max(a, off)
                hi = min(b, off + len(w))
                if lo < hi:
                    data[lo - a : hi - a] = w[lo - off : hi - off]
            return data
        v = self.nvm[base + i]
        for off, w in self._writes:
            if off <= i < off + len(w):
                v = w[i - off]
        return v

    def __setitem__(self, i, data):
        # The journal always writes explicit slices (store[a:b] = data).
        if isinstance(i, slice):
            self._writes.append((i.start, bytes(data)))
        else:
            self._writes.append((i, bytes((data,))))

    def dirty(self):
        return len(self._writes) > 0

    def step(self, now, boundary=False):
        """Write what changed when a pile ended, or when the last write is a second
        old (an isolated event is written at once; a burst waits out the second)."""
        if not self._writes:
            return False
        if not boundary and self._at is not None:
            d = ticks_diff(now, self._at)
            if 0 <= d < self.every_ms:
                return False
        lo = self.size
        hi = 0
        for off, w in self._writes:
            lo = min(lo, off)
            hi = max(hi, off + len(w))
        base = self.start
        span = self.nvm[base + lo : base + hi]
        if not isinstance(span, bytearray):
            # CircuitPython's nvm slice is a bytearray already: copied again, it left a
            # second span of garbage (up to 3 KB) at each flush of a saved game.
            span = bytearray(span)
        for off, w in self._writes:
            span[off - lo : off - lo + len(w)] = w
        # One assignment: one sector rewrite, whatever the span.
        self.nvm[base + lo : base + hi] = span
        self._writes = []
        self._at = now
        self.flushes += 1
        return True


class FramStore:
    kind = "fram"

    def __init__(self, fram):
        self.fram = fram
        # adafruit_fram reads a slice *including* its stop address (fram[0:9] is ten
        # bytes), so a slice cannot reach the chip's last byte: stay below it, and
        # trim every read to the length asked for (right if the driver changes too).
        self.size = (len(fram) - 1) & ~1

    def __len__(self):
        return self.size

    def __getitem__(self, i):
        if isinstance(i, slice):
            a, b = i.start, i.stop
            if b <= a:
                return bytearray()
            return bytearray(self.fram[a:b])[: b - a]
        return self.fram[i][0]  # the driver answers an index with a 1-byte bytearray

    def __setitem__(self, i, data):
        if isinstance(i, slice):
            self.fram[i.start : i.start + len(data)] = bytes(data)
        else:
            self.fram[i] = data

    def step(self, now, boundary=False):
        return False  # every write is already on the chip


def open_store(i2c, nvm):
    """The FRAM when one answers on ``i2c``, else the nvm store, else None."""
    if i2c is not None:
        try:
            import adafruit_fram

            return FramStore(adafruit_fram.FRAM_I2C(i2c))
        except Exception:  # noqa: BLE001
            # No driver in lib/ (ImportError), no chip (ValueError or OSError from the
            # bus probe), another part at 0x50 (OSError): the nvm will do.
            pass
    if nvm is not None and len(nvm) > NVM_START:
        return NvmStore(nvm)
    return None
