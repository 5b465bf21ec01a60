"""The settings menu, driven by the table button and the seat buttons.

Table button: a short press moves to the next line, a long press changes the value
on the line (or runs it, for "Start game" and "Enroll deck"). So the whole menu
works with the table button alone. Seat buttons are quicker: P1 steps the value
back, P2 steps it forward; other seats do nothing here.

The menu only holds choices; ``config()`` hands them to the app as a dict.
"""

from topper_view import screen

START = "start"
ENROLL = "enroll"

GAMES = ("ww3", "armageddon")
HURRY_STEPS = (1000, 1500, 2000, 2500, 3000, 4000, 5000, 7000, 10000)

# Lines in the order shown: (key, label).
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


def _step(values, current, delta):
    """The value ``delta`` places from ``current`` in ``values``, wrapping round."""
    i = 0
    for k in range(len(values)):
        if values[k] == current:
            i = k
            break
    return values[(i + delta) % len(values)]


class Menu:
    def __init__(self, game="ww3", seats=4, jokers=2, hurry_ms=3000, cardpad=False):
        self.game = game if game in GAMES else GAMES[0]
        self.seats = min(8, max(2, seats))
        self.jokers = min(8, max(0, jokers))
        self.hurry_on = hurry_ms > 0
        self.limit = hurry_ms if hurry_ms in HURRY_STEPS else 3000
        self.cardpad = bool(cardpad)
        self.cursor = 0

    def config(self):
        return {
            "game": self.game,
            "seats": self.seats,
            "jokers": self.jokers,
            "hurry_ms": self.limit if self.hurry_on else 0,
            "cardpad": self.cardpad,
        }

    def key(self):
        return ITEMS[self.cursor][0]

    def short(self):
        """Table button short press: next line."""
        self.cursor = (self.cursor + 1) % len(ITEMS)

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
            self.game = _step(GAMES, self.game, d)
        elif k == "seats":
            self.seats = _step(tuple(range(2, 9)), self.seats, d)
        elif k == "jokers":
            self.jokers = _step(tuple(range(9)), self.jokers, d)
        elif k == "hurry":
            self.hurry_on = not self.hurry_on
        elif k == "limit":
            self.limit = _step(HURRY_STEPS, self.limit, d)
        elif k == "cardpad":
            self.cardpad = not self.cardpad

    def value(self, k):
        if k == "game":
            return screen.game_name(self.game)
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
        for i in range(first, min(first + shown, len(ITEMS))):
            k, label = ITEMS[i]
            mark = ">" if i == self.cursor else " "
            out.append(screen.spread(mark + label, self.value(k)))
        while len(out) < screen.LINES - 1:
            out.append("")
        out.append("short:next long:set")
        return out
