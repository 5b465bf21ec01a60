"""The Triple Topper card model and its text notation (RULES.md section 1).

A card is a small int so that decks, stacks and logs cost no objects on a board:
``code = number * 25 + color * 5 + suit``, each variable 0..4 where 0 is the wild
value (``?``, Black, Blob) and 1..4 the natural ranks. Codes 0..124 are the full
deck; ``JOKER`` (125) is the joker, wild in all three variables.

Notation: ``<number><color><suit>`` with number ``1234``, color ``RYGB``, suit
``CHTS`` and ``*`` for the wild in any position; a joker is ``JK``.
"""

NUMBER = 0
COLOR = 1
SUIT = 2
VARIABLES = (NUMBER, COLOR, SUIT)
VARIABLE_NAMES = ("number", "color", "suit")

WILD = 0
JOKER = 125

_NUMBER_CH = "*1234"
_COLOR_CH = "*RYGB"
_SUIT_CH = "*CHTS"
# Aliases readers accept; writers always use the canonical characters above.
_NUMBER_ALIAS = {"?": 0}
_COLOR_ALIAS = {"K": 0}
_SUIT_ALIAS = {"X": 0}

COLOR_NAMES = ("black", "red", "yellow", "green", "blue")
SUIT_NAMES = ("blob", "circle", "heart", "triangle", "square")


class CardError(ValueError):
    """A card string or code that is not a Triple Topper card."""


def make(number, color, suit):
    """The code of the card with these variable values (0 = wild)."""
    for v in (number, color, suit):
        if v < 0 or v > 4:
            raise CardError("variable value out of range: %r" % (v,))
    return number * 25 + color * 5 + suit


def is_joker(card):
    return card == JOKER


def value(card, var):
    """The printed value of one variable: 1..4, or 0 for a wild (jokers: 0)."""
    if card == JOKER:
        return WILD
    if var == NUMBER:
        return card // 25
    if var == COLOR:
        return (card // 5) % 5
    return card % 5


def number(card):
    return value(card, NUMBER)


def color(card):
    return value(card, COLOR)


def suit(card):
    return value(card, SUIT)


def is_natural(card):
    """A natural card has no wild value (and is not a joker)."""
    return card != JOKER and number(card) != 0 and color(card) != 0 and suit(card) != 0


def _read(ch, chars, alias, what, text):
    i = chars.find(ch)
    if i >= 0:
        return i
    if ch in alias:
        return alias[ch]
    raise CardError("bad %s %r in card %r" % (what, ch, text))


def parse(text):
    """The code of a card written in the notation; CardError on anything else."""
    if not isinstance(text, str):
        raise CardError("card must be a string, not %r" % (text,))
    s = text.strip().upper()
    if s == "JK":
        return JOKER
    if len(s) != 3:
        raise CardError("card %r: expected 3 characters like 3RC, or JK" % (text,))
    return make(
        _read(s[0], _NUMBER_CH, _NUMBER_ALIAS, "number", text),
        _read(s[1], _COLOR_CH, _COLOR_ALIAS, "color", text),
        _read(s[2], _SUIT_CH, _SUIT_ALIAS, "suit", text),
    )


def format_card(card):
    """The canonical notation of a card code."""
    if card == JOKER:
        return "JK"
    if not isinstance(card, int) or card < 0 or card > 124:
        raise CardError("not a card code: %r" % (card,))
    # The variables read inline (code = number * 25 + color * 5 + suit): every card
    # laid is named in its ruling.
    return _NUMBER_CH[card // 25] + _COLOR_CH[(card // 5) % 5] + _SUIT_CH[card % 5]


def describe(card):
    """Words for a card, for help screens and errors: '3 red circle'."""
    if card == JOKER:
        return "joker"
    n = number(card)
    return "%s %s %s" % (n and str(n) or "?", COLOR_NAMES[color(card)], SUIT_NAMES[suit(card)])


def squares_deck(jokers=0):
    """The 64 natural cards, each once, then ``jokers`` jokers."""
    deck = []
    for n in range(1, 5):
        for c in range(1, 5):
            for s in range(1, 5):
                deck.append(n * 25 + c * 5 + s)
    return deck + [JOKER] * jokers


def full_deck(jokers=0):
    """All 125 combinations of the three variables, each once, then ``jokers`` jokers."""
    return list(range(125)) + [JOKER] * jokers
