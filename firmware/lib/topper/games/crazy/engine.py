"""Crazy Job as a turn-based state (RULES.md section 6; readings in docs/rules/crazy-job.md).

One file though over 400 lines: one ``Match`` whose every action is checked
and applied against the same hands, rules and rotation; its save and history are the
shared ``topper.match``, its stored rules ``rules``, already.

OpenSpiel's split, as in ``topper.games.tricky.engine``: ``CrazyJob`` is the configuration and
``Match`` the state of a match of hands, with ``current_player()``, ``legal_actions()``,
``apply(action)``, ``is_over()`` and ``returns()``. A match is rebuilt exactly from its
configuration, seed, rigged decks and action history (``to_dict``/``from_dict``; the
skeleton that does it, shared with Guess My Card, is ``topper.match``).

An action is a tuple of ints, its kind first (``Act``). Each seat writes a rule at the start
of a hand, on paper (``PAPER``: its maker judges with the seat button) or stored on the
device (a ``topper.games.crazy.rules`` code: the device judges). On their k-th turn of the hand a
player plays against the rule of the opponent k-th to their left, cycling.

How the engine learns the cards (``Entry``):

- ``DEALT``: it shuffles from the seed and deals, so it knows every hand (simulator, bots).
- ``PAD``: a real deck; a card pad reads every card that goes face up (starting cards,
  plays, a hand shown for "no legal card", the card the rule maker moves). Hands are known
  only as counts, so a drawn card is ``UNKNOWN``.
- ``BUTTONS``: no card pad. Cards are ``UNKNOWN`` throughout, rules are on paper, and the
  device keeps turns, rotation, draw counts and scores from the seat buttons.

Secrets: a stored rule is sealed with ``topper.commit`` when the cards are dealt and
revealed when the hand ends. ``view()`` and the rulings are public: no stored rule and no
hand in them; ``hand_view(seat)`` is what that seat alone may see.
"""

from topper import cards, match
from topper.match import replay  # noqa: F401 (the engine's API: replay(game, seed, history))
from topper.games.crazy import rules as crazyrules
from topper.gamekit import ENTRY_NAMES, UNKNOWN, Entry, RuleError, seat_name  # noqa: F401

NOBODY = -1  # current_player() once the match is over
PAPER = -1  # the rule of a RULE action written on paper: its maker judges
HAND_SIZE = 5
MAX_PLAY = 4
TURN_LIMIT = 400  # turns per hand before the device stops it (docs/rules/crazy-job.md)


class Act:
    RULE = 0  # (RULE, code or PAPER): the seat due writes its rule for this hand
    START = 1  # (START, card): the next line's face-up starting card (PAD, BUTTONS)
    PLAY = 2  # (PLAY, c1[, c2, c3, c4]): cards played in order against the rule in turn
    NONE = 3  # (NONE[, shown cards]): "I have no legal card"; PAD lists the shown hand
    RIGHT = 4  # (RIGHT,): the rule maker says the play or the claim is right
    WRONG = 5  # (WRONG,): ... wrong
    PICK = 6  # (PICK, card): after a wrong claim the maker moves a legal card to the line
    NEXT = 7  # (NEXT,): the next dealer starts the next hand


ACT_NAMES = ("rule", "start", "play", "none", "right", "wrong", "pick", "next")


class Phase:
    RULES = 0  # seats write their rules, from the dealer's left
    STARTS = 1  # a real deck: the dealer turns up each line's starting card
    PLAY = 2  # the seat due plays or claims "no legal card"
    JUDGE = 3  # the rule maker says right or wrong
    PICK = 4  # the rule maker moves one legal card of the shown hand to the line
    SCORED = 5  # the hand is over and scored; NEXT starts the next one
    OVER = 6


PHASE_NAMES = ("rules", "starts", "play", "judge", "pick", "scored", "over")
# The action kinds each phase takes, indexed by phase.
_WANTED = (
    (Act.RULE,),
    (Act.START,),
    (Act.PLAY, Act.NONE),
    (Act.RIGHT, Act.WRONG),
    (Act.PICK,),
    (Act.NEXT,),
)


