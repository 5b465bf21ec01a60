"""The settings menu, driven by the table button and the seat buttons.

Table button: a short press moves to the next line, a long press changes the value
on the line (or runs it, for "Start game" and "Enroll deck"). So the whole menu
works with the table button alone. Seat buttons are quicker: P1 steps the value
back, P2 steps it forward; other seats do nothing here.

The lines depend on the game. The slap games (World War 3, Armageddon) have seats,
jokers and the hurry-up. A turn-based game (``topper.games`` says which) has its seats (within
its players range), its own options, a chess clock (a control, its time, the seconds
each move gives back or holds off, byo-yomi's periods, a second stage, a handicap for
one seat, what a flag does) and the card pad.

The menu only holds choices; ``config()`` hands them to the app as a dict.
"""

from topper import games
from topper.games import is_turn
from topper_view import screen

START = "start"
ENROLL = "enroll"

HURRY_STEPS = (1000, 1500, 2000, 2500, 3000, 4000, 5000, 7000, 10000)

# The chess clock of a turn game: "off", then topper.clock's controls in their order
# (the control's kind is its index here minus one).
CLOCKS = ("off", "per-move", "fischer", "bronstein", "sudden death", "hourglass", "delay", "byo-yomi",
          "canadian")
MOVE_STEPS = (5000, 10000, 15000, 20000, 30000, 45000, 60000, 90000, 120000, 180000, 300000)
GAME_STEPS = (30000, 60000, 120000, 180000, 300000, 600000, 900000, 1200000, 1800000, 2700000, 3600000)
EXTRA_STEPS = (1000, 2000, 3000, 5000, 10000, 15000, 30000)
PERIOD_STEPS = (10000, 20000, 30000, 60000, 120000, 300000, 600000)
PERIODS_STEPS = (1, 2, 3, 5, 10)
MOVES_STEPS = (5, 10, 15, 20, 25)
STAGE_STEPS = (0, 60000, 300000, 600000, 900000, 1800000)  # a second stage's time (0: none)
STAGE_EXTRA_STEPS = (0,) + EXTRA_STEPS
FLAGS = ("show", "penalty", "lose")  # topper.turnref.FLAG_NAMES: what a flag does
PER_MOVE = 1
FISCHER = 2
BRONSTEIN = 3
SUDDEN = 4
DELAY = 6
BYOYOMI = 7
CANADIAN = 8
STAGED = (FISCHER, BRONSTEIN, SUDDEN, DELAY)
# The "Enroll deck" line's short names of the decks the card pad knows; a "?" after one
# half enrolled, a "!" after one whose map is damaged.
DECK_WORDS = {games.STANDARD: "std", games.TOPPER: "TT", games.SQUARES: "sq"}

# Lines in the order shown: (key, label); a slap game's.
ITEMS = (
    ("start", "Start game"),
    ("game", "Game"),
    ("seats", "Seats"),
    ("jokers", "Jokers"),
    ("hurry", "Hurry-up"),
    ("limit", "Hurry limit"),
    ("cardpad", "Card pad"),
    ("enroll", "Enroll deck"),
)


