"""Tripp Jokes' moves in the device's log (``topper_host.turn_moves``).

With the card pad the device rules on every move: the face-up choice, a play, a
face-down card, a pickup; a face-down card that does not beat is one move whose
pickup follows it. Without the pad it hears only a turn's end (the seat's press, a
pickup, a chord when a seat goes out): a play again after a 2, a 10 or three of a kind
and the face-up choice are made at the table without a word to it, so there a move is
a turn.
"""


def moves(rulings, pad):
    """``[(seat, t), ...]``: who moved, and when, in log order."""
    return _by_pad(rulings) if pad else _by_turns(rulings)


def _by_pad(rulings):
    out = []
    flipped = -1  # the seat whose face-down card was just ruled on
    for r in rulings:
        kind = r.get("r")
        if kind in ("faceup", "play", "flip") or (kind == "pickup" and r.get("seat") != flipped):
            out.append((r.get("seat"), r.get("t")))
        flipped = r.get("seat") if kind == "flip" else -1
    return out


def _by_turns(rulings):
    out = []
    on_turn = -1
    out_now = False  # a seat just went out: the next seat's turn begins on the same move
    for r in rulings:
        kind = r.get("r")
        if kind == "deal":
            on_turn = r.get("first", -1)
        elif kind == "out":
            out.append((r.get("seat"), r.get("t")))
        elif kind == "turn":
            if not out_now and on_turn >= 0:
                out.append((on_turn, r.get("t")))
            on_turn = r.get("seat")
        out_now = kind == "out"
    return out
