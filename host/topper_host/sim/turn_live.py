"""The live shell of a turn-based game: keys in, the device and the human's panel drawn.

It is a shell for ``loop.run`` like ``live.LiveShell``: ``poll`` turns keys into the
human seat's choices (stamped when they were read), ``show`` redraws the rows that
changed, ``wait`` sleeps on the keyboard. ``p`` pauses the table's clock and the chess
clock with it (both logged); while paused, choices wait.
"""

from topper.ticks import ticks_diff

from topper_host.sim import turn_term
from topper_host.sim.term import Canvas
from topper_host.sim.turn_frame import TurnFrame
from topper_host.sim.turn_hands import hand_of

FRAME_MS = 30
FEED = 200

HELP_LINES = (
    "up/down or 1-9 (0 = 10): pick a move   Enter/space: do it",
    "p: pause (the chess clock too)   x: snapshot   ?: this help   q: quit",
)


def words(ref, ruling):
    """A ruling in words for the commentary, or "" for none."""
    kind = ruling["r"]
    if kind == "error":
        return "refused: %s" % ruling["why"]
    if kind == "flag":
        return "P%d is out of time" % (ruling["seat"] + 1)
    if kind in ("pause", "resume"):
        return "clock %sd" % kind
    if kind == "stop":
        return "clock stopped"
    return ref.describe(ruling)  # "" for the game's bookkeeping (a commitment, a deal)


class TurnShell:
    """``humans``: the seats the keyboard plays (the first is the one shown)."""

    def __init__(self, terminal, clock, humans=(), title="", snapshots=None, replay=False):
        self.term = terminal
        self.clock = clock
        self.humans = tuple(humans)
        self.seat = self.humans[0] if self.humans else -1
        self.title = title
        self.snapshots = snapshots
        self.replay = replay
        self.feed = []
        self.pick = 0
        self.quit = False
        self.helping = False
        self.notice = ""
        self._menu_key = None
        self._rows = None
        self._size = None
        self._drawn_at = None
        self._dirty = True

    def listen(self, table, t, rulings):
        for r in rulings:
            text = words(table.ref, r)
            if text:
                self.feed.append("%8.1f s  %s" % (_secs(table, r["t"]), text))
        del self.feed[:-FEED]
        self._dirty = True

    # ----- the loop's shell ------------------------------------------------------------

    def poll(self, table, t):
        for act in self.term.keys.read():
            self._dirty = True
            if act == "quit":
                self.quit = True
                return False
            if act == "help":
                self.helping = not self.helping
            elif act == "pause":
                self._pause(table, t)
            elif act == "snapshot":
                self.snap(table, t)
            elif not self.clock.paused and self.seat >= 0:
                self._choose(table, act, t)
        return True

    def _pause(self, table, t):
        on = not self.clock.paused
        if not table.over and not self.replay:
            table.pause(t, on)
        self.clock.pause(on)

    def _choose(self, table, act, t):
        menu = table.choices(self.seat)
        if not menu:
            return
        if act == "up":
            self.pick = max(0, self.pick - 1)
        elif act == "down":
            self.pick = min(len(menu) - 1, self.pick + 1)
        elif isinstance(act, tuple) and act[0] == "pick":
            if act[1] <= len(menu):
                self.pick = act[1] - 1
        elif act == "do":
            table.human_choice(self.seat, min(self.pick, len(menu) - 1), t)
            self.pick = 0

    def show(self, table, t, force=False):
        due = self._drawn_at is None or abs(ticks_diff(t, self._drawn_at)) >= FRAME_MS
        if not (force or self._dirty or due):
            return
        self._dirty = False
        self._drawn_at = t
        cols, rows = self.term.size()
        frame = TurnFrame(table.view(t), t)
        cv = Canvas(cols, rows)
        turn_term.draw(cv, frame, self.panel(table, t))
        lines = cv.ansi()
        out = []
        if (cols, rows) != self._size:
            self._size = (cols, rows)
            self._rows = None
            out.append("\x1b[0m\x1b[2J")
        for y, line in enumerate(lines):
            if self._rows is None or self._rows[y] != line:
                out.append("\x1b[%d;1H" % (y + 1))
                out.append(line)
        self._rows = lines
        if out:
            self.term.write("".join(out))
        self.frame = frame
        self.canvas = cv

    def finished(self, table, t):
        return False  # the game over stays on screen until q

    def wait(self, clock, delay):
        ms = FRAME_MS if delay is None else min(delay / max(clock.speed, 0.001), FRAME_MS)
        if self.term.keys.wait(ms / 1000.0):
            self._dirty = True

    # ----- the picture's own parts -----------------------------------------------------

    def panel(self, table, t):
        view = table.view(t)
        menu = [label for label, _ in table.choices(self.seat)] if self.seat >= 0 else []
        if self.pick >= len(menu):
            self.pick = 0
        if self.clock.paused:
            status = "PAUSED"
        elif table.over:
            status = "GAME OVER"
        else:
            status = "%.1f s" % _secs(table, t)
        notice = self.notice
        if table.over:
            notice = "GAME OVER: " + result_text(view, table.stuck)
        if self.helping:
            notice = "   ".join(HELP_LINES)
        waiting = ""
        if self.seat >= 0 and not table.over:
            turn = view["turn"]
            waiting = "waiting for P%d" % (turn + 1) if turn >= 0 else "waiting for the table"
        return {
            "title": self.title,
            "status": status,
            "humans": self.humans,
            "seat": self.seat,
            "hand": hand_of(table.ref, self.seat),
            "choices": [] if self.clock.paused else menu,
            "pick": self.pick,
            "waiting": waiting,
            "feed": self.feed,
            "notice": notice,
            "help": self.help(table),
        }

    def help(self, table):
        if self.replay or self.seat < 0:
            return "p: pause   x: snapshot   ?: help   q: quit"
        if table.over:
            return "x: snapshot   q: quit"
        return "up/down or 1-9: pick   Enter: do it   p: pause   x: snapshot   ?: help   q: quit"

    def snap(self, table, t):
        if self.snapshots is None:
            self.notice = "snapshots need --snapshot DIR"
            return
        oled, ring = self.snapshots.take(TurnFrame(table.view(t), t))
        self.notice = "saved %s, %s" % (oled, ring)


def result_text(view, stuck=""):
    """The end of a match in words: winners and scores."""
    if stuck:
        return "stopped: " + stuck
    won = view["winners"]
    text = " ".join(["P%d" % (s + 1) for s in won]) + " won" if won else "no winner"
    if view["scores"] is not None:
        text += "   scores " + "  ".join(["P%d %d" % (s + 1, v) for s, v in enumerate(view["scores"])])
    return text


def _secs(table, t):
    if table.started_at is None:
        return 0.0
    return ticks_diff(t, table.started_at) / 1000.0
