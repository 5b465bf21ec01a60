"""Tripp Jokes rules engine (RULES.md section 4; decisions in docs/rules/tripp-jokes.md).

One file though over 400 lines: one state (``TrippState``) whose every action
is checked and applied against the same zones; its save is a replay of its actions
(``from_dict``, a few lines), not a seam.

OpenSpiel-style: ``TrippJokes`` is the game (players, decks, options) and ``deal(seed)``
gives a ``TrippState`` with ``current_player()``, ``legal_actions()``, ``apply(action)``,
``is_over()`` and ``winner``. The shuffle is the only chance step, so a seed and the
list of actions applied replay a game exactly. No time lives here: the chess clock
(``topper.clock``) and the referee wrap it.

Actions are tuples of ints so that they log and compare cheaply:

- ``(FACEUP, a, b, c)``: setup, the seat puts these 3 of its 6 cards face up;
- ``(PLAY, c, ...)``: one card or several of one value, from hand (or from the face-up
  cards once hand and deck are empty);
- ``(FLIP, i)``: turn face-down card ``i`` (hand, deck and face-up cards all empty);
- ``(PICKUP,)``: take the face-up pile (only when nothing can be played).

Zones are lists of card codes (``topper.stdcards``); hands are kept sorted, piles
run bottom to top, the deck's top card is its last item.
"""

from topper import stdcards
from topper.gamekit import RuleError  # noqa: F401  (raised here, caught by callers)
from topper.rng import Rng

JOKER = stdcards.JOKER
HAND_SIZE = 3
# Turns in a row with no card discarded or drawn and nobody going out before the game
# is called (docs/rules/tripp-jokes.md, "Stalemate"): jokers leave play only three at a
# time, so two players who each hold one can hand the pile back and forth forever.
STALL_TURNS = 200


class Act:
    FACEUP = 0
    PLAY = 1
    FLIP = 2
    PICKUP = 3


ACT_NAMES = ("faceup", "play", "flip", "pickup")


class Phase:
    SETUP = 0  # seats choose their face-up cards, from the dealer's left
    PLAY = 1
    OVER = 2


PHASE_NAMES = ("setup", "play", "over")


# -- cards --------------------------------------------------------------------------

# A card's value: 0 joker, 1 ace .. 13 king (suits never matter in Tripp Jokes).
value = stdcards.rank

_SPECIAL_VALUES = (0, 2, 3, 10)


def is_special(card):
    """2, 3, 10 and the joker: playable on anything."""
    return value(card) in _SPECIAL_VALUES


def strength(v):
    """Beating order of a natural value, low to high 4..9 J Q K A (the ace is top)."""
    return 14 if v == 1 else v


def beats(card, target):
    """Can ``card`` go on a pile whose card to beat is ``target`` (None: free board)?"""
    if target is None or is_special(card):
        return True
    return strength(value(card)) >= strength(value(target))


def value_name(v):
    return "JK" if v == 0 else stdcards.RANKS[v - 1]


def _names(cards):
    return " ".join([stdcards.format_card(c) for c in cards])


def default_faceup(cards):
    """The 3 cards a bot (or a player who leaves it to the device) puts face up.
    Face-up cards come out late, when there is little choice left, so they should beat
    anything: jokers, 10s, 2s, then the highest naturals; 3s only when nothing else is
    left, since a 3 only passes the problem on."""

    def keep(card):
        v = value(card)
        if v == 0:
            return 30
        if v == 10:
            return 29
        if v == 2:
            return 28
        if v == 3:
            return 0
        return strength(v)

    ranked = sorted(cards, key=lambda c: (-keep(c), c))
    return (Act.FACEUP,) + tuple(sorted(ranked[:3]))


# -- actions as text (logs, CLI, simulator) ------------------------------------------


def format_action(action):
    kind = action[0]
    if kind == Act.FLIP:
        return "flip %d" % action[1]
    if kind == Act.PICKUP:
        return "pickup"
    return "%s %s" % (ACT_NAMES[kind], _names(action[1:]))


