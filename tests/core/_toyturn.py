"""A tiny, honest turn-based game for testing the shells before the real games land:
"race to the target". Seats play in turn; the seat on turn adds 1 (a short press),
2 (a long press) or a laid card's worth (1 for an even card code, 2 for an odd one) to
a shared total; whoever brings it to the target wins. The table's short press skips
the seat on turn; a chord takes a seat out of the game, and the last seat in wins.
A secret (a number from the seed) is revealed only when the game ends, so the tests
can check that shells never let a secret out early.

Module shape as every game's ``turn`` module: ``make``, ``referee`` and ``restore``."""

from topper import games, inputs, turnref
from topper.gamekit import Entry, RuleError, seat_name
from topper.rng import Rng

GAME = "toy"
ENTRY = games.Game(
    "toy", "TOY RACE", (2, 8), games.TURN, "_toyturn", "topper_view.turns", games.TOPPER,
    (games.Option("target", "Target", (5, 10, 20), 10),),
)

ADD = 0
LEAVE = 1
SKIP = 2


class ToyReferee(turnref.TurnReferee):
    GAME = GAME

    def __init__(self, seats, entry, seed=0, control=None, target=10):
        turnref.TurnReferee.__init__(self, seats, entry, seed, control)
        self.target = target
        self.total = 0
        self.on = 0
        self.gone = [False] * seats
        self.won = -1
        self.secret = 0
        self.adds = [0] * seats  # what each seat added: the scores

    def _begin(self):
        self.secret = 100000 + Rng(self.seed).below(900000)
        self.on = 0
        return [{"r": "deal", "target": self.target}]

    def _turn(self):
        return -1 if self.won >= 0 else self.on

    def _next(self):
        return self._after(self.on)

    def _after(self, seat):
        for k in range(1, self.seats + 1):
            s = (seat + k) % self.seats
            if not self.gone[s]:
                return s
        return -1

    def _apply(self, action):
        kind = action[0]
        if kind == ADD:
            seat, n = action[1], action[2]
            if seat != self.on:
                raise RuleError("%s is not on turn" % seat_name(seat))
            if n not in (1, 2):
                raise RuleError("add 1 or 2, not %r" % (n,))
            self.total += n
            self.adds[seat] += n
            out = [{"r": "add", "seat": seat, "n": n, "total": self.total}]
            if self.total >= self.target:
                return out + self._win(seat)
            self.on = self._after(seat)
            out.append({"r": "turn", "seat": self.on})
            return out
        if kind == SKIP:
            self.on = self._after(self.on)
            return [{"r": "turn", "seat": self.on}]
        if kind == LEAVE:
            seat = action[1]
            if self.gone[seat]:
                raise RuleError("%s is out already" % seat_name(seat))
            self.gone[seat] = True
            out = [{"r": "out", "seat": seat}]
            left = [s for s in range(self.seats) if not self.gone[s]]
            if len(left) == 1:
                return out + self._win(left[0])
            if seat == self.on:
                self.on = self._after(seat)
                out.append({"r": "turn", "seat": self.on})
            return out
        raise RuleError("no action %r" % (kind,))

    def _win(self, seat):
        self.won = seat
        return [{"r": "win", "seat": seat}, {"r": "reveal", "secret": self.secret}]

    def is_over(self):
        return self.won >= 0

    def winners(self):
        return [self.won] if self.won >= 0 else []

    def out(self):
        return self.gone[:]

    def scores(self):
        return self.adds[:]

    def lines(self):
        return ["total %d of %d" % (self.total, self.target)]

    def hint(self):
        return "%s: short +1, long +2" % seat_name(self.on)

    def describe(self, r):
        if r["r"] == "add":
            return "%s adds %d" % (seat_name(r["seat"]), r["n"])
        if r["r"] == "win":
            return "%s wins" % seat_name(r["seat"])
        return ""

    def choices(self, seat):
        if seat != self.on or self.won >= 0:
            return []
        return [("+1", (ADD, seat, 1)), ("+2", (ADD, seat, 2))]

    def button(self, press, seat, t_ms):
        if self.won >= 0:
            return [self._error("the game is over", t_ms)]
        if press == inputs.SHORT or press == inputs.LONG:
            if seat != self.on:
                return [self._error("%s: not your turn" % seat_name(seat), t_ms)]
            return self.act((ADD, seat, 1 if press == inputs.SHORT else 2), t_ms)
        if press == inputs.TABLE:
            return self.act((SKIP,), t_ms)
        if press == inputs.CHORD:
            return self.act((LEAVE, seat), t_ms)
        return [self._error("no use for that button now", t_ms)]

    def card(self, code, t_ms):
        if self.entry != Entry.PAD:
            return [self._error("no card is expected now", t_ms)]
        return self.act((ADD, self.on, 1 + code % 2), t_ms)

    def to_dict(self):
        return {
            "seats": self.seats,
            "entry": self.entry,
            "seed": self.seed,
            "target": self.target,
            "total": self.total,
            "on": self.on,
            "gone": self.gone[:],
            "won": self.won,
            "secret": self.secret,
            "adds": self.adds[:],
            "message": self.message,
        }


def make(cfg, seed, settle_ms=1, salt_key=None):
    return turnref.make_with(referee, cfg, seed, salt_key)


def referee(seats, entry, seed, control, options):
    return ToyReferee(seats, entry, seed, control, options["target"])


def restore(saved, now):
    r = ToyReferee(saved["seats"], saved["entry"], saved["seed"], None, saved["target"])
    for k in ("total", "on", "won", "secret", "message"):
        setattr(r, k, saved[k])
    r.gone = list(saved["gone"])
    r.adds = list(saved["adds"])
    r.started = True
    r.restore_clock(saved.get("clock"), now)
    return r
