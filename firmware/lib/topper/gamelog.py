"""One game's event log kept on the device in bounded memory, for the serial link's
``log`` command (docs/serial-protocol.md).

A whole game's log is tens of kilobytes of JSON (a 4-player World War 3 game of the
random-play tests: about 60 KB with its rulings, 16 KB of events alone), more than a
board can spare. Rulings can always be recomputed from the events (``topper replay``),
so only the header line and the events are kept, each event as a 9-byte record in one
buffer, allocated with the first event and then reused: 4 KB hold 455 events (a short
game whole, the first minutes of a long one). Past the cap the *first* events stay (a
replay needs a game's beginning) and later ones are counted in ``dropped``. A log that
closes early (an event no record can give back, as a turn game's moves) keeps only the
records it holds, and the next game's first event allocates the buffer again.

A record is ``flags:u8 t:u32 seat:u8 card:u8 us:u16`` (little endian). The low three
bits of ``flags`` name the event; the others say which optional fields the line had, so
``line(i)`` gives back the very bytes ``topper.jsonl.dumps`` wrote for the event.
"""

from topper import jsonl

RECORD = 9
KINDS = ("", "start", "press", "lay", "tick", "table", "out")
_SEAT = 8
_CARD = 16
_US = 32
_LONG = 64
_LONG_TRUE = 128
_FIELDS = ("ev", "t", "seat", "card", "us", "long")


def _byte(v):
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 255


def encode(obj):
    """The 9-byte record of an event object, or None when the record could not give
    the same line back (an unknown event or field, a value out of range)."""
    kind = obj.get("ev")
    if kind not in KINDS or kind == "":
        return None
    for key in obj:
        if key not in _FIELDS:
            return None
    t = obj.get("t")
    if not isinstance(t, int) or isinstance(t, bool) or t < 0 or t >= 1 << 32:
        return None
    flags = KINDS.index(kind)
    seat = 255
    card = 255
    us = 0
    if "seat" in obj:
        seat = obj["seat"]
        if not _byte(seat):
            return None
        flags |= _SEAT
    if "card" in obj:
        from topper import cards

        text = obj["card"]
        try:
            card = cards.parse(text)
        except (ValueError, TypeError):
            return None
        if cards.format_card(card) != text:
            return None  # an alias ("?" for "*"): the line would not come back the same
        flags |= _CARD
    if "us" in obj:
        us = obj["us"]
        if not isinstance(us, int) or isinstance(us, bool) or us < 0 or us > 0xFFFF:
            return None
        flags |= _US
    if "long" in obj:
        if obj["long"] is True:
            flags |= _LONG | _LONG_TRUE
        elif obj["long"] is False:
            flags |= _LONG
        else:
            return None
    return bytes(
        (flags, t & 0xFF, (t >> 8) & 0xFF, (t >> 16) & 0xFF, (t >> 24) & 0xFF, seat, card, us & 0xFF, us >> 8)
    )


def decode(rec):
    """The event object of a record."""
    flags = rec[0]
    obj = {"ev": KINDS[flags & 7], "t": rec[1] | (rec[2] << 8) | (rec[3] << 16) | (rec[4] << 24)}
    if flags & _SEAT:
        obj["seat"] = rec[5]
    if flags & _CARD:
        from topper import cards

        obj["card"] = cards.format_card(rec[6])
    if flags & _US:
        obj["us"] = rec[7] | (rec[8] << 8)
    if flags & _LONG:
        obj["long"] = bool(flags & _LONG_TRUE)
    return obj


class GameLog:
    def __init__(self, cap=4096):
        self.cap = cap - cap % RECORD
        self.buf = None  # allocated with the first event: a board that never plays keeps its heap
        self.clear()

    def clear(self, game=None):
        self.head = None  # the header object, or None (a game resumed after a power cut)
        self.game = game
        self.count = 0  # events kept
        self.dropped = 0  # events seen but not kept (cap reached, or not encodable)
        self.closed = False  # no more events are kept
        self.resumed = False  # the game came back after a power cut: no earlier lines
        self.late = False  # the link started in the middle of the game: no earlier lines

    def capacity(self):
        return self.cap // RECORD

    def header(self, obj):
        self.clear(obj.get("game"))
        self.head = obj

    def add(self, obj):
        """Keep an event object; rulings and other lines are not kept."""
        if "ev" not in obj:
            return
        if self.closed or self.count >= self.capacity():
            self.dropped += 1
            return
        rec = encode(obj)
        if rec is None:
            # Keeping later events without this one would make the log lie about the
            # game: the log stops here, a true beginning of the game.
            self.dropped += 1
            self.closed = True
            # Nothing more is kept until the next game: the buffer shrinks to the records
            # it holds and its 4 KB go back to the heap (a turn game's log closes at its
            # first move, its start alone kept: the two logs of a session held 8 KB
            # through every turn game after two slap games).
            if self.buf is not None:
                self.buf = self.buf[: self.count * RECORD]
            return
        if self.buf is None or len(self.buf) < self.cap:
            self.buf = bytearray(self.cap)
        i = self.count * RECORD
        self.buf[i : i + RECORD] = rec
        self.count += 1

    def lines(self):
        """How many lines ``line`` gives: the header (when there is one) and the events."""
        return self.count + (1 if self.head is not None else 0)

    def item(self, i):
        """The object of line ``i`` (the header first, when there is one)."""
        if self.head is not None:
            if i == 0:
                return self.head
            i -= 1
        j = i * RECORD
        return decode(self.buf[j : j + RECORD])

    def line(self, i):
        """Line ``i`` of the log, the same bytes the device streamed for it."""
        return jsonl.dumps(self.item(i))
