"""Guess My Card's moves in the device's log (``topper_host.turn_moves``): a question,
its answer, a guess and its verdict. The cards a player throws to the trash after the
deal are thrown without a word to the device, so they are no move it can count."""

MOVES = ("ask", "answer", "guess", "verdict")


def moves(rulings, pad):
    """``[(seat, t), ...]``: who moved, and when, in log order."""
    return [(r.get("seat"), r.get("t")) for r in rulings if r.get("r") in MOVES]
