"""What the device shows during a turn-based game: the OLED lines and the ring, drawn
from ``TurnReferee.view`` (topper.turnref). The simulator draws the same two.

Screen: the game (with a chess clock: every seat's time instead, P1 first, ">" before
the seat on turn, "!" before a flagged one, "x" before one out), the seat on turn with its
time (byo-yomi: "B3" its periods left; Canadian: "C5" its moves left in the period), the
game's own lines, the latest ruling and what the device waits for. Ring: every seat in
its colour, the seat on turn pulsing, the next seat glowing dimly, the focus seat (the
rule owner, the seat asked) steady; amber for any seat in its last 10 s of time or in
byo-yomi, red once it has flagged; a seat that is out stays dark; at the end a comet in
the winner's colour.
"""

from topper import games
from topper_view import effects, ring, screen, sounds

LOW_MS = 10000  # a seat's last seconds: its pixel turns amber


class Drawing:
    """The game's drawing for the table shell (the ``view`` module of its registry
    record, topper.games): the lines, the ring, the sounds of its rulings."""

    # The shell builds the game's view once a step and hands it to ``ruled``, the ring
    # and the OLED: a turn game's view is a fresh dict of a few KB.
    ONE_VIEW = True

    def __init__(self, cfg, pixels):
        self.n = pixels
        self._turn = -1  # the view's turn and end before the last rulings
        self._over = False

    def ruled(self, rulings, view, now, fx):
        """The sound of a batch of rulings, judged from the view before and after
        (``view``: the game's view after them)."""
        seq = sounds.for_turn(rulings, (self._turn, self._over), view)
        self.seen(view)
        return seq

    def seen(self, view):
        self._turn = view["turn"]
        self._over = view["over"]

    def lines(self, view, now, fx):
        """The OLED's lines, with a problem from outside the game (a stuck button, an
        unknown tag) over the hint while it shows."""
        out = lines(view)
        if fx is not None and effects.active(fx.error_t, now, effects.ERROR_MS):
            err = screen.wrap("! " + fx.error)[:2]
            out[screen.LINES - len(err) :] = err
        return out

    def frame(self, view, now, fx):
        return frame(view, now, self.n)

    def tick(self, view):
        return None


def title(game):
    return games.title(game)


def clock_text(ms):
    """m:ss of a time bank, rounded up so that 0:00 means really out."""
    if ms <= 0:
        return "0:00"
    s = (ms + 999) // 1000
    return "%d:%02d" % (s // 60, s % 60)


def short_time(ms):
    """A time in at most 4 characters for the all-seats line: 'm:ss' under 10 min, then
    '12m', then '2h05'."""
    if ms <= 0:
        return "0:00"
    s = (ms + 999) // 1000
    if s < 600:
        return "%d:%02d" % (s // 60, s % 60)
    m = (s + 59) // 60
    if m < 100:
        return "%dm" % m
    return "%dh%02d" % (m // 60, m % 60)


def overtime(c, seat):
    """'B3' (byo-yomi, periods left), 'C5' (Canadian, moves left) or ''."""
    stage = c.get("stage")  # (a board before byo-yomi sends no stages)
    if not stage or stage[seat] == 0:
        return ""
    if c["control"] == "byo-yomi":
        return "B%d" % c["count"][seat]
    if c["control"] == "canadian":
        return "C%d" % c["count"][seat]
    return ""


def seat_times(view):
    """The lines of every seat's time: 4 seats a line, 5 characters each (a mark and
    the time), so that a seat keeps its column."""
    c = view["clock"]
    out = view["out"]
    cells = []
    for s in range(view["seats"]):
        if c["flagged"][s]:
            mark = "!"
        elif out[s] or not c["active"][s]:
            mark = "x"
        elif s == view["turn"]:
            mark = ">"
        else:
            mark = " "
        cells.append(mark + "%4s" % short_time(c["remaining"][s]))
    return ["".join(cells[i : i + 4]) for i in range(0, len(cells), 4)]


def _turn_line(view):
    if view["over"]:
        won = view["winners"]
        if not won:
            return "game over: no winner"
        return "winner " + " ".join(["P%d" % (s + 1) for s in won])
    turn = view["turn"]
    left = "P%d on turn" % (turn + 1) if turn >= 0 else "table decides"
    c = view["clock"]
    if c is None or turn < 0:
        return left
    if c["paused"]:
        return screen.spread(left, "paused")
    mark = "!" if c["flagged"][turn] else ""
    more = overtime(c, turn)
    return screen.spread(left, (more + " " if more else "") + mark + clock_text(c["remaining"][turn]))


def lines(view):
    """The 8 lines of the OLED."""
    if view["clock"] is None:
        out = [screen.fit(title(view["game"]))]
    else:
        out = [screen.fit(t) for t in seat_times(view)]
    out.append(screen.fit(_turn_line(view)))
    for text in view["lines"][: screen.LINES - 2 - len(out)]:
        out.append(screen.fit(text))
    while len(out) < screen.LINES - 2:
        out.append("")
    out.append(screen.fit(view["message"]))
    out.append(screen.fit(view["hint"]))
    return out[: screen.LINES]


def frame(view, now, n=ring.N):
    """The ring's pixels."""
    seats = view["seats"]
    px = [ring.OFF] * n
    if view["over"] and view["winners"]:
        return ring.comet(px, view["winners"][0], seats, now, n)
    c = view["clock"]
    out = view["out"]
    for s in range(seats):
        color = ring.seat_color(s)
        if c is not None and c["flagged"][s]:
            color = ring.RED
        elif c is not None and (0 < c["remaining"][s] <= LOW_MS or overtime(c, s)):
            color = ring.AMBER
        if out[s]:
            level = ring.OUT
        elif s == view["turn"]:
            level = ring.pulse(now, 900)
        elif s == view["focus"]:
            level = 255
        elif s == view["next"]:
            level = 90
        else:
            level = ring.DIM
        px[ring.seat_pixel(s, seats, n)] = ring.scale(color, level)
    return px
