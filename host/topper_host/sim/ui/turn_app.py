"""A turn-based game in the terminal: the device, the seats, the human's cards and a
scrolling list of its moves, and the commentary.

Up/down (or k/j) and the digits pick a move, Enter or space does it, stamped with the
clock when the key came; ``p`` pauses the table's clock and the chess clock with it
(both logged), and while paused no move is taken. The panel is drawn only from the
human's own seat (``choices(seat)``, ``hand_of(seat)``).
"""

from rich.text import Text
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from topper_host.sim import look
from topper_host.sim.turn_frame import TurnFrame
from topper_host.sim.turn_hands import hand_of
from topper_host.sim.turn_words import result_text, words
from topper_host.sim.ui import turn_moves, turn_parts
from topper_host.sim.ui.shell import SimShell, secs

WIDE = 120  # from here the move list and the commentary stand side by side

HELP = """Keys
  up / down, k / j   pick a move in your list (it scrolls)
  1-9, 0 (= 10)      pick that move
  Enter or space     do the picked move
  p                  pause and resume: the table's clock and the chess clock (logged)
  x                  snapshot: the OLED and the ring as PNG files (with --snapshot DIR)
  ?                  this help
  q or Ctrl-C        quit

The seats: bot or you, points, the time bank (! = flagged); on turn, next, asked,
out, WINNER. The ring: every seat in its colour, the seat on turn pulsing, the next one
glowing, amber in a seat's last 10 s, red once it has flagged, a comet for the winner.

Greyed lines in your list are moves the OLED names that the rules do not allow now,
with the reason."""

CSS = """
#play { height: 1fr; }
#play.narrow { layout: vertical; }
#play.narrow.moving #feed { height: 3; }
#panel { width: 1fr; max-width: 80; height: 1fr; }
#hand { height: auto; padding: 0 1; }
#ask { height: auto; padding: 0 1; color: rgb(255,160,0); text-style: bold; }
#moves { height: 1fr; min-height: 3; border: none; padding: 0; background: rgb(14,14,18); }
#moves > .option-list--option-highlighted { background: rgb(40,70,120); color: white; text-style: bold; }
"""


class TurnApp(SimShell):
    CSS = SimShell.CSS + CSS
    HELP_TEXT = HELP
    BINDINGS = [
        Binding("up", "move(-1)", "up", show=False),
        Binding("k", "move(-1)", "up", show=False),
        Binding("down", "move(1)", "down", show=False),
        Binding("j", "move(1)", "down", show=False),
        Binding("enter", "do", "do it", show=False),
        Binding("space", "do", "do it", show=False),
        Binding("h", "help", "help", show=False),
    ] + [Binding(str(d), "pick(%d)" % (d or 10), "pick", show=False) for d in range(10)]

    def __init__(self, clock, table, **kw):
        SimShell.__init__(self, clock, **kw)
        self.table = table
        self.seat = self.humans[0] if self.humans else -1
        self.pick = 0
        self._menu = None  # the labels the list shows, to rebuild it only on a change
        table.listeners.append(self.listen)

    def body(self):
        with Horizontal(id="play"):
            with Vertical(id="panel"):
                yield Static("", id="hand")
                yield Static("", id="ask")
                moves = OptionList(id="moves")
                moves.can_focus = False  # the app's keys drive it, whatever has focus
                yield moves
            yield self.feed_log()

    def _layout(self):
        SimShell._layout(self)
        self.query_one("#play").set_class(self.size.width < WIDE, "narrow")
        self.query_one("#panel").display = self.seat >= 0

    def listen(self, table, t, rulings):
        for r in rulings:
            text = words(table.ref, r)
            if text:
                self.say("%8.1f s  %s" % (secs(table, r["t"]), text))

    # ----- time and the picture ------------------------------------------------------

    def advance(self, t):
        self.table.advance(t)

    def menu(self):
        if self.seat < 0 or self.clock.paused:
            return []
        return [label for label, _ in self.table.choices(self.seat)]

    def draw(self, t):
        table = self.table
        view = table.view(t)
        frame = TurnFrame(view, t)
        if self.seat >= 0:
            self._draw_panel(view)
        notice = self.notice
        if table.over:
            notice = "GAME OVER: " + result_text(view, table.stuck)
        self.draw_common(
            frame,
            turn_parts.seats(view, self.humans),
            self.status(table.over, secs(table, t)),
            notice,
            self.keys(),
        )

    def _draw_panel(self, view):
        self.put("#hand", turn_parts.hand(self.seat, hand_of(self.table.ref, self.seat)))
        labels = self.menu()
        if not labels and not self.table.over:
            turn = view["turn"]
            self.put(
                "#ask",
                Text(
                    "waiting for P%d" % (turn + 1) if turn >= 0 else "waiting for the table",
                    style=look.rgb(look.DIM),
                ),
            )
        elif not labels:
            self.put("#ask", "")
        self.query_one("#play").set_class(bool(labels), "moving")
        self.query_one("#moves").display = bool(labels)
        extra = turn_moves.missing(view.get("game", ""), view.get("hint", ""), labels) if labels else []
        shown = (labels, extra)
        if shown != self._menu:
            self._menu = shown
            self.pick = 0
            self._fill(labels, extra)
        self._mark()

    def _fill(self, labels, extra):
        moves = self.query_one("#moves", OptionList)
        moves.clear_options()
        options = [Option(self._label(i, s)) for i, s in enumerate(labels)]
        for move, why in extra:
            options.append(Option(Text("    %s: %s" % (move, why), style=look.rgb(look.DIM)), disabled=True))
        moves.add_options(options)
        if labels:
            moves.highlighted = 0

    def _label(self, i, s):
        return "%2d. %s" % (i + 1, s)

    def _mark(self):
        """The picked move, highlighted in the list (which scrolls to it)."""
        labels = self._menu[0] if self._menu else []
        if not labels:
            return
        self.pick = min(self.pick, len(labels) - 1)
        self.query_one("#moves", OptionList).highlighted = self.pick
        n = len(labels)
        ask = "Your move %d of %d: %s   (up/down or 1-9, Enter)" % (self.pick + 1, n, labels[self.pick])
        self.put("#ask", ask)

    def keys(self):
        if self.replay or self.seat < 0:
            return ["p: pause", "x: snapshot", "?: help", "q: quit"]
        if self.table.over:
            return ["x: snapshot", "?: help", "q: quit"]
        return ["up/down or 1-9: pick", "Enter: do it", "p: pause", "x: snapshot", "?: help", "q: quit"]

    # ----- keys -----------------------------------------------------------------------

    def action_move(self, by):
        labels = self.menu()
        if labels:
            self.pick = max(0, min(len(labels) - 1, self.pick + by))
            self._mark()

    def action_pick(self, n):
        if n <= len(self.menu()):
            self.pick = n - 1
            self._mark()

    def action_do(self):
        labels = self.menu()
        if labels:
            t = self.clock.now()
            self.table.human_choice(self.seat, min(self.pick, len(labels) - 1), t)
            self.pick = 0
            self.step()

    def action_pause(self):
        t = self.clock.now()
        on = not self.clock.paused
        if not self.table.over and not self.replay:
            self.table.pause(t, on)
        self.clock.pause(on)
        self.step()
