"""A sensible Tripp Jokes bot for the simulator, the tests and an empty seat.

It plays like a careful beginner: every copy of the lowest natural value that beats
the pile, and a special only when no natural card will do, cheapest first (a 3 passes
the problem on, a 2 buys a free board, a 10 is kept for a pile worth burning, a joker
is the last resort because it costs the pile). Blind choices (which face-down card)
come from its own seeded ``Rng``, so a seeded bot game replays exactly.
"""

from topper.rng import Rng
from topper.games.tripp.engine import Act, default_faceup, strength, value

# A pile this big is worth a 10 even when a 2 or a 3 would also get out of trouble.
BURN_PILE = 5


class TrippBot:
    def __init__(self, seed):
        self.rng = Rng(seed)

    def choose(self, state):
        """A legal action for the seat on turn in ``state``."""
        legal = state.legal_actions()
        if not legal:
            raise ValueError("the game is over: nothing to choose")
        kind = legal[0][0]
        if kind == Act.FACEUP:
            return default_faceup(state.hands[state.current_player()])
        if kind == Act.FLIP:
            return (Act.FLIP, self.rng.below(len(legal)))
        if kind == Act.PICKUP:
            return legal[0]
        return _best_play(legal, len(state.pile))


def _best_play(plays, pile_size):
    # For each value keep the play with the most cards: shedding every copy at once
    # empties the hand sooner and may make three of a kind.
    widest = {}
    for action in plays:
        v = value(action[1])
        if v not in widest or len(action) > len(widest[v]):
            widest[v] = action
    naturals = sorted([v for v in widest if v not in (0, 2, 3, 10)], key=strength)
    if naturals:
        return widest[naturals[0]]
    order = (10, 2, 3, 0) if pile_size >= BURN_PILE else (3, 2, 10, 0)
    for v in order:
        if v in widest:
            # One special at a time: the others are worth keeping.
            return widest[v][:2]
    raise ValueError("no play among %r" % (plays,))
