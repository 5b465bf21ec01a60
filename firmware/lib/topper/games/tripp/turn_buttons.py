"""Tripp Jokes with no card pad: the device keeps the turn order and the clock, and the
table tells it the two things it cannot see (docs/games/tripp-jokes.md, "Without the
card pad"). No rules engine is imported: nothing here could check a card anyway, and
the heap is better spent on the clock and the screen.

The presses:

- the seat on turn, its button (short or held): the turn is done, the next seat still
  in plays (playing again after a 2, a 10 or three of a kind is part of the same turn);
- the table button: the seat on turn picked up the pile; again, it did not after all.
  The pickup is counted when that seat's button ends the turn;
- a seat button with the table button held: that seat has no cards left and is out.
  Playing for the winner, that ends the game; playing for places, the game goes on
  until one seat holds cards. The same chord again takes it back (a slip of the finger
  must not end a game), even once the game has ended.
"""

from topper.gamekit import Entry, RuleError, seat_name
from topper.inputs import BUTTONS, CHORD, LONG, SHORT, TABLE
from topper.turnref import TurnReferee

GAME = "tripp"
DEALER = 0  # P1 deals, so P2 plays first, as in the dealt game and with the pad


def _code(press, seat):
    """A press in the log: ``press * 16 + seat + 1``. The table's press names no seat
    (-1: 0 here); a seat press is one of at most 8 seats."""
    return press * 16 + (seat + 1 if press != TABLE else 0)