def parse_action(text):
    words = text.split()
    if not words or words[0].lower() not in ACT_NAMES:
        raise RuleError("action %r: expected faceup, play, flip or pickup" % (text,))
    kind = ACT_NAMES.index(words[0].lower())
    if kind == Act.FLIP:
        if len(words) != 2 or not words[1].isdigit():
            raise RuleError("flip needs one face-down position, like 'flip 0'")
        return (Act.FLIP, int(words[1]))
    if kind == Act.PICKUP:
        return (Act.PICKUP,)
    try:
        return (kind,) + tuple([stdcards.parse(w) for w in words[1:]])
    except ValueError as err:
        raise RuleError(str(err))


# -- the game ------------------------------------------------------------------------


class TrippJokes:
    """The rules chosen for one game: 2..8 players, ``jokers`` per deck (0 plays
    "Tripps"), the dealer's seat, whether play goes on after the winner to rank every
    player (``places``), and after how many idle turns a stalemate is called
    (``stall_turns``, 0 never)."""

    def __init__(self, players, jokers=2, dealer=0, places=False, stall_turns=STALL_TURNS):
        if not isinstance(players, int) or players < 2 or players > 8:
            raise RuleError("Tripp Jokes takes 2 to 8 players, not %r" % (players,))
        if jokers not in (0, 1, 2):
            raise RuleError("0 to 2 jokers per deck, not %r" % (jokers,))
        if not isinstance(dealer, int) or dealer < 0 or dealer >= players:
            raise RuleError("no seat %r to deal" % (dealer,))
        if not isinstance(stall_turns, int) or stall_turns < 0:
            raise RuleError("stall_turns must be 0 (never) or more, not %r" % (stall_turns,))
        self.players = players
        self.jokers = jokers
        self.dealer = dealer
        self.places = bool(places)
        self.stall_turns = stall_turns
        self.decks = players // 4 + 1

    def cards(self):
        """Every card in play, unshuffled: ``decks`` decks of 52 plus their jokers."""
        out = []
        for _ in range(self.decks):
            out.extend(stdcards.deck(self.jokers))
        return out

    def first_seat(self):
        """The dealer's left (seats run clockwise) chooses and plays first."""
        return (self.dealer + 1) % self.players

    def deal(self, seed):
        """Shuffle from ``seed`` and deal round the table from the dealer's left:
        3 face down each, then 6 each to choose face-up cards from."""
        deck = self.cards()
        Rng(seed).shuffle(deck)
        state = TrippState(self)
        order = [(self.first_seat() + i) % self.players for i in range(self.players)]
        for _ in range(3):
            for seat in order:
                state.facedown[seat].append(deck.pop())
        for _ in range(6):
            for seat in order:
                state.hands[seat].append(deck.pop())
        for hand in state.hands:
            hand.sort()
        state.deck = deck
        state.turn = self.first_seat()
        state.seed = seed
        return state

    def arrange(self, hands, faceup, facedown, pile, deck=(), discard=(), turn=None, start=False):
        """A state in the middle of play, for scenario tests and puzzles. ``deck`` is
        listed in drawing order (first card drawn first); ``start`` says the pile's
        bottom card is the dealer's starting card (otherwise every card was played)."""
        state = TrippState(self)
        for name, zone in (("hands", hands), ("faceup", faceup), ("facedown", facedown)):
            if len(zone) != self.players:
                raise RuleError("%s needs one list per player" % name)
        for seat in range(self.players):
            state.hands[seat] = sorted(hands[seat])
            state.faceup[seat] = list(faceup[seat])
            state.facedown[seat] = list(facedown[seat])
        state.pile = list(pile)
        state.floor = 1 if start and state.pile else 0
        state.deck = list(deck)
        state.deck.reverse()
        state.discard = list(discard)
        state.phase = Phase.PLAY
        state.turn = self.first_seat() if turn is None else turn
        for seat in range(self.players):
            if state.deck and not state.hands[seat]:
                raise RuleError("P%d: a hand is only empty once the deck is" % (seat + 1))
        return state