def duration(ms):
    """'45s', '2 min', '1:30' for the clock's times."""
    sec = ms // 1000
    if sec < 60:
        return "%ds" % sec
    if sec % 60 == 0:
        return "%d min" % (sec // 60)
    return "%d:%02d" % (sec // 60, sec % 60)


def _step(values, current, delta):
    """The value ``delta`` places from ``current`` in ``values``, wrapping round."""
    i = 0
    for k in range(len(values)):
        if values[k] == current:
            i = k
            break
    return values[(i + delta) % len(values)]


class Menu:
    def __init__(self, game=None, seats=4, jokers=2, hurry_ms=3000, cardpad=False):
        self.game = game if game in games.keys() else games.keys()[0]
        self.seats = min(8, max(2, seats))
        if is_turn(self.game):
            self.seats = self._clamp(self.seats)
        self.jokers = min(8, max(0, jokers))
        self.hurry_on = hurry_ms > 0
        self.limit = hurry_ms if hurry_ms in HURRY_STEPS else 3000
        self.cardpad = bool(cardpad)
        self.cursor = 0
        self.options = {}  # turn game key -> its options (games.options)
        self.clock = 0  # an index in CLOCKS
        self.move_ms = 30000  # the per-move limit
        self.base_ms = 600000  # a bank for the whole game
        self.extra_ms = 2000  # Fischer increment, Bronstein or simple delay
        self.period_ms = 30000  # a byo-yomi period
        self.periods = 3  # Japanese byo-yomi's periods
        self.moves = 10  # Canadian byo-yomi's moves a period
        self.stage_ms = 0  # a second stage once the first runs out (0: none)
        self.stage_extra = 5000  # its increment or delay
        self.handicap = -1  # the seat with a time of its own, or -1
        self.seat_ms = 300000  # that seat's time
        self.flag = 0  # an index in FLAGS
        self.fixed = None  # a control the host set that these lines cannot show
        # The deck maps the card pad has (topper_hw.nvstore's ``known``), set by the app.
        self.decks = []

    def config(self):
        if is_turn(self.game):
            return {
                "game": self.game,
                "seats": self.seats,
                "options": dict(self._options()),
                "control": self.control(),
                "flag": FLAGS[self.flag],
                "cardpad": self.cardpad,
            }
        return {
            "game": self.game,
            "seats": self.seats,
            "jokers": self.jokers,
            "hurry_ms": self.limit if self.hurry_on else 0,
            "cardpad": self.cardpad,
        }

    def control(self):
        """The clock as ``topper.clock.TimeControl.to_list`` gives it, or None for none."""
        c = self.clock
        if self.fixed is not None:
            return list(self.fixed)
        if c == 0:
            return None
        base = self.move_ms if c == PER_MOVE else self.base_ms
        extra = 0
        if c in (FISCHER, BRONSTEIN, DELAY):
            extra = self.extra_ms
        elif c in (BYOYOMI, CANADIAN):
            extra = self.period_ms
        periods = self.periods if c == BYOYOMI else 0
        moves = self.moves if c == CANADIAN else 0
        stages = []
        if c in STAGED and self.stage_ms:
            stages.append([0, self.stage_ms, self.stage_extra if c != SUDDEN else 0])
        seat_ms = None
        if 0 <= self.handicap < self.seats:
            seat_ms = [base] * self.seats
            seat_ms[self.handicap] = self.seat_ms
        if not periods and not moves and not stages and seat_ms is None:
            return [c - 1, base, extra]
        return [c - 1, base, extra, periods, moves, stages, seat_ms]

    def set_clock(self, control, flag=None):
        """The clock a host or a log names (``control`` as ``control()`` gives it, or
        None) and what a flag does: shown as far as these lines can, kept whole."""
        self.fixed = None
        self.flag = FLAGS.index(flag) if flag in FLAGS else 0
        if control is None:
            self.clock = 0
            return
        self.clock = control[0] + 1
        self.move_ms = self.base_ms = control[1]
        if self.clock in (BYOYOMI, CANADIAN):
            self.period_ms = control[2]
        else:
            self.extra_ms = control[2]
        if len(control) > 3:
            self.fixed = list(control)

    def items(self):
        """The lines of the game chosen now."""
        if not is_turn(self.game):
            return ITEMS
        out = [("start", "Start game"), ("game", "Game"), ("seats", "Seats")]
        for opt in games.find(self.game).options:
            out.append(("o." + opt.key, opt.label))
        out.append(("clock", "Clock"))
        c = self.clock
        if c != 0 and self.fixed is None:
            if c == PER_MOVE:
                out.append(("time", "Time/move"))
            else:
                out.append(("time", "Main time" if c in (BYOYOMI, CANADIAN) else "Time/game"))
            if c == FISCHER:
                out.append(("extra", "Increment"))
            elif c in (BRONSTEIN, DELAY):
                out.append(("extra", "Delay"))
            elif c in (BYOYOMI, CANADIAN):
                out.append(("period", "Period"))
                out.append(("periods", "Periods") if c == BYOYOMI else ("moves", "Moves/period"))
            if c in STAGED:
                out.append(("stage", "Then add"))
                if self.stage_ms and c != SUDDEN:
                    out.append(("stagex", "Then +/move" if c == FISCHER else "Then delay"))
            out.append(("handicap", "Handicap"))
            if self.handicap >= 0:
                out.append(("seatms", "P%d time" % (self.handicap + 1)))
        if c != 0:
            out.append(("flag", "On flag"))
        out.append(("cardpad", "Card pad"))
        out.append(("enroll", "Enroll deck"))
        return out

    def key(self):
        return self.items()[self.cursor][0]

    def short(self):
        """Table button short press: next line."""
        self.cursor = (self.cursor + 1) % len(self.items())

    def _seat_range(self):
        if is_turn(self.game):
            return games.find(self.game).players
        return (2, 8)

    def _clamp(self, seats):
        lo, hi = self._seat_range()
        return min(hi, max(lo, seats))

    def _options(self):
        if self.game not in self.options:
            self.options[self.game] = games.options(self.game)
        return self.options[self.game]

    def _option(self, name):
        for opt in games.find(self.game).options:
            if opt.key == name:
                return opt
        raise KeyError(name)

    def long(self):
        """Table button long press: run the line, or step its value forward.
        Returns START or ENROLL when the app has something to do."""
        k = self.key()
        if k == "start":
            return START
        if k == "enroll":
            return ENROLL
        self._change(k, 1)
        return None

    def seat(self, seat):
        """A seat button: P1 steps the value back, P2 forward."""
        if seat == 0:
            self._change(self.key(), -1)
        elif seat == 1:
            self._change(self.key(), 1)

    def _change(self, k, d):
        if k == "game":
            self.game = _step(games.keys(), self.game, d)
            self.seats = self._clamp(self.seats)
        elif k == "seats":
            lo, hi = self._seat_range()
            self.seats = _step(tuple(range(lo, hi + 1)), self.seats, d)
        elif k.startswith("o."):
            opt = self._option(k[2:])
            opts = self._options()
            opts[opt.key] = _step(opt.values, opts[opt.key], d)
        elif k == "clock":
            self.clock = (self.clock + d) % len(CLOCKS)
            self.fixed = None
        elif k == "period":
            self.period_ms = _step(PERIOD_STEPS, self.period_ms, d)
        elif k == "periods":
            self.periods = _step(PERIODS_STEPS, self.periods, d)
        elif k == "moves":
            self.moves = _step(MOVES_STEPS, self.moves, d)
        elif k == "stage":
            self.stage_ms = _step(STAGE_STEPS, self.stage_ms, d)
        elif k == "stagex":
            self.stage_extra = _step(STAGE_EXTRA_STEPS, self.stage_extra, d)
        elif k == "handicap":
            self.handicap = _step(tuple(range(-1, self.seats)), self.handicap, d)
        elif k == "seatms":
            self.seat_ms = _step(MOVE_STEPS if self.clock == PER_MOVE else GAME_STEPS, self.seat_ms, d)
        elif k == "flag":
            self.flag = (self.flag + d) % len(FLAGS)
        elif k == "time":
            if self.clock == PER_MOVE:
                self.move_ms = _step(MOVE_STEPS, self.move_ms, d)
            else:
                self.base_ms = _step(GAME_STEPS, self.base_ms, d)
        elif k == "extra":
            self.extra_ms = _step(EXTRA_STEPS, self.extra_ms, d)
        elif k == "jokers":
            self.jokers = _step(tuple(range(9)), self.jokers, d)
        elif k == "hurry":
            self.hurry_on = not self.hurry_on
        elif k == "limit":
            self.limit = _step(HURRY_STEPS, self.limit, d)
        elif k == "cardpad":
            self.cardpad = not self.cardpad

    def value(self, k):
        if k == "start":
            # A match whose save can outgrow the nvm slot: a cut would lose it without
            # the FRAM (docs/power-cut.md).
            if is_turn(self.game) and games.outgrows_nvm(
                self.game, self.seats, self._options(), self.cardpad
            ):
                return "FRAM only"
            return ""
        if k == "game":
            return games.title(self.game)
        if k.startswith("o."):
            opt = self._option(k[2:])
            v = self._options()[opt.key]
            names = opt.names
            return str(v) if names is None else names[list(opt.values).index(v)]
        if k == "clock":
            return CLOCKS[self.clock] if self.fixed is None else CLOCKS[self.clock] + "*"
        if k == "period":
            return duration(self.period_ms)
        if k == "periods":
            return str(self.periods)
        if k == "moves":
            return str(self.moves)
        if k == "stage":
            return duration(self.stage_ms) if self.stage_ms else "off"
        if k == "stagex":
            return duration(self.stage_extra) if self.stage_extra else "none"
        if k == "handicap":
            return "P%d" % (self.handicap + 1) if self.handicap >= 0 else "off"
        if k == "seatms":
            return duration(self.seat_ms)
        if k == "flag":
            return ("only shown", "penalty", "loses")[self.flag]
        if k == "time":
            return duration(self.move_ms if self.clock == PER_MOVE else self.base_ms)
        if k == "extra":
            return duration(self.extra_ms)
        if k == "seats":
            return str(self.seats)
        if k == "jokers":
            return str(self.jokers)
        if k == "hurry":
            return "on" if self.hurry_on else "off"
        if k == "limit":
            return screen.secs(self.limit) if self.hurry_on else "-"
        if k == "cardpad":
            return "on" if self.cardpad else "off"
        if k == "enroll":
            return self.decks_word()
        return ""

    def decks_word(self):
        """The decks the card pad knows, in short: "TT std", "sq?", "none"."""
        words = []
        for known in self.decks:
            if known[1] is None:
                words.append(DECK_WORDS[known[0]] + "!")
            else:
                words.append(DECK_WORDS[known[0]] + ("" if known[3] else "?"))
        return " ".join(words) if words else "none"

    def lines(self):
        """The menu screen: a title, six lines around the cursor, a hint."""
        shown = 6
        first = self.cursor - shown + 1 if self.cursor >= shown else 0
        out = [screen.spread("TOPPER TABLE", "menu")]
        items = self.items()
        for i in range(first, min(first + shown, len(items))):
            k, label = items[i]
            mark = ">" if i == self.cursor else " "
            out.append(screen.spread(mark + label, self.value(k)))
        while len(out) < screen.LINES - 1:
            out.append("")
        out.append("short:next long:set")
        return out
