"""A tiny honest turn game for the simulator's tests while no real one is needed:
Race to 21. Seats take turns adding 1, 2 or 3 to a running total; whoever brings it to
21 or more wins the hand and a point; after ``hands`` hands the most points win. Each
seat also holds one secret card (a word dealt from the seed) that only its own panel
may show. It borrows Guess My Card's key so the device's screen has a title."""

from topper.gamekit import RuleError, as_action, seat_name
from topper.rng import Rng
from topper.turnref import TurnReferee

ADD = 0
GOAL = 21
WORDS = ("ACORN", "BISON", "CEDAR", "DINGO", "EMBER", "FJORD", "GECKO", "HAZEL", "IGLOO", "JUMBO")


class Race(TurnReferee):
    GAME = "guess"

    def __init__(self, seats, entry, seed=0, control=None, hands=2):
        TurnReferee.__init__(self, seats, entry, seed, control)
        self.hands = hands
        self.hand_no = 0
        self.total = 0
        self.turn = 0
        self.points = [0] * seats
        self.secrets = []
        self.rng = Rng(seed)

    def _deal(self):
        words = list(WORDS)
        self.rng.shuffle(words)
        self.secrets = words[: self.seats]
        self.total = 0
        self.turn = self.hand_no % self.seats
        return [{"r": "deal", "hand": self.hand_no + 1, "first": self.turn}]

    def _begin(self):
        return self._deal()

    def _turn(self):
        return -1 if self.is_over() else self.turn

    def _next(self):
        return (self.turn + 1) % self.seats

    def _apply(self, action):
        kind, seat, n = (as_action(action) + (0, 0, 0))[:3]
        if kind != ADD or len(action) != 3:
            raise RuleError("an action here is (0, seat, 1..3)")
        if seat != self.turn:
            raise RuleError("it is %s's turn" % seat_name(self.turn))
        if not 1 <= n <= 3:
            raise RuleError("add 1, 2 or 3, not %d" % n)
        self.total += n
        events = [{"r": "add", "seat": seat, "n": n, "total": self.total}]
        if self.total >= GOAL:
            self.points[seat] += 1
            events.append({"r": "hand", "winner": seat, "secrets": list(self.secrets)})
            self.hand_no += 1
            if self.hand_no < self.hands:
                events.extend(self._deal())
            return events
        self.turn = (seat + 1) % self.seats
        return events

    def is_over(self):
        return self.hand_no >= self.hands

    def winners(self):
        best = max(self.points)
        return [s for s in range(self.seats) if self.points[s] == best] if self.is_over() else []

    def scores(self):
        return list(self.points)

    def lines(self):
        return [
            "hand %d of %d" % (min(self.hand_no + 1, self.hands), self.hands),
            "total %d of %d" % (self.total, GOAL),
        ]

    def hint(self):
        return "%s: add 1-3" % seat_name(self.turn)

    def hand(self, seat):
        return [self.secrets[seat]] if self.secrets and not self.is_over() else []

    def choices(self, seat):
        if self.is_over() or seat != self.turn:
            return []
        return [("add %d (total %d)" % (n, self.total + n), (ADD, seat, n)) for n in (1, 2, 3)]

    def bot(self, seat, seed):
        return RaceBot(seat, seed)

    def describe(self, r):
        if r["r"] == "add":
            return "%s adds %d: %d" % (seat_name(r["seat"]), r["n"], r["total"])
        if r["r"] == "hand":
            return "%s wins the hand" % seat_name(r["winner"])
        return ""

    def to_dict(self):
        return {"seats": self.seats, "seed": self.seed, "hands": self.hands}


class RaceBot:
    def __init__(self, seat, seed):
        self.seat = seat
        self.rng = Rng(seed)

    def choose(self, ref):
        for n in (1, 2, 3):
            if ref.total + n >= GOAL:
                return (ADD, self.seat, n)
        return (ADD, self.seat, 1 + self.rng.below(3))


def make(seats, entry, seed, control, options):
    return Race(seats, entry, seed, control, options["hands"])
