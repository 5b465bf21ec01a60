"""The two slots a game's save store is split into (``topper.journal`` for the card
games, ``topper.turnsave`` for the games saved whole): a slot whose first two bytes are
not its kind's magic holds no game."""

JOURNAL = b"TJ"  # a card game's journal (topper.journal)
WHOLE = b"TT"  # a game saved whole (topper.turnsave)
MAGICS = (JOURNAL, WHOLE)


def holds(store, base, magics=MAGICS):
    """Whether the slot at ``base`` holds a game of one of the kinds ``magics`` name."""
    return bytes(store[base : base + 2]) in magics


def held(store, magics=MAGICS):
    """Whether either slot holds such a game (read without decoding it)."""
    return holds(store, 0, magics) or holds(store, len(store) // 2, magics)


def clear(store, written=None):
    """Unmarks each slot that holds a game, so that neither does; ``written()`` is
    called after each slot written (the app flushes the nvm store there). A slot that
    holds none is left alone: the nvm store holds its unwritten bytes as one span, and
    two writes half a store apart made that span the whole store (a 3 KB buffer and
    the chip's bytes between read into it, at every game's start and end:
    CHANGELOG.md)."""
    for base in (0, len(store) // 2):
        if holds(store, base):
            store[base : base + 2] = b"\x00\x00"
            if written is not None:
                written()
