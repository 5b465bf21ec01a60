"""The settings menu, driven by the table button and the seat buttons.

Table button: a short press moves to the next line, a long press changes the value
on the line (or runs it, for "Start game" and "Enroll deck"). So the whole menu
works with the table button alone. Seat buttons are quicker: P1 steps the value
back, P2 steps it forward; other seats do nothing here.

The lines depend on the game. The slap games (World War 3, Armageddon) have seats,
jokers and the hurry-up. A turn-based game (``topper.games`` says which) has its seats (within
its players range), its own options, a chess clock (a control, its time, and for
Fischer and Bronstein the seconds each move gives back) and the card pad.

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
CLOCKS = ("off", "per-move", "fischer", "bronstein", "sudden death", "hourglass")
MOVE_STEPS = (5000, 10000, 15000, 20000, 30000, 45000, 60000, 90000, 120000, 180000, 300000)
GAME_STEPS = (30000, 60000, 120000, 180000, 300000, 600000, 900000, 1200000, 1800000, 2700000, 3600000)
EXTRA_STEPS = (1000, 2000, 3000, 5000, 10000, 15000, 30000)
PER_MOVE = 1
FISCHER = 2
BRONSTEIN = 3

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
        self.extra_ms = 2000  # Fischer increment or Bronstein delay

    def config(self):
        if is_turn(self.game):
            return {
                "game": self.game,
                "seats": self.seats,
                "options": dict(self._options()),
                "control": self.control(),
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
        """The clock as ``[kind, base_ms, extra_ms]`` (topper.clock), or None for none."""
        c = self.clock
        if c == 0:
            return None
        if c == PER_MOVE:
            return [c - 1, self.move_ms, 0]
        extra = self.extra_ms if c == FISCHER or c == BRONSTEIN else 0
        return [c - 1, self.base_ms, extra]

    def items(self):
        """The lines of the game chosen now."""
        if not is_turn(self.game):
            return ITEMS
        out = [("start", "Start game"), ("game", "Game"), ("seats", "Seats")]
        for opt in games.find(self.game).options:
            out.append(("o." + opt.key, opt.label))
        out.append(("clock", "Clock"))
        if self.clock != 0:
            out.append(("time", "Time/move" if self.clock == PER_MOVE else "Time/game"))
        if self.clock == FISCHER:
            out.append(("extra", "Increment"))
        elif self.clock == BRONSTEIN:
            out.append(("extra", "Delay"))
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
            return CLOCKS[self.clock]
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
        return ""

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
