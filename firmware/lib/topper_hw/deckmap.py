"""One deck's map, as bytes: which NFC tag is which card of that deck
(``topper_hw.nvstore`` keeps one a deck in ``microcontroller.nvm``).

Layout (little endian), a 12-byte header then 3 bytes a card:

    0  b"DM"   magic
    2  2       format version (1 was the board's single map: topper_hw.oldmap)
    3  deck    the deck kind enrolled, an index in DECKS (topper.games)
    4  jokers  a copy of the deck holds
    5  copies  of the deck (2: a standard deck for 5 or more seats)
    6  n       cards, as many as topper.decks.cards gives for the three above
    7  crc     CRC-16/CCITT of bytes 2..6 (u16)
    9  seal    0xFF while the deck is being enrolled, 0 once it is finished
   10  crc     CRC-16 of the slots, written with the seal (u16)
   12  slots   one a card, in the deck's enrollment order: its tag's key (u24);
               EMPTY not tapped, SKIPPED passed over

A slot's card is its place in the order (``order``), so no card code is stored: that
order is part of the format. Every write of an enrollment after its first lands on
bytes still erased (0xFF), which CircuitPython's nvm programs without erasing the flash
sector (ports/raspberrypi/common-hal/nvm/ByteArray.c): a power cut can spoil only the
slot being written, never another deck's map or the game save sharing the sector.

The key is a 24-bit hash of the UID (4, 7 or 10 bytes), three bytes where the first
format took five with the card: two full maps fit the 768 bytes the game saves leave.
Two tags of one 133-card deck share a key about once in 1,900 decks; enrollment then
refuses the second as the first's card (skip it: that one card reads as unknown).
"""

from topper import decks, games
from topper.crc import crc16

MAGIC = b"DM"
VERSION = 2
HEADER = 12
SLOT = 3
EMPTY = 0xFFFFFF  # erased flash: a slot not written yet
SKIPPED = 0
SEAL_AT = 9
DECKS = (games.STANDARD, games.TOPPER, games.SQUARES)
NAMES = {games.STANDARD: "standard", games.TOPPER: "Triple Topper", games.SQUARES: "squares"}


class MapError(ValueError):
    """Bytes that are no usable deck map; the text says why, for the screen."""


def fold(h30):
    """The 24-bit key of a 30-bit UID hash (the first format stored those). The slot
    markers are no key: a hash landing on one moves by one."""
    k = (h30 ^ (h30 >> 24)) & 0xFFFFFF
    if k == EMPTY:
        return EMPTY - 1
    return k if k != SKIPPED else 1


def hash30(uid):
    """FNV-1a over the UID bytes, folded to 30 bits."""
    h = 0x811C9DC5
    for b in uid:
        h = ((h ^ b) * 0x01000193) & 0xFFFFFFFF
    return (h ^ (h >> 30)) & 0x3FFFFFFF


def uid_key(uid):
    return fold(hash30(uid))


def order(deck, jokers, copies):
    """The cards of the deck in enrollment order: slot ``i`` is card ``order[i]``."""
    return decks.cards(deck, 5 if copies == 2 else 2, jokers)


def size(n):
    return HEADER + SLOT * n


def encode(deck, jokers, copies, slots, finished=False):
    """A whole map: ``slots`` a key (or SKIPPED, EMPTY) for each card of ``order``,
    or for its first cards (the rest EMPTY)."""
    n = len(order(deck, jokers, copies))
    buf = bytearray(b"\xff" * size(n))
    buf[0:2] = MAGIC
    buf[2] = VERSION
    buf[3] = DECKS.index(deck)
    buf[4] = jokers
    buf[5] = copies
    buf[6] = n
    c = crc16(memoryview(buf)[2:7])
    buf[7] = c & 0xFF
    buf[8] = c >> 8
    for i in range(len(slots)):
        buf[HEADER + SLOT * i : HEADER + SLOT * i + SLOT] = slot_bytes(slots[i])
    if finished:
        buf[SEAL_AT : SEAL_AT + 3] = seal_bytes(memoryview(buf)[HEADER:])
    return buf


def slot_bytes(key):
    return bytes((key & 0xFF, (key >> 8) & 0xFF, key >> 16))


def seal_bytes(slots):
    c = crc16(slots)
    return bytes((0, c & 0xFF, c >> 8))


class Head:
    """What a map's header says: ``deck``, ``jokers``, ``copies``, ``n`` cards,
    ``finished``."""

    def __init__(self, head):
        if len(head) < HEADER or bytes(head[0:2]) != MAGIC:
            raise MapError("none")
        if head[2] != VERSION:
            raise MapError("format %d" % head[2])
        if crc16(bytes(head[2:7])) != head[7] | (head[8] << 8) or head[3] >= len(DECKS):
            raise MapError("damaged")
        self.deck = DECKS[head[3]]
        self.jokers = head[4]
        self.copies = head[5]
        self.n = head[6]
        self.finished = head[SEAL_AT] == 0
        self.crc = head[SEAL_AT + 1] | (head[SEAL_AT + 2] << 8)
        if len(order(self.deck, self.jokers, self.copies)) != self.n:
            raise MapError("damaged")

    def size(self):
        return size(self.n)


def slots(head, body):
    """The slot keys of a map whose header is ``head`` (a Head) from ``body``, its
    slots' bytes; MapError when a finished map's slots are not what it sealed."""
    if head.finished and crc16(body) != head.crc:
        raise MapError("damaged")
    out = []
    for i in range(0, SLOT * head.n, SLOT):
        out.append(body[i] | (body[i + 1] << 8) | (body[i + 2] << 16))
    return out


def tapped(keys):
    """How many slots are written (taps and skips) before the first empty one: where
    a half-done enrollment goes on."""
    for i in range(len(keys)):
        if keys[i] == EMPTY:
            return i
    return len(keys)
