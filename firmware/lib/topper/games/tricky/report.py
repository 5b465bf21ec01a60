"""Tricky Dick without a card pad: the questions the table answers with the buttons after
each trick (docs/games/tricky-dick.md, "Without the card pad").

The device cannot see the cards, so the table says who won, who laid a circle, a square,
the winner's color, and who broke the match rule; ``Match.confirm_trick`` then scores it
with the same functions as a trick the device saw. Only ``turn_tricky`` in buttons mode
imports this module (heap).
"""

from topper.gamekit import RuleError, seat_name
from topper.games.tricky.engine import report_mask
from topper.games.tricky.score import trick_points

# The questions, in the order they are asked.
WON = 0
CIRCLE = 1
SQUARE = 2
SAME = 3
BROKE = 4
CHECK = 5  # the trick's points are shown; the table button confirms them

ASK_NAMES = ("won", "circle", "square", "same", "broke", "check")
_HINTS = (
    "Who won? winner press",
    "Circles? press, table",
    "Squares? press, table",
    "Winner's color? press",
    "Broke match? press",
    "Table OK, hold: redo",
)


def _seats_text(seats):
    if not seats:
        return "-"
    return ",".join(["%d" % (s + 1) for s in seats])


class Report:
    """One trick's report, built press by press."""

    def __init__(self, first):
        self.first = first  # the hand's first trick: it has no match rule to break
        self.drop()

    def drop(self):
        """Forget every answer and ask again who won."""
        self.ask = WON
        self.winner = -1
        self.marks = [[], [], [], []]  # circle, square, same color, broke: seat lists

    def seat(self, seat):
        """A seat's short press: the answer to the question asked. Returns a ruling."""
        if self.ask == WON:
            self.winner = seat
            self.ask = CIRCLE
            return {"r": "mark", "ask": "won", "seat": seat, "on": True}
        if self.ask == CHECK:
            raise RuleError(_HINTS[CHECK])
        marks = self.marks[self.ask - 1]
        if seat not in marks:
            other = -1
            if self.ask == CIRCLE:
                other = SQUARE
            elif self.ask == SQUARE:
                other = CIRCLE
            if other > 0 and seat in self.marks[other - 1]:
                raise RuleError("%s already a %s" % (seat_name(seat), ASK_NAMES[other]))
            if self.ask == SAME and seat == self.winner:
                raise RuleError("%s won: scores anyway" % seat_name(seat))
            marks.append(seat)
            marks.sort()
            return {"r": "mark", "ask": ASK_NAMES[self.ask], "seat": seat, "on": True}
        marks.remove(seat)
        return {"r": "mark", "ask": ASK_NAMES[self.ask], "seat": seat, "on": False}

    def table(self):
        """The table button: this question is answered. True once the report is
        confirmed (the caller scores it), else the ruling of the next question."""
        if self.ask == WON:
            raise RuleError("winner: press button")
        if self.ask == CHECK:
            return True
        self.ask += 1
        if self.ask == BROKE and self.first:
            self.ask = CHECK
        return {"r": "ask", "ask": ASK_NAMES[self.ask]}

    def args(self):
        """``confirm_trick``'s arguments: winner, circles, squares, same color, broke."""
        m = self.marks
        return self.winner, list(m[0]), list(m[1]), list(m[2]), list(m[3])

    def points(self):
        """Each seat's points from this report, as ``confirm_trick`` will score them."""
        m = self.marks
        scorers = [self.winner] + [s for s in m[2] if s != self.winner]
        return trick_points(len(m[0]) - len(m[1]), scorers, m[3])

    def hint(self):
        return _HINTS[self.ask]

    def lines(self):
        """Two lines of at most 21 columns: the answers so far, the question's first
        (broken matches once asked; at CHECK, who gets what)."""
        m = self.marks
        if self.ask == CHECK:
            got = []
            points = self.points()
            for s in range(len(points)):
                if points[s]:
                    got.append("%s%+d" % (seat_name(s), points[s]))
            first = " ".join(got) if got else "nobody scores"
        elif self.ask == BROKE:
            first = "broke %s" % _seats_text(m[3])  # the ring still shows the winner
        elif self.winner < 0:
            first = "won ?"
        else:
            first = "won %s same %s" % (seat_name(self.winner), _seats_text(m[2]))
        return [first, "circ %s sq %s" % (_seats_text(m[0]), _seats_text(m[1]))]


def presses(record, leader, first, short, table):
    """The presses that build ``record`` (a ``Match.history`` trick report, packed:
    ``engine.pack_report``) up to its CHECK: the four lay presses from ``leader`` (none
    on a first trick) and the answers. An undone trick reopens there, with its answers
    kept."""
    out = []
    if not first:
        for i in range(4):
            out.append([short, (leader + i) % 4])
    winner = report_mask(record, 0)
    out.append([short, winner])
    for ask in range(1, 5):
        if ask == BROKE and first:
            break
        m = report_mask(record, ask)
        for seat in range(4):
            if (m >> seat) & 1 and (ask != SAME or seat != winner):
                out.append([short, seat])
        out.append([table, -1])
    return out
