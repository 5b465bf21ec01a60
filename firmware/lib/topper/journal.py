"""The power-cut journal: a game survives a reset or a power cut at any moment.

Event sourcing: the core is deterministic, so a snapshot of the referee plus every
event since rebuilds the same game. The journal lives in any byte store that supports
``len(store)``, ``store[a:b]`` and ``store[a:b] = data`` (records go through
``store.write(at, data)`` when the store has it): an I2C FRAM (the reference:
byte writes, no erase, no wear to speak of), ``microcontroller.nvm`` (4 KB; every write
erases its flash sector, so the device batches writes there), or a bytearray in tests.

Layout: the store is split into two slots. A slot is::

    "TJ" seq:u16 n:u16 snapshot[n] crc16:u16   then records   then a 0 byte

The snapshot is the referee's save as JSON, its long lists of small ints packed by
``topper.intpack`` (a snapshot written before that reads the same), and a record is
``len:u8 payload[len] crc8:u8`` (the CRC over length and payload).
The slot with the valid snapshot and the newer ``seq`` is the live one. A full slot is
never erased in place: the next snapshot goes into the *other* slot and is committed
last (its magic written after everything else), so a cut while snapshotting leaves the
old slot whole. A cut while a
record is written leaves a record whose CRC fails: reading stops there, and only that
event is lost. Writes are write-ahead: an event is in the journal before it is applied.
"""

from topper import inputs, intpack, jsonl, slots
from topper.crc import crc8, crc16
from topper.games.slap.pad import restore
from topper.ticks import MASK

_MAGIC = slots.JOURNAL
_HEAD = 6  # magic, seq, snapshot length

_PRESS = 1
_LAY = 2
_TICK = 3
_NONE = 255


def _u16(v):
    return bytes((v & 0xFF, (v >> 8) & 0xFF))


def _get16(b, i):
    return b[i] | (b[i + 1] << 8)


def _u32(v):
    return bytes((v & 0xFF, (v >> 8) & 0xFF, (v >> 16) & 0xFF, (v >> 24) & 0xFF))


def _get32(b, i):
    return b[i] | (b[i + 1] << 8) | (b[i + 2] << 16) | (b[i + 3] << 24)


def encode(kind, t, a=_NONE, b=_NONE, us=0):
    """One event as a record payload: kind, t (29-bit ticks), two small fields, us."""
    return bytes((kind,)) + _u32(t & MASK) + bytes((a, b)) + _u16(us)


def decode(payload):
    if len(payload) != 9:
        raise ValueError("bad record length")
    return payload[0], _get32(payload, 1), payload[5], payload[6], _get16(payload, 7)


def apply(ref, kind, t, a, b, us):
    """Replay one decoded record into the referee."""
    if kind == _PRESS:
        return ref.take(inputs.PRESS, a, t, us)
    if kind == _LAY:
        return ref.take(inputs.CARD, -1 if b == _NONE else b, t, 0, None if a == _NONE else a)
    if kind == _TICK:
        return ref.take(inputs.TICK, -1, t)
    raise ValueError("unknown record kind %d" % kind)


class JournalFull(Exception):
    """A snapshot does not fit in half the store."""


