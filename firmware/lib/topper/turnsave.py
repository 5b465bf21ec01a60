"""A turn-based game's power-cut save: the whole game as one snapshot, written again
after every action the referee accepted (docs/power-cut.md).

A turn game moves a few times a minute, so a fresh snapshot each time costs little and
needs no event records (the slap games' journal, ``topper.journal``, replays a burst of
presses instead). The store is the journal's (``topper_hw.journal_store``), split into
the same two slots, so that ending a game clears either kind the same way. A slot is::

    "TT" seq:u16 n:u16 snapshot[n] crc16:u16

Each snapshot goes into the slot not holding the newest on the chip, committed last by
its magic, so a cut while it is written leaves the one before whole. A store that holds
writes in RAM until it flushes them (the nvm's, once a second) has a ``flushes`` count:
while the last snapshot is still held, the next one is written over it, in the same
slot (the chip's newest is still the other one). Alternating then would have made the
held bytes span both slots: a buffer of about 3 KB, with the chip's bytes between the
two snapshots read into it, at every save within a second of the last
(CHANGELOG.md). The snapshot is whatever
JSON-able dict the shell gives (the game's key and settings, the referee's ``save(t)``),
its long lists of small ints packed by ``topper.intpack``.
"""

from topper import intpack, jsonl, slots
from topper.crc import crc16

MAGIC = slots.WHOLE
_HEAD = 6


class SaveFull(Exception):
    """A snapshot does not fit in half the store."""


def _u16(v):
    return bytes((v & 0xFF, (v >> 8) & 0xFF))


def _get16(b, i):
    return b[i] | (b[i + 1] << 8)


class TurnSave:
    def __init__(self, store):
        self.store = store
        self.slot_size = len(store) // 2
        self.slot = 1  # the slot holding the newest snapshot
        self.seq = 0
        self._mark = None  # the store's flush count after the last save

    def start(self, snap):
        """A new game: forget whatever either slot held, then save ``snap``."""
        slots.clear(self.store)
        self.slot = 1
        self.seq = 0
        self._mark = None
        self.save(snap)

    def save(self, snap):
        data = jsonl.dumps(intpack.pack(snap)).encode()  # histories packed: docs/power-cut.md
        if _HEAD + len(data) + 2 > self.slot_size:
            raise SaveFull("snapshot of %d bytes > slot of %d" % (len(data), self.slot_size))
        st = self.store
        flushes = getattr(st, "flushes", None)
        if flushes is not None and flushes == self._mark:
            other = self.slot  # the last save never reached the chip: written over
        else:
            other = 1 - self.slot
        base = other * self.slot_size
        st[base : base + 2] = b"\x00\x00"  # uncommit first: invalid until done
        seq = (self.seq + 1) & 0xFFFF
        # The head and the snapshot go in as they are, their CRC taken over both: a
        # body joined in one bytes object was two copies of the snapshot, a KB each.
        head = _u16(seq) + _u16(len(data))
        end = base + _HEAD + len(data)
        st[base + 2 : base + _HEAD] = head
        st[base + _HEAD : end] = data
        st[end : end + 2] = _u16(crc16(data, crc16(head)))
        st[base : base + 2] = MAGIC  # commit
        self.slot = other
        self.seq = seq
        self._mark = flushes

    def _read(self, slot):
        base = slot * self.slot_size
        st = self.store
        head = bytes(st[base : base + _HEAD])
        if head[0:2] != MAGIC:
            return None
        n = _get16(head, 4)
        if _HEAD + n + 2 > self.slot_size:
            return None
        body = bytes(st[base + 2 : base + _HEAD + n])
        if crc16(body) != _get16(bytes(st[base + _HEAD + n : base + _HEAD + n + 2]), 0):
            return None
        try:
            return _get16(head, 2), intpack.unpack(jsonl.loads(body[4:].decode()))
        except (ValueError, UnicodeError):
            return None

    def load(self):
        """The newest snapshot in the store, or None; later saves go on from it."""
        best = None
        for slot in (0, 1):
            found = self._read(slot)
            if found is None:
                continue
            if best is None or ((found[0] - best[1][0]) & 0xFFFF) < 0x8000:
                best = (slot, found)
        if best is None:
            return None
        self.slot = best[0]
        self.seq = best[1][0]
        return best[1][1]


def held(store):
    """Whether the store holds a turn game's save (read without decoding it)."""
    return slots.held(store, (MAGIC,))
