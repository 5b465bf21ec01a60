"""The Tripp Jokes referee of a dealt game (topper.turnref): the engine deals from the
seed and knows every card; the simulator's players and the bots send whole engine
actions with ``act``. The card pad's referee (``turn_pad``) builds on it; the game's
entry module is ``turn``.

The engine (``topper.games.tripp.engine``) owns every rule; this layer only words its
state for the screen and the simulator's menu.
"""

from topper.gamekit import Entry, RuleError, as_action, seat_name
from topper.turnref import TurnReferee

GAME = "tripp"


def value_names(cards):
    """Cards by value only ("7 7", "JK"): suits never matter in Tripp Jokes."""
    from topper.games.tripp.engine import value, value_name

    return " ".join([value_name(value(c)) for c in cards])


class TrippReferee(TurnReferee):
    """Tripp Jokes with the engine holding real cards: DEALT, and the base of PAD."""

    GAME = GAME

    def __init__(self, seats, entry, seed, control, options):
        from topper.games.tripp.engine import TrippJokes

        TurnReferee.__init__(self, seats, entry, seed, control)
        self.options = options
        self.game = TrippJokes(seats, jokers=options["jokers"], places=options["places"] == 1)
        self.state = None  # the engine's state, once dealt

    # ----- the engine ----------------------------------------------------------------

    def _begin(self):
        self.state = self.game.deal(self.seed)
        return [{"r": "deal", "seat": self.game.dealer, "first": self.game.first_seat()}]

    def _turn(self):
        return -1 if self.state is None else self.state.current_player()

    def _next(self):
        return -1 if self.state is None else self.state.next_player()

    def _apply(self, action):
        if self.state is None:
            raise RuleError("the game has not started")
        return self.state.apply(as_action(action))

    def is_over(self):
        return self.state is not None and self.state.is_over()

    def winners(self):
        if self.state is None or self.state.winner < 0:
            return []
        return [self.state.winner]

    def out(self):
        done = [] if self.state is None else self.state.out
        return [s in done for s in range(self.seats)]

    # ----- the screen ----------------------------------------------------------------

    def lines(self):
        s = self.state
        if s is None:
            return []
        from topper.games.tripp.engine import Phase, value, value_name

        if s.phase == Phase.SETUP:
            first = "setup: %d/%d face-up" % (s.chosen, self.seats)
        else:
            beat = s.to_beat()
            top = "free board" if beat is None else "beat " + value_name(value(beat))
            first = "%s  pile %d" % (top, len(s.pile))
        counts = " ".join([str(s.card_count(seat)) for seat in range(self.seats)])
        last = ""
        if s.out:
            last = "out " + " ".join([seat_name(seat) for seat in s.out])
        elif s.idle >= self.game.stall_turns // 2 and self.game.stall_turns:
            last = "idle turns %d/%d" % (s.idle, self.game.stall_turns)
        return [first, "deck %d  discard %d" % (len(s.deck), len(s.discard)), "cards " + counts, last]

    def hint(self):
        s = self.state
        if s is None or s.is_over():
            return ""
        from topper.games.tripp.engine import Phase

        who = seat_name(s.current_player())
        if s.phase == Phase.SETUP:
            return "%s: choose face-up" % who
        if s.again:
            who += " again"
        if s.source(s.current_player()) == "facedown":
            return "%s: flip a card" % who
        if s.again:
            return "%s: play" % who
        return "%s: play or pick up" % who

    def describe(self, ruling):
        r = ruling["r"]
        if r == "deal":
            return "%s deals, %s first" % (seat_name(ruling["seat"]), seat_name(ruling["first"]))
        if r == "faceup":
            return "%s up %s" % (seat_name(ruling["seat"]), value_names(ruling["cards"]))
        if r == "start":
            return "start card " + value_names([ruling["card"]])
        if r == "play":
            return "%s plays %s" % (seat_name(ruling["seat"]), value_names(ruling["cards"]))
        if r == "flip":
            end = "" if ruling["ok"] else ": fails"
            return "%s flips %s%s" % (seat_name(ruling["seat"]), value_names([ruling["card"]]), end)
        if r == "clear":
            from topper.games.tripp.engine import value_name

            return "%ss cleared" % value_name(ruling["value"])
        if r == "burn":
            return "10 burns the pile"
        if r == "joker":
            return "joker: %s takes %d" % (seat_name(ruling["seat"]), ruling["took"])
        if r == "pickup":
            return "%s picks up %d" % (seat_name(ruling["seat"]), ruling["took"])
        if r == "out" and "place" in ruling:  # the clock's own "out" has no place
            return "%s out: place %d" % (seat_name(ruling["seat"]), ruling["place"])
        if r == "win":
            return "%s wins" % seat_name(ruling["seat"])
        if r == "stalled":
            return "stalemate called"
        return ""  # turn, draw, again: the turn line and the hint say it

    # ----- the simulator -------------------------------------------------------------

    def choices(self, seat):
        s = self.state
        if self.entry != Entry.DEALT or s is None or seat != s.current_player():
            return []
        from topper.stdcards import format_card
        from topper.games.tripp.engine import Act

        out = []
        for action in s.legal_actions():
            kind = action[0]
            if kind == Act.FACEUP:
                label = "face up " + " ".join([format_card(c) for c in action[1:]])
            elif kind == Act.PLAY:
                label = "play " + value_names(action[1:])
            elif kind == Act.FLIP:
                label = "flip card %d" % (action[1] + 1)
            else:
                label = "pick up"
            out.append((label, action))
        return out

    def bot(self, seat, seed):
        if self.entry != Entry.DEALT:
            raise RuleError("bots play only a dealt game")
        return _Bot(seed)

    # ----- saving --------------------------------------------------------------------

    def inputs(self):
        """What ``replay`` needs to play this game again: the engine's actions."""
        return [] if self.state is None else [list(a) for a in self.state.history]

    def replay(self, item, old):
        return self.act(tuple(item), 0)

    def to_dict(self):
        return {
            "game": GAME,
            "seats": self.seats,
            "entry": self.entry,
            "seed": self.seed,
            "options": {"jokers": self.options["jokers"], "places": self.options["places"]},
            "started": self.started,
            "log": self.inputs(),
            "kinds": 1,  # a press in the log is its topper.inputs kind (replay's ``old``)
            "message": self.message,
        }


class _Bot:
    """The engine's bot, asked through the referee."""

    def __init__(self, seed):
        from topper.games.tripp.bots import TrippBot

        self.bot = TrippBot(seed)

    def choose(self, referee):
        return self.bot.choose(referee.state)
