"""High Card's referee (topper.turnref): the one module a shell makes it with (``make``),
rebuilds it with after a power cut (``restore``), and the simulator's physical table
deals it with (``referee`` with ``Entry.DEALT``)."""

from topper import cards, turnref
from topper.gamekit import Entry, RuleError, seat_name
from topper.rng import Rng
from topper.inputs import SHORT
from topper.turnref import TurnReferee

GAME = "highcard"
HAND = 5  # cards dealt to each seat: as many rounds
LAY = 0  # (LAY, seat, card)
TAKE = 1  # (TAKE, seat): with the buttons, the round's winner says so


def make(cfg, seed, settle_ms=1, salt_key=None):
    return turnref.make_with(referee, cfg, seed, salt_key)


def referee(seats, entry, seed, control, options):
    return HighCard(seats, entry, seed, control, options["target"])


def restore(saved, now):
    r = HighCard(saved["seats"], saved["entry"], saved["seed"], None, saved["target"])
    r.points = list(saved["points"])
    r.hands = None if saved["hands"] is None else [list(h) for h in saved["hands"]]
    r.laid = [list(x) for x in saved["laid"]]
    r.seen = list(saved["seen"])
    for key in ("on", "rounds", "ended", "message", "started"):
        setattr(r, key, saved[key])
    r.restore_clock(saved.get("clock"), now)
    return r


class HighCard(TurnReferee):
    GAME = GAME

    def __init__(self, seats, entry, seed=0, control=None, target=3):
        TurnReferee.__init__(self, seats, entry, seed, control)
        self.target = target
        self.points = [0] * seats
        self.hands = None  # each seat's cards (dealt game only)
        self.laid = []  # [seat, card] of this round
        self.seen = []  # every card laid (card pad: a card laid twice is refused)
        self.on = 0
        self.rounds = 0
        self.ended = False

    def _begin(self):
        if self.entry == Entry.DEALT:
            deck = cards.full_deck(0)
            rng = Rng(self.seed)
            for i in range(len(deck) - 1, 0, -1):
                j = rng.below(i + 1)
                deck[i], deck[j] = deck[j], deck[i]
            self.hands = [deck[s * HAND : (s + 1) * HAND] for s in range(self.seats)]
        return [{"r": "deal", "cards": HAND}]

    def _turn(self):
        return -1 if self.ended or self.entry == Entry.BUTTONS else self.on

    def _apply(self, action):
        if action[0] == TAKE:
            return self._round(action[1])
        seat, card = action[1], action[2]
        if seat != self.on:
            raise RuleError("%s is not on turn" % seat_name(seat))
        if self.hands is not None:
            if card not in self.hands[seat]:
                raise RuleError("%s does not hold %s" % (seat_name(seat), cards.format_card(card)))
            self.hands[seat].remove(card)
        elif card in self.seen:
            raise RuleError("%s was laid already" % cards.format_card(card))
        self.seen.append(card)
        self.laid.append([seat, card])
        out = [{"r": "lay", "seat": seat, "card": cards.format_card(card)}]
        if len(self.laid) < self.seats:
            self.on = (seat + 1) % self.seats
            return out
        best = self.laid[0]
        for s, c in self.laid:
            if cards.number(c) > cards.number(best[1]):
                best = [s, c]
        return out + self._round(best[0])

    def _round(self, seat):
        self.points[seat] += 1
        self.rounds += 1
        self.laid = []
        self.on = seat
        out = [{"r": "round", "seat": seat, "points": self.points[seat]}]
        if self.points[seat] >= self.target or self.rounds >= HAND:
            self.ended = True
            out.append({"r": "over", "winners": self.winners()})
        return out

    def is_over(self):
        return self.ended

    def winners(self):
        if not self.ended:
            return []
        most = max(self.points)
        return [s for s in range(self.seats) if self.points[s] == most]

    def scores(self):
        return self.points[:]

    def lines(self):
        return ["round %d of %d, to %d" % (min(self.rounds + 1, HAND), HAND, self.target)]

    def hint(self):
        if self.entry == Entry.BUTTONS:
            return "round winner: button"
        return "%s: lay a card" % seat_name(self.on)

    def describe(self, r):
        if r["r"] == "lay":
            return "%s lays %s" % (seat_name(r["seat"]), r["card"])
        if r["r"] == "round":
            return "%s takes the round" % seat_name(r["seat"])
        return ""

    def choices(self, seat):
        if self.ended or seat != self.on or self.hands is None:
            return []
        return [(cards.format_card(c), (LAY, seat, c)) for c in self.hands[seat]]

    def bot(self, seat, seed):
        return _Bot(seed)

    def button(self, press, seat, t_ms):
        if self.entry == Entry.BUTTONS and press == SHORT and seat >= 0:
            return self.act((TAKE, seat), t_ms)
        return [self._error("no use for that button now", t_ms)]

    def card(self, code, t_ms):
        if self.entry != Entry.PAD:
            return [self._error("no card is expected now", t_ms)]
        if not 0 <= code < 125:
            return [self._error("not a Triple Topper card", t_ms)]
        return self.act((LAY, self.on, code), t_ms)

    def public_card(self, code):
        return cards.format_card(code)  # every card is laid face up

    def to_dict(self):
        return {
            "game": GAME, "seats": self.seats, "entry": self.entry, "seed": self.seed,
            "target": self.target, "points": self.points[:], "hands": self.hands,
            "laid": self.laid, "seen": self.seen, "on": self.on, "rounds": self.rounds,
            "ended": self.ended, "message": self.message, "started": self.started,
        }


class _Bot:
    def __init__(self, seed):
        self.rng = Rng(seed)

    def choose(self, ref):
        menu = ref.choices(ref.on)
        return menu[self.rng.below(len(menu))][1]
