"""Guess My Card as a turn-based state (RULES.md section 7; readings in
docs/rules/guess-my-card.md).

One file though over 400 lines: one ``Match`` whose every action is checked
and applied against the same hands, bars and chart; its save and history are the shared
``topper.match`` already.

OpenSpiel's split, as in ``topper.games.tricky.engine``: ``GuessMyCard`` is the configuration and
``Match`` the state of a match of hands, with ``current_player()``, ``legal_actions()``,
``apply(action)``, ``is_over()`` and ``returns()``; ``to_dict``/``from_dict`` rebuild a
match from its configuration, seed, rigged decks and action history (the skeleton that
does it, shared with Crazy Job, is ``topper.match``).

An action is a tuple of ints, its kind first (``Act``). On a turn a player either asks one
opponent about a card shown from hand (a *preliminary guess*; the shown card goes to the
trash and the hand is refilled to 4) or makes an *official guess*. The asked seat
answers with its button (``ANSWER``), the guessed seat says right or wrong (``RIGHT`` /
``WRONG``); when the device knows the secret it accepts only the true answer.

How the engine learns the cards (``Entry``):

- ``DEALT``: it deals from the seed and knows everything (simulator, bots).
- ``PAD``: a real deck; each player taps their secret card on the card pad at the start of
  the hand (``SECRET``; a wild card they turned up first is tapped too) and each shown
  card when asking. Hands are not tracked, but the draw pile is counted: the deck, the
  secrets, the turned-up wilds and the hands dealt give its size, every question draws
  one card from it, and when a draw finds it empty the trash becomes the new pile (the
  table is told to shuffle it), so a card shown before that may be shown again.
- ``BUTTONS``: no card pad. Cards are ``UNKNOWN``; answers and verdicts are the players'
  word; the device keeps turns, bars, reveals and the scoring chart.

Secrets: every known secret card is sealed with ``topper.commit`` when the hand starts and
revealed when it ends. ``view()`` and the rulings are public and never hold a hidden secret
card; ``hand_view(seat)`` is what that seat alone may see.
"""

from topper import cards, match
from topper.match import replay  # noqa: F401 (the engine's API: replay(game, seed, history))
from topper.gamekit import ENTRY_NAMES, UNKNOWN, Entry, RuleError, seat_name  # noqa: F401

NOBODY = -1
HAND_SIZE = 4
DECK_SIZE = 125  # the full deck, no jokers
TURN_LIMIT = 400  # turns per hand before the device stops it (docs/rules/guess-my-card.md)


class Act:
    SECRET = 0  # (SECRET, card): PAD: the seat due taps its secret card (a wild one: turned up)
    DISCARD = 1  # (DISCARD, card): DEALT: a seat over 4 cards throws one to the trash
    ASK = 2  # (ASK, target, shown, declared): preliminary guess with a card from hand
    GUESS = 3  # (GUESS, target, card): official guess of target's secret card
    ANSWER = 4  # (ANSWER, n): the asked seat: n of the three variables match (0..3)
    RIGHT = 5  # (RIGHT,): the guessed seat: the official guess is right
    WRONG = 6  # (WRONG,): ... wrong
    NEXT = 7  # (NEXT,): the next dealer starts the next hand


ACT_NAMES = ("secret", "discard", "ask", "guess", "answer", "right", "wrong", "next")


class Phase:
    SECRETS = 0  # PAD: players tap their secret cards, from the dealer's left
    DISCARD = 1  # DEALT: seats that kept wild cards throw down to 4
    TURN = 2  # the seat due asks or guesses
    ANSWER = 3  # the asked seat says how many variables match
    VERDICT = 4  # the guessed seat says right or wrong
    SCORED = 5  # the hand is over and scored; NEXT starts the next one
    OVER = 6


PHASE_NAMES = ("secrets", "discard", "turn", "answer", "verdict", "scored", "over")
# The length of each kind of action tuple, indexed by kind.
_SIZES = (2, 2, 4, 3, 2, 1, 1, 1)
_WANTED = (
    (Act.SECRET,),
    (Act.DISCARD,),
    (Act.ASK, Act.GUESS),
    (Act.ANSWER,),
    (Act.RIGHT, Act.WRONG),
    (Act.NEXT,),
)


