"""Byte stores for the power-cut journal (``topper.journal``, docs/power-cut.md).

``open_store(i2c, nvm)`` takes the best store the board has:

- an I2C FRAM (the reference part, Adafruit #1895) through ``adafruit_fram``: every
  journal write goes straight to the chip; FRAM writes bytes without erasing and does
  not wear out at table speed;
- else the end of ``microcontroller.nvm``, with the journal's writes held in RAM. On
  an RP2040 every assignment to nvm that changes a written byte erases and rewrites
  its whole 4 KB flash sector (good for about 100,000 cycles), so ``step(now,
  boundary)`` writes what is held in one assignment, at most once a second and at
  every pile boundary (and a write far from what is held sends that first: ``write``).
  A cut loses at most the events of that second.

Both stores offer what the journal needs (``len``, ``store[i]`` an int,
``store[a:b]`` bytes of length ``b - a``, ``store[a:b] = data``, and ``write(at,
data)``, the same write without a slice object: a slice given to a Python object's
``__setitem__`` is made on the heap, where a bytearray's is not) and
``step(now, boundary=False)``, which returns True when it wrote to the chip.
"""

from topper.ticks import ticks_diff

NVM_START = 768  # nvm[0:768] is the deck map's (topper_hw.nvstore: 673 bytes for 133 tags)
FLUSH_MS = 1000
HOLD = 512  # bytes the nvm store holds without allocating: a busy second's records (12 each)
SPARE = 64  # room a grown window keeps after a snapshot's body: its CRC, a few records
# How far from the held span a write may land and still join it; the chip's bytes
# between the two are read into the window one by one (a slice read allocates).
FILL_BY_BYTE = 32


class NvmStore:
    """A region of nvm, with the journal's writes held back until ``step`` writes them
    in one assignment. Only the span of bytes not on the chip yet is kept in RAM (a few
    records, or a snapshot), not a copy of the region; reads see it over the chip's
    bytes.

    The span is one window ``[lo, hi)`` of the region held in a buffer made once
    (``HOLD`` bytes, a busy second's records): a record written into it allocates
    nothing, which puts the journal's press and tick records on the slap path at 0 bytes
    (docs/board-heap.md). A write next to the window widens it; the bytes between a
    write and the window are read from the chip, so that the window always holds what
    the chip will hold. A window wider than the buffer (a snapshot) gets a buffer of its
    own until the next flush."""

    kind = "nvm"

    def __init__(self, nvm, start=NVM_START, every_ms=FLUSH_MS):
        self.nvm = nvm
        self.start = start
        self.size = len(nvm) - start
        self.every_ms = every_ms
        self._hold = bytearray(HOLD)
        self._buf = self._hold  # the window's bytes: _buf[0 : _hi - _lo]
        self._lo = 0
        self._hi = 0  # nothing held while _lo == _hi
        self._at = None  # when the last flush was
        self.flushes = 0

    def __len__(self):
        return self.size

    def __getitem__(self, i):
        base = self.start
        lo = self._lo
        hi = self._hi
        if isinstance(i, slice):
            a, b = i.start, i.stop
            data = self.nvm[base + a : base + b]
            if not isinstance(data, bytearray):
                data = bytearray(data)
            x = max(a, lo)
            y = min(b, hi)
            if x < y:
                data[x - a : y - a] = memoryview(self._buf)[x - lo : y - lo]
            return data
        if lo <= i < hi:
            return self._buf[i - lo]
        return self.nvm[base + i]

    def __setitem__(self, i, data):
        # The turn saves write slices (store[a:b] = data); the journal calls write.
        if isinstance(i, slice):
            self.write(i.start, data)
        else:
            self.write(i, bytes((data,)))

    def write(self, at, data):
        """``data`` to be at ``at`` in the region (held until ``step``). A write more
        than ``FILL_BY_BYTE`` bytes away from the held span sends the span to the chip
        first: holding both would mean holding the chip's bytes between them too, in a
        buffer of the whole span (3 KB for a snapshot into the other slot while the
        live slot's records are held: CHANGELOG.md)."""
        n = len(data)
        if self._lo != self._hi and (at > self._hi + FILL_BY_BYTE or at + n < self._lo - FILL_BY_BYTE):
            self._flush()
        if self._lo == self._hi:
            if n > len(self._buf):
                self._buf = bytearray(n + SPARE)
            self._lo = at
            self._hi = at + n
        elif at < self._lo or at + n > self._hi:
            self._widen(at, at + n)
        lo = self._lo
        self._buf[at - lo : at - lo + n] = data

    def _widen(self, at, end):
        """The window grows to take a write of ``[at, end)``, what it held kept in
        place. The bytes between the write and what was held (at most ``FILL_BY_BYTE``,
        see ``write``) are read from the chip; those the write covers are not (they
        would be read only to be written over: a KB of garbage a snapshot)."""
        old_lo = self._lo
        old_hi = self._hi
        lo = min(old_lo, at)
        hi = max(old_hi, end)
        held = old_hi - old_lo
        shift = old_lo - lo
        buf = self._buf
        if hi - lo > len(buf):
            # A snapshot: a buffer of its own until the flush (a journal's, when its slot
            # is full, is on a slap's path: once in 40 to 80 records).
            wide = bytearray(hi - lo + SPARE)
            wide[shift : shift + held] = memoryview(buf)[0:held]
            buf = self._buf = wide
        elif shift:
            for k in range(held - 1, -1, -1):  # right to left: the two spans overlap
                buf[k + shift] = buf[k]
        self._fill(buf, lo, end, old_lo)  # a write left of the span, short of it
        self._fill(buf, lo, old_hi, at)  # a write right of the span, past its end
        self._lo = lo
        self._hi = hi

    def _fill(self, buf, lo, a, b):
        """Chip bytes ``[a, b)`` of the region (none when ``b <= a``) into the window
        that starts at ``lo``, one by one."""
        nvm = self.nvm
        base = self.start
        for k in range(a, b):
            buf[k - lo] = nvm[base + k]

    def dirty(self):
        return self._lo != self._hi

    def step(self, now, boundary=False):
        """Write what changed when a pile ended, or when the last write is a second
        old (an isolated event is written at once; a burst waits out the second)."""
        lo = self._lo
        hi = self._hi
        if lo == hi:
            return False
        if not boundary and self._at is not None:
            d = ticks_diff(now, self._at)
            if 0 <= d < self.every_ms:
                return False
        self._flush()
        self._at = now
        return True

    def _flush(self):
        lo = self._lo
        hi = self._hi
        base = self.start
        buf = self._buf
        # One assignment: one sector rewrite, whatever the span.
        if hi - lo == len(buf):
            self.nvm[base + lo : base + hi] = buf
        else:
            self.nvm[base + lo : base + hi] = memoryview(buf)[0 : hi - lo]
        self._buf = self._hold
        self._lo = 0
        self._hi = 0
        self.flushes += 1


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
            self.write(i.start, data)
        else:
            self.fram[i] = data

    def write(self, at, data):
        self.fram[at : at + len(data)] = bytes(data)

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
