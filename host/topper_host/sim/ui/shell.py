"""The app every simulated game shares: a title bar with the clock, the device (OLED
and ring) beside the seats, the game's own body, a notice line, the key line and a help
screen on ``?``; the table's time driven by a timer.

Every ``FRAME_MS`` the app reads its clock, brings the table to that moment
(``advance``: bots, a log played back, the referee's timers) and redraws. Keys are
stamped with the clock when Textual hands them over. A subclass gives the table, the
body and the keys of its kind of game (``slap_game``, ``board_app``, ``turn_app``).

The key line wraps instead of being cut, the title gives way (an ellipsis) before it
reaches the clock, and everything else scrolls or wraps, so 80 x 24 shows every word.
Every resize lays the screen out again for the new size, both ways; under 80 x 24 a
screen asks for a bigger terminal instead (``screens.TooSmall``).

The table's clock is held while anything stands between the player and the game: the
``p`` pause, the help, a terminal too small, the "get ready" countdown (``hold``). The
bots, the hurry-up and a replay all run on that clock, so they all wait.
"""

import asyncio
import signal

from rich.text import Text
from textual.app import App
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from topper.ticks import ticks_diff

from topper_host.sim import look
from topper_host.sim.ui.device import Oled, Painted, Ring
from topper_host.sim.ui.feed import Feed
from topper_host.sim.ui.ready import Countdown
from topper_host.sim.ui.screens import HelpScreen, TooSmall, too_small

FRAME_MS = 40  # 25 frames a second: the ring's pulse stays smooth, the CPU mostly idle
BIG = (170, 46)  # room for the OLED pixel for pixel (130 x 34) with the ring beside it

CSS = """
Screen { background: rgb(14,14,18); color: rgb(220,220,220); overflow: hidden hidden; }
#bar { height: auto; background: rgb(30,30,50); }
#title { width: 1fr; height: auto; padding: 0 1; text-style: bold; }
#status { width: 20; height: 1; padding: 0 1; color: rgb(255,160,0); text-style: bold; text-align: right; }
#device { height: auto; }
#side { width: 1fr; height: auto; }
#side-top { height: auto; }
#side-top.big { layout: vertical; }
#seats { width: 1fr; height: auto; padding: 0 1; }
#legend { height: auto; padding: 0 1; color: rgb(140,140,140); }
#hurry { height: 1; padding: 0 0; }
#notice { height: auto; padding: 0 1; color: rgb(255,160,0); text-style: bold; }
#keys { height: auto; padding: 0 1; background: rgb(30,30,50); dock: bottom; }
"""