class Journal:
    def __init__(self, store):
        self.store = store
        self.slot_size = len(store) // 2
        self.slot = 0
        self.seq = 0
        self.pos = 0  # where the next record goes, in the live slot
        self.records = 0
        self._rec = bytearray(11)  # the record being written (see _record)
        # A store that is a Python object takes writes through its ``write`` method: a
        # slice given to its ``__setitem__`` would be made on the heap at every record.
        self._write = getattr(store, "write", None)

    # ----- writing -------------------------------------------------------------------

    def start(self, ref):
        """A new game: forget any older one, then snapshot ``ref`` into slot 0."""
        slots.clear(self.store)
        self.slot = 1
        self.seq = 0
        self._snapshot(ref)

    def _snapshot(self, ref):
        """Snapshot ``ref`` into the other slot, committed by its magic written last."""
        # The stacks' card codes packed (topper.intpack): as JSON text a number each,
        # the snapshot at a game's start would make 5.8 KB of garbage and take
        # room the slot's records can use.
        snap = jsonl.dumps(intpack.pack(ref.save(ref.last_seen()))).encode()
        if _HEAD + len(snap) + 2 + 1 > self.slot_size:
            raise JournalFull("snapshot of %d bytes > slot of %d" % (len(snap), self.slot_size))
        other = 1 - self.slot
        base = other * self.slot_size
        st = self.store
        st[base : base + 2] = b"\x00\x00"  # uncommit first: invalid until done
        seq = (self.seq + 1) & 0xFFFF
        # The head and the snapshot go in as they are, their CRC taken over both: a body
        # joined in one bytes object was a second copy of the snapshot.
        head = _u16(seq) + _u16(len(snap))
        end = base + _HEAD + len(snap)
        st[base + 2 : base + _HEAD] = head
        st[base + _HEAD : end] = snap
        st[end : end + 3] = _u16(crc16(snap, crc16(head))) + b"\x00"
        st[base : base + 2] = _MAGIC  # commit
        self.slot = other
        self.seq = seq
        self.pos = _HEAD + len(snap) + 2
        self.records = 0

    def _record(self, kind, t, a=_NONE, b=_NONE, us=0):
        """The record of one event (length, ``encode``'s payload, CRC-8), written into the
        journal's own buffer: an event written allocates nothing here (a press is on
        the slap path)."""
        rec = self._rec
        t &= MASK
        rec[0] = 9
        rec[1] = kind
        rec[2] = t & 0xFF
        rec[3] = (t >> 8) & 0xFF
        rec[4] = (t >> 16) & 0xFF
        rec[5] = (t >> 24) & 0xFF
        rec[6] = a
        rec[7] = b
        rec[8] = us & 0xFF
        rec[9] = (us >> 8) & 0xFF
        # The CRC covers the length byte too: a record torn right after its length, over
        # zeroed flash, would otherwise check out (the CRC-8 of zeros is 0).
        rec[10] = crc8(rec, 10)
        return rec

    def _append(self, rec, ref):
        """Writes ``rec`` (a whole record, see ``_record``) after the last one."""
        if self.pos + len(rec) + 1 > self.slot_size:
            # Full: a fresh snapshot of the state so far, then this record after it.
            self._snapshot(ref)
        base = self.slot * self.slot_size + self.pos
        # The terminator after the new record is written first, so that a record cut
        # short is always followed by a 0 and never by an older journal's bytes.
        self._put(base + len(rec), b"\x00")
        self._put(base, rec)
        self.pos += len(rec)
        self.records += 1

    def _put(self, at, data):
        w = self._write
        if w is None:
            self.store[at : at + len(data)] = data
        else:
            w(at, data)

    def take(self, ref, kind, seat, t, us=0, card=None):
        """One input (``topper.inputs``) written ahead, then given to ``ref``. A press
        and a card are journaled before the referee sees them; a tick only when it
        ruled (a hurry-up, a collect, a settled slap): the others change nothing a
        replay would not redo by itself. An input the card referee has no use for
        changes nothing and is not written."""
        if kind == inputs.TICK:
            out = ref.take(kind, seat, t)
            if out:
                self._append(self._record(_TICK, t), ref)
            return out
        if kind == inputs.PRESS:
            self._append(self._record(_PRESS, t, seat, _NONE, us), ref)
        elif kind == inputs.CARD:
            a = _NONE if card is None else card
            self._append(self._record(_LAY, t, a, _NONE if seat < 0 else seat), ref)
        return ref.take(kind, seat, t, us, card)

    # ----- reading -------------------------------------------------------------------

    def _read_slot(self, slot):
        """``(seq, snapshot dict, records end, [records])`` or None if not valid."""
        base = slot * self.slot_size
        st = self.store
        head = bytes(st[base : base + _HEAD])
        if head[0:2] != _MAGIC:
            return None
        n = _get16(head, 4)
        if _HEAD + n + 2 > self.slot_size:
            return None
        body = bytes(st[base + 2 : base + _HEAD + n])
        crc = bytes(st[base + _HEAD + n : base + _HEAD + n + 2])
        if crc16(body) != _get16(crc, 0):
            return None
        try:
            snap = intpack.unpack(jsonl.loads(body[4:].decode()))  # (older saves: unpacked)
        except (ValueError, UnicodeError):
            return None
        pos = _HEAD + n + 2
        records = []
        while pos < self.slot_size:
            ln = st[base + pos]
            if ln == 0 or pos + ln + 2 > self.slot_size:
                break
            rec = bytes(st[base + pos : base + pos + 2 + ln])
            if crc8(rec[:-1]) != rec[-1] or ln != 9 or rec[1] not in (_PRESS, _LAY, _TICK):
                break  # the record being written when the power went
            records.append(rec[1:-1])
            pos += ln + 2
        return _get16(head, 2), snap, pos, records

    def resume(self, now):
        """The game the journal holds, rebuilt and resumed at ``now`` (the clock after
        the reset), or None when the journal holds no game."""
        live = None
        for slot in (0, 1):
            found = self._read_slot(slot)
            if found is None:
                continue
            # the newer sequence number wins, modulo 2**16
            if live is None or ((found[0] - live[1][0]) & 0xFFFF) < 0x8000:
                live = (slot, found)
        if live is None:
            return None
        self.slot = live[0]
        seq, snap, pos, records = live[1]
        self.seq = seq
        self.pos = pos
        self.records = len(records)
        # Replay on the old clock (records carry its stamps), then move to the new one.
        ref = restore(snap, snap["now"])
        for payload in records:
            kind, t, a, b, us = decode(payload)
            apply(ref, kind, t, a, b, us)
        return restore(ref.save(ref.last_seen()), now)