class ButtonsReferee(TurnReferee):
    GAME = GAME

    def __init__(self, seats, seed, control, options):
        if not isinstance(seats, int) or seats < 2 or seats > 8:
            raise RuleError("Tripp Jokes is for 2 to 8 players, not %r" % (seats,))
        TurnReferee.__init__(self, seats, Entry.BUTTONS, seed, control)
        self.options = options
        self.places = options["places"] == 1
        self.turn = -1
        self.gone = []  # seats out, in the order they went (the places)
        self.pickups = [0] * seats
        self.picked = False  # the seat on turn picked up; counted when its turn ends
        self.turns = 0  # turns ended, for the screen
        # Accepted presses, for restore: one byte each (_code). A list of [press, seat]
        # lists was 32 bytes a press on the board, and the save after every press copied
        # it whole: 200 presses in, that step made 10 KB of garbage (CHANGELOG.md).
        self.log = bytearray()
        self.undo_turn = -1  # the seat on turn before the last press, if it was a chord

    # ----- the referee's hooks -------------------------------------------------------

    def _begin(self):
        self.turn = (DEALER + 1) % self.seats
        return [{"r": "deal", "seat": DEALER, "first": self.turn}]

    def _turn(self):
        return -1 if self.is_over() else self.turn

    def _next(self):
        return -1 if self.is_over() else self._after(self.turn)

    def is_over(self):
        if not self.gone:
            return False
        return not self.places or len(self.gone) >= self.seats - 1

    def winners(self):
        return self.gone[:1] if self.is_over() else []

    def out(self):
        # The last seat holding cards at the end is not "out": a chord taking back a
        # place must find it still on the clock.
        return [s in self.gone for s in range(self.seats)]

    def act(self, action, t_ms):
        return [self._error("no card pad: use the buttons", t_ms)]

    def bot(self, seat, seed):
        raise RuleError("bots play only a dealt game")

    # ----- the buttons ---------------------------------------------------------------

    def button(self, press, seat, t_ms):
        turn = self.turn
        out = self._button(press, seat, t_ms)
        if out and out[0]["r"] != "error":
            self.log.append(_code(press, seat))
            self.undo_turn = turn if press == CHORD else -1
        return out

    def _button(self, press, seat, t_ms):
        if not self.started:
            return [self._error("the game has not started", t_ms)]
        if press not in (SHORT, LONG, TABLE, CHORD):
            return [self._error("unknown press %r" % (press,), t_ms)]
        if press != TABLE and (not isinstance(seat, int) or seat < 0 or seat >= self.seats):
            return [self._error("no seat %r at this table" % (seat,), t_ms)]
        if press == CHORD:
            return self._chord(seat, t_ms)
        if self.is_over():
            return [self._error("the game is over", t_ms)]
        if press == TABLE:
            self.picked = not self.picked
            if self.picked:
                self.message = "%s picked up: button" % seat_name(self.turn)
            else:
                self.message = "%s: no pickup" % seat_name(self.turn)
            return [{"r": "picked", "t": t_ms, "seat": self.turn, "on": self.picked}]
        if seat != self.turn:
            why = "%s is not on turn (%s is)" % (seat_name(seat), seat_name(self.turn))
            return [self._error(why, t_ms)]
        out = []
        if self.picked:
            self.pickups[seat] += 1
            self.picked = False
            out.append({"r": "pickup", "seat": seat})
        self.turns += 1
        self.turn = self._after(seat)
        out.append({"r": "turn", "seat": self.turn})
        return self._settled(self._stamp(out, t_ms), t_ms)

    def _chord(self, seat, t_ms):
        if seat in self.gone:
            return self._back(seat, t_ms)
        if self.is_over():
            return [self._error("the game is over", t_ms)]
        self.gone.append(seat)
        out = [{"r": "out", "seat": seat, "place": len(self.gone)}]
        if self.is_over():
            out.append({"r": "win", "seat": self.gone[0]})
        elif seat == self.turn:
            self.picked = False  # a seat with no cards left picked nothing up
            self.turn = self._after(seat)
            out.append({"r": "turn", "seat": self.turn})
        return self._settled(self._stamp(out, t_ms), t_ms)

    def _back(self, seat, t_ms):
        """The chord again: ``seat`` was not out after all. Right after its chord, the
        turn goes back to where it was too (the seat went out by mistake on its turn)."""
        self.gone.remove(seat)
        if self.undo_turn >= 0 and self.log and self.log[-1] == _code(CHORD, seat):
            self.turn = self.undo_turn
        out = [{"r": "back", "t": t_ms, "seat": seat}]
        if self.clock is not None and self.clock.started:
            out.extend(self._clock_rulings(self.clock.rejoin(seat, self.turn, t_ms)))
            self._clock_seat = self.clock.on_turn
        self.message = "%s is back in" % seat_name(seat)
        return self._settled(out, t_ms)

    def _after(self, seat):
        """The next seat clockwise from ``seat`` still in (``seat`` itself if alone)."""
        for step in range(1, self.seats + 1):
            s = (seat + step) % self.seats
            if s not in self.gone:
                return s
        return seat

    # ----- the screen ----------------------------------------------------------------

    def lines(self):
        if not self.started:
            return []
        counts = " ".join([str(n) for n in self.pickups])
        if not self.gone:
            last = ""
        elif self.places:
            last = "places " + " ".join([seat_name(s) for s in self.gone])
        else:
            last = "out " + seat_name(self.gone[0])
        return ["turns %d" % self.turns, "pickups " + counts, last]

    def hint(self):
        if not self.started or self.is_over():
            return ""
        who = seat_name(self.turn)
        if self.picked:
            return "%s picked up +button" % who
        return "%s: play, then button" % who

    def describe(self, ruling):
        r = ruling["r"]
        if r == "deal":
            return "%s deals, %s first" % (seat_name(ruling["seat"]), seat_name(ruling["first"]))
        if r == "pickup":
            return "%s picked up" % seat_name(ruling["seat"])
        if r == "out" and "place" in ruling:  # the clock's own "out" has no place
            if self.places:
                return "%s out: place %d" % (seat_name(ruling["seat"]), ruling["place"])
            return "%s is out" % seat_name(ruling["seat"])
        if r == "win":
            return "%s wins" % seat_name(ruling["seat"])
        return ""

    # ----- saving --------------------------------------------------------------------

    def replay(self, item, old):
        """One press of a saved log: its byte (``_code``), or ``[press, seat]`` as the
        saves before it kept a press. ``old``: the save numbered its presses 0-3
        (``inputs.BUTTONS``' order), as every save did before it said ``kinds``."""
        if isinstance(item, int):
            press, seat = item >> 4, (item & 15) - 1
        else:
            press, seat = item[0], item[1]
        return self.button(BUTTONS[press] if old else press, seat, 0)

    def to_dict(self):
        return {
            "game": GAME,
            "seats": self.seats,
            "entry": self.entry,
            "seed": self.seed,
            "options": {"jokers": self.options["jokers"], "places": self.options["places"]},
            "started": self.started,
            "log": list(self.log),  # small ints: packed short (topper.intpack)
            "kinds": 1,  # a press in the log is its topper.inputs kind (replay's ``old``)
            "message": self.message,
        }
