"""World War 3 and Armageddon as a state machine (RULES.md sections 2 and 3).

One file though over 400 lines: it is one state machine whose every
transition (lay, control, chances, slap, penalty, collect) reads and changes the same
stacks, pot and turn, so one ruling reads top to bottom here.

This is the rules layer only: no time. It is told *who* lays, slaps, is hurried or
collects, and answers what happened; ``topper.games.slap.pad`` turns time-stamped button
presses, card reads and ticks into these calls.

Stacks are lists with the top card at the end. In a *known* game (the simulator, a
replay of a seeded log) every card is known; in a *table* game the device only knows
how many cards each player holds, so stacks hold ``UNKNOWN`` and the card reader tells
which card was laid.
"""

from topper import cards
from topper.games.slap import rules as slaprules
from topper.gamekit import RuleError  # noqa: F401  (raised here, caught by callers)
from topper.games.slap.rules import WW3, ARMAGEDDON  # noqa: F401  (re-exported for callers)

UNKNOWN = -1


class Phase:
    SETUP = 0  # dealt, first starter not chosen yet
    STARTING = 1  # the starter opens a pile: lays until two non-joker cards
    OPEN = 2  # defined, uncontrolled: each player lays one card
    CONTROL = 3  # someone controls; the turn seat answers with its chances
    AWARDED = 4  # the pot is won but not yet collected: it can still be slapped
    OVER = 5


# Read on every card laid: module globals are quicker than class attributes.
_SETUP = Phase.SETUP
_STARTING = Phase.STARTING
_CONTROL = Phase.CONTROL
_OVER = Phase.OVER

PHASE_NAMES = ("setup", "starting", "open", "control", "awarded", "over")


def _slap_into(out, ok, rule, cards, vars_, paid, locked):
    """A slap ruling written into a kept dict (``SlapGame.slap``'s ``out``): every key
    each time, so that none is left from an earlier slap and the dict never grows."""
    out["ok"] = ok
    out["rule"] = rule
    out["cards"] = cards
    out["vars"] = vars_
    out["paid"] = paid
    out["locked"] = locked
    out["award"] = -1
    return out