def card_text(card):
    return "--" if card == UNKNOWN else cards.format_card(card)


def matches(secret, card):
    """How many of the three variables of ``card`` equal those of ``secret``."""
    n = 0
    for var in cards.VARIABLES:
        if cards.value(secret, var) == cards.value(card, var):
            n += 1
    return n


def answer_range(secret, declared):
    """The answers that can be true for a card whose wild values were left undeclared
    (each may match or not): ``(lowest, highest)``. A fully declared card gives one."""
    low = 0
    wild = 0
    for var in cards.VARIABLES:
        v = cards.value(declared, var)
        if v == cards.WILD:
            wild += 1
        elif v == cards.value(secret, var):
            low += 1
    return low, low + wild


def declarations(shown):
    """Every natural card ``shown`` can stand for: its wild values declared."""
    out = []
    for n in range(1, 5) if cards.number(shown) == 0 else (cards.number(shown),):
        for c in range(1, 5) if cards.color(shown) == 0 else (cards.color(shown),):
            for s in range(1, 5) if cards.suit(shown) == 0 else (cards.suit(shown),):
                out.append(cards.make(n, c, s))
    return out


def stands_for(shown, declared):
    """Is ``declared`` ``shown`` with (some of) its wild values declared?"""
    for var in cards.VARIABLES:
        v = cards.value(shown, var)
        if v != cards.WILD and v != cards.value(declared, var):
            return False
    return True


class GuessMyCard(match.Game):
    """The configuration of a match; ``new_match(seed)`` gives its first state."""

    TITLE = "Guess My Card"

    def __init__(self, players=4, hands=1, first_dealer=0, entry=Entry.DEALT, turn_limit=TURN_LIMIT):
        super().__init__(players, first_dealer, entry, turn_limit)
        if not isinstance(hands, int) or hands < 1 or hands > 99:
            raise RuleError("a match has 1 to 99 hands, not %r" % (hands,))
        self.hands = hands

    def deck(self):
        return cards.full_deck()

    def settings(self):
        out = super().settings()
        out["hands"] = self.hands
        return out

    def new_match(self, seed=0, salts=None, decks=None):
        return Match(self, seed, salts, decks)