def card_text(card):
    return "--" if card == UNKNOWN else cards.format_card(card)


def _texts(card_list):
    return [card_text(c) for c in card_list]


class CrazyJob(match.Game):
    """The configuration of a match; ``new_match(seed)`` gives its first state.

    ``hands``: hands to play; ``target``: or play until somebody's total reaches it (the
    hand in which it happens is the last). Neither given: one hand per player, so that
    everybody deals once. 5 to 8 players play with two full decks combined."""

    TITLE = "Crazy Job"

    def __init__(
        self, players=4, hands=0, target=0, first_dealer=0, entry=Entry.DEALT, turn_limit=TURN_LIMIT
    ):
        super().__init__(players, first_dealer, entry, turn_limit)
        if not isinstance(hands, int) or hands < 0 or hands > 99:
            raise RuleError("hands must be 0..99, not %r" % (hands,))
        if not isinstance(target, int) or target < 0 or target > 999:
            raise RuleError("target must be 0..999, not %r" % (target,))
        self.hands = hands if (hands or target) else players
        self.target = target
        self.decks = 1 if players <= 4 else 2

    def deck(self):
        return cards.full_deck() * self.decks

    def settings(self):
        out = super().settings()
        out["hands"] = self.hands
        out["target"] = self.target
        return out

    def new_match(self, seed=0, salts=None, decks=None):
        return Match(self, seed, salts, decks)


