"""Tricky Dick players for the simulator, the tests and the benchmarks.

``Bot`` looks only at what its seat could see at a table: its own hand, the cards already
on the table, its own card of the previous trick and the mode. It rates every card it holds
and lays the best, drawing from its own seeded ``Rng`` between equals, so a seed replays
the same game. ``RandomPlayer`` lays any held card: the baseline the bot must beat.

Ratings are integers on purpose: CircuitPython's floats are shorter than CPython's and a
tie that one platform sees and the other does not would make them play different games.
"""

from topper.rng import Rng
from topper.games.tricky.engine import SEATS, Mode
from topper.games.tricky.score import (
    scoring_seats,
    shares_variable,
    trick_value,
    winning_play,
)

# A point this card settles for sure (the seat plays last, or the match rule) is worth
# SURE; one that later cards may still overturn is worth half. Each unit of a seat's
# weight (3 for itself) scales these, and flexibility (below) only breaks near-ties.
SURE = 8
LIKELY = 4
FLEX_CAP = 3


def _weights(mode, seat):
    """What one point to each seat is worth to ``seat``."""
    if mode == Mode.COOPERATIVE:
        return [3, 3, 3, 3]
    if mode == Mode.PAIRS:
        # Partners sit opposite: the same parity is the same team, and it is zero-sum.
        return [3 if (s - seat) % 2 == 0 else -3 for s in range(SEATS)]
    # Alone against three: an opponent's point costs a third of one's own.
    return [3 if s == seat else -1 for s in range(SEATS)]


class Bot:
    def __init__(self, seed=0):
        self.rng = Rng(seed)

    def choose(self, match):
        """The card this bot lays now in a dealt ``match``."""
        seat = match.current_player()
        return self.pick(seat, match.hands[seat], match.table, match.previous[seat], match.game.mode)

    def pick(self, seat, hand, table, before, mode):
        """The card to lay from ``hand`` with ``table`` (plays so far) in front of ``seat``,
        whose card of the previous trick was ``before`` (None on the first trick)."""
        weights = _weights(mode, seat)
        best = []
        best_rating = None
        for card in sorted(hand):
            rating = self.rate(card, seat, hand, table, before, weights)
            if best_rating is None or rating > best_rating:
                best = [card]
                best_rating = rating
            elif rating == best_rating:
                best.append(card)
        return best[self.rng.below(len(best))]

    def rate(self, card, seat, hand, table, before, weights):
        """How good laying ``card`` now looks to ``seat``, in integer units."""
        mine = weights[seat]
        rating = 0
        # The match rule: breaking it costs a sure point now...
        if before is not None and not shares_variable(card, before):
            rating -= mine * SURE
        # ...and a card no other held card can follow costs one at the next trick.
        follow = 0
        for other in hand:
            if other != card and shares_variable(card, other):
                follow += 1
        if len(hand) > 1:
            if follow == 0:
                rating -= mine * SURE
            rating += min(follow, FLEX_CAP)
        # The trick as it stands with this card: who would score, and what.
        plays = table + [[seat, card]]
        win = winning_play(plays)
        value = trick_value(plays)
        sure = SURE if len(plays) == SEATS else LIKELY
        for scorer in scoring_seats(plays, win):
            rating += weights[scorer] * value * sure
        return rating


class RandomPlayer:
    def __init__(self, seed=0):
        self.rng = Rng(seed)

    def choose(self, match):
        legal = match.legal_actions()
        return legal[self.rng.below(len(legal))]


def play_out(match, players):
    """Let ``players`` (one per seat, each with ``choose(match)``) finish the match."""
    while not match.is_over():
        match.apply(players[match.current_player()].choose(match))
    return match