class Match(match.Match):
    NAME = "guess-my-card"
    TITLE = GuessMyCard.TITLE
    SALT_SEED = 0x6C55CA4D
    OVER = Phase.OVER
    WANTED = _WANTED
    ACT_NAMES = ACT_NAMES

    # ----- the hand's life ----------------------------------------------------------

    def _start_hand(self):
        n = self.game.players
        self.hand_no += 1
        self.dealer = (self.game.first_dealer + self.hand_no) % n
        self.secrets = [UNKNOWN] * n
        self.digests = [None] * n  # public seals of the known secret cards
        self.revealed = [False] * n
        self.barred = [[False] * n for _ in range(n)]  # barred[guesser][target]
        self.hands = [[] for _ in range(n)]
        self.opened = [[] for _ in range(n)]  # wild cards turned up at the deal, kept in hand
        self.trash = []  # shown and thrown cards, face up, oldest first (PAD: those seen)
        self.pile = []  # draw pile, top at the end (DEALT)
        self.left = 0  # PAD: cards in the draw pile, as counted
        self.unseen = 0  # PAD: cards thrown onto the trash at the deal, never tapped
        self.shuffled = 0  # cards the latest question's draw made into a new pile (0: none)
        self.reveals = 0  # secret cards revealed this hand
        self.turn = (self.dealer + 1) % n
        self.turn_count = 0
        self.pending = None
        self.last = None  # the latest question or official guess and how it ended
        self.hand_points = [0] * n
        self.stopped = False
        self._secrets_due = []
        self._out.append({"r": "hand", "hand": self.hand_no + 1, "dealer": self.dealer})
        entry = self.game.entry
        if entry == Entry.DEALT:
            self._deal()
        elif entry == Entry.PAD:
            self._secrets_due = self._from_left()
            self.phase = Phase.SECRETS
        else:
            self._begin_turns()

    def _deal(self):
        if self.decks is not None and self.hand_no < len(self.decks):
            order = list(self.decks[self.hand_no])
        else:
            order = cards.full_deck()
            self._rng.shuffle(order)
        order.reverse()
        self.pile = order
        seats = self._from_left()
        # One face-down card each; then, from the dealer's left, a wild one is turned up
        # (its owner keeps it in hand) and replaced until the secret card is natural.
        for seat in seats:
            self.secrets[seat] = self.pile.pop()
        for seat in seats:
            while not cards.is_natural(self.secrets[seat]):
                self.opened[seat].append(self.secrets[seat])
                self.secrets[seat] = self.pile.pop()
        for _ in range(HAND_SIZE):
            for seat in seats:
                self.hands[seat].append(self.pile.pop())
        for seat in seats:
            self.hands[seat] = self.opened[seat] + self.hands[seat]
        self._seal()
        self._out.append(
            {
                "r": "deal",
                "hand": self.hand_no + 1,
                "opened": [[card_text(c) for c in o] for o in self.opened],
            }
        )
        self._after_discards()

    def _seal(self):
        for seat in self._from_left():
            if self.secrets[seat] != UNKNOWN:
                label = "guess-my-card/h%d/%s" % (self.hand_no + 1, seat_name(seat))
                rec = self._vault.seal(label, card_text(self.secrets[seat]), seat)
                self.digests[seat] = rec["digest"]
                self._out.append(rec)

    def _over_hand(self):
        """The first seat from the dealer's left still holding more than 4 cards."""
        for seat in self._from_left():
            if len(self.hands[seat]) > HAND_SIZE:
                return seat
        return NOBODY

    def _after_discards(self):
        if self._over_hand() != NOBODY:
            self.phase = Phase.DISCARD
        else:
            self._begin_turns()

    def _begin_turns(self):
        self.phase = Phase.TURN
        self._out.append({"r": "turns", "turn": self.turn})

    def value_now(self):
        """What the next revealed card scores its guesser: with 3 or more players the
        number of players for the first, one less for each later one; with 2, 1 for the
        first and nothing after."""
        n = self.game.players
        if n == 2:
            return 1 if self.reveals == 0 else 0
        return n - self.reveals

    def may_guess(self, seat, target):
        return target != seat and not self.revealed[target] and not self.barred[seat][target]

    def targets(self, seat):
        """Opponents whose card ``seat`` may still ask about or guess."""
        return [t for t in range(self.game.players) if self.may_guess(seat, t)]

    def _reveal(self, target, by, how):
        points = self.value_now()
        self.revealed[target] = True
        self.reveals += 1
        self._score(by, points)
        self._out.append(
            {
                "r": "revealed",
                "seat": target,
                "card": card_text(self.secrets[target]),
                "by": by,
                "how": how,
                "points": points,
            }
        )

    def _score(self, seat, points):
        self.hand_points[seat] += points
        self.scores[seat] += points

    def _after(self, seat, again):
        """A question or guess is settled: end the hand, award, or pass the turn."""
        self.pending = None
        self.turn_count += 1
        n = self.game.players
        if False not in self.revealed:
            self._end_hand()
            return
        guessers = [p for p in range(n) if self.targets(p)]
        if not guessers:
            self._end_hand()
            return
        if len(guessers) == 1:
            # Seed line 34: "If only one person can still claim points, he gets those points."
            p = guessers[0]
            for i in range(1, n):
                t = (p + i) % n
                if self.may_guess(p, t):
                    self._reveal(t, p, "award")
            self._end_hand()
            return
        if self.game.turn_limit and self.turn_count >= self.game.turn_limit:
            self.stopped = True
            self._end_hand()
            return
        nxt = seat if again else (seat + 1) % n
        while not self.targets(nxt):
            nxt = (nxt + 1) % n
        self.turn = nxt
        self.phase = Phase.TURN

    def _end_hand(self):
        for rec in self._vault.reveal():
            self._out.append(rec)
        self.hand_results.append(list(self.hand_points))
        self._out.append(
            {
                "r": "score",
                "hand": self.hand_no + 1,
                "stopped": self.stopped,
                "secrets": [card_text(c) for c in self.secrets],
                "points": list(self.hand_points),
                "scores": list(self.scores),
            }
        )
        if len(self.hand_results) < self.game.hands:
            self.phase = Phase.SCORED
        else:
            self._over()

    def _draw(self, seat):
        """Refill ``seat``'s hand by one; an empty pile is made again from the trash."""
        if not self.pile:
            if not self.trash:
                return
            self.pile = self.trash
            self.trash = []
            self._rng.shuffle(self.pile)
            self._reshuffled(len(self.pile))
        self.hands[seat].append(self.pile.pop())

    def _count_draw(self):
        """PAD: the player who showed a card draws one from the counted pile; an empty
        pile is made again from the whole trash, the cards the device saw and the ones
        thrown down at the deal."""
        if not self.left:
            self.left = len(self.trash) + self.unseen
            self.trash = []
            self.unseen = 0
            self._reshuffled(self.left)
        self.left -= 1

    def _reshuffled(self, n):
        self.shuffled = n
        self._out.append({"r": "reshuffle", "cards": n})

    def _dealt_pad(self):
        """PAD: every secret is in: the table has dealt 4 cards each, and each seat
        holding a turned-up wild has thrown as many cards onto the trash."""
        n = self.game.players
        opened = 0
        for o in self.opened:
            opened += len(o)
        self.left = DECK_SIZE - n - opened - HAND_SIZE * n
        self.unseen = opened

    def pile_size(self):
        """Cards in the draw pile: dealt, the pile itself; with a card pad, as counted
        (0 without one: the device does not know)."""
        if self.game.entry == Entry.PAD:
            return self.left
        return len(self.pile)

    # ----- what the state tells -----------------------------------------------------

    def current_player(self):
        p = self.phase
        if p == Phase.SECRETS:
            return self._secrets_due[0]
        if p == Phase.DISCARD:
            return self._over_hand()
        if p == Phase.TURN:
            return self.turn
        if p in (Phase.ANSWER, Phase.VERDICT):
            return self.pending["target"]
        if p == Phase.SCORED:
            return (self.dealer + 1) % self.game.players
        return NOBODY

    def returns(self):
        return list(self.scores)

    def winners(self):
        """Seats with the highest total once the match is over."""
        if self.phase != Phase.OVER:
            return []
        best = max(self.scores)
        return [seat for seat in range(self.game.players) if self.scores[seat] == best]

    def true_answer(self):
        """The answers the device accepts now: ``(low, high)``; (0, 3) when it does not
        know the secret, one value when it knows the secret and the declared card."""
        pend = self.pending
        secret = self.secrets[pend["target"]]
        if secret == UNKNOWN or pend["declared"] == UNKNOWN:
            return 0, 3
        return answer_range(secret, pend["declared"])

    def true_verdict(self):
        """RIGHT or WRONG when the device knows both cards, else None."""
        pend = self.pending
        secret = self.secrets[pend["target"]]
        if secret == UNKNOWN or pend["card"] == UNKNOWN:
            return None
        return Act.RIGHT if secret == pend["card"] else Act.WRONG

    # ----- actions ------------------------------------------------------------------

    def legal_actions(self):
        """Every action the seat due may take, sorted. PAD questions and guesses (any card
        the pad may read) are not listed."""
        p = self.phase
        entry = self.game.entry
        if p == Phase.SECRETS:
            return [(Act.SECRET, c) for c in cards.squares_deck() if self.is_legal((Act.SECRET, c))]
        if p == Phase.DISCARD:
            seat = self.current_player()
            return [(Act.DISCARD, c) for c in _distinct(sorted(self.hands[seat]))]
        if p == Phase.TURN:
            if entry == Entry.PAD:
                return []
            out = []
            for t in self.targets(self.turn):
                if entry == Entry.BUTTONS:
                    out.append((Act.ASK, t, UNKNOWN, UNKNOWN))
                    out.append((Act.GUESS, t, UNKNOWN))
                    continue
                for shown in _distinct(sorted(self.hands[self.turn])):
                    for d in declarations(shown):
                        out.append((Act.ASK, t, shown, d))
                for c in cards.squares_deck():
                    out.append((Act.GUESS, t, c))
            out.sort()
            return out
        if p == Phase.ANSWER:
            low, high = self.true_answer()
            return [(Act.ANSWER, k) for k in range(low, high + 1)]
        if p == Phase.VERDICT:
            v = self.true_verdict()
            return [(Act.RIGHT,), (Act.WRONG,)] if v is None else [(v,)]
        if p == Phase.SCORED:
            return [(Act.NEXT,)]
        return []

    def _apply(self, action):
        kind = action[0]
        if kind == Act.SECRET:
            self._apply_secret(action[1])
        elif kind == Act.DISCARD:
            self._apply_discard(action[1])
        elif kind == Act.ASK:
            self._apply_ask(action[1], action[2], action[3])
        elif kind == Act.GUESS:
            self._apply_guess(action[1], action[2])
        elif kind == Act.ANSWER:
            self._apply_answer(action[1])
        elif kind in (Act.RIGHT, Act.WRONG):
            self._apply_verdict(kind == Act.RIGHT)
        else:
            self._start_hand()

    # ----- checking an action -------------------------------------------------------

    def _check_act(self, action):
        kind = action[0]
        if len(action) != _SIZES[kind]:
            raise RuleError("%s takes %d values" % (ACT_NAMES[kind], _SIZES[kind] - 1))
        if kind == Act.SECRET:
            self._check_secret(action[1])
        elif kind == Act.DISCARD:
            if action[1] not in self.hands[self.current_player()]:
                raise RuleError("%s does not hold %r" % (seat_name(self.current_player()), action[1]))
        elif kind in (Act.ASK, Act.GUESS):
            self._check_target(action[1])
            if kind == Act.ASK:
                self._check_ask(action[2], action[3])
            else:
                # With a pad an official guess may be said aloud only: the guessed seat
                # then says right or wrong, as without a pad.
                self._check_card(action[2], True, self.game.entry != Entry.DEALT)
        elif kind == Act.ANSWER:
            low, high = self.true_answer()
            n = action[1]
            if not isinstance(n, int) or n < low or n > high:
                if low == high:
                    raise RuleError("check again: the answer is %d, not %r" % (low, n))
                raise RuleError("the answer must be %d..%d, not %r" % (low, high, n))
        elif kind in (Act.RIGHT, Act.WRONG):
            v = self.true_verdict()
            if v is not None and v != kind:
                raise RuleError("check again: the guess is %s" % ACT_NAMES[v])

    def _check_card(self, card, natural, unknown_ok=None):
        if unknown_ok is None:
            unknown_ok = self.game.entry == Entry.BUTTONS
        if card == UNKNOWN:
            if not unknown_ok:
                raise RuleError("this match sees its cards: name the card")
            return
        if self.game.entry == Entry.BUTTONS:
            raise RuleError("without a card pad cards are UNKNOWN")
        if not isinstance(card, int) or card < 0 or card > 124:
            raise RuleError("%r is not a card of the full deck" % (card,))
        if natural and not cards.is_natural(card):
            raise RuleError("a secret card is natural: %s is not" % cards.format_card(card))

    def _check_secret(self, card):
        # With a pad a wild card tapped here is one its player turned up.
        self._check_card(card, self.game.entry != Entry.PAD)
        if card in self.secrets:
            raise RuleError("%s is already somebody's secret card" % card_text(card))
        for o in self.opened:
            if card in o:
                raise RuleError("%s was turned up already" % card_text(card))

    def _check_target(self, target):
        seat = self.turn
        if not isinstance(target, int) or target < 0 or target >= self.game.players:
            raise RuleError("no seat %r" % (target,))
        if target == seat:
            raise RuleError("ask an opponent, not yourself")
        if self.revealed[target]:
            raise RuleError("%s's card is already face up" % seat_name(target))
        if self.barred[seat][target]:
            raise RuleError(
                "%s guessed %s's card wrong: barred this hand" % (seat_name(seat), seat_name(target))
            )

    def _check_ask(self, shown, declared):
        entry = self.game.entry
        self._check_card(shown, False)
        self._check_card(declared, entry == Entry.DEALT)
        if entry == Entry.BUTTONS:
            return
        if entry == Entry.DEALT and shown not in self.hands[self.turn]:
            raise RuleError("%s does not hold %s" % (seat_name(self.turn), card_text(shown)))
        if entry == Entry.PAD and (shown in self.trash or shown in self.secrets):
            raise RuleError("%s cannot be in a hand" % card_text(shown))
        if not stands_for(shown, declared):
            raise RuleError("%s cannot stand for %s" % (card_text(shown), card_text(declared)))

    # ----- applying an action -------------------------------------------------------

    def _apply_secret(self, card):
        if not cards.is_natural(card):
            seat = self._secrets_due[0]  # turned up, kept in hand: the seat taps again
            self.opened[seat].append(card)
            self._out.append({"r": "opened", "seat": seat, "card": card_text(card)})
            return
        seat = self._secrets_due.pop(0)
        self.secrets[seat] = card
        self._out.append({"r": "secret", "seat": seat})
        if not self._secrets_due:
            self._dealt_pad()
            self._seal()
            self._begin_turns()

    def _apply_discard(self, card):
        seat = self.current_player()
        self.hands[seat].remove(card)
        if card in self.opened[seat]:
            self.opened[seat].remove(card)
        self.trash.append(card)
        self._out.append({"r": "discard", "seat": seat, "card": card_text(card)})
        self._after_discards()

    def _apply_ask(self, target, shown, declared):
        seat = self.turn
        self.shuffled = 0
        if self.game.entry == Entry.DEALT:
            self.hands[seat].remove(shown)
            if shown in self.opened[seat]:
                self.opened[seat].remove(shown)
            self.trash.append(shown)
            self._draw(seat)
        elif shown != UNKNOWN:
            self.trash.append(shown)
            self._count_draw()
        self.pending = {"kind": Act.ASK, "seat": seat, "target": target}
        self.pending["shown"] = shown
        self.pending["declared"] = declared
        self.phase = Phase.ANSWER
        self._out.append(
            {
                "r": "ask",
                "seat": seat,
                "target": target,
                "shown": card_text(shown),
                "declared": card_text(declared),
            }
        )

    def _apply_guess(self, target, card):
        seat = self.turn
        self.shuffled = 0
        self.pending = {"kind": Act.GUESS, "seat": seat, "target": target, "card": card}
        self.phase = Phase.VERDICT
        self._out.append({"r": "guess", "seat": seat, "target": target, "card": card_text(card)})

    def _apply_answer(self, n):
        pend = self.pending
        seat = pend["seat"]
        self.last = {
            "kind": "ask",
            "seat": seat,
            "target": pend["target"],
            "card": card_text(pend["declared"]),
            "answer": n,
        }
        self._out.append(
            {
                "r": "answer",
                "seat": pend["target"],
                "asker": seat,
                "declared": card_text(pend["declared"]),
                "n": n,
            }
        )
        if n == 3:
            self._reveal(pend["target"], seat, "match")
        self._after(seat, n == 3)

    def _apply_verdict(self, right):
        pend = self.pending
        seat = pend["seat"]
        target = pend["target"]
        self.last = {
            "kind": "guess",
            "seat": seat,
            "target": target,
            "card": card_text(pend["card"]),
            "answer": right,
        }
        rec = {"r": "verdict", "seat": target, "guesser": seat, "card": card_text(pend["card"])}
        rec["ok"] = right
        if right:
            self._out.append(rec)
            self._reveal(target, seat, "official")
        else:
            self.barred[seat][target] = True
            # Two players: the opponent scores 1. More: the guesser loses what a right
            # guess would have scored now.
            if self.game.players == 2:
                rec["scorer"] = target
                rec["points"] = 1
            else:
                rec["scorer"] = seat
                rec["points"] = -self.value_now()
            self._score(rec["scorer"], rec["points"])
            self._out.append(rec)
        self._after(seat, right)

    # ----- screens ------------------------------------------------------------------

    def message(self):
        p = self.phase
        if p == Phase.OVER:
            names = "+".join([seat_name(s) for s in self.winners()])
            return "Over: %s %s" % (names, "wins" if len(self.winners()) == 1 else "win")
        if p == Phase.SCORED:
            return "Hand %d over" % (self.hand_no + 1)
        if p == Phase.SECRETS:
            return "%s: tap your secret card" % seat_name(self.current_player())
        if p == Phase.DISCARD:
            return "%s: throw down to 4" % seat_name(self.current_player())
        pend = self.pending
        if p == Phase.ANSWER:
            return "%s: how many match %s?" % (
                seat_name(pend["target"]),
                card_text(pend["declared"]),
            )
        if p == Phase.VERDICT:
            return "%s: is it %s?" % (seat_name(pend["target"]), card_text(pend["card"]))
        return "%s: ask or guess (worth %d)" % (seat_name(self.turn), self.value_now())

    def view(self):
        """What a shared screen, the serial link or a spectator may see now: revealed
        cards, face-up cards, answers, bars and scores; never a hidden secret or a hand."""
        n = self.game.players
        done = self.phase in (Phase.SCORED, Phase.OVER)
        shown = []
        for seat in range(n):
            known = self.revealed[seat] or done
            shown.append(card_text(self.secrets[seat]) if known else None)
        pend = None
        if self.pending is not None:
            pend = {
                "kind": ACT_NAMES[self.pending["kind"]],
                "seat": self.pending["seat"],
                "target": self.pending["target"],
                "card": card_text(self.pending.get("declared", self.pending.get("card"))),
            }
        return {
            "game": "guess-my-card",
            "entry": ENTRY_NAMES[self.game.entry],
            "seats": n,
            "hand": self.hand_no + 1,
            "hands": self.game.hands,
            "dealer": self.dealer,
            "phase": PHASE_NAMES[self.phase],
            "turn": self.current_player(),
            "player": self.turn,
            "pending": pend,
            "last": self.last,
            "secrets": shown,
            "hidden": [not r for r in self.revealed],
            "barred": [[t for t in range(n) if self.barred[s][t]] for s in range(n)],
            "opened": [[card_text(c) for c in o] for o in self.opened],
            "trash": [card_text(c) for c in self.trash],
            "pile": self.pile_size(),
            "shuffled": self.shuffled,
            "value": self.value_now(),
            "digests": list(self.digests),
            "hand_points": list(self.hand_points),
            "scores": list(self.scores),
            "winners": self.winners(),
            "message": self.message(),
        }

    def hand_view(self, seat):
        """What only ``seat`` may see: its secret card and its hand."""
        return {
            "seat": seat,
            "secret": card_text(self.secrets[seat]),
            "hand": [card_text(c) for c in sorted(self.hands[seat])],
        }


def _distinct(sorted_cards):
    out = []
    for c in sorted_cards:
        if not out or out[-1] != c:
            out.append(c)
    return out


def from_dict(saved):
    """The match that ``Match.to_dict`` described."""
    return match.load(Match, saved, _game)


def _game(saved, entry):
    return GuessMyCard(
        players=saved.get("players", 4),
        hands=saved.get("hands", 1),
        first_dealer=saved.get("first_dealer", 0),
        entry=entry,
        turn_limit=saved.get("turn_limit", TURN_LIMIT),
    )
