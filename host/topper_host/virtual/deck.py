"""The virtual decks' tags, enrolled as a table would have enrolled them.

Each physical card carries an NFC tag; the device maps a tag to a card through the
map of its deck in nvm (``topper_hw.nvstore``), which a table fills once a deck with
the menu's "Enroll deck". The virtual board comes with both decks enrolled (each
where its nvm has no map of it yet): the whole Triple Topper deck (every card once, and
jokers) and two standard decks, so that any game the menu offers can start with the
pad. The tags in the table's hand follow the menu's game (``for_game``).
"""

from topper import cards, decks, games, stdcards
from topper_hw import deckmap

TRIPLE = 0
STANDARD = 1
JOKERS = 8  # the most any game's options ask for
COPIES = 2  # two standard decks (Tripp Jokes with 5 or more players); Triple Topper: 1


def uid(kind, card, copy=0):
    """The 7-byte UID of a virtual tag (NTAG-like: 0x04 first)."""
    return bytes((0x04, 0x56, kind, copy, card, 0x10, 0x01))


def tags(kind):
    """``{card: [uid of each physical copy]}`` for the deck of ``kind``."""
    if kind == STANDARD:
        physical = stdcards.deck(JOKERS // 2) * COPIES
    else:
        physical = cards.full_deck(JOKERS)
    out = {}
    for c in physical:
        copies = out.setdefault(c, [])
        copies.append(uid(kind, c, len(copies)))
    return out


def enroll(store, kind):
    """Write the map of the deck of ``kind`` into ``store`` (a ``nvstore.DeckStore``),
    unless it has a readable one."""
    name = games.STANDARD if kind == STANDARD else games.TOPPER
    for known in store.known():
        if decks.physical(known[0]) == name and known[1] is not None:
            return
    jokers, copies = (JOKERS // 2, COPIES) if kind == STANDARD else (JOKERS, 1)
    deck = tags(kind)
    taken = {}
    slots = []
    for c in deckmap.order(name, jokers, copies):
        n = taken.get(c, 0)
        taken[c] = n + 1
        slots.append(deckmap.uid_key(deck[c][n]))
    store.write(name, jokers, copies, slots)
    store.seal(name)


def for_game(game):
    """The deck a game is played with, as its registry record says: a standard one
    (Tripp Jokes), or Triple Topper cards."""
    return STANDARD if games.find(game).deck == games.STANDARD else TRIPLE
