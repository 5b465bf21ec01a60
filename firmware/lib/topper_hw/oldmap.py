"""The deck map of the firmware that kept a single one, read so that a board updated
from it plays on with the deck it had enrolled; the first enrollment of another deck
rewrites it as a map of today's format (``topper_hw.deckmap``) beside the new one.

Its layout (little endian) at the start of nvm, an 8-byte header then 5 bytes an entry:

    0  b"TD"   magic
    2  1       format version
    3  flags   bit 0: enrollment finished; bit 1: a standard deck
    4  count   entries (u16)
    6  crc     CRC-16/CCITT of bytes 2..5 and every entry (u16)
    8  entries: a 30-bit hash of the tag's UID (u32) + card code (u8)

Standard decks came with the flag bit, so a map without it is a Triple Topper deck; its
cards tell the whole deck from World War 3's squares.
"""

from topper import cards, games, stdcards
from topper.crc import crc16
from topper_hw import deckmap

HEADER = 8
ENTRY = 5
MOST_JOKERS = {games.STANDARD: 2, games.TOPPER: 8, games.SQUARES: 8}  # the menus' most


def read(nvm):
    """``(deck, entries, finished)``: ``entries`` a list of ``(key, card)`` with today's
    keys (``deckmap.fold``); MapError when the map is damaged."""
    head = nvm[0:HEADER]
    if head[2] != 1:
        raise deckmap.MapError("format %d" % head[2])
    end = HEADER + ENTRY * (head[4] | (head[5] << 8))
    if end > len(nvm):
        raise deckmap.MapError("damaged")
    body = bytes(nvm[HEADER:end])
    if crc16(body, crc16(bytes(head[2:6]))) != head[6] | (head[7] << 8):
        raise deckmap.MapError("damaged")
    entries = []
    for i in range(0, len(body), ENTRY):
        h30 = body[i] | (body[i + 1] << 8) | (body[i + 2] << 16) | (body[i + 3] << 24)
        entries.append((deckmap.fold(h30), body[i + 4]))
    return _deck(head[3], entries), entries, bool(head[3] & 1)


def _deck(flags, entries):
    if flags & 2:
        return games.STANDARD
    squares = cards.squares_deck(0)
    for _, card in entries:
        if card != cards.JOKER and card not in squares:
            return games.TOPPER
    return games.SQUARES


def convert(deck, entries):
    """``(jokers, copies, slots)``: the map's tags on today's order of ``deck``, each in
    the first slot of its card still empty (a card the order lacks is dropped)."""
    joker = stdcards.JOKER if deck == games.STANDARD else cards.JOKER
    seen = {}
    for _, card in entries:
        seen[card] = seen.get(card, 0) + 1
    copies = 1
    if deck == games.STANDARD:
        for card in seen:
            if card != joker and seen[card] > 1:
                copies = 2
    jokers = min(MOST_JOKERS[deck], (seen.get(joker, 0) + copies - 1) // copies)
    keys = {}  # card -> its tags' keys, in the map's order
    for key, card in entries:
        keys.setdefault(card, []).append(key)
    slots = []
    for card in deckmap.order(deck, jokers, copies):
        left = keys.get(card)
        slots.append(left.pop(0) if left else deckmap.EMPTY)
    return jokers, copies, slots
