"""The virtual decks' tags, enrolled as a table would have enrolled them.

Each physical card carries an NFC tag; the device maps a tag to a card through the
deck map in nvm (``topper_hw.nvstore``), which a table fills once with the menu's
"Enroll deck". The virtual board comes with its deck enrolled: the whole Triple
Topper deck (every card once, and jokers), or for Tripp Jokes two standard decks, so
that any game the menu offers can start with the pad. Which kind is enrolled follows
the menu's game (``for_game``), as a table swaps decks and enrolls again.
"""

from topper import cards, games, stdcards
from topper_hw import nvstore

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
    """Write the deck map of ``kind`` into ``store`` (a ``nvstore.DeckStore``); its tags."""
    deck = tags(kind)
    entries = [(nvstore.uid_key(u), c) for c in deck for u in deck[c]]
    store.save(entries, True, standard=kind == STANDARD)
    return deck


def for_game(game):
    """The deck a game is played with, as its registry record says: a standard one
    (Tripp Jokes), or Triple Topper cards."""
    return STANDARD if games.find(game).deck == games.STANDARD else TRIPLE
