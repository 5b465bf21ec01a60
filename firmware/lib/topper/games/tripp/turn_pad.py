"""Tripp Jokes with the card pad: the engine judges every card laid, though the device
never sees a hand.

The engine is dealt as usual (that gives every zone its size) and then every unseen card
(hands, face-down cards, the deck) becomes ``HIDDEN``. When the pad reads a card from a
hand, one ``HIDDEN`` of that hand becomes the card just before the engine is asked; a
card the table has seen (picked up with the pile) is simply there. So the engine checks
what it can know (the card beats the pile, one value per play, the seat can still hold
such a card, the face-up cards are its own) and applies every effect itself.

The flow (docs/games/tripp-jokes.md): in setup each seat taps its 3 face-up cards and
the dealer taps the starting card; in play the seat on turn taps the cards of one play
and presses its button to lay them; its button alone picks up; a face-down card is
tapped and played at once; a long press takes back the taps not yet laid.
"""

from topper import stdcards
from topper.gamekit import Entry, RuleError, seat_name
from topper.games.tripp.engine import JOKER, Act, Phase, beats, value
from topper.games.tripp.dealt import TrippReferee, value_names
from topper.inputs import BUTTONS, LONG, SHORT
from topper.turnref import TurnReferee

# An unseen card: rank -1, so it is no special card and beats nothing but a free board;
# the referee always swaps a read card in before the engine lays one.
HIDDEN = -8

# An accepted input in the log: a card read is its code (0 to JOKER); a press is
# PRESSED + its kind (SHORT, LONG), without its seat: only the seat on turn is heard.
PRESSED = 60