class SimShell(App):
    CSS = CSS
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [
        # Ctrl-C quits, as it always did; Textual itself keeps it for copying.
        Binding("ctrl+c", "quit_sim", "quit", priority=True, show=False),
        Binding("q", "quit_sim", "quit", show=False),
        Binding("p", "pause", "pause", show=False),
        Binding("x", "snapshot", "snapshot", show=False),
        Binding("question_mark", "help", "help", show=False),
    ]
    HELP_TEXT = ""  # the help screen's text, from the subclass

    def __init__(self, clock, title="", snapshots=None, replay=False, humans=(), tick=True, ready_s=0):
        """``ready_s``: seconds of "get ready" before each game (0: none)."""
        App.__init__(self)
        self.clock = clock
        self.title_text = title
        self.snapshots = snapshots
        self.replay = replay
        self.humans = tuple(humans)
        self.quit = False
        self.notice = ""  # the app's own note (a snapshot saved, ...)
        self.frame = None
        self.big = False
        self.ring_size = "small"
        self._shown = {}  # selector -> the content it shows (``put``)
        self._tick = tick  # tests drive ``step`` themselves
        self._early = []  # commentary from before the screen was up (the deal)
        self.holds = set()  # why the clock stands still: "pause", "help", "small", "ready"
        self.ready_s = ready_s
        self.countdown = None  # the "get ready" Countdown while it runs

    # ----- the layout ---------------------------------------------------------------------

    def compose(self):
        with Horizontal(id="bar"):
            yield Static(self.title_text, id="title")
            yield Painted(id="status")
        with Horizontal(id="device"):
            yield Oled(id="oled")
            with Vertical(id="side"):
                with Horizontal(id="side-top"):
                    yield Ring(id="ring")
                    yield Static("", id="seats")
                yield Static("", id="legend")
        yield from self.body()
        yield Static("", id="notice")
        yield Static("", id="keys")

    def body(self):
        return []

    def feed_log(self):
        return Feed(id="feed")

    def prepare(self):
        """Before the first frame: the subclass's table (Textual calls every class's
        ``on_mount`` itself, so subclasses do not define one)."""

    def on_mount(self):
        self.prepare()
        self._layout(self.size)
        self.get_ready()
        early, self._early = self._early, None
        for line in early:
            self.say(*line)
        if self._tick:
            self.set_interval(FRAME_MS / 1000.0, self.step)
            try:
                # A SIGTERM ends the app like q does, so the terminal is put back.
                asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, self._terminated)
            except (NotImplementedError, RuntimeError, AttributeError):
                pass  # Windows: no SIGTERM to catch
        self.step()

    def on_resize(self, event):
        # (``self.size`` is still the old size here: App's own handler comes after.)
        self._layout(event.size)
        self.call_later(self.step)  # drawn again at the new width (the title, the keys, the pile)

    def _layout(self, size):
        """The screen laid out for ``size``: the OLED in pixels or in text, the ring's
        size, the legend; under the smallest size, the screen that asks for more."""
        w, h = size
        self._too_small(size)
        self.big = w >= BIG[0] and h >= BIG[1]
        self.ring_size = "big" if self.big else ("small" if h >= 32 else "tiny")
        side = self.query_one("#side-top")
        side.set_class(self.big, "big")
        self.query_one("#legend").display = self.big

    def _too_small(self, size):
        small = [sc for sc in self.screen_stack if isinstance(sc, TooSmall)]
        if too_small(size) and not small:
            self.push_screen(TooSmall())
        elif small and not too_small(size):
            self.pop_screen()  # (it is on top: nothing is opened over it)
        elif small:
            small[0].show(size)
        self.hold("small", too_small(size))

    def hold(self, why, on):
        """Hold the table's clock for ``why`` (``on``) or let it go; it runs again
        when nothing holds it. A board that is not ours (the monitor's) is not held."""
        if self.clock is None:
            return
        if on:
            self.holds.add(why)
        else:
            self.holds.discard(why)
        self.clock.pause(bool(self.holds))

    def get_ready(self):
        """The countdown before a game played in real time (``ready_s``)."""
        if self.ready_s > 0:
            self.countdown = Countdown(self.ready_s)
            self.hold("ready", True)

    def ready_text(self):
        """"GET READY 3" while the countdown runs, else ""."""
        return "GET READY %d" % self.countdown.shown() if self.countdown is not None else ""

    def _terminated(self):
        self.quit = True
        self.exit(return_code=143)

    # ----- the table's time -------------------------------------------------------------

    def step(self):
        if self.countdown is not None and not self.countdown.tick(counting=self.holds == {"ready"}):
            self.countdown = None
            self.hold("ready", False)
        t = self.clock.now()
        self.advance(t)
        self.draw(t)

    def advance(self, t):
        raise NotImplementedError

    def draw(self, t):
        raise NotImplementedError

    def draw_common(self, frame, seats_text, status, notice, keys):
        self.frame = frame
        self.query_one("#oled", Oled).show(frame, self.big)
        self.query_one("#ring", Ring).show(frame.ring, frame.view["seats"], self.humans, self.ring_size)
        self.put("#seats", seats_text)
        self.query_one("#status", Painted).paint(Text(status, justify="right"))
        self.put("#title", fit_title(self.title_text, self.size.width - 22))
        if self.countdown is not None:
            status = self.ready_text()
            notice = "Get ready: the game starts in %d ... (? help, q quit)" % self.countdown.shown()
        self.query_one("#notice").display = bool(notice)
        self.put("#notice", Text(notice))
        self.put("#keys", Text("\n".join(key_lines(keys, self.size.width - 2))))

    def put(self, selector, content):
        """Show ``content`` in a Static, only when it changed: an update costs a layout
        pass, and most of the screen stays the same from one frame to the next."""
        if self._shown.get(selector) != content:
            self._shown[selector] = content
            self.query_one(selector, Static).update(content)

    def status(self, over, secs):
        if self.countdown is not None:
            text = self.ready_text()
        elif self.clock.paused:
            text = "PAUSED"
        elif over:
            text = "GAME OVER"
        else:
            text = "%.1f s" % secs
        if (self.replay or not self.humans) and self.clock.speed != 1:
            text = "x%g  %s" % (self.clock.speed, text)
        return text

    def say(self, line, color=look.TEXT):
        """A line for the commentary."""
        if self._early is not None:
            self._early.append((line, color))
        else:
            self.query_one("#feed", Feed).write(line, color)

    # ----- keys every game has ----------------------------------------------------------

    def action_quit_sim(self):
        self.quit = True
        self.exit()

    def action_help(self):
        if self.holds & {"help", "small"}:
            return  # open already, or no room to show it
        self.hold("help", True)
        help_screen = HelpScreen(self.HELP_TEXT, paused=self.clock is not None)
        self.push_screen(help_screen, lambda _: self.hold("help", False))

    def action_pause(self):
        self.hold("pause", "pause" not in self.holds)
        self.step()

    def action_snapshot(self):
        """The frame on the screen, numbered now and written in a worker thread: the
        game goes on while the PNGs are encoded."""
        if self.snapshots is None:
            self.notice = "snapshots need --snapshot DIR"
        elif self.frame is not None:
            frame, paths = self.frame, self.snapshots.reserve()
            self.notice = "saving %s ..." % paths[0]
            self.run_worker(lambda: self._save(frame, paths), thread=True, group="snapshots")
        self.step()

    def _save(self, frame, paths):
        """(In the worker thread.) A frame is a copy, never changed after it is made."""
        try:
            note = "saved %s, %s" % self.snapshots.save(frame, paths)
        except OSError as e:
            note = "snapshot not saved: %s" % e
        self.call_from_thread(self._noted, note)

    def _noted(self, note):
        self.notice = note
        self.step()


def fit_title(title, width):
    """The title in ``width`` cells: without its "Topper Table" head when it does not
    fit, then with narrower separators, and then wrapped (the bar grows a row) rather
    than cut or run into the clock."""
    head = "Topper Table  \u00b7  "
    if len(title) > width and title.startswith(head):
        title = title[len(head) :]
    if len(title) > width:
        title = title.replace("  \u00b7  ", " \u00b7 ")
    return title


def key_lines(keys, width):
    """The key line's items (``"q: quit"``) packed into lines of ``width``: an item is
    never split across lines."""
    lines = []
    for item in keys:
        if lines and len(lines[-1]) + 3 + len(item) <= width:
            lines[-1] += "   " + item
        else:
            lines.append(item)
    return lines


def secs(table, t):
    if table.started_at is None:
        return 0.0
    return ticks_diff(t, table.started_at) / 1000.0
