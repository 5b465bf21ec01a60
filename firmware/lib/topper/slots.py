"""The two slots a game's save store is split into (``topper.journal`` for the card
games, ``topper.turnsave`` for the games saved whole): a slot whose first two bytes are
not its kind's magic ("TJ" a journal, "TT" a game saved whole) holds no game."""

_T = 0x54
_J = 0x4A


def clear(store, written=None):
    """Unmarks each slot that holds a game, so that neither does; ``written()`` is
    called after each slot written (the app flushes the nvm store there). A slot that
    holds none is left alone: the nvm store holds its unwritten bytes as one span, and
    two writes half a store apart made that span the whole store (a 3 KB buffer and
    the chip's bytes between read into it, at every game's start and end: issue 16,
    docs/board-heap.md)."""
    half = len(store) // 2
    for base in (0, half):
        if store[base] == _T and (store[base + 1] == _J or store[base + 1] == _T):
            store[base : base + 2] = b"\x00\x00"
            if written is not None:
                written()
