"""Crazy Job players for the simulator, the tests and the benchmarks.

``Bot`` stores a rule of its own and works out the others' rules the way a careful player
does: for every opponent it keeps the one-clause rules (``crazyrules.valid_single_rules``)
that agree with everything that line has shown so far (right plays, wrong plays, hands
shown for "no legal card", the cards rule makers moved), and plays the card most of them
accept. When they all accept a run of cards it plays the run (up to 4); when none accepts
any card it says "no legal card". It learns only from the public rulings, which the
driver hands it with ``observe``, and from its own hand.

A rule outside that vocabulary (a human's two-clause rule) empties the candidate set;
the bot then starts again from every one-clause rule and keeps learning from new plays.

``RandomPlayer`` plays any held card: the baseline the bot must beat. Choices between
equals are drawn from each player's own seeded ``Rng``; all ratings are integers so that
every platform plays the same game.
"""

from topper import cards
from topper.games.crazy import rules as crazyrules
from topper.games.crazy.engine import Act, Phase
from topper.rng import Rng

# A bot stores a rule that lets at most this many of the 124 other cards follow: hard
# enough to be worth finding, never impossible (valid rules always admit something).
_MAX_ADMITTED = 50

_shapes = None


def _all_shapes():
    """Every one-clause rule as ``(variable, source, masks)``: ``masks[v]`` is the 5-bit
    set of values the new card's variable may take when the last card's source variable
    is ``v`` (all five equal for a fixed value). Fast to test, built once."""
    global _shapes
    if _shapes is None:
        _shapes = []
        for code in crazyrules.valid_single_rules():
            variable, _, source, _ = crazyrules.clause_parts(code)
            # A last card whose three values are all v: whatever the source, it reads v.
            masks = tuple([crazyrules.clause_mask(code, cards.make(v, v, v)) for v in range(5)])
            src = cards.NUMBER if source == crazyrules.FIXED else source
            _shapes.append((variable, src, masks, code))
    return _shapes


_hard = None


def _hard_rules():
    global _hard
    if _hard is None:
        _hard = []
        for code in crazyrules.valid_single_rules():
            # A one-clause rule admits as many cards after any card: ask after ``***``.
            if crazyrules.Rule(code).count_after(0) <= _MAX_ADMITTED:
                _hard.append(code)
    return _hard


def _accepts(shape, last, card):
    return (shape[2][cards.value(last, shape[1])] >> cards.value(card, shape[0])) & 1


def _chain_ok(shape, last, run):
    for card in run:
        if not _accepts(shape, last, card):
            return False
        last = card
    return True


class Bot:
    def __init__(self, seed=0):
        self.rng = Rng(seed)
        self.cands = {}  # owner seat -> candidate shapes consistent with their line
        self.last = {}  # owner seat -> last legal card of their line

    # ----- watching the table -------------------------------------------------------

    def observe(self, rulings):
        """Learn from public rulings (every seat sees them)."""
        for rec in rulings:
            kind = rec.get("r")
            if kind == "hand":
                self.cands = {}
                self.last = {}
            elif kind == "deal":
                for seat in range(len(rec["starts"])):
                    self._seen_start(seat, rec["starts"][seat])
            elif kind == "start":
                self._seen_start(rec["seat"], rec["card"])
            elif kind == "play":
                self._seen_play(rec["owner"], _codes(rec["cards"]), rec["ok"])
            elif kind == "none":
                self._seen_claim(rec["owner"], _codes(rec["shown"]), rec["ok"])
            elif kind == "picked":
                self._seen_play(rec["owner"], _codes([rec["card"]]), True)

    def _seen_start(self, owner, text):
        self.cands[owner] = list(_all_shapes())
        self.last[owner] = cards.parse(text) if text != "--" else None

    def _keep(self, owner, test):
        last = self.last.get(owner)
        if last is None:
            return
        kept = [s for s in self.cands[owner] if test(s, last)]
        # Nothing left: the rule is not a one-clause rule. Start again from all of them.
        self.cands[owner] = kept if kept else list(_all_shapes())

    def _seen_play(self, owner, run, ok):
        if ok:
            self._keep(owner, lambda s, last: _chain_ok(s, last, run))
            self.last[owner] = run[-1]
        else:
            self._keep(owner, lambda s, last: not _chain_ok(s, last, run))

    def _seen_claim(self, owner, shown, ok):
        def none_legal(s, last):
            for card in shown:
                if _accepts(s, last, card):
                    return False
            return True

        if ok:
            self._keep(owner, none_legal)
        else:
            self._keep(owner, lambda s, last: not none_legal(s, last))

    # ----- acting -------------------------------------------------------------------

    def choose(self, match):
        """The action this bot takes now in a dealt ``match``."""
        seat = match.current_player()
        p = match.phase
        if p == Phase.RULES:
            return (Act.RULE, self.make_rule())
        if p == Phase.PLAY:
            return self.play(match, seat)
        if p == Phase.PICK:
            options = match.legal_actions()
            return options[self.rng.below(len(options))]
        if p == Phase.SCORED:
            return (Act.NEXT,)
        raise ValueError("a bot stores its rule and never judges by hand (phase %d)" % p)

    def make_rule(self):
        """A stored one-clause rule that lets few cards follow."""
        hard = _hard_rules()
        return hard[self.rng.below(len(hard))]

    def play(self, match, seat):
        owner = match.owner_for(seat)
        last = match.lines[owner][-1]
        hand = match.hands[seat]
        cands = self.cands.get(owner) or list(_all_shapes())
        best = []
        best_votes = -1
        for card in _distinct_sorted(hand):
            votes = 0
            for s in cands:
                votes += _accepts(s, last, card)
            if votes > best_votes:
                best = [card]
                best_votes = votes
            elif votes == best_votes:
                best.append(card)
        if best_votes == 0:
            return (Act.NONE,)
        card = best[self.rng.below(len(best))]
        if best_votes < len(cands):
            return (Act.PLAY, card)
        return (Act.PLAY,) + self._sure_run(cands, card, hand)

    def _sure_run(self, cands, first, hand):
        """``first`` and then, while every candidate agrees, more cards (up to 4)."""
        run = [first]
        left = list(hand)
        left.remove(first)
        while len(run) < 4:
            nxt = None
            for card in _distinct_sorted(left):
                ok = True
                for s in cands:
                    if not _accepts(s, run[-1], card):
                        ok = False
                        break
                if ok:
                    nxt = card
                    break
            if nxt is None:
                break
            run.append(nxt)
            left.remove(nxt)
        return tuple(run)


class RandomPlayer:
    """Plays one held card at random, stores a random rule; never claims "no legal card"
    unless it holds nothing else to do."""

    def __init__(self, seed=0):
        self.rng = Rng(seed)

    def observe(self, rulings):
        pass

    def choose(self, match):
        p = match.phase
        if p == Phase.RULES:
            rules = crazyrules.valid_single_rules()
            return (Act.RULE, rules[self.rng.below(len(rules))])
        options = match.legal_actions()
        if p == Phase.PLAY:
            plays = [a for a in options if a[0] == Act.PLAY]
            if plays and self.rng.below(8):
                return plays[self.rng.below(len(plays))]
        return options[self.rng.below(len(options))]


def _codes(texts):
    return [cards.parse(t) for t in texts]


def _distinct_sorted(hand):
    out = []
    for card in sorted(hand):
        if not out or out[-1] != card:
            out.append(card)
    return out
