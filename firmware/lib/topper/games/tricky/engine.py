"""Tricky Dick as a turn-based state (RULES.md section 5, readings in docs/rules/tricky-dick.md).

One file though over 400 lines: the match, its trick reports packed as small
ints and the save that writes them are one state and its exact rebuild (``rewind``
replays the history it keeps); the scoring is ``score``, the table's report ``report``.

OpenSpiel's split: ``TrickyDick`` is the configuration and ``Match`` the state of a match of
one or more hands, with ``current_player()``, ``legal_actions()``, ``apply(card)``,
``is_over()`` and ``returns()``. A match is rebuilt exactly from its configuration, seed,
rigged deals and action history (``to_dict``/``from_dict``): that is how a log replays
and how a mistake is undone (``rewind``).

How the engine learns the cards (``Entry``):

- ``DEALT``: it shuffles from the seed and deals, so it knows every hand (simulator, bots).
  The first trick, the 16th card of each hand, is turned up and scored at the deal.
- ``PAD``: the table deals a real deck and a card pad reads each card as it is laid,
  starting with the four 16th cards turned up by the dealer from their left.
- ``BUTTONS``: no card pad. The table reports each trick with ``confirm_trick`` (who won,
  who laid a circle or a square, who laid the winner's color, who broke the match rule).

Every action returns its *rulings* (plain dicts, ``"r"`` is the kind) and also leaves them
in ``match.rulings``; an action the rules refuse raises ``RuleError`` and changes nothing.
"""

from topper import cards
from topper.gamekit import ENTRY_NAMES, Entry, RuleError, seat_name  # noqa: F401
from topper.rng import Rng
from topper.games.tricky.score import (
    SEATS,
    average_text,
    broken_seats,
    scoring_seats,
    trick_points,
    trick_value,
    winning_play,
)

HAND_SIZE = 16
TRICKS = 16  # one per card in hand, the first one turned up at the deal
NOBODY = -1  # current_player() once the match is over
TABLE = -2  # current_player() when the table, not a seat, must confirm the trick


class Mode:
    INDIVIDUAL = 0
    PAIRS = 1  # 2-on-2, partners opposite: seats 0+2 against 1+3
    COOPERATIVE = 2  # one team; its score is total / hands played


MODE_NAMES = ("individual", "2-on-2", "cooperative")


def _check_seat(seat, what):
    if not isinstance(seat, int) or seat < 0 or seat >= SEATS:
        raise RuleError("%s must be a seat 0..3, not %r" % (what, seat))
    return seat


def _check_card(card):
    # A range check first: outside 0..124 the code arithmetic yields fake "natural" cards.
    if not isinstance(card, int) or card < 0 or card > 124 or not cards.is_natural(card):
        raise RuleError("%r is not a card of the Squares deck" % (card,))
    return card


class TrickyDick:
    """The configuration of a match; ``new_match(seed)`` gives its first state."""

    def __init__(self, mode=Mode.INDIVIDUAL, hands=1, first_dealer=0, entry=Entry.DEALT):
        if mode not in (Mode.INDIVIDUAL, Mode.PAIRS, Mode.COOPERATIVE):
            raise RuleError("unknown mode %r" % (mode,))
        if entry not in (Entry.DEALT, Entry.PAD, Entry.BUTTONS):
            raise RuleError("unknown entry %r" % (entry,))
        if not isinstance(hands, int) or hands < 1 or hands > 99:
            raise RuleError("a match has 1 to 99 hands, not %r" % (hands,))
        self.mode = mode
        self.hands = hands
        self.first_dealer = _check_seat(first_dealer, "the first dealer")
        self.entry = entry

    def new_match(self, seed=0, deals=None):
        return Match(self, seed, deals)

    def team_of(self, seat):
        """Index into ``Match.team_scores()`` of the team this seat plays for."""
        if self.mode == Mode.INDIVIDUAL:
            return seat
        if self.mode == Mode.PAIRS:
            return seat % 2
        return 0

    def team_name(self, team):
        if self.mode == Mode.INDIVIDUAL:
            return seat_name(team)
        if self.mode == Mode.PAIRS:
            return "%s+%s" % (seat_name(team), seat_name(team + 2))
        return "Team"


