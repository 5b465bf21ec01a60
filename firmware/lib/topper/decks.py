"""The cards of each kind of deck a game is played with (``topper.games``: STANDARD,
TOPPER, SQUARES), as the card pad's enrollment and a game's start count them."""

from topper import games


def cards(kind, seats, jokers):
    """The deck's card codes in enrollment order: a standard deck (two of them for 5 or
    more seats) with ``jokers`` jokers, or the Triple Topper deck or its squares."""
    if kind == games.STANDARD:
        from topper import stdcards

        return stdcards.deck(jokers) * (2 if seats >= 5 else 1)
    from topper import cards as topper_cards

    if kind == games.SQUARES:
        return topper_cards.squares_deck(jokers)
    return topper_cards.full_deck(jokers)


def physical(kind):
    """The deck of cards a game of deck ``kind`` is played with: World War 3's squares
    are cards of the whole Triple Topper deck, so the pad reads them with that deck's
    tags (one deck map serves both kinds)."""
    return games.STANDARD if kind == games.STANDARD else games.TOPPER
