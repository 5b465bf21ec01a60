"""Tricky Dick's moves in the device's log (``topper_host.turn_moves``): each card a
seat lays. The first trick of a hand is the dealer's four turned-up cards, laid by
nobody's choice (docs/rules/tricky-dick.md), so its plays are no move."""


def moves(rulings, pad):
    """``[(seat, t), ...]``: who moved, and when, in log order."""
    out = []
    dealt = False  # between a deal and its first trick: the turned-up cards
    for r in rulings:
        kind = r.get("r")
        if kind == "deal":
            dealt = True
        elif kind == "trick":
            dealt = False
        elif (kind == "play" and not dealt) or kind == "laid":  # (laid: the same, without the pad)
            out.append((r.get("seat"), r.get("t")))
    return out
