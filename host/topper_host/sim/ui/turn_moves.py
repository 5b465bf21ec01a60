"""The human's move list: the numbered ``choices(seat)`` and, for every move the OLED's
hint announces that the rules do not allow right now, a line saying why.

The device's hint is short and general ("P1: play or pick up"); the list holds only the
legal moves. So that the two never disagree without a word, a move the hint names but
the list lacks is shown, greyed and not selectable, with the rule that forbids it."""

# (game, move) -> why the move is not in the list when the hint names it.
WHY_NOT = {
    ("tripp", "pick up"): "you hold a card that beats the pile; the pile is picked up only when none does",
    ("tripp", "play"): "no card of yours beats the pile: pick it up",
}


def announced(hint):
    """The moves a hint names: "P1: play or pick up" -> ["play", "pick up"]."""
    _who, sep, moves = hint.partition(": ")
    if not sep:
        return []
    return [m.strip() for m in moves.split(" or ") if m.strip()]


def missing(game, hint, labels):
    """``[(move, why)]`` for the moves the hint names that no label starts with."""
    out = []
    if len(announced(hint)) < 2:
        return out  # a hint naming one move is the move itself ("tap, then lay")
    for move in announced(hint):
        if not any(label.startswith(move) for label in labels):
            out.append((move, WHY_NOT.get((game, move), "not allowed now")))
    return out