def _check_deal(deal):
    """A rigged deal: four lists of 16 distinct natural cards, the 16th turned up first."""
    if not isinstance(deal, (list, tuple)) or len(deal) != SEATS:
        raise RuleError("a deal is 4 hands")
    seen = bytearray(125)
    for hand in deal:
        if not isinstance(hand, (list, tuple)) or len(hand) != HAND_SIZE:
            raise RuleError("each hand of a deal has 16 cards")
        for card in hand:
            _check_card(card)
            if seen[card]:
                raise RuleError("%s is dealt twice" % cards.format_card(card))
            seen[card] = 1
    return [list(hand) for hand in deal]


class Match:
    def __init__(self, game, seed=0, deals=None):
        if deals is not None:
            if game.entry != Entry.DEALT:
                raise RuleError("only a dealt match takes rigged deals")
            deals = [_check_deal(deal) for deal in deals]
        self.game = game
        self.seed = seed
        self.deals = deals  # rigged deals for the first hands (tests, puzzles), or None
        self.history = []  # card codes (0..124) and trick reports (``pack_report``: < 0)
        self.scores = [0] * SEATS
        self.hand_results = []  # each finished hand's points per seat
        self.last_trick = None  # survives the change of hand so a screen can show it
        self._rng = Rng(seed)
        self._over = False
        self.hand_no = -1
        self.rulings = self._start_hand()

    # ----- the hand's life ----------------------------------------------------------

    def _start_hand(self):
        self.hand_no += 1
        self.dealer = (self.game.first_dealer + self.hand_no) % SEATS
        self.leader = (self.dealer + 1) % SEATS
        self._turn = self.leader
        self.hand_points = [0] * SEATS
        self.trick_no = 0  # tricks of this hand scored
        # A dealt match (simulator, bots, tests) keeps this hand's trick rulings; the
        # device's (pad, buttons) only their count and ``last_trick``: 16 dicts of
        # lists a hand that nothing on the device reads again.
        self.tricks = [] if self.game.entry == Entry.DEALT else None
        self.table = []  # plays of the trick in progress, in laying order
        self.previous = [None] * SEATS  # each seat's card in the last trick
        self.won = [[], [], [], []]  # cards each seat took in tricks (cards seen only)
        self.hands = None
        self._seen = bytearray(125)  # PAD: cards already laid this hand
        out = [{"r": "deal", "hand": self.hand_no + 1, "dealer": self.dealer}]
        if self.game.entry == Entry.DEALT:
            self.hands = self._deal()
            # The dealer turns up each hand's last card, from their left.
            plays = []
            for i in range(SEATS):
                seat = (self.leader + i) % SEATS
                plays.append([seat, self.hands[seat].pop()])
            out.extend(self._judge(plays))
        return out

    def _deal(self):
        if self.deals is not None and self.hand_no < len(self.deals):
            return [list(hand) for hand in self.deals[self.hand_no]]
        deck = cards.squares_deck()
        self._rng.shuffle(deck)
        hands = [[], [], [], []]
        # One card at a time from the dealer's left: a seat's 16th card is its last.
        for i in range(len(deck)):
            hands[(self.dealer + 1 + i) % SEATS].append(deck[i])
        return hands

    def _judge(self, plays):
        """Score a trick whose cards are known."""
        win = winning_play(plays)
        winner = plays[win][0]
        broke = broken_seats(plays, self.previous)
        for play in plays:
            self.previous[play[0]] = play[1]
            self.won[winner].append(play[1])
        return self._score(plays, winner, trick_value(plays), scoring_seats(plays, win), broke)

    def _score(self, plays, winner, value, scorers, broke):
        points = trick_points(value, scorers, broke)
        for seat in range(SEATS):
            self.scores[seat] += points[seat]
            self.hand_points[seat] += points[seat]
        trick = {
            "r": "trick",
            "hand": self.hand_no + 1,
            "trick": self.trick_no + 1,
            "leader": self.leader,
            "plays": plays,
            "winner": winner,
            "value": value,
            "scorers": scorers,
            "broke": broke,
            "points": points,
        }
        self.trick_no += 1
        if self.tricks is not None:
            self.tricks.append(trick)
        self.last_trick = trick
        self.table = []
        self.leader = winner
        self._turn = winner
        out = [trick]
        if self.trick_no == TRICKS:
            out.extend(self._end_hand())
        return out

    def _end_hand(self):
        self.hand_results.append(list(self.hand_points))
        out = [
            {
                "r": "hand",
                "hand": self.hand_no + 1,
                "points": list(self.hand_points),
                "scores": list(self.scores),
            }
        ]
        if len(self.hand_results) < self.game.hands:
            out.extend(self._start_hand())
            return out
        self._over = True
        self._turn = NOBODY
        over = {"r": "over", "scores": list(self.scores), "teams": self.team_scores()}
        over["winners"] = self.winners()
        over["average"] = self.average()
        out.append(over)
        return out

    # ----- actions ------------------------------------------------------------------

    def apply(self, card):
        """The seat due to play lays ``card`` (a card code). Returns the rulings."""
        self._check_can_lay()
        seat = self._turn
        _check_card(card)
        if self.game.entry == Entry.DEALT:
            if card not in self.hands[seat]:
                raise RuleError("%s does not hold %s" % (seat_name(seat), cards.format_card(card)))
            self.hands[seat].remove(card)
        else:
            if self._seen[card]:
                raise RuleError("%s was already played this hand" % cards.format_card(card))
            self._seen[card] = 1
        self.history.append(card)
        self.table.append([seat, card])
        out = [{"r": "play", "seat": seat, "card": card}]
        if len(self.table) == SEATS:
            out.extend(self._judge(self.table))
        else:
            self._turn = (seat + 1) % SEATS
        self.rulings = out
        return out

    def _check_can_lay(self):
        if self._over:
            raise RuleError("the match is over")
        if self.game.entry == Entry.BUTTONS:
            raise RuleError("without a card pad the table reports tricks: confirm_trick()")

    def play(self, seat, card):
        """``apply`` for a caller that knows who played: refuses a seat out of turn."""
        _check_seat(seat, "the player")
        self._check_can_lay()
        if seat != self._turn:
            raise RuleError("it is %s's turn, not %s's" % (seat_name(self._turn), seat_name(seat)))
        return self.apply(card)

    def confirm_trick(self, winner, circles=(), squares=(), same_color=(), broke=()):
        """The table reports a whole trick it judged itself (``Entry.BUTTONS``).

        ``winner``: the seat that won. Seat lists: who laid a circle, who laid a square,
        who laid the winner's color (the winner may be listed or not), and who broke the
        match rule (none on the first trick). Returns the rulings."""
        if self.game.entry != Entry.BUTTONS:
            raise RuleError("this match sees the cards and judges each trick itself")
        if self._over:
            raise RuleError("the match is over")
        _check_seat(winner, "the winner")
        circles = _seat_list(circles, "circles")
        squares = _seat_list(squares, "squares")
        same_color = _seat_list(same_color, "same color")
        broke = _seat_list(broke, "broke")
        for seat in circles:
            if seat in squares:
                raise RuleError("%s cannot lay both a circle and a square" % seat_name(seat))
        if broke and not self.trick_no:
            raise RuleError("the first trick has no match rule: nobody can break it")
        scorers = sorted([winner] + [s for s in same_color if s != winner])
        self.history.append(pack_report(winner, circles, squares, same_color, broke))
        self.rulings = self._score([], winner, len(circles) - len(squares), scorers, broke)
        return self.rulings

    def rewind(self, actions=1):
        """A new match equal to this one before its last ``actions`` actions (undo)."""
        if not isinstance(actions, int) or actions < 0 or actions > len(self.history):
            raise RuleError("cannot rewind %r of %d actions" % (actions, len(self.history)))
        return replay(self.game, self.seed, self.history[: len(self.history) - actions], self.deals)

    # ----- what the state tells -----------------------------------------------------

    def current_player(self):
        """The seat due to lay, ``TABLE`` when the table must confirm, ``NOBODY`` at the end."""
        if self.game.entry == Entry.BUTTONS and not self._over:
            return TABLE
        return self._turn

    def legal_actions(self):
        """Cards the seat due may lay, ascending. Any held card is legal: breaking the match
        rule costs a point but the play stands. With a pad: every card not yet laid."""
        if self._over or self.game.entry == Entry.BUTTONS:
            return []
        if self.game.entry == Entry.DEALT:
            return sorted(self.hands[self._turn])
        return [card for card in cards.squares_deck() if not self._seen[card]]

    def is_over(self):
        return self._over

    def cards_left(self, seat):
        if self.hands is not None:
            return len(self.hands[seat])
        laid = 0
        for play in self.table:
            if play[0] == seat:
                laid = 1
        return HAND_SIZE - self.trick_no - laid

    def team_scores(self):
        """Individual: one score per seat; 2-on-2: [P1+P3, P2+P4]; cooperative: [total]."""
        s = self.scores
        if self.game.mode == Mode.INDIVIDUAL:
            return list(s)
        if self.game.mode == Mode.PAIRS:
            return [s[0] + s[2], s[1] + s[3]]
        return [s[0] + s[1] + s[2] + s[3]]

    def returns(self):
        """Each seat's result: its team's score (its own in an individual match)."""
        teams = self.team_scores()
        return [teams[self.game.team_of(seat)] for seat in range(SEATS)]

    def winners(self):
        """Seats on the best-scoring team(s) once the match is over; all four cooperate."""
        if not self._over:
            return []
        result = self.returns()
        best = max(result)
        return [seat for seat in range(SEATS) if result[seat] == best]

    def average(self):
        """Cooperative: the team's points per finished hand as text ('2.33'), else None."""
        if self.game.mode != Mode.COOPERATIVE:
            return None
        total = 0
        for points in self.hand_results:
            total += points[0] + points[1] + points[2] + points[3]
        return average_text(total, len(self.hand_results))

    def message(self):
        """One short line for a screen about the latest ruling."""
        if self._over:
            if self.game.mode == Mode.COOPERATIVE:
                return "Over: average %s" % self.average()
            names = [seat_name(s) for s in self.winners()]
            return "Over: %s %s" % ("+".join(names), "wins" if len(names) == 1 else "win")
        t = self.last_trick
        if t is None:
            return "%s deals" % seat_name(self.dealer)
        text = "%s won trick %d: %+d" % (seat_name(t["winner"]), t["trick"], t["value"])
        if t["broke"]:
            text += ", -1 %s" % " ".join([seat_name(s) for s in t["broke"]])
        return text

    def view(self):
        """What a screen or ring shows now: plain ints, lists, strings and None."""
        return {
            "game": "tricky-dick",
            "mode": MODE_NAMES[self.game.mode],
            "entry": ENTRY_NAMES[self.game.entry],
            "hand": self.hand_no + 1,
            "hands": self.game.hands,
            "dealer": self.dealer,
            "trick": min(self.trick_no + 1, TRICKS),
            "leader": self.leader,
            "turn": self.current_player(),
            "table": [list(play) for play in self.table],
            "previous": list(self.previous),
            "last": self.last_trick,
            "cards_left": [self.cards_left(seat) for seat in range(SEATS)],
            "scores": list(self.scores),
            "hand_points": list(self.hand_points),
            "teams": self.team_scores(),
            "average": self.average(),
            "over": self._over,
            "winners": self.winners(),
            "message": self.message(),
        }

    def to_dict(self, compact=False):
        """Everything needed to rebuild this match: config, seed, rigged deals, history.

        A trick report is written ``[winner, circles, squares, same, broke]`` with seat
        lists. ``compact`` (the device's power-cut save, after every press) writes the
        history as small ints that the save packs one character each (``topper.intpack``):
        a match of cards as ``"plays"``, each card its place among the 64 natural cards; a
        match of trick reports as ``"reports"``, each report three ints of 6 bits
        (``_six``). ``from_dict`` reads these, the flat list the compact save was before
        (a card as its code, a report as two ints: ``_FLAT``), the five masks a report
        was saved as before that, and the one int a report is in ``history``."""
        six = None
        if compact:
            six = _six(self.history)
            history = _flat(self.history) if six is None else []
        else:
            history = [a if a >= 0 else unpack_report(a) for a in self.history]
        out = {
            "game": "tricky-dick",
            "mode": MODE_NAMES[self.game.mode],
            "entry": ENTRY_NAMES[self.game.entry],
            "hands": self.game.hands,
            "first_dealer": self.game.first_dealer,
            "seed": self.seed,
            "deals": self.deals,
            "history": history,
        }
        if six is not None:
            out[six[0]] = six[1]
        return out


