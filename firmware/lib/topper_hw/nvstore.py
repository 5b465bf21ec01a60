"""The deck maps in ``microcontroller.nvm``: one for each deck the card pad has been
taught, so that switching between a game of the standard deck (Tripp Jokes) and one
of the Triple Topper deck never asks for a deck to be enrolled again.

``nvm[0:768]`` is the maps' (the game saves have the rest:
``topper_hw.journal_store.NVM_START``), in two parts of fixed place, one a physical
deck (``topper.decks.physical``), so that a damaged map, or a power cut while one is
enrolled, leaves the other alone:

- the Triple Topper deck, bytes 0 to 415: the whole deck (393 bytes with 2 jokers, 411
  with 8) or World War 3's squares (210);
- the standard deck, bytes 416 to 767: one deck (174 bytes with 2 jokers), two for 5 or
  more seats (336).

Each map is ``topper_hw.deckmap``'s: 12 bytes and 3 a card.

A board still holding the single map of the firmware before (``topper_hw.oldmap``)
reads it as the map of its deck; the first enrollment of a deck rewrites it in its part.
"""

from topper import decks, games
from topper_hw import deckmap

REGION = 768
PARTS = ((games.TOPPER, 0, 416), (games.STANDARD, 416, 352))  # (deck, start, bytes)


class StoreError(ValueError):
    """No usable map of the deck asked for; the text says why, for the screen."""


def _old(nvm):
    """``topper_hw.oldmap`` when the nvm still holds the single map of the firmware
    before, else None (imported only then: no other board pays for it)."""
    if bytes(nvm[0:2]) != b"TD":
        return None
    from topper_hw import oldmap

    return oldmap


def _part(deck):
    physical = decks.physical(deck)
    for p in PARTS:
        if p[0] == physical:
            return p
    raise StoreError("no place for a %s deck" % deck)


class DeckStore:
    def __init__(self, nvm):
        self.nvm = nvm

    # ----- reading --------------------------------------------------------------------

    def _map(self, deck):
        """``(Head, keys)`` of the map in the part of ``deck`` (an old single map,
        converted), or None; MapError for a map that cannot be read."""
        nvm = self.nvm
        oldmap = _old(nvm)
        if oldmap is not None:
            kind, entries, _ = oldmap.read(nvm)
            if decks.physical(kind) != decks.physical(deck):
                return None
            jokers, copies, keys = oldmap.convert(kind, entries)
            buf = deckmap.encode(kind, jokers, copies, keys, finished=True)
            return deckmap.Head(buf), keys
        physical, at, room = _part(deck)
        if at + room > len(nvm) or bytes(nvm[at : at + 2]) != deckmap.MAGIC:
            return None
        head = deckmap.Head(nvm[at : at + deckmap.HEADER])
        if head.size() > room:
            raise deckmap.MapError("damaged")
        return head, deckmap.slots(head, nvm[at + deckmap.HEADER : at + head.size()])

    def known(self):
        """Every part's map: ``(deck, cards tapped, cards in the deck, finished)``, or
        ``(deck, None, problem)`` for one that cannot be read."""
        out = []  # type: list[tuple]
        for physical, _, _ in PARTS:
            try:
                got = self._map(physical)
            except deckmap.MapError as e:
                out.append((physical, None, str(e)))
                continue
            if got is not None:
                head, keys = got
                n = len([k for k in keys if k not in (deckmap.EMPTY, deckmap.SKIPPED)])
                out.append((head.deck, n, head.n, head.finished))
        return out

    def load(self, deck):
        """``(map, finished)``: a dict key -> card code for a game of deck ``deck``
        (World War 3's squares read with the Triple Topper deck's map); StoreError when
        that deck has none."""
        name = deckmap.NAMES[decks.physical(deck)]
        try:
            got = self._map(deck)
        except deckmap.MapError as e:
            raise StoreError("the %s deck map is %s: enroll it again" % (name, _why(e)))
        if got is None:
            raise StoreError("no %s deck enrolled" % name)
        head, keys = got
        cards = deckmap.order(head.deck, head.jokers, head.copies)
        m = {}
        for i in range(len(keys)):
            if keys[i] not in (deckmap.EMPTY, deckmap.SKIPPED):
                m[keys[i]] = cards[i]
        return m, head.finished

    def room(self, deck):
        """The bytes the map of ``deck`` may take (0 on an nvm too small for its part)."""
        _, at, room = _part(deck)
        return room if at + room <= len(self.nvm) else 0

    def unfinished(self, deck, jokers, copies):
        """The slots tapped so far of a half-done enrollment of this very deck, to go
        on from; None when there is none."""
        try:
            got = self._map(deck)
        except deckmap.MapError:
            return None
        if got is None or _old(self.nvm) is not None:
            return None
        head, keys = got
        if head.finished or (head.deck, head.jokers, head.copies) != (deck, jokers, copies):
            return None
        return keys[: deckmap.tapped(keys)]

    # ----- writing (an enrollment: topper_app.enroll) ---------------------------------

    def write(self, deck, jokers, copies, slots):
        """The map of ``deck`` as begun, its first ``slots`` tapped: one assignment,
        which erases the flash sector (the map of the other deck is written back as it
        was, an old single map in its own part)."""
        physical, at, room = _part(deck)  # room() was asked first: the map fits
        buf = deckmap.encode(deck, jokers, copies, slots)
        oldmap = _old(self.nvm)
        if oldmap is not None:
            region = bytearray(b"\xff" * REGION)
            try:
                kind, entries, _ = oldmap.read(self.nvm)
            except deckmap.MapError:
                kind = None  # a damaged old map is dropped
            if kind is not None and decks.physical(kind) != physical:
                j, c, keys = oldmap.convert(kind, entries)
                old = deckmap.encode(kind, j, c, keys, finished=True)
                other = _part(kind)[1]
                region[other : other + len(old)] = old
            region[at : at + len(buf)] = buf
            self.nvm[0:REGION] = region
            return
        self.nvm[at : at + room] = buf + b"\xff" * (room - len(buf))

    def put(self, deck, i, key):
        """Slot ``i`` written: bytes still erased, so no sector erase."""
        a = _part(deck)[1] + deckmap.HEADER + deckmap.SLOT * i
        self.nvm[a : a + deckmap.SLOT] = deckmap.slot_bytes(key)

    def seal(self, deck):
        """The map finished: its seal and the CRC of its slots, on erased bytes."""
        at = _part(deck)[1]
        head = deckmap.Head(self.nvm[at : at + deckmap.HEADER])
        body = self.nvm[at + deckmap.HEADER : at + head.size()]
        self.nvm[at + deckmap.SEAL_AT : at + deckmap.SEAL_AT + 3] = deckmap.seal_bytes(body)


def _why(e):
    s = str(e)
    return "of format %s" % s[7:] if s.startswith("format ") else s
