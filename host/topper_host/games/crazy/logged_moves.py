"""Crazy Job's moves in the device's log (``topper_host.turn_moves``): a rule made, a
play, a "no legal card" claim, and the card a rule maker moves after a wrong claim.
The dealer's starting cards and the press that deals the next hand are the table's
doing, not a move; a play is logged once judged, so without the pad at the maker's
word."""

MOVES = ("rule", "play", "none")


def moves(rulings, pad):
    """``[(seat, t), ...]``: who moved, and when, in log order."""
    out = []
    for r in rulings:
        if r.get("r") in MOVES:
            out.append((r.get("seat"), r.get("t")))
        elif r.get("r") == "picked":
            out.append((r.get("owner"), r.get("t")))  # (its seat is the claimer, who takes the cards)
    return out
