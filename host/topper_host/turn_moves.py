"""A turn game's moves, counted from the device's log: what ``topper stats`` and the
simulator's summary both count, so that they agree.

A move is a decision a player makes at the table and the device rules on: a card
laid, a play, a pickup, a question, an answer, a rule made. A press is not a move (a
move may take several, or only a card on the pad), nor is what the table does by
itself (a dealer's turned-up cards, dealing the next hand). Which rulings are moves is
each game's own knowledge: its host package's ``logged_moves`` (``moves(rulings,
pad)``); a game without one counts none.
"""

import importlib

from topper import games


def moves(game, pad, rulings):
    """``[(seat, t), ...]`` of the moves in ``rulings`` (dicts with ``"r"`` and
    ``"t"``, in log order) of ``game`` played with the card pad or without it."""
    try:
        host = games.find(game).host
    except KeyError:
        return []
    try:
        module = importlib.import_module("%s.logged_moves" % host) if host else None
    except ModuleNotFoundError as e:
        if e.name != "%s.logged_moves" % host:
            raise
        module = None
    if module is None:
        return []
    # (a board's log is read as it was logged: a move naming no seat is no one's)
    return [(s, t) for s, t in module.moves(rulings, pad) if _whole(s) and 0 <= s < 8 and _whole(t)]


def _whole(v):
    return isinstance(v, int) and not isinstance(v, bool)