class SlapGame:
    def __init__(self, variant, seats, jokers=0):
        self.variant = slaprules.check_variant(variant)
        if seats < 2 or seats > 8:
            raise RuleError("2 to 8 seats, not %d" % seats)
        if jokers < 0 or jokers > 8:
            raise RuleError("0 to 8 jokers, not %d" % jokers)
        self.seats = seats
        self.jokers = jokers
        if variant == WW3:
            self.deck = cards.squares_deck(jokers)
        else:
            self.deck = cards.full_deck(jokers)
        self.known = True
        self.stacks = [[] for _ in range(seats)]
        self.pot = []  # face-up sequence, bottom to top
        self.eff = []  # effective values of each pot card
        self.facedown = []  # remainder and penalty cards: prize, never sequence
        # The top's slap combination, worked out once per card laid: a slap ruling then
        # only reads it (no allocation between a press and its ruling).
        self._combo = None
        self.phase = Phase.SETUP
        self.turn = -1
        self.controller = -1
        self.chances = 0
        self.naturals = 0  # non-joker cards laid in the current opening
        self.award_to = -1
        self.last_layer = -1
        self.penalty_due = [False] * seats  # hurry-up: next card is a penalty card
        self.penalty_top = -1  # seat whose penalty card is the top of the pot
        self.grave_locked = [False] * seats
        self.winner = -1

    # ----- setting up -------------------------------------------------------------

    def deal(self, rng):
        """Shuffle with ``rng`` and deal one at a time as many as divide evenly; the
        remainder goes face down into the first pot."""
        deck = list(self.deck)
        rng.shuffle(deck)
        self._deal(deck)

    def deal_table(self):
        """A real deck dealt at the table: only the counts are known."""
        self.known = False
        self._deal([UNKNOWN] * len(self.deck))

    def _deal(self, deck):
        if self.phase != Phase.SETUP or self.facedown or self.stacks[0]:
            raise RuleError("the cards are already dealt")
        each = len(deck) // self.seats
        # The first cards dealt end up at the bottom of each stack.
        for i in range(each * self.seats):
            self.stacks[i % self.seats].append(deck[i])
        self.facedown = deck[each * self.seats :]

    def choose_starter(self, rng):
        """Rule 2: everyone shows their top card, the highest number starts, tied
        players keep showing; shown cards go to the bottom of their stacks.
        Returns ``(seat, shows)`` with ``shows`` a list of rounds of ``[seat, card]``."""
        if not self.known:
            raise RuleError("a table game is told its starter")
        contenders = [s for s in range(self.seats) if self.stacks[s]]
        shows = []
        # Identical cycles of shown cards could tie for ever; after every card has been
        # shown twice a fair draw settles it.
        limit = 2 * len(self.deck)
        while len(contenders) > 1 and len(shows) < limit:
            shown = []
            best = -1
            for s in contenders:
                card = self.stacks[s].pop()
                self.stacks[s].insert(0, card)
                shown.append([s, card])
                n = cards.number(card)
                if n > best:
                    best = n
            shows.append(shown)
            contenders = [pair[0] for pair in shown if cards.number(pair[1]) == best]
        seat = contenders[rng.below(len(contenders))] if len(contenders) > 1 else contenders[0]
        self.start_pile(seat)
        return seat, shows

    def start_pile(self, seat):
        """The table says who starts the first pile (a table game)."""
        if seat < 0 or seat >= self.seats:
            raise RuleError("no seat %r" % (seat,))
        if self.phase != Phase.SETUP:
            raise RuleError("the first pile has already started")
        self._open_pile(seat)

    def _open_pile(self, seat):
        """``seat`` opens a new pile (the first starter, or whoever won the last pot)."""
        self.phase = Phase.STARTING
        self.turn = seat if self.stacks[seat] else self._next_with_cards(seat)
        self.controller = -1
        self.chances = 0
        self.naturals = 0
        self.award_to = -1

    # ----- what the state tells ----------------------------------------------------

    def holders(self):
        """Seats that hold cards, in seat order."""
        return [s for s in range(self.seats) if self.stacks[s]]

    def slappable(self):
        """None, or ``(rule, n_cards, vars)`` for the top of the pot."""
        return self._combo

    def _alone(self, seat):
        """Does ``seat`` hold cards and nobody else? (``holders() == [seat]`` without
        building the list: this runs once a card laid.)"""
        stacks = self.stacks
        if not stacks[seat]:
            return False
        for s in range(self.seats):
            if s != seat and stacks[s]:
                return False
        return True

    def can_slap(self, seat):
        """False while the rules lock this seat's slaps out (rules 9 and 10)."""
        phase = self.phase
        if phase == _SETUP or phase == _OVER:  # (a tuple here would be built each call)
            return False
        return not self.grave_locked[seat] and self.penalty_top != seat

    def card_count(self):
        n = len(self.pot) + len(self.facedown)
        for st in self.stacks:
            n += len(st)
        return n

    # ----- laying ------------------------------------------------------------------

    def lay(self, seat, card=None):
        """``seat`` lays the top card of its stack (``card`` says which card a reader
        saw). Returns a dict: card, penalty, and what followed."""
        phase = self.phase
        if phase < _STARTING or phase > _CONTROL:
            if phase == _OVER:
                raise RuleError("the game is over")
            if phase == _SETUP:
                raise RuleError("no pile has been started")
            raise RuleError("the pot goes to P%d first" % (self.award_to + 1))
        if seat != self.turn:
            raise RuleError("not P%d's turn: P%d lays" % (seat + 1, self.turn + 1))
        stack = self.stacks[seat]
        top = stack[-1]
        if card is None:
            if top == UNKNOWN:
                raise RuleError("which card? a table game needs the card laid")
            card = top
        elif top != UNKNOWN and top != card:
            raise RuleError(
                "P%d's top card is %s, not %s"
                % (seat + 1, cards.format_card(top), self._name(card))
            )
        else:
            self._check_can_appear(card)
        # The next seat after ``seat`` that holds cards (-1: nobody else does), found
        # once: it says whether this card can win the game and who lays next.
        nxt = self._next_with_cards(seat, seat)
        covered = self._combo is not None
        stack.pop()

        penalty = False
        if self.penalty_due[seat]:
            # The starter's penalty falls on the second non-joker card: the first card
            # that could take control or be slapped by them (rule 9).
            if phase != _STARTING or (card != cards.JOKER and self.naturals == 1):
                penalty = True
                self.penalty_due[seat] = False
        eff = self.eff
        self.pot.append(card)
        eff.append(slaprules.effective(self.variant, card, eff[-1] if eff else None))
        self._combo = slaprules.slap_combination(self.variant, self.pot, eff)
        self.penalty_top = seat if penalty else -1
        self.last_layer = seat
        if covered:
            # A combination covered without a slap frees the beyond-the-grave lockouts.
            self.grave_locked = [False] * self.seats
        out = {"card": card, "penalty": penalty}
        if nxt < 0 and self._combo is None:
            self._finish(seat)
            out["win"] = seat
            return out
        # What follows the card (one method with the lay: it runs on every card).
        controls = not penalty and slaprules.takes_control(self.variant, eff)
        if phase == _STARTING:
            if card != cards.JOKER:
                self.naturals += 1
            if self.naturals < 2:
                if not stack:
                    self._pass_turn(seat, out, nxt)
                return out
            self.phase = Phase.OPEN
        elif phase == _CONTROL:
            self.chances -= 1
            if controls:
                self._take_control(seat, out, nxt)
            elif self.chances <= 0 or not stack:
                self._award(self.controller, out)
            return out
        if controls:
            self._take_control(seat, out, nxt)
        else:
            self._pass_turn(seat, out, nxt)
        return out

    def _take_control(self, seat, out, nxt):
        """``seat`` takes control; ``nxt`` the next seat holding cards but ``seat``."""
        self.controller = seat
        self.chances = slaprules.chances_for(self.eff[-1])
        out["control"] = seat
        if nxt < 0:
            self._award(seat, out)
            return
        self.phase = Phase.CONTROL
        self.turn = nxt

    def _pass_turn(self, seat, out, nxt):
        """The turn passes on from ``seat``; ``nxt`` the next seat holding cards but
        ``seat`` (-1: none, when ``seat`` keeps the turn if it holds any)."""
        if nxt < 0 and self.stacks[seat]:
            nxt = seat
        if nxt < 0:
            # Nobody holds a card: no one can lay, so the pot waits for a slap and
            # otherwise goes to whoever laid its top card.
            self._award(self.last_layer if self.last_layer >= 0 else seat, out)
            return
        self.turn = nxt

    def _award(self, seat, out):
        self.phase = Phase.AWARDED
        self.award_to = seat
        self.turn = -1
        self.chances = 0
        out["award"] = seat

    def _next_with_cards(self, seat, exclude=-1):
        for i in range(1, self.seats + 1):
            s = (seat + i) % self.seats
            if s != exclude and self.stacks[s]:
                return s
        return -1

    # ----- slaps, hurry-up, collecting ----------------------------------------------

    def slap(self, seat, out=None):
        """``seat`` is the first (unlocked) slapper. A legal combination wins the pot;
        anything else is a wrong slap. Returns a dict: ok, rule, cards, vars for a right
        slap; ok, paid, locked (and award, when the pot went) for a wrong one.

        With ``out``, a dict the caller keeps (a referee whose slap path allocates
        nothing), the ruling is written into it and it is returned, with every key set:
        ok, rule, cards, vars, paid, locked, award (None, 0, False or -1 where a key
        does not apply)."""
        if not self.can_slap(seat):
            raise RuleError("P%d may not slap now" % (seat + 1))
        combo = self.slappable()
        if combo is not None:
            self.grave_locked[seat] = False
            self._collect(seat)
            if out is not None:
                return _slap_into(out, True, combo[0], combo[1], combo[2], 0, False)
            return {"ok": True, "rule": combo[0], "cards": combo[1], "vars": combo[2]}
        return self._pay(seat, out)

    def judge(self, seat, good):
        """The table's word on ``seat``'s slap where the table judges (blind play, whose
        referee sees no card; a simulator's table that knows them): ``good`` takes the
        pot, else the wrong slap's payment, whatever the pile shows, since at such a
        table the word stands. Returns ``slap``'s dict (``rule`` None)."""
        self.grave_locked[seat] = False
        if good:
            self._collect(seat)
            return {"ok": True, "rule": None, "cards": 0, "vars": None}
        return self._pay(seat, None)

    def _pay(self, seat, out):
        """A wrong slap: 3 cards face down under the pot, or beyond the grave the right
        to slap (``slap`` says how ``out`` is filled)."""
        stack = self.stacks[seat]
        if not stack:
            # From beyond the grave a wrong slap costs nothing but the right to slap.
            self.grave_locked[seat] = True
            if out is not None:
                return _slap_into(out, False, None, 0, None, 0, True)
            return {"ok": False, "paid": 0, "locked": True}
        paid = min(3, len(stack))
        for _ in range(paid):
            self.facedown.append(stack.pop())
        if out is None:
            out = {"ok": False, "paid": paid, "locked": False}
        else:
            _slap_into(out, False, None, 0, None, paid, False)
        if not stack and seat == self.turn:
            if self.phase == Phase.CONTROL:
                self._award(self.controller, out)
            else:
                self._pass_turn(seat, out, self._next_with_cards(seat, seat))
        return out

    def unlock_grave(self, attempted_by):
        """Rule 10: a slap attempt by another player frees beyond-the-grave lockouts."""
        for s in range(self.seats):
            if s != attempted_by:
                self.grave_locked[s] = False

    def hurry(self, seat):
        """The hurry-up limit ran out for ``seat``: its next card is a penalty card."""
        if seat != self.turn or self.phase not in (Phase.STARTING, Phase.OPEN, Phase.CONTROL):
            raise RuleError("P%d is not due to lay" % (seat + 1))
        self.penalty_due[seat] = True

    def collect(self):
        """The awarded pot goes under its winner's stack and a new pile starts.
        Returns the winner of the game, or -1."""
        if self.phase != Phase.AWARDED:
            raise RuleError("no pot is waiting to be collected")
        self._collect(self.award_to)
        return self.winner

    def _collect(self, seat):
        self._take_pot(seat)
        if self._alone(seat):
            self._finish(seat)
        else:
            self._open_pile(seat)

    def _take_pot(self, seat):
        """Everything in the centre goes under ``seat``'s stack, turned face down: the
        pot top first, then the face-down cards, then the stack as it was.

        In place, with no new lists (a won slap is on the slap path): the pot is turned
        over, the face-down cards join it, and the whole goes in at the stack's bottom
        (``stack[0:0] = pot``, one C-level move). The centre's lists are emptied with
        clear() (``del lst[:]`` would allocate a slice on MicroPython)."""
        stack = self.stacks[seat]
        pot = self.pot
        facedown = self.facedown
        pot.reverse()
        for c in facedown:
            pot.append(c)
        if not self.known:
            for i in range(len(pot)):
                pot[i] = UNKNOWN
        stack[0:0] = pot
        pot.clear()
        self.eff.clear()
        facedown.clear()
        self._combo = None
        self.penalty_top = -1

    def _finish(self, seat):
        """``seat`` wins and takes every card still in the centre."""
        self._take_pot(seat)
        self.phase = Phase.OVER
        self.turn = -1
        self.controller = -1
        self.chances = 0
        self.award_to = -1
        self.winner = seat

    # ----- saving and restoring (the power-cut journal) -----------------------------

    _SAVED = ("known", "stacks", "pot", "facedown", "phase", "turn", "controller", "chances",
              "naturals", "award_to", "last_layer", "penalty_due", "penalty_top",
              "grave_locked", "winner")

    def state(self):
        """Everything needed to rebuild this game, as plain JSON-able data."""
        out = {"variant": self.variant, "seats": self.seats, "jokers": self.jokers}
        for key in self._SAVED:
            v = getattr(self, key)
            if isinstance(v, list):
                v = [list(x) if isinstance(x, list) else x for x in v]
            out[key] = v
        return out

    @classmethod
    def from_state(cls, st):
        g = cls(st["variant"], st["seats"], st["jokers"])
        for key in cls._SAVED:
            setattr(g, key, st[key])
        # Effective values and the top's combination follow from the pot.
        for card in g.pot:
            g.eff.append(slaprules.effective(g.variant, card, g.eff[-1] if g.eff else None))
        if g.pot:
            g._combo = slaprules.slap_combination(g.variant, g.pot, g.eff)
        return g

    # ----- checks of what a reader reports -------------------------------------------

    def _name(self, card):
        try:
            return cards.format_card(card)
        except cards.CardError:
            return repr(card)

    def _check_can_appear(self, card):
        """A card a reader reports must be in this deck and not already face up."""
        in_deck = self.deck.count(card)
        if in_deck == 0:
            raise RuleError("%s is not in the %s deck" % (self._name(card), self.variant))
        if self.pot.count(card) >= in_deck:
            raise RuleError("%s is already in the pile" % self._name(card))