class Match(match.Match):
    NAME = "crazy-job"
    TITLE = CrazyJob.TITLE
    SALT_SEED = 0x5A175EED
    OVER = Phase.OVER
    WANTED = _WANTED
    ACT_NAMES = ACT_NAMES

    # ----- the hand's life ----------------------------------------------------------

    def _start_hand(self):
        n = self.game.players
        self.hand_no += 1
        self.dealer = (self.game.first_dealer + self.hand_no) % n
        self.phase = Phase.RULES
        self.rules = [None] * n  # per seat: a stored rule code, PAPER, or None (not yet)
        self._judges = [None] * n  # crazyrules.Rule of each stored rule
        self.digests = [None] * n  # public seals of the stored rules
        self.hands = [[] for _ in range(n)]
        self.lines = [[] for _ in range(n)]  # legal cards of each seat's rule, oldest first
        self.wrong = [[] for _ in range(n)]  # groups of cards judged wrong, under the line
        self.pile = []  # draw pile, top at the end
        self.turns = [0] * n  # turns each seat has finished this hand
        self.turn = (self.dealer + 1) % n
        self.turn_count = 0
        self.pending = None  # the play or claim the rule maker has to judge or answer
        self.hand_points = [0] * n
        self.winner = NOBODY
        self._starts_due = []
        self._out.append({"r": "hand", "hand": self.hand_no + 1, "dealer": self.dealer})

    def _deal(self):
        n = self.game.players
        for seat in self._from_left():
            if self.rules[seat] != PAPER:
                label = "crazy-job/h%d/%s" % (self.hand_no + 1, seat_name(seat))
                rec = self._vault.seal(label, self._judges[seat].notation(), seat)
                self.digests[seat] = rec["digest"]
                self._out.append(rec)
        if self.game.entry != Entry.DEALT:
            for seat in range(n):
                self.hands[seat] = [UNKNOWN] * HAND_SIZE
            self.pile = [UNKNOWN] * (len(self.game.deck()) - (HAND_SIZE + 1) * n)
            self._starts_due = self._from_left()
            self.phase = Phase.STARTS
            return
        if self.decks is not None and self.hand_no < len(self.decks):
            order = list(self.decks[self.hand_no])
        else:
            order = self.game.deck()
            self._rng.shuffle(order)
        # Five rounds of one card from the dealer's left, then each line's starting card.
        at = 0
        for _ in range(HAND_SIZE + 1):
            for seat in self._from_left():
                if len(self.hands[seat]) < HAND_SIZE:
                    self.hands[seat].append(order[at])
                else:
                    self.lines[seat].append(order[at])
                at += 1
        rest = order[at:]
        rest.reverse()
        self.pile = rest
        self._begin_play()

    def _begin_play(self):
        self.phase = Phase.PLAY
        self._out.append(
            {
                "r": "deal",
                "hand": self.hand_no + 1,
                "starts": [card_text(line[0]) for line in self.lines],
                "turn": self.turn,
                "owner": self.rule_owner(),
            }
        )

    def _end_turn(self, seat):
        self.turns[seat] += 1
        self.turn_count += 1
        self.pending = None
        if not self.hands[seat]:
            self._end_hand(seat)
        elif self.game.turn_limit and self.turn_count >= self.game.turn_limit:
            self._end_hand(NOBODY)
        else:
            self.turn = (seat + 1) % self.game.players
            self.phase = Phase.PLAY

    def _end_hand(self, winner):
        n = self.game.players
        self.winner = winner
        for rec in self._vault.reveal():
            rec["text"] = self._judges[rec["seat"]].describe()
            self._out.append(rec)
        for seat in range(n):
            self.hand_points[seat] = len(self.hands[seat])
            self.scores[seat] += self.hand_points[seat]
        self.hand_results.append(list(self.hand_points))
        self._out.append(
            {
                "r": "score",
                "hand": self.hand_no + 1,
                "winner": winner,
                "stopped": winner == NOBODY,
                "points": list(self.hand_points),
                "scores": list(self.scores),
            }
        )
        if self._match_done():
            self._over()
        else:
            self.phase = Phase.SCORED

    def _match_done(self):
        g = self.game
        if g.hands and len(self.hand_results) >= g.hands:
            return True
        return g.target > 0 and max(self.scores) >= g.target

    # ----- cards moving -------------------------------------------------------------

    def _draw(self, seat, count):
        """``seat`` draws ``count`` cards, fewer if even the reshuffled wrong cards run out.
        Returns how many it drew."""
        drawn = 0
        while drawn < count:
            if not self.pile and not self._reshuffle():
                break
            self.hands[seat].append(self.pile.pop())
            drawn += 1
        return drawn

    def _reshuffle(self):
        """The draw pile is empty: the wrong cards under every line become the new pile
        (lines stay: their last cards are what the rules follow)."""
        pile = []
        for groups in self.wrong:
            for group in groups:
                pile.extend(group)
        if not pile:
            return False
        self.wrong = [[] for _ in range(self.game.players)]
        if self.game.entry == Entry.DEALT:
            self._rng.shuffle(pile)
        else:
            pile = [UNKNOWN] * len(pile)  # shuffled at the table: nobody knows the order
        self.pile = pile
        self._out.append({"r": "reshuffle", "cards": len(pile)})
        return True

    def _on_table(self, card):
        """Copies of ``card`` face up in lines and under them."""
        k = 0
        for seat in range(self.game.players):
            k += self.lines[seat].count(card)
            for group in self.wrong[seat]:
                k += group.count(card)
        return k

    # ----- what the state tells -----------------------------------------------------

    def owner_for(self, seat):
        """The seat whose rule ``seat`` plays against on its next turn: on its k-th turn of
        the hand the opponent k-th to its left, cycling through all opponents."""
        n = self.game.players
        return (seat + 1 + self.turns[seat] % (n - 1)) % n

    def rule_owner(self):
        """The seat whose rule is in play now (for the ring), or NOBODY."""
        if self.pending is not None:
            return self.pending["owner"]
        if self.phase == Phase.PLAY:
            return self.owner_for(self.turn)
        return NOBODY

    def current_player(self):
        """The seat that must act now; NOBODY once the match is over."""
        p = self.phase
        if p == Phase.RULES:
            for seat in self._from_left():
                if self.rules[seat] is None:
                    return seat
        if p == Phase.STARTS:
            return self.dealer
        if p == Phase.PLAY:
            return self.turn
        if p in (Phase.JUDGE, Phase.PICK):
            return self.pending["owner"]
        if p == Phase.SCORED:
            return (self.dealer + 1) % self.game.players
        return NOBODY

    def returns(self):
        """Each seat's result, higher is better: minus its total (cards left count against)."""
        return [-s for s in self.scores]

    def winners(self):
        """Seats with the lowest total once the match is over."""
        if self.phase != Phase.OVER:
            return []
        best = min(self.scores)
        return [seat for seat in range(self.game.players) if self.scores[seat] == best]

    def can_judge(self, owner, card_list):
        """Does the device judge these cards against ``owner``'s rule by itself?"""
        if self._judges[owner] is None or UNKNOWN in card_list:
            return False
        return self.lines[owner][-1] != UNKNOWN

    def first_illegal(self, owner, card_list):
        """Index of the first card of an ordered play that ``owner``'s stored rule refuses,
        or -1 when every card follows the one before it."""
        judge = self._judges[owner]
        last = self.lines[owner][-1]
        for i in range(len(card_list)):
            if not judge.legal_next(last, card_list[i]):
                return i
            last = card_list[i]
        return -1

    def legal_in(self, owner, card_list):
        """The cards of ``card_list`` that may follow ``owner``'s line now (stored rule)."""
        judge = self._judges[owner]
        last = self.lines[owner][-1]
        return [c for c in card_list if judge.legal_next(last, c)]

    # ----- actions ------------------------------------------------------------------

    def legal_actions(self, max_cards=1):
        """Actions the seat due may take, sorted. Listing is bounded where the rules are
        not: RULES lists PAPER and every valid one-clause rule (any valid two-clause code
        is legal too), PLAY lists plays of up to ``max_cards`` cards (1..4), and a PAD
        "no legal card" claim, which names the shown hand, is never listed."""
        p = self.phase
        entry = self.game.entry
        if p == Phase.RULES:
            if entry == Entry.BUTTONS:
                return [(Act.RULE, PAPER)]
            return [(Act.RULE, PAPER)] + [(Act.RULE, c) for c in crazyrules.valid_single_rules()]
        if p == Phase.STARTS:
            if entry == Entry.BUTTONS:
                return [(Act.START, UNKNOWN)]
            return [(Act.START, c) for c in range(125) if self._on_table(c) < self.game.decks]
        if p == Phase.PLAY:
            hand = self.hands[self.turn]
            out = []
            if entry != Entry.PAD:
                out.append((Act.NONE,))
            if entry == Entry.BUTTONS:
                for k in range(1, min(max_cards, MAX_PLAY, len(hand)) + 1):
                    out.append((Act.PLAY,) + (UNKNOWN,) * k)
                return out
            if entry == Entry.PAD:
                return out + [(Act.PLAY, c) for c in range(125) if self.is_legal((Act.PLAY, c))]
            for seq in _sequences(hand, min(max_cards, MAX_PLAY)):
                out.append((Act.PLAY,) + seq)
            out.sort()
            return out
        if p == Phase.JUDGE:
            return [(Act.RIGHT,), (Act.WRONG,)]
        if p == Phase.PICK:
            shown = self.pending["shown"]
            owner = self.pending["owner"]
            if UNKNOWN in shown:
                return [(Act.PICK, UNKNOWN)]
            if self.can_judge(owner, shown):
                shown = self.legal_in(owner, shown)
            return [(Act.PICK, c) for c in _distinct(shown)]
        if p == Phase.SCORED:
            return [(Act.NEXT,)]
        return []

    def _apply(self, action):
        kind = action[0]
        if kind == Act.RULE:
            self._apply_rule(action[1])
        elif kind == Act.START:
            self._apply_start(action[1])
        elif kind == Act.PLAY:
            self._apply_play(list(action[1:]))
        elif kind == Act.NONE:
            self._apply_none(list(action[1:]))
        elif kind in (Act.RIGHT, Act.WRONG):
            self._resolve(kind == Act.RIGHT)
        elif kind == Act.PICK:
            self._apply_pick(action[1])
        else:
            self._start_hand()

    # ----- checking an action -------------------------------------------------------

    def _check_act(self, action):
        kind = action[0]
        if kind == Act.RULE:
            self._check_rule(action)
        elif kind in (Act.START, Act.PICK):
            if len(action) != 2:
                raise RuleError("%s takes one card" % ACT_NAMES[kind])
            self._check_card(action[1])
            if kind == Act.START and action[1] != UNKNOWN:
                self._check_free(action[1])
            if kind == Act.PICK:
                self._check_pick(action[1])
        elif kind == Act.PLAY:
            self._check_play(list(action[1:]))
        elif kind == Act.NONE:
            self._check_none(list(action[1:]))
        elif len(action) != 1:
            raise RuleError("%s takes nothing more" % ACT_NAMES[kind])

    def _check_rule(self, action):
        if len(action) != 2:
            raise RuleError("rule takes one code")
        code = action[1]
        if code == PAPER:
            return
        if self.game.entry == Entry.BUTTONS:
            raise RuleError("without a card pad the device cannot judge: write the rule on paper")
        try:
            crazyrules.check(code)
        except crazyrules.RuleFormError as e:
            raise RuleError(str(e))

    def _check_card(self, card):
        if card == UNKNOWN:
            if self.game.entry != Entry.BUTTONS:
                raise RuleError("this match sees its cards: name the card")
            return
        if self.game.entry == Entry.BUTTONS:
            raise RuleError("without a card pad cards are UNKNOWN")
        if not isinstance(card, int) or card < 0 or card > 124:
            raise RuleError("%r is not a card of the full deck" % (card,))

    def _check_free(self, card, read=0):
        """Is a copy of ``card`` still unseen, ``read`` copies of it being read already?"""
        if self._on_table(card) >= self.game.decks:
            raise RuleError("%s is already face up on the table" % cards.format_card(card))
        known = read
        for hand in self.hands:
            known += hand.count(card)  # a hand shown to the pad stays known
        if self._on_table(card) + known >= self.game.decks:
            raise RuleError("%s was read already" % cards.format_card(card))

    def check_held(self, seat, card_list):
        """RuleError unless ``seat`` can put these cards down: what a pad reading a play
        or a shown hand card by card asks after each card."""
        self._check_from_hand(seat, list(card_list))

    def _check_from_hand(self, seat, card_list):
        """Can ``seat`` put these cards down? Known cards must be held; with a pad a read
        card may stand for one of the seat's unseen cards, while a copy of it is unseen."""
        hand = list(self.hands[seat])
        read = []
        for card in card_list:
            self._check_card(card)
            if card in hand:
                hand.remove(card)
            elif card != UNKNOWN and self.game.entry == Entry.PAD and UNKNOWN in hand:
                self._check_free(card, read.count(card))
                read.append(card)
                hand.remove(UNKNOWN)
            else:
                raise RuleError("%s does not hold %s" % (seat_name(seat), card_text(card)))

    def _check_play(self, card_list):
        if len(card_list) < 1 or len(card_list) > MAX_PLAY:
            raise RuleError("play 1 to %d cards, not %d" % (MAX_PLAY, len(card_list)))
        self._check_from_hand(self.turn, card_list)

    def _check_none(self, shown):
        hand = self.hands[self.turn]
        if self.game.entry != Entry.PAD:
            if shown:
                raise RuleError("the device knows what the hand holds: claim with no cards")
            return
        if len(shown) != len(hand):
            raise RuleError("show the whole hand: %d cards, not %d" % (len(hand), len(shown)))
        self._check_from_hand(self.turn, shown)

    def _check_pick(self, card):
        shown = self.pending["shown"]
        if card not in shown:
            raise RuleError("pick a card of the shown hand, not %s" % card_text(card))
        owner = self.pending["owner"]
        if self.can_judge(owner, shown) and not self.legal_in(owner, [card]):
            raise RuleError("%s does not follow the rule" % card_text(card))

    # ----- applying an action -------------------------------------------------------

    def _apply_rule(self, code):
        seat = self.current_player()
        self.rules[seat] = code
        if code != PAPER:
            self._judges[seat] = crazyrules.Rule(code)
        self._out.append({"r": "rule", "seat": seat, "stored": code != PAPER})
        if None not in self.rules:
            self._deal()

    def _apply_start(self, card):
        seat = self._starts_due.pop(0)
        self.lines[seat].append(card)
        self._out.append({"r": "start", "seat": seat, "card": card_text(card)})
        if not self._starts_due:
            self._begin_play()

    def _take(self, seat, card_list):
        hand = self.hands[seat]
        for card in card_list:
            hand.remove(card if card in hand else UNKNOWN)

    def _apply_play(self, card_list):
        seat = self.turn
        self._take(seat, card_list)
        owner = self.owner_for(seat)
        self.pending = {"kind": Act.PLAY, "seat": seat, "owner": owner, "cards": card_list}
        if self.can_judge(owner, card_list):
            self._resolve(self.first_illegal(owner, card_list) < 0)
        else:
            self._await(Phase.JUDGE)

    def _apply_none(self, shown):
        seat = self.turn
        if shown:
            self.hands[seat] = list(shown)  # the pad read the whole hand
        shown = list(self.hands[seat])
        owner = self.owner_for(seat)
        self.pending = {"kind": Act.NONE, "seat": seat, "owner": owner, "shown": shown}
        if self.can_judge(owner, shown):
            self._resolve(not self.legal_in(owner, shown))
        else:
            self._await(Phase.JUDGE)

    def _await(self, phase):
        self.phase = phase
        pend = self.pending
        rec = {
            "r": "judge" if phase == Phase.JUDGE else "pick",
            "seat": pend["owner"],
            "player": pend["seat"],
            "kind": ACT_NAMES[pend["kind"]],
        }
        rec["cards"] = _texts(pend["cards"] if pend["kind"] == Act.PLAY else pend["shown"])
        self._out.append(rec)

    def _resolve(self, right):
        pend = self.pending
        seat = pend["seat"]
        owner = pend["owner"]
        rec = {"seat": seat, "owner": owner, "nth": self.turns[seat] + 1, "ok": right}
        if pend["kind"] == Act.PLAY:
            played = pend["cards"]
            rec["r"] = "play"
            rec["cards"] = _texts(played)
            if right:
                self.lines[owner].extend(played)
                owed = 0
            else:
                self.wrong[owner].append(list(played))
                owed = 2 * len(played)
        else:
            shown = pend["shown"]
            rec["r"] = "none"
            rec["shown"] = _texts(shown)
            if not right:
                self._out.append(rec)  # the claim was wrong; the pick decides the draw
                self._await(Phase.PICK)
                return
            # Right: every card is a wrong guess, laid one by one under the line.
            for card in shown:
                self.wrong[owner].append([card])
            self.hands[seat] = []
            owed = len(shown) - 4 if len(shown) > 4 else 0
        self._finish(rec, owed)

    def _apply_pick(self, card):
        pend = self.pending
        seat = pend["seat"]
        held = len(pend["shown"])  # hand size when the claim was made
        self._take(seat, [card])
        self.lines[pend["owner"]].append(card)
        rec = {"r": "picked", "seat": seat, "owner": pend["owner"], "card": card_text(card)}
        self._finish(rec, min(held + 1, 5))

    def _finish(self, rec, owed):
        seat = rec["seat"]
        rec["draw"] = owed
        rec["drawn"] = self._draw(seat, owed) if owed else 0
        rec["held"] = len(self.hands[seat])
        self._out.append(rec)
        self._end_turn(seat)

    # ----- screens ------------------------------------------------------------------

    def message(self):
        p = self.phase
        if p == Phase.OVER:
            names = "+".join([seat_name(s) for s in self.winners()])
            return "Over: %s %s" % (names, "wins" if len(self.winners()) == 1 else "win")
        if p == Phase.SCORED:
            if self.winner == NOBODY:
                return "Hand stopped at %d turns" % self.turn_count
            return "%s won hand %d" % (seat_name(self.winner), self.hand_no + 1)
        if p == Phase.RULES:
            return "%s: your rule" % seat_name(self.current_player())
        if p == Phase.STARTS:
            return "Turn up %s's start" % seat_name(self._starts_due[0])
        if p == Phase.JUDGE:
            return "%s: right or wrong?" % seat_name(self.pending["owner"])
        if p == Phase.PICK:
            return "%s: move a legal card" % seat_name(self.pending["owner"])
        return "%s plays on %s's rule" % (seat_name(self.turn), seat_name(self.rule_owner()))

    def view(self):
        """What a shared screen, the serial link or a spectator may see now: counts, lines,
        wrong cards and seals; never a hand, never a stored rule."""
        pend = None
        if self.pending is not None:
            pend = {
                "kind": ACT_NAMES[self.pending["kind"]],
                "seat": self.pending["seat"],
                "owner": self.pending["owner"],
                "cards": _texts(self.pending.get("cards") or self.pending.get("shown")),
            }
        return {
            "game": "crazy-job",
            "entry": ENTRY_NAMES[self.game.entry],
            "seats": self.game.players,
            "hand": self.hand_no + 1,
            "hands": self.game.hands,
            "target": self.game.target,
            "dealer": self.dealer,
            "phase": PHASE_NAMES[self.phase],
            "turn": self.current_player(),
            "player": self.turn,
            "owner": self.rule_owner(),
            "k": self.turns[self.turn] + 1,
            "held": [len(h) for h in self.hands],
            "pile": len(self.pile),
            "lines": [_texts(line) for line in self.lines],
            "wrong": [[_texts(g) for g in groups] for groups in self.wrong],
            "pending": pend,
            "rules": [_rule_kind(r) for r in self.rules],
            "digests": list(self.digests),
            "hand_points": list(self.hand_points),
            "scores": list(self.scores),
            "winner": self.winner,
            "winners": self.winners(),
            "message": self.message(),
        }

    def hand_view(self, seat):
        """What only ``seat`` may see: its hand and its own stored rule."""
        judge = self._judges[seat]
        return {
            "seat": seat,
            "hand": _texts(sorted(self.hands[seat])),
            "rule": judge.describe() if judge is not None else None,
            "notation": judge.notation() if judge is not None else None,
        }


def _rule_kind(rule):
    if rule is None:
        return None
    return "paper" if rule == PAPER else "stored"


def _distinct(card_list):
    out = []
    for c in card_list:
        if c not in out:
            out.append(c)
    return out


def _sequences(hand, longest):
    """Every ordered play of 1..``longest`` cards from ``hand``, as tuples, each once."""
    out = []

    def grow(prefix, rest):
        for c in _distinct(rest):
            seq = prefix + (c,)
            out.append(seq)
            if len(seq) < longest:
                left = list(rest)
                left.remove(c)
                grow(seq, left)

    grow((), list(hand))
    return out


def from_dict(saved):
    """The match that ``Match.to_dict`` described."""
    return match.load(Match, saved, _game)


def _game(saved, entry):
    return CrazyJob(
        players=saved.get("players", 4),
        hands=saved.get("hands", 0),
        target=saved.get("target", 0),
        first_dealer=saved.get("first_dealer", 0),
        entry=entry,
        turn_limit=saved.get("turn_limit", TURN_LIMIT),
    )