class PadReferee(TrippReferee):
    def __init__(self, seats, seed, control, options):
        TrippReferee.__init__(self, seats, Entry.PAD, seed, control, options)
        self.taps = []  # cards read for the play (or the face-up choice) not yet laid
        # Accepted inputs, for restore: one byte each (PRESSED), saved as small ints
        # that pack one character an input (topper.intpack).
        self.log = bytearray()

    def _begin(self):
        events = TrippReferee._begin(self)
        s = self.state
        s.deck = [HIDDEN] * len(s.deck)
        for seat in range(self.seats):
            s.hands[seat] = [HIDDEN] * len(s.hands[seat])
            s.facedown[seat] = [HIDDEN] * len(s.facedown[seat])
        return events

    # ----- the pad and the buttons ---------------------------------------------------

    def act(self, action, t_ms):
        # Whole actions come from the pad's own reading only: an action naming a card
        # nobody tapped would put an unseen card on the pile.
        return [self._error("with the card pad, tap the cards", t_ms)]

    def _judge(self, action, t_ms):
        return TurnReferee.act(self, action, t_ms)

    def public_card(self, code):
        # Every card the pad reads is laid face up (a play, a face-up card in setup, the
        # starting card, a face-down card turned and played at once): the log names it.
        try:
            return stdcards.format_card(code)
        except stdcards.StdCardError:
            return None

    def card(self, code, t_ms):
        out = self._card(code, t_ms)
        if out[0]["r"] != "error":
            self.log.append(code)
        return out

    def button(self, press, seat, t_ms):
        out = self._button(press, seat, t_ms)
        if out[0]["r"] != "error":
            self.log.append(PRESSED + press)
        return out

    def _card(self, code, t_ms):
        why = self._playing()
        if why is None and (not isinstance(code, int) or code < 0 or code > JOKER):
            why = "not a card of this deck"
        if why is None and code == JOKER and self.game.jokers == 0:
            why = "no jokers in this game"
        if why is not None:
            return [self._error(why, t_ms)]
        s = self.state
        seat = s.current_player()
        if s.phase == Phase.SETUP:
            return self._setup_card(seat, code, t_ms)
        if s.source(seat) == "facedown":
            if not self._unseen(code):
                return [self._error(self._seen_why(code), t_ms)]
            s.facedown[seat][0] = code
            return self._judge((Act.FLIP, 0), t_ms)
        why = self._cannot_tap(seat, code)
        if why is not None:
            return [self._error(why, t_ms)]
        self.taps.append(code)
        return [{"r": "tap", "t": t_ms, "seat": seat, "card": code}]

    def _button(self, press, seat, t_ms):
        why = self._playing()
        if why is not None:
            return [self._error(why, t_ms)]
        s = self.state
        turn = s.current_player()
        if press not in (SHORT, LONG):
            return [self._error("with the pad: tap cards, then your button", t_ms)]
        if not isinstance(seat, int) or seat < 0 or seat >= self.seats:
            return [self._error("no seat %r at this table" % (seat,), t_ms)]
        if seat != turn:
            return [self._error("%s is not on turn (%s is)" % (seat_name(seat), seat_name(turn)), t_ms)]
        if press == LONG:
            if not self.taps:
                return [self._error("no tapped card to take back", t_ms)]
            taken, self.taps = self.taps, []
            self.message = "%s takes back %s" % (seat_name(seat), value_names(taken))
            return [{"r": "untap", "t": t_ms, "seat": seat, "cards": taken}]
        if s.phase == Phase.SETUP:
            return [self._error("%s: tap 3 face-up cards" % seat_name(seat), t_ms)]
        if s.source(seat) == "facedown":
            return [self._error("%s: turn a face-down card, tap it" % seat_name(seat), t_ms)]
        if self.taps:
            return self._lay(seat, t_ms)
        return self._pickup(seat, t_ms)

    def _playing(self):
        if not self.started:
            return "the game has not started"
        if self.is_over():
            return "the game is over"
        return None

    # ----- setup: face-up cards and the starting card --------------------------------

    def _setup_card(self, seat, code, t_ms):
        s = self.state
        if not self._unseen(code):
            return [self._error(self._seen_why(code), t_ms)]
        last = s.chosen == self.seats - 1
        if len(self.taps) < 3:
            self.taps.append(code)
            if len(self.taps) < 3 or last:
                return [{"r": "tap", "t": t_ms, "seat": seat, "card": code}]
        else:
            s.deck[-1] = code  # the dealer's starting card, turned when the last seat chose
        chosen = self.taps
        hand = s.hands[seat]
        for c in chosen:
            hand[hand.index(HIDDEN)] = c
        out = self._judge((Act.FACEUP,) + tuple(chosen), t_ms)
        if out[0]["r"] != "error":
            self.taps = []
        return out

    # ----- play ----------------------------------------------------------------------

    def _cannot_tap(self, seat, code):
        """Why ``seat`` cannot add ``code`` to the play it is tapping, or None."""
        s = self.state
        if self.taps and value(code) != value(self.taps[0]):
            return "one value per play: lay %s first" % value_names(self.taps[:1])
        beat = s.to_beat()
        if not beats(code, beat):
            return "%s does not beat %s" % (value_names([code]), value_names([beat]))
        where = s.source(seat)
        spare = self._spare(seat, where)
        if code in spare:
            return None
        if where == "faceup":
            return "%s has no %s face up" % (seat_name(seat), value_names([code]))
        if HIDDEN not in spare:
            return "%s holds no other card" % seat_name(seat)
        if not self._unseen(code):
            return self._seen_why(code)
        return None

    def _spare(self, seat, where):
        """The cards of ``seat``'s zone that no tap has claimed yet."""
        s = self.state
        spare = list(s.faceup[seat] if where == "faceup" else s.hands[seat])
        for c in self.taps:
            spare.remove(c if c in spare else HIDDEN)
        return spare

    def _lay(self, seat, t_ms):
        s = self.state
        hand = s.hands[seat]
        before = hand[:]
        if s.source(seat) == "hand":
            known = hand[:]
            for c in self.taps:
                if c in known:
                    known.remove(c)
                else:
                    hand[hand.index(HIDDEN)] = c
            hand.sort()
        out = self._judge((Act.PLAY,) + tuple(self.taps), t_ms)
        if out[0]["r"] == "error":
            s.hands[seat] = before
        else:
            self.taps = []
        return out

    def _pickup(self, seat, t_ms):
        s = self.state
        beat = s.to_beat()
        if beat is None:
            return [self._error("free board: %s must play" % seat_name(seat), t_ms)]
        for c in self._spare(seat, s.source(seat)):
            if c != HIDDEN and beats(c, beat):
                why = "%s can play a %s: no pickup" % (seat_name(seat), value_names([c]))
                return [self._error(why, t_ms)]
        return self._judge((Act.PICKUP,), t_ms)

    # ----- which cards are still unseen ----------------------------------------------

    def _unseen(self, code):
        """Can one more ``code`` come out of a hand or the deck? Every copy may
        already lie where the table sees it (pile, discard, face up, picked up)."""
        s = self.state
        copies = self.game.decks * (self.game.jokers if code == JOKER else 1)
        seen = s.pile.count(code) + s.discard.count(code) + self.taps.count(code)
        for seat in range(self.seats):
            seen += s.faceup[seat].count(code) + s.hands[seat].count(code)
        # A tap of a card the seat was seen to pick up is that same card, not another.
        mine = s.hands[s.current_player()].count(code)
        return seen - min(mine, self.taps.count(code)) < copies

    def _seen_why(self, code):
        return "%s is on the table already" % stdcards.format_card(code)

    # ----- the screen ----------------------------------------------------------------

    def hint(self):
        s = self.state
        if s is None or s.is_over():
            return ""
        who = seat_name(s.current_player())
        if s.phase == Phase.SETUP:
            if len(self.taps) == 3:
                return "%s: tap start card" % seat_name(self.game.dealer)
            return "%s: tap face-up %d/3" % (who, len(self.taps) + 1)
        if s.again:
            who += " again"
        if s.source(s.current_player()) == "facedown":
            return "%s: flip, tap it" % who
        if self.taps:
            return "%s: %s +button" % (who, value_names(self.taps))
        return "%s: tap, button" % who

    def describe(self, ruling):
        if ruling["r"] in ("tap", "untap"):
            return ""  # the hint shows the taps
        return TrippReferee.describe(self, ruling)

    # ----- saving --------------------------------------------------------------------

    def inputs(self):
        return list(self.log)

    def replay(self, item, old):
        """One input of a saved log: its byte (``PRESSED``), or ``["card", code]`` /
        ``["press", kind, seat]`` as the saves before it kept an input. ``old``: the
        save numbered its presses 0-3 (``inputs.BUTTONS``' order)."""
        if isinstance(item, int):
            if item < PRESSED:
                return self.card(item, 0)
            press, seat = item - PRESSED, self.state.current_player()
        elif item[0] == "card":
            return self.card(item[1], 0)
        elif item[0] == "press":
            press, seat = item[1], item[2]
        else:
            raise RuleError("not a saved pad input: %r" % (item,))
        return self.button(BUTTONS[press] if old else press, seat, 0)