def replay(game, seed, actions):
    """The state reached by dealing ``seed`` and applying ``actions`` in order."""
    state = game.deal(seed)
    for action in actions:
        state.apply(tuple(action))
    return state


def from_dict(saved):
    """The game saved by ``TrippState.to_dict``, rebuilt by replaying its actions."""
    try:
        game = TrippJokes(
            saved["players"],
            jokers=saved["jokers"],
            dealer=saved["dealer"],
            places=saved["places"],
            stall_turns=saved["stall_turns"],
        )
        seed = saved["seed"]
        history = saved["history"]
    except (KeyError, TypeError):
        raise RuleError("not a saved Tripp Jokes game")
    return replay(game, seed, history)


# -- the state -----------------------------------------------------------------------


class TrippState:
    def __init__(self, game):
        n = game.players
        self.game = game
        self.hands = [[] for _ in range(n)]
        self.faceup = [[] for _ in range(n)]
        self.facedown = [[] for _ in range(n)]
        self.deck = []
        self.pile = []  # the face-up pile, bottom to top
        self.floor = 0  # cards at the pile's bottom that were never played (start card)
        self.discard = []
        self.phase = Phase.SETUP
        self.turn = -1
        self.chosen = 0  # seats that have chosen their face-up cards
        self.again = False  # the seat on turn is playing again within its turn
        self.out = []  # seats in the order they ran out of cards
        self.winner = -1
        self.idle = 0  # turns in a row with no card discarded or drawn, nobody out
        self.progress = False  # this turn has discarded or drawn a card
        self.stalled = False  # the game was called: seats not in ``out`` share a place
        self.history = []  # actions applied, for replay
        self.seed = None  # the deal's seed; None for an arranged position

    # -- what a player, a screen or the device ring asks -------------------------------

    def current_player(self):
        return -1 if self.phase == Phase.OVER else self.turn

    def next_player(self):
        """Who is on turn once the current turn ends (play-again keeps the turn; this
        is the seat after it), -1 when the game is over."""
        if self.phase == Phase.OVER:
            return -1
        return self._seat_after(self.turn)

    def is_over(self):
        return self.phase == Phase.OVER

    def to_beat(self):
        """The card the seat on turn must match or beat, or None on a free board.
        3s are transparent; a 2, a 10 or a joker under them (or nothing) is free."""
        i = len(self.pile) - 1
        while i >= 0:
            card = self.pile[i]
            v = value(card)
            if v != 3:
                return None if is_special(card) else card
            i -= 1
        return None

    def free_board(self):
        return self.phase == Phase.PLAY and self.to_beat() is None

    def source(self, seat):
        """Where ``seat`` plays from now: "hand", "faceup" or "facedown" (None: out)."""
        if self.hands[seat]:
            return "hand"
        if self.deck:
            return "hand"  # an empty hand is refilled before it is asked to play
        if self.faceup[seat]:
            return "faceup"
        if self.facedown[seat]:
            return "facedown"
        return None

    def card_count(self, seat):
        return len(self.hands[seat]) + len(self.faceup[seat]) + len(self.facedown[seat])

    def all_cards(self):
        """Every card in every zone, sorted: the game's cards exactly once each."""
        out = self.deck + self.pile + self.discard
        for seat in range(self.game.players):
            out = out + self.hands[seat] + self.faceup[seat] + self.facedown[seat]
        return sorted(out)

    def snapshot(self):
        """Everything that decides the future, as nested tuples (compare, replay)."""
        return (
            self.phase,
            self.turn,
            self.again,
            self.chosen,
            self.idle,
            self.progress,
            self.floor,
            tuple(self.deck),
            tuple(self.pile),
            tuple(self.discard),
            tuple([tuple(h) for h in self.hands]),
            tuple([tuple(f) for f in self.faceup]),
            tuple([tuple(f) for f in self.facedown]),
            tuple(self.out),
            self.stalled,
        )

    def to_dict(self):
        """Options, seed and actions: plain JSON that ``from_dict`` replays exactly."""
        if self.seed is None:
            raise RuleError("an arranged position has no seed to replay from")
        g = self.game
        return {
            "game": "tripp-jokes",
            "players": g.players,
            "jokers": g.jokers,
            "dealer": g.dealer,
            "places": g.places,
            "stall_turns": g.stall_turns,
            "seed": self.seed,
            "history": [list(a) for a in self.history],
        }

    def rewind(self, n=1):
        """A new state without the last ``n`` actions (undo), replayed from the seed."""
        if self.seed is None:
            raise RuleError("an arranged position has no seed to replay from")
        if n < 0 or n > len(self.history):
            raise RuleError("cannot take back %d of %d actions" % (n, len(self.history)))
        return replay(self.game, self.seed, self.history[: len(self.history) - n])

    def view(self, seat=-1):
        """A screen's snapshot: public zones, plus ``seat``'s hand when seat >= 0."""
        target = self.to_beat() if self.phase == Phase.PLAY else None
        return {
            "game": "tripp-jokes",
            "players": self.game.players,
            "phase": PHASE_NAMES[self.phase],
            "turn": self.current_player(),
            "next": self.next_player(),
            "again": self.again,
            "free": self.free_board(),
            "to_beat": -1 if target is None else target,
            "pile": self.pile[:],
            "deck": len(self.deck),
            "discard": len(self.discard),
            "hand": [len(h) for h in self.hands],
            "faceup": [f[:] for f in self.faceup],
            "facedown": [len(f) for f in self.facedown],
            "out": self.out[:],
            "winner": self.winner,
            "stalled": self.stalled,
            "mine": self.hands[seat][:] if seat >= 0 else [],
        }

    # -- legal actions ---------------------------------------------------------------

    def legal_actions(self):
        """Every legal action, in a fixed order. A play lists one representative per
        value and count (suits never matter); ``apply`` takes any such cards held."""
        if self.phase == Phase.OVER:
            return []
        if self.phase == Phase.SETUP:
            return self._faceup_choices()
        where = self.source(self.turn)
        if where == "facedown":
            return [(Act.FLIP, i) for i in range(len(self.facedown[self.turn]))]
        by_value = [None] * 14
        for c in self._zone(self.turn, where):
            v = value(c)
            if by_value[v] is None:
                by_value[v] = [c]
            else:
                by_value[v].append(c)
        target = self.to_beat()
        plays = []
        for same in by_value:
            if same is not None and beats(same[0], target):
                same.sort()
                for n in range(1, len(same) + 1):
                    plays.append((Act.PLAY,) + tuple(same[:n]))
        return plays or [(Act.PICKUP,)]

    def _faceup_choices(self):
        six = self.hands[self.turn]
        seen = []
        for i in range(len(six)):
            for j in range(i + 1, len(six)):
                for k in range(j + 1, len(six)):
                    action = (Act.FACEUP, six[i], six[j], six[k])
                    if action not in seen:
                        seen.append(action)
        return seen

    # -- applying an action ------------------------------------------------------------

    def apply(self, action, seat=None):
        """Apply ``action`` for the seat on turn (``seat``, if given, must be that
        seat). Returns what happened, as event dicts for a log, a screen or a sound.
        Raises RuleError, changing nothing, if the rules forbid it."""
        if self.phase == Phase.OVER:
            raise RuleError("the game is over")
        if seat is not None and seat != self.turn:
            raise RuleError("P%d is not on turn (P%d is)" % (seat + 1, self.turn + 1))
        action = self._well_formed(action)
        kind = action[0]
        if self.phase == Phase.SETUP:
            if kind != Act.FACEUP:
                raise RuleError("P%d must first choose 3 face-up cards" % (self.turn + 1))
            events = self._choose_faceup(action[1:])
        elif kind == Act.PLAY:
            events = self._play(action[1:])
        elif kind == Act.FLIP:
            events = self._flip(action[1])
        elif kind == Act.PICKUP:
            events = self._pickup()
        else:
            raise RuleError("face-up cards are chosen only before play starts")
        self.history.append(action)
        return events

    def _well_formed(self, action):
        if not isinstance(action, (tuple, list)) or not action:
            raise RuleError("an action is a tuple like (PLAY, card, ...), not %r" % (action,))
        for x in action:
            if not isinstance(x, int):
                raise RuleError("action %r: every item must be an int" % (action,))
        kind = action[0]
        if kind < 0 or kind >= len(ACT_NAMES):
            raise RuleError("unknown action kind %r" % (kind,))
        n = len(action) - 1
        if kind == Act.FACEUP and n != 3:
            raise RuleError("choose exactly 3 face-up cards, not %d" % n)
        if kind == Act.PLAY and n == 0:
            raise RuleError("play at least one card")
        if kind == Act.FLIP and n != 1:
            raise RuleError("flip names one face-down position")
        if kind == Act.PICKUP and n != 0:
            raise RuleError("pickup takes no cards")
        if kind in (Act.FACEUP, Act.PLAY):
            for c in action[1:]:
                if c < 0 or c > JOKER:
                    raise RuleError("no card with code %d" % c)
        return tuple(action)

    def _choose_faceup(self, cards):
        seat = self.turn
        rest = _without(self.hands[seat], cards)
        if rest is None:
            raise RuleError("P%d does not hold %s" % (seat + 1, _names(cards)))
        self.faceup[seat] = sorted(cards)
        self.hands[seat] = rest
        self.chosen += 1
        events = [{"r": "faceup", "seat": seat, "cards": list(cards)}]
        if self.chosen < self.game.players:
            self.turn = (seat + 1) % self.game.players
            return events
        # Everyone has chosen: the dealer turns the deck's top card to start the pile.
        # It is only a card to beat: no special effect, no part of a three of a kind.
        start = self.deck.pop()
        self.pile.append(start)
        self.floor = 1
        self.phase = Phase.PLAY
        self.turn = self.game.first_seat()
        events.append({"r": "start", "seat": self.game.dealer, "card": start})
        return events

    def _play(self, cards):
        seat = self.turn
        where = self.source(seat)
        if where == "facedown":
            raise RuleError("P%d has only face-down cards: flip one" % (seat + 1))
        v = value(cards[0])
        for c in cards:
            if value(c) != v:
                raise RuleError("a play is cards of one value, not %s" % _names(cards))
        zone = self._zone(seat, where)
        rest = _without(zone, cards)
        if rest is None:
            raise RuleError("P%d has no %s in %s (%s)" % (seat + 1, _names(cards), where, _names(zone)))
        target = self.to_beat()
        if not beats(cards[0], target):
            raise RuleError("%s does not beat %s" % (value_name(v), stdcards.format_card(target)))
        self._set_zone(seat, where, rest)
        self.pile.extend(cards)
        events = [{"r": "play", "seat": seat, "cards": list(cards), "from": where}]
        self._resolve(seat, len(cards), events)
        return events

    def _flip(self, index):
        seat = self.turn
        if self.source(seat) != "facedown":
            raise RuleError("P%d may flip a face-down card only when nothing else is left" % (seat + 1))
        if index < 0 or index >= len(self.facedown[seat]):
            raise RuleError("P%d has no face-down card %d" % (seat + 1, index))
        card = self.facedown[seat].pop(index)
        ok = beats(card, self.to_beat())
        events = [{"r": "flip", "seat": seat, "card": card, "ok": ok}]
        if ok:
            self.pile.append(card)
            self._resolve(seat, 1, events)
        else:
            # It does not beat the pile: it goes into the hand with the pile.
            took = len(self.pile) + 1
            self._take_pile(seat, [card])
            events.append({"r": "pickup", "seat": seat, "took": took})
            self._end_turn(seat, events)
        return events

    def _pickup(self):
        seat = self.turn
        if self.source(seat) == "facedown":
            raise RuleError("P%d has only face-down cards: flip one" % (seat + 1))
        if self.legal_actions() != [(Act.PICKUP,)]:
            raise RuleError("P%d can play, so may not pick up the pile" % (seat + 1))
        took = len(self.pile)
        self._take_pile(seat, [])
        events = [{"r": "pickup", "seat": seat, "took": took}]
        self._end_turn(seat, events)
        return events

    # -- what a play does --------------------------------------------------------------

    def _resolve(self, seat, n, events):
        """Effects of the ``n`` cards just laid on top: three of a kind first, then the
        special card; then whether ``seat`` is out, plays again, or ends its turn."""
        v = value(self.pile[-1])
        again = False
        if self._three_on_top():
            self._clear_pile()
            events.append({"r": "clear", "seat": seat, "value": v})
            again = True
        elif v == 10:
            self._clear_pile()
            events.append({"r": "burn", "seat": seat})
            again = True
        elif v == 2:
            again = True
        elif v == 0:
            # The joker(s) just laid stay as the new pile; the player takes the rest.
            jokers = self.pile[-n:]
            under = self.pile[:-n]
            self.pile = jokers
            self.floor = 0
            self.hands[seat] = sorted(self.hands[seat] + under)
            events.append({"r": "joker", "seat": seat, "took": len(under)})
        if self.card_count(seat) == 0 and not self.deck:
            self._go_out(seat, events)
            return
        if not again:
            self._end_turn(seat, events)
            return
        self.again = True
        if not self.hands[seat] and self.deck:
            # Emptied the hand mid-turn: draw now and go on.
            self._draw(seat, events)
        events.append({"r": "again", "seat": seat})

    def _three_on_top(self):
        if len(self.pile) - self.floor < 3:
            return False
        v = value(self.pile[-1])
        return value(self.pile[-2]) == v and value(self.pile[-3]) == v

    def _clear_pile(self):
        self.progress = True
        self.discard.extend(self.pile)
        self.pile = []
        self.floor = 0

    def _take_pile(self, seat, extra):
        self.hands[seat] = sorted(self.hands[seat] + self.pile + extra)
        self.pile = []
        self.floor = 0

    def _draw(self, seat, events):
        hand = self.hands[seat]
        n = 0
        while len(hand) < HAND_SIZE and self.deck:
            hand.append(self.deck.pop())
            n += 1
        if n:
            self.progress = True
            hand.sort()
            events.append({"r": "draw", "seat": seat, "n": n})

    def _end_turn(self, seat, events):
        self._draw(seat, events)
        self.again = False
        self.idle = 0 if self.progress else self.idle + 1
        self.progress = False
        limit = self.game.stall_turns
        if limit and self.idle >= limit:
            self.stalled = True
            self.phase = Phase.OVER
            events.append({"r": "stalled", "turns": self.idle})
            return
        self.turn = self._seat_after(seat)
        events.append({"r": "turn", "seat": self.turn})

    def _go_out(self, seat, events):
        self.out.append(seat)
        self.again = False
        self.idle = 0
        self.progress = False
        events.append({"r": "out", "seat": seat, "place": len(self.out)})
        if self.winner < 0:
            self.winner = seat
        holding = [s for s in range(self.game.players) if self.card_count(s) > 0]
        if not self.game.places or len(holding) <= 1:
            if self.game.places:
                self.out.extend(holding)
            self.phase = Phase.OVER
            events.append({"r": "win", "seat": self.winner})
            return
        self.turn = self._seat_after(seat)
        events.append({"r": "turn", "seat": self.turn})

    # -- helpers -------------------------------------------------------------------

    def _seat_after(self, seat):
        """Clockwise from ``seat``, skipping seats that have run out of cards."""
        n = self.game.players
        for step in range(1, n + 1):
            s = (seat + step) % n
            if s not in self.out:
                return s
        return seat

    def _zone(self, seat, where):
        if where == "faceup":
            return self.faceup[seat]
        return self.hands[seat]

    def _set_zone(self, seat, where, cards):
        if where == "faceup":
            self.faceup[seat] = cards
        else:
            self.hands[seat] = cards


def _without(zone, cards):
    """``zone`` minus one copy of each of ``cards``, or None if one is missing."""
    rest = list(zone)
    for c in cards:
        if c not in rest:
            return None
        rest.remove(c)
    return rest
