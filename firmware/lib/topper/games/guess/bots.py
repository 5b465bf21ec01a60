"""Guess My Card players for the simulator, the tests and the benchmarks.

``Bot`` deduces: for every opponent it keeps the natural cards their secret can still be
(64 at the start), and strikes out every card an answer rules out (the match count of
each declared card it has heard), every card seen face up (each card exists once), every
wrong official guess, and its own secret and hand. With one candidate left it reveals the
card, with a risk-free 3-match question when a hand card can stand for it, else with an
official guess. Otherwise it asks the opponent with the fewest candidates the question
that splits them best (fewest expected candidates left). It never guesses officially
while two candidates remain: a wrong guess costs as much as a right one earns.

It learns only from the public rulings, which the driver hands it with ``observe``, and
from its own seat (``Match.hand_view``). ``RandomPlayer`` asks at random and guesses
officially now and then: the baseline. Both draw ties from their own seeded ``Rng``;
ratings are integers so every platform plays the same game.
"""

from topper import cards
from topper.games.guess.engine import Act, Phase, declarations, matches, stands_for
from topper.rng import Rng

# Declarations of a wild card tried per question: enough to find a good split, few
# enough for a board.
_TRIES = 8


def _naturals():
    return cards.squares_deck()


class Bot:
    def __init__(self, seed=0):
        self.rng = Rng(seed)
        self.cands = {}  # opponent seat -> natural cards their secret can still be
        self.seen = []  # cards face up this hand: nobody's secret

    # ----- watching the table -------------------------------------------------------

    def observe(self, rulings):
        for rec in rulings:
            kind = rec.get("r")
            if kind == "hand":
                self.cands = {}
                self.seen = []
            elif kind == "deal":
                for opened in rec["opened"]:
                    for text in opened:
                        self._face_up(text)
            elif kind in ("discard", "opened"):
                self._face_up(rec["card"])
            elif kind == "ask":
                self._face_up(rec["shown"])
            elif kind == "answer":
                self._heard(rec["seat"], rec["declared"], rec["n"])
            elif kind == "verdict" and not rec["ok"]:
                self._strike(rec["seat"], rec["card"])
            elif kind == "revealed":
                self.cands[rec["seat"]] = [cards.parse(rec["card"])]
                self._face_up(rec["card"], rec["seat"])

    def _list(self, seat):
        if seat not in self.cands:
            self.cands[seat] = [c for c in _naturals() if c not in self.seen]
        return self.cands[seat]

    def _face_up(self, text, owner=-1):
        if text == "--":
            return
        card = cards.parse(text)
        self.seen.append(card)
        for seat in sorted(self.cands):
            if seat != owner and card in self.cands[seat]:
                self.cands[seat].remove(card)

    def _heard(self, seat, text, n):
        if text == "--":
            return
        declared = cards.parse(text)
        if not cards.is_natural(declared):
            return  # undeclared wilds (a card pad): the count says too little to use
        self.cands[seat] = [c for c in self._list(seat) if matches(c, declared) == n]

    def _strike(self, seat, text):
        if text != "--":
            card = cards.parse(text)
            self.cands[seat] = [c for c in self._list(seat) if c != card]

    # ----- acting -------------------------------------------------------------------

    def choose(self, match):
        """The action this bot takes now in a dealt ``match``."""
        p = match.phase
        if p in (Phase.ANSWER, Phase.VERDICT):
            # The device knows the secret and accepts only the truth: give it.
            return match.legal_actions()[0]
        if p == Phase.SCORED:
            return (Act.NEXT,)
        seat = match.current_player()
        if p == Phase.DISCARD:
            return (Act.DISCARD, self._throw(match.hands[seat]))
        return self.turn(match, seat)

    def _throw(self, hand):
        """A natural card before a wild one: wilds can be declared as anything."""
        naturals = [c for c in sorted(hand) if cards.is_natural(c)]
        pool = naturals if naturals else sorted(hand)
        return pool[self.rng.below(len(pool))]

    def candidates(self, match, seat, target):
        """What ``target``'s secret can be, as far as ``seat`` knows."""
        mine = [match.secrets[seat]] + match.hands[seat]
        out = [c for c in self._list(target) if c not in mine]
        if not out:
            # Nothing fits: somebody answered wrong (a real table). Start again.
            out = [c for c in _naturals() if c not in mine and c not in self.seen]
            self.cands[target] = list(out)
        return out

    def turn(self, match, seat):
        hand = match.hands[seat]
        best_t = -1
        best = None
        for t in match.targets(seat):
            cands = self.candidates(match, seat, t)
            if len(cands) == 1:
                card = cands[0]
                for shown in sorted(hand):
                    if stands_for(shown, card):
                        return (Act.ASK, t, shown, card)
                return (Act.GUESS, t, card)
            if best is None or len(cands) < len(best):
                best_t = t
                best = cands
        return self._question(best_t, best, hand)

    def _question(self, target, cands, hand):
        """The hand card and declaration whose answer leaves the fewest candidates on
        average: the least sum of squared bucket sizes."""
        best = None
        best_cost = -1
        for shown in sorted(hand):
            options = declarations(shown)
            if len(options) > _TRIES:
                options = [options[self.rng.below(len(options))] for _ in range(_TRIES)]
            for declared in options:
                buckets = [0, 0, 0, 0]
                for c in cands:
                    buckets[matches(c, declared)] += 1
                cost = 0
                for b in buckets:
                    cost += b * b
                if best is None or cost < best_cost:
                    best = (Act.ASK, target, shown, declared)
                    best_cost = cost
        return best


class RandomPlayer:
    """Asks a random opponent with a random hand card; now and then guesses at random."""

    def __init__(self, seed=0):
        self.rng = Rng(seed)

    def observe(self, rulings):
        pass

    def choose(self, match):
        p = match.phase
        if p != Phase.TURN:
            options = match.legal_actions()
            return options[self.rng.below(len(options))]
        seat = match.current_player()
        targets = match.targets(seat)
        t = targets[self.rng.below(len(targets))]
        if self.rng.below(10) == 0:
            naturals = _naturals()
            return (Act.GUESS, t, naturals[self.rng.below(len(naturals))])
        hand = match.hands[seat]
        shown = hand[self.rng.below(len(hand))]
        options = declarations(shown)
        return (Act.ASK, t, shown, options[self.rng.below(len(options))])
