"""The standard 52-card deck with jokers (Tripp Jokes), and its notation.

A card is a small int: ``code = (rank - 1) * 4 + suit`` for rank 1 (ace) .. 13 (king)
and suit 0..3 (clubs, diamonds, hearts, spades); ``JOKER`` (52) is a joker.
Notation: rank ``A 2 3 4 5 6 7 8 9 10 J Q K`` then suit ``C D H S`` (``10H``, ``QS``,
``AC``); a joker is ``JK``.
"""

JOKER = 52
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = "CDHS"


class StdCardError(ValueError):
    """A string or code that is not a standard card."""


def rank(card):
    """1 (ace) .. 13 (king); 0 for a joker."""
    if card == JOKER:
        return 0
    return card // 4 + 1


def suit(card):
    """0..3 (C, D, H, S); -1 for a joker."""
    if card == JOKER:
        return -1
    return card % 4


def parse(text):
    if not isinstance(text, str):
        raise StdCardError("card must be a string, not %r" % (text,))
    s = text.strip().upper()
    if s == "JK":
        return JOKER
    if len(s) < 2 or s[-1] not in SUITS:
        raise StdCardError("card %r: expected rank then suit like 10H, QS or JK" % (text,))
    r = s[:-1]
    if r == "1":
        r = "A"
    if r not in RANKS:
        raise StdCardError("bad rank %r in card %r" % (r, text))
    return RANKS.index(r) * 4 + SUITS.index(s[-1])


def format_card(card):
    if card == JOKER:
        return "JK"
    if not isinstance(card, int) or card < 0 or card > 51:
        raise StdCardError("not a standard card code: %r" % (card,))
    return RANKS[card // 4] + SUITS[card % 4]


def deck(jokers=2):
    """One 52-card deck followed by ``jokers`` jokers."""
    return list(range(52)) + [JOKER] * jokers
