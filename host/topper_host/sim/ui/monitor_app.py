"""``topper monitor``'s picture of a real board: the simulator's layout (the OLED, the
ring, the seats, the pile and the commentary) drawn from what the board streams.

The monitor's loop (``cmd_monitor.watch``) reads the serial port; it runs in a worker
thread and hands each moment to the app as a ``Picture`` made there, so the UI thread
never reads the ``Board`` while the loop changes it. ``q`` (or Ctrl-C) sets ``quit``,
which the loop asks for through ``AppDisplay.quit_pressed``; when the loop ends, the
app ends (Ctrl-C also sets ``interrupted``: the monitor's exit status says so).
"""

from rich.text import Text
from textual.binding import Binding
from textual.widgets import Static

from topper_host.monitor_view import NOTICE_S
from topper_host.sim import look
from topper_host.sim.ui import slap_parts, turn_seats
from topper_host.sim.ui.device import Painted
from topper_host.sim.ui.shell import SimShell


class Picture:
    """One moment of the board, taken in the loop's thread."""

    def __init__(self, board, port):
        self.port = port
        self.mode = board.mode or ""
        self.frame = board.frame()
        self.turn = board.turn()
        self.feed = list(board.feed)
        self.notice = ""
        if board.notice and board.clock() - board.notice_at < NOTICE_S:
            self.notice = board.notice


class AppDisplay:
    """The display ``watch`` draws on: each ``show`` is posted to the app's thread."""

    def __init__(self, app):
        self.app = app

    def hello(self, h):
        # The board's name and firmware in the title, shown with the first picture.
        board = "%s, firmware %s" % (h.get("board") or "board", h.get("fw"))
        self.app.title_text = "%s  \u00b7  %s" % (self.app.title_text, board)

    def quit_pressed(self):
        return self.app.quit

    def show(self, board, port):
        board.fresh = []
        board.warnings = []  # shown as the notice
        self.app.call_from_thread(self.app.show_board, Picture(board, port))


class MonitorApp(SimShell):
    BINDINGS = [Binding("ctrl+c", "interrupt", "quit", priority=True, show=False)]
    HELP_TEXT = """Keys
  q or Ctrl-C   quit (a --save log is closed whole; Ctrl-C exits with 130)
  ?             this help

The picture is the simulator's, drawn from the board's own view a few times a second
and the rulings it streams: the OLED pixel for pixel (its text in a small terminal),
the ring, the seats, the pile and the last slap, and every ruling in words."""

    def __init__(self, watch, title):
        """``watch(display)``: the monitor's loop; it runs in a worker thread."""
        SimShell.__init__(self, None, title=title, tick=False)
        self.board_loop = watch
        self.result = 0
        self.interrupted = False  # Ctrl-C rather than q
        self.error = None  # what ended the loop, raised again by the caller

    def body(self):
        yield Static("", id="empty")
        yield Static("", id="pile")
        yield Static("", id="slap")
        yield Painted(id="hurry")
        yield self.feed_log()

    def prepare(self):
        self.query_one("#device").display = False  # until the board's first view
        if self.board_loop is not None:
            self.run_worker(self._watch_board, thread=True, exit_on_error=False)

    def _watch_board(self):
        try:
            self.result = self.board_loop(AppDisplay(self))
        except Exception as e:  # the caller reports it once the terminal is back
            self.error = e
        finally:
            self.call_from_thread(self.exit)

    def step(self):
        pass  # the board's loop draws, not a timer

    def action_quit_sim(self):
        self.quit = True  # the loop sees it, closes the saved log and ends the app

    def action_interrupt(self):
        self.interrupted = True
        self.quit = True

    def action_pause(self):
        pass  # a real board's game is paused at the table, not from here

    def action_snapshot(self):
        pass

    def show_board(self, pic):
        """The picture drawn; a board's view it cannot draw leaves a line that says so
        in its place (the next view may be fine)."""
        try:
            self._show_board(pic)
        except (KeyError, IndexError, TypeError, ValueError, AttributeError) as e:
            for part in ("#device", "#pile", "#slap", "#hurry"):
                self.query_one(part).display = False
            self.query_one("#empty", Static).display = True
            self.put("#empty", "a board view this host cannot draw (%s: %s)" % (type(e).__name__, e))

    def _show_board(self, pic):
        feed = self.query_one("#feed")
        feed.lines = [(s, look.TEXT) for s in pic.feed]
        feed.refresh()
        keys = ["?: help", "q: quit"]
        frame = pic.frame
        game = frame is not None
        for part in ("#device", "#pile", "#slap", "#hurry"):
            self.query_one(part).display = game and not (pic.turn and part != "#device")
        empty = self.query_one("#empty", Static)
        empty.display = not game
        if not game:
            self.put("#empty", "The board is at its %s: no game on the table." % (pic.mode or "start"))
            self.query_one("#status", Painted).paint(Text(pic.mode, justify="right"))
            self.put("#keys", "   ".join(keys))
            self.put("#title", self.title_text)
            return
        view = frame.view
        if pic.turn:
            seats = turn_seats.seats(view, ())
        else:
            width = max(20, self.size.width - 2)
            seats = slap_parts.seats(view, ())
            self.put("#pile", slap_parts.pile(view, width))
            self.put("#slap", slap_parts.slap_line(view))
            self.query_one("#hurry", Painted).paint(slap_parts.hurry(view, width))
        self.draw_common(frame, seats, pic.mode, pic.notice, keys)
