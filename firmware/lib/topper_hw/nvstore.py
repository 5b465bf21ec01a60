"""The deck map in ``microcontroller.nvm``: which NFC tag is which card.

Layout (little endian), 8-byte header then 5 bytes an entry:

    0  b"TD"   magic
    2  1       format version
    3  flags   bit 0: enrollment finished (clear while a deck is half enrolled)
               bit 1: a standard 52-card deck (topper.stdcards codes, Tripp Jokes),
               else a Triple Topper deck (topper.cards codes)
    4  count   entries (u16)
    6  crc     CRC-16/CCITT of bytes 2..5 and every entry (u16)
    8  entries: key (u32, a 30-bit hash of the tag UID) + card code (u8)

A full 125-card deck with 8 jokers takes 8 + 133 * 5 = 673 bytes; RP2040's 4096
bytes hold 817 entries. The key is a hash, not the UID, because UIDs are 4, 7 or 10
bytes; 30 bits keep it a small int on every board, and with 133 tags the chance that
two collide is about one in 100 000 (enrollment refuses a collision like any
duplicate tag). Every slice assignment to ``nvm`` rewrites a flash sector, so a
save writes header and entries in one assignment, and callers save in batches.
"""

MAGIC = b"TD"
VERSION = 1
HEADER = 8
ENTRY = 5
FINISHED = 1
STANDARD = 2  # the two decks' card codes overlap as small ints: the map says which

KIND_NAMES = ("Triple Topper", "standard")


class StoreError(ValueError):
    """The nvm does not hold a usable deck map; the text says why, for the screen."""


def uid_key(uid):
    """FNV-1a over the UID bytes, folded to 30 bits."""
    h = 0x811C9DC5
    for b in uid:
        h = ((h ^ b) * 0x01000193) & 0xFFFFFFFF
    return (h ^ (h >> 30)) & 0x3FFFFFFF


def crc16(data, crc=0xFFFF):
    for b in data:
        crc ^= b << 8
        for _ in range(8):
            if crc & 0x8000:
                crc = ((crc << 1) ^ 0x1021) & 0xFFFF
            else:
                crc = (crc << 1) & 0xFFFF
    return crc


def capacity(size):
    return (size - HEADER) // ENTRY


def encode(entries, finished, standard=False):
    """The bytes for a list of ``(key, card)`` pairs."""
    n = len(entries)
    buf = bytearray(HEADER + ENTRY * n)
    buf[0:2] = MAGIC
    buf[2] = VERSION
    buf[3] = (FINISHED if finished else 0) | (STANDARD if standard else 0)
    buf[4] = n & 0xFF
    buf[5] = n >> 8
    i = HEADER
    for key, card in entries:
        for k in range(4):
            buf[i + k] = (key >> (8 * k)) & 0xFF
        buf[i + 4] = card
        i += ENTRY
    crc = crc16(memoryview(buf)[HEADER:], crc16(memoryview(buf)[2:6]))
    buf[6] = crc & 0xFF
    buf[7] = crc >> 8
    return buf


def decode(data):
    """``(entries, finished)`` from stored bytes; StoreError when there is no valid map."""
    if len(data) < HEADER or bytes(data[0:2]) != MAGIC:
        raise StoreError("no deck enrolled")
    if data[2] != VERSION:
        raise StoreError("deck map format %d: enroll again" % data[2])
    n = data[4] | (data[5] << 8)
    end = HEADER + ENTRY * n
    if end > len(data):
        raise StoreError("deck map damaged: enroll again")
    body = bytes(data[HEADER:end])
    crc = crc16(body, crc16(bytes(data[2:6])))
    if crc != data[6] | (data[7] << 8):
        raise StoreError("deck map damaged: enroll again")
    entries = []
    for i in range(0, len(body), ENTRY):
        key = body[i] | (body[i + 1] << 8) | (body[i + 2] << 16) | (body[i + 3] << 24)
        entries.append((key, body[i + 4]))
    return entries, bool(data[3] & FINISHED)


class DeckStore:
    def __init__(self, nvm):
        self.nvm = nvm
        self.writes = 0

    def capacity(self):
        return capacity(len(self.nvm))

    def save(self, entries, finished, standard=False):
        if len(entries) > self.capacity():
            raise StoreError("deck too big for nvm: %d cards" % len(entries))
        buf = encode(entries, finished, standard)
        self.nvm[0 : len(buf)] = buf  # one assignment: one flash sector write
        self.writes += 1

    def load(self, standard=False):
        """``(map, finished)``: a dict key -> card code of the deck asked for (a
        standard deck or a Triple Topper one); StoreError when there is none, or when
        the enrolled deck is the other kind (its codes would read as wrong cards)."""
        head = self.nvm[0:HEADER]
        if bytes(head[0:2]) == MAGIC and bool(head[3] & STANDARD) != standard:
            raise StoreError(
                "the enrolled deck is a %s deck, this game needs a %s deck"
                % (KIND_NAMES[not standard], KIND_NAMES[standard])
            )
        n = head[4] | (head[5] << 8) if bytes(head[0:2]) == MAGIC else 0
        end = min(len(self.nvm), HEADER + ENTRY * n)
        entries, finished = decode(self.nvm[0:end])
        m = {}
        for key, card in entries:
            m[key] = card
        return m, finished