def _seat_list(seats, what):
    if not isinstance(seats, (list, tuple)):
        raise RuleError("%s must be a list of seats, not %r" % (what, seats))
    out = []
    for seat in seats:
        _check_seat(seat, "a seat in %s" % what)
        if seat in out:
            raise RuleError("%s lists %s twice" % (what, seat_name(seat)))
        out.append(seat)
    return sorted(out)


# A trick report in ``Match.history`` is one small int, not five lists (about 170 bytes
# a report on the board, 64 reports in a game of 4 hands): the winner in bits 0-1, then
# four masks of 4 bits (circles, squares, same color, broke; bit s for seat s), and the
# whole negated so that it cannot be taken for a card code (0..124).
_MASKS = 4
_REPORT_BITS = 2 + 4 * _MASKS


def pack_report(winner, circles, squares, same, broke):
    """A trick report (winner, four seat lists) as the int ``Match.history`` keeps."""
    v = winner
    shift = 2
    for seats in (circles, squares, same, broke):
        for seat in seats:
            v |= 1 << (shift + seat)
        shift += SEATS
    return -1 - v


def is_report(action):
    """True for a trick report of ``Match.history`` (an int < 0), False for a card."""
    return action < 0


def report_mask(action, i):
    """Item ``i`` of a packed trick report: 0 the winner, 1..4 the masks of circles,
    squares, same color and broke."""
    v = -1 - action
    if i == 0:
        return v & 3
    return (v >> (2 + SEATS * (i - 1))) & 15


