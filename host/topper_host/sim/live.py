"""The live terminal shell: keys in, the device and the table drawn, in real time.

``Terminal`` owns the tty: the alternate screen, a hidden cursor and raw keys, all put
back however the program ends. ``LiveShell`` is the loop's shell for a game in the
terminal: it turns keys into the human seat's lays and slaps (stamped when they were
read), pauses the clock, takes snapshots, and redraws only the rows that changed.
"""

import os

from topper.reactions import Reactions
from topper.ticks import ticks_diff

from topper_host.sim import narrate, term
from topper_host.sim.frame import Frame
from topper_host.sim.keys import RawKeys
from topper_view import sounds

FRAME_MS = 30  # about 33 frames a second: the ring's pulse stays smooth
NOTICE_MS = 2500
SOUND_MS = 1200
FEED = 200


class Terminal:
    def __init__(self, fd_in=0, fd_out=1):
        self.fd_out = fd_out
        self.keys = RawKeys(fd_in)

    def __enter__(self):
        self.keys.__enter__()
        try:
            self.write("\x1b[?1049h\x1b[?25l\x1b[2J")
        except BaseException:
            self.keys.restore()
            raise
        return self

    def __exit__(self, *exc):
        try:
            self.write("\x1b[0m\x1b[?25h\x1b[?1049l")
        finally:
            self.keys.restore()
        return False

    def size(self):
        try:
            s = os.get_terminal_size(self.fd_out)
            return s.columns, s.lines
        except OSError:
            return 80, 24

    def write(self, s):
        data = s.encode("utf-8")
        while data:
            n = os.write(self.fd_out, data)
            data = data[n:]


class LiveShell:
    """``humans``: the seats the keyboard plays (none when bots play alone)."""

    def __init__(self, terminal, clock, humans=(), title="", snapshots=None, replay=False):
        self.term = terminal
        self.clock = clock
        self.humans = tuple(humans)
        self.title = title
        self.snapshots = snapshots
        self.replay = replay
        self.feed = []
        self.quit = False
        self.again = False
        self.snapped = ""
        self._sound = None
        self._sound_t = None
        self._rows = None
        self._size = None
        self._drawn_at = None
        self._dirty = True
        self.reactions = None  # topper.reactions.Reactions: the game-over screen's medians

    # ----- the table's listener --------------------------------------------------------

    def listen(self, table, t, rulings):
        if self.reactions is None:
            self.reactions = Reactions(table.game.seats)
        for r in rulings:
            self.reactions.ruling(r)
            line = narrate.ruling(r)
            if line:
                self.feed.append("%8.1f s  %s" % (_secs(table, r["t"]), line))
            if r["r"] == "win":
                self.feed.append("%8.1f s  median reaction: %s" % (_secs(table, r["t"]), self.medians()))
        del self.feed[:-FEED]
        name = narrate.sound(sounds.for_rulings(rulings))
        if name:
            self._sound = name
            self._sound_t = t
        self._dirty = True

    # ----- the loop's shell ------------------------------------------------------------

    def poll(self, table, t):
        for act in self.term.keys.read():
            self._dirty = True
            if act == "quit":
                self.quit = True
                return False
            if act == "pause":
                self.clock.pause(not self.clock.paused)
            elif act == "snapshot":
                self.snap(table, t)
            elif act == "new":
                if table.over and not self.replay:
                    self.again = True
            elif act in ("faster", "slower"):
                if not self.humans:
                    f = 2.0 if act == "faster" else 0.5
                    self.clock.set_speed(min(64.0, max(0.125, self.clock.speed * f)))
            elif self.clock.paused or not self.humans:
                continue
            elif act == "lay":
                table.human_lay(self.humans[0], t)
            elif act == "slap":
                table.human_press(self.humans[0], t)
        return True

    def show(self, table, t, force=False):
        now_due = self._drawn_at is None or abs(ticks_diff(t, self._drawn_at)) >= FRAME_MS
        if not (force or self._dirty or now_due):
            return
        self._dirty = False
        self._drawn_at = t
        cols, rows = self.term.size()
        frame = Frame(self.view(table, t), t, table.fx)
        cv = term.Canvas(cols, rows)
        term.draw(cv, frame, self.panel(table, t))
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

    def finished(self, table, t):
        return self.again

    def wait(self, clock, delay):
        ms = FRAME_MS if delay is None else min(delay / max(clock.speed, 0.001), FRAME_MS)
        if self.term.keys.wait(ms / 1000.0):
            self._dirty = True

    # ----- what the shell adds to the picture -----------------------------------------

    def view(self, table, t):
        """The referee's view; at the end of the game with each seat's median reaction,
        which the OLED's game-over screen shows (``topper_view.screen.reactions``)."""
        v = table.view(t)
        if table.over and self.reactions is not None:
            v["reactions"] = self.reactions.lines()
        return v

    def medians(self):
        parts = []
        for s in range(self.reactions.seats):
            m = self.reactions.median(s)
            parts.append("P%d %s" % (s + 1, "-" if m is None else "%d ms" % m))
        return "  ".join(parts)

    def panel(self, table, t):
        status = ""
        if self.clock.paused:
            status = "PAUSED"
        elif table.over:
            status = "GAME OVER"
        else:
            status = "%.1f s" % _secs(table, t)
        if (self.replay or not self.humans) and self.clock.speed != 1:
            status = "x%g  %s" % (self.clock.speed, status)
        notice = ""
        if table.notice and table.notice_t is not None and 0 <= ticks_diff(t, table.notice_t) < NOTICE_MS:
            notice = table.notice
        if self.snapped:
            notice = (notice + "   " if notice else "") + self.snapped
        sound = None
        if self._sound_t is not None and 0 <= ticks_diff(t, self._sound_t) < SOUND_MS:
            sound = self._sound
        return {
            "title": self.title,
            "status": status,
            "humans": self.humans,
            "feed": self.feed,
            "notice": notice,
            "sound": sound,
            "help": self.help(table),
        }

    def help(self, table):
        if self.replay:
            return "p: pause   +/-: speed   x: snapshot   q: quit"
        if not self.humans:
            keys = "p: pause   +/-: speed   x: snapshot   q: quit"
            return ("n: next game   " + keys) if table.over else keys
        if table.over:
            return "n: new game   x: snapshot   q: quit"
        return "space/enter: lay a card   s or j: slap   p: pause   x: snapshot   q: quit"

    def snap(self, table, t):
        if self.snapshots is None:
            self.snapped = "snapshots need --snapshot DIR"
            return
        frame = Frame(self.view(table, t), t, table.fx)
        oled, ring = self.snapshots.take(frame)
        self.snapped = "saved %s, %s" % (oled, ring)


def _secs(table, t):
    if table.started_at is None:
        return 0.0
    return ticks_diff(t, table.started_at) / 1000.0