def report_seats(action, i):
    """Item ``i`` (1..4) of a packed trick report as a list of seats, ascending."""
    m = report_mask(action, i)
    return [s for s in range(SEATS) if (m >> s) & 1]


def unpack_report(action):
    """A packed trick report as ``[winner, circles, squares, same, broke]`` seat lists."""
    return [report_mask(action, 0)] + [report_seats(action, i) for i in range(1, 5)]


# The compact save's report: ``_FLAT + (winner | circles << 2 | squares << 6)`` (never a
# card code), then ``same | broke << 4``; both pack small (``topper.intpack``).
_FLAT = 125


def _flat(history):
    n = 0
    for a in history:
        n += 1 if a >= 0 else 2
    out = [0] * n
    i = 0
    for a in history:
        if a >= 0:
            out[i] = a
            i += 1
        else:
            v = -1 - a
            out[i] = _FLAT + (v & 1023)
            out[i + 1] = v >> 10
            i += 2
    return out


def _six(history):
    """``("plays", ints)`` for a history of cards alone (each its place among the 64
    natural cards), ``("reports", ints)`` for one of trick reports alone (each three ints
    of 6 bits, low first), or None for a history of both (the flat form then)."""
    reports = 0
    for a in history:
        if a < 0:
            reports += 1
    if not reports:
        out = [0] * len(history)
        for i in range(len(history)):
            a = history[i]
            out[i] = (a // 25 - 1) * 16 + ((a // 5) % 5 - 1) * 4 + a % 5 - 1
        return "plays", out
    if reports < len(history):
        return None
    out = [0] * (3 * reports)
    for i in range(reports):
        v = -1 - history[i]
        out[3 * i] = v & 63
        out[3 * i + 1] = (v >> 6) & 63
        out[3 * i + 2] = v >> 12
    return "reports", out


def _from_six(saved):
    """The history a compact save's ``"plays"`` or ``"reports"`` hold (``_six``), or its
    ``"history"`` as it is."""
    plays = saved.get("plays")
    if plays is not None:
        out = []
        for i in plays:
            if not isinstance(i, int) or i < 0 or i > 63:
                raise RuleError("a saved play is not %r" % (i,))
            out.append((i // 16 + 1) * 25 + ((i // 4) % 4 + 1) * 5 + i % 4 + 1)
        return out
    reports = saved.get("reports")
    if reports is not None:
        if len(reports) % 3:
            raise RuleError("saved trick reports of a bad length")
        out = []
        for i in range(0, len(reports), 3):
            three = reports[i : i + 3]
            for x in three:
                if not isinstance(x, int) or x < 0 or x > 63:
                    raise RuleError("a saved trick report is not %r" % (three,))
            out.append(-1 - (three[0] | three[1] << 6 | three[2] << 12))
        return out
    return saved.get("history", [])


def _read(action):
    """A history entry as saved (a card, a report as one int, as five masks or as seat
    lists: older firmware wrote lists) as ``Match.history`` keeps it."""
    if isinstance(action, int):
        if action < 0 and (-1 - action) >> _REPORT_BITS:
            raise RuleError("%r is no trick report" % (action,))
        return action
    if not isinstance(action, (list, tuple)) or len(action) != 5:
        raise RuleError("a trick report is [winner, circles, squares, same, broke]")
    v = _check_seat(action[0], "the winner")
    shift = 2
    for seats in action[1:]:
        if isinstance(seats, int):
            if seats < 0 or seats >> SEATS:
                raise RuleError("a trick report's seats are a mask of 4 bits, not %r" % (seats,))
            v |= seats << shift
        else:
            for seat in _seat_list(seats, "a trick report"):
                v |= 1 << (shift + seat)
        shift += SEATS
    return -1 - v


def replay(game, seed, history, deals=None):
    """The match that ``history`` leads to from a fresh deal of ``seed``: ``Match.history``
    or a saved one (``to_dict``'s, in any of its forms)."""
    match = Match(game, seed, deals)
    i = 0
    n = len(history)
    while i < n:
        action = history[i]
        i += 1
        if isinstance(action, int) and action >= _FLAT:
            # A compact save's report: this int and the next (``_flat``).
            tail = history[i] if i < n else None
            i += 1
            if action > _FLAT + 1023 or not isinstance(tail, int) or tail < 0 or tail > 255:
                raise RuleError("a saved trick report is not %r, %r" % (action, tail))
            action = -1 - ((action - _FLAT) | tail << 10)
        else:
            action = _read(action)
        if action >= 0:
            match.apply(action)
        else:
            match.confirm_trick(
                report_mask(action, 0),
                report_seats(action, 1),
                report_seats(action, 2),
                report_seats(action, 3),
                report_seats(action, 4),
            )
    return match


def _name_index(names, name, what):
    for i in range(len(names)):
        if names[i] == name:
            return i
    raise RuleError("unknown %s %r" % (what, name))


def from_dict(saved):
    """The match that ``Match.to_dict`` described (a log entry or a save)."""
    if saved.get("game") != "tricky-dick":
        raise RuleError("not a Tricky Dick match: %r" % (saved.get("game"),))
    game = TrickyDick(
        mode=_name_index(MODE_NAMES, saved.get("mode"), "mode"),
        hands=saved.get("hands", 1),
        first_dealer=saved.get("first_dealer", 0),
        entry=_name_index(ENTRY_NAMES, saved.get("entry"), "entry"),
    )
    return replay(game, saved.get("seed", 0), _from_six(saved), saved.get("deals"))
