"""A turn game in the terminal, played at the device: ``topper sim --game tripp|...``.

The device is ``board_app``'s: the firmware's table shell on a virtual board, its OLED
and ring as its drivers wrote them, its log in the commentary. Beside it, your panel:
your cards (and your own secret) from the physical table (``turn_table``), and the
numbered moves you may make. A digit makes that move at the device, as a player would
at the table (its cards tapped on the pad, its buttons pressed); up/down and ``m`` make
a move further down the list. The device's raw keys still work, behind a prefix for a
seat's short press (``s``), since the digits are the moves here.
"""

from rich.text import Text
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from topper import jsonl

from topper_host.sim import look
from topper_host.sim.moves import hand_of
from topper_host.sim.ui.board_app import BoardApp, describe
from topper_view import turns

PREFIX_WORDS = {"short": "press", "long": "hold", "chord": "table held +"}
WIDE = 120  # from here the move list and the commentary stand side by side

HELP = """Keys: your moves
  1-9, 0 (= 10)    make that move of your list at the device
  up / down        pick a move further down the list; m makes the picked one
A move is made as at the table: its cards tapped on the card pad, the buttons pressed
(the OLED and the commentary show the device taking it). A move the device refuses is
named on the notice line; the cards stay where they were.

Keys: the device's own buttons and card pad
  s, then 1 .. 8   that seat's button, a short press
  l, then 1 .. 8   that seat's button held (a long press)
  c, then 1 .. 8   the table button held while that seat presses (undo)
  space / Enter    the table button, short / long (long: END GAME?, which pauses), as in
                   --device; a move's cards are laid by its number
  :                type a card the pad reads (3RC, QH), then Enter
  p                pause and resume the board's clock
  x                snapshot: the OLED and the ring as PNG files (with --snapshot DIR)
  ?                this help
  q or Ctrl-C      quit

The screen and the ring are the device's: docs/games/*.md says what they show."""

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


class TurnApp(BoardApp):
    CSS = BoardApp.CSS + CSS
    HELP_TEXT = HELP
    BINDINGS = [
        Binding("up", "move(-1)", "up", show=False),
        Binding("down", "move(1)", "down", show=False),
        Binding("m", "make", "make it", show=False),
        Binding("s", "prefix('short')", "short", show=False),
        Binding("9", "pick(9)", "pick", show=False),
        Binding("0", "pick(10)", "pick", show=False),
    ]

    def __init__(self, board, table, clock, **kw):
        BoardApp.__init__(self, board, clock, humans=table.humans, **kw)
        self.table = table
        self.seat = table.humans[0] if table.humans else -1
        self.pick = 0
        self._labels = None  # the moves the list shows, rebuilt only on a change

    def body(self):
        with Horizontal(id="play"):
            with Vertical(id="panel"):
                yield Static("", id="hand")
                yield Static("", id="ask")
                moves = OptionList(id="moves")
                moves.can_focus = False  # the app's keys drive it, whatever has focus
                yield moves
            yield self.feed_log()
        box = Input(placeholder="card the pad reads, e.g. 3RC or QH; Esc: none", id="card")
        box.display = False
        yield box

    def _layout(self, size):
        BoardApp._layout(self, size)
        self.query_one("#play").set_class(size.width < WIDE, "narrow")
        self.query_one("#panel").display = self.seat >= 0

    # ----- time and the picture ---------------------------------------------------------

    def advance(self, t):
        self.board.run(t)
        lines, self.pending = self.pending, []
        for line in lines:
            text = self.words(line)
            if text:
                self.say("%8.1f s  %s" % (self.board.now / 1000.0, text))

    def words(self, line):
        """A log line for the commentary: a ruling in the game's own words (its
        referee's ``describe``: the physical table's, or without the card pad the
        device's own; "" for its bookkeeping), anything else as ``--device`` says it."""
        obj = jsonl.loads(line)
        ref = self.table.ref
        if not self.table.pad and self.board.app.ref is not None:
            ref = self.board.app.ref  # its rulings are the buttons referee's, not the cards'
        if obj.get("r") not in (None, "error"):
            try:
                return ref.words(obj)
            except (KeyError, IndexError, TypeError):
                pass  # a ruling only the device makes (a tap read, a count so far)
        return describe(line, slap=False)

    # ----- the picture ------------------------------------------------------------------

    def labels(self):
        if self.seat < 0 or self.clock.paused:
            return []
        return [label for label, _ in self.table.choices(self.seat)]

    def draw(self, t):
        table = self.table
        if table.over:
            self.notice = "GAME OVER: " + result_words(self.board, table)
        elif table.refused:
            self.notice = table.refused
        BoardApp.draw(self, t)
        if self.seat >= 0:
            self._panel()

    def _panel(self):
        table = self.table
        cards, secret = hand_of(table.ref, self.seat)
        hand = Text("Your cards (P%d): " % (self.seat + 1), style=look.rgb(look.DIM))
        hand.append(" ".join(cards) if cards else "(none)", style=look.rgb(look.TEXT))
        if secret:
            hand.append("\n" + secret, style=look.rgb(look.AMBER))
        ref = self.board.app.ref
        c = ref.view(self.board.now).get("clock") if ref is not None else None
        if c is not None:
            hand.append("\nClock: " + clock_words(c, ref.on_turn()), style=look.rgb(look.TEXT))
        self.put("#hand", hand)
        labels = self.labels()
        self.query_one("#play").set_class(bool(labels), "moving")
        self.query_one("#moves").display = bool(labels)
        if labels != self._labels:
            self._labels = labels
            self.pick = 0
            moves = self.query_one("#moves", OptionList)
            moves.clear_options()
            moves.add_options([Option("%2d. %s" % (i + 1, s)) for i, s in enumerate(labels)])
        if labels:
            self.pick = min(self.pick, len(labels) - 1)
            self.query_one("#moves", OptionList).highlighted = self.pick
            picked = (self.pick + 1, len(labels), labels[self.pick])
            ask = "Your move %d of %d: %s   (1-9, 0; or up/down, m)" % picked
        elif table.busy():
            ask = "at the device: a move is being made"
        elif table.over:
            ask = ""
        else:
            ask = "waiting for P%d" % (table.due + 1) if table.due >= 0 else "waiting for the table"
        self.put("#ask", ask)

    def seat_keys(self, n):
        out = Text()
        for s in range(n):
            out.append("P%d %s  " % (s + 1, "you" if s in self.table.humans else "bot"))
        if self.prefix:
            out.append("\n%s: now a seat key" % PREFIX_WORDS[self.prefix])
        return out

    def keys(self):
        if self.seat < 0:
            return ["p: pause", "x: snapshot", "?: help", "q: quit"]
        return [
            "1-9, 0: make that move",
            "up/down, m: the picked move",
            "s/l/c + seat: buttons",
            "space/Enter: table button",
            ":: card pad",
            "p: pause",
            "?: help",
            "q: quit",
        ]

    # ----- keys -------------------------------------------------------------------------

    def action_seat(self, seat, long=False):
        if self.prefix is None and not long:
            self.action_pick(seat + 1)  # a digit alone is a move here
            return
        if self.prefix == "short":
            self.prefix = None
        BoardApp.action_seat(self, seat, long)

    def action_pick(self, n):
        self.pick = n - 1
        self.action_make()

    def action_move(self, by):
        labels = self.labels()
        if labels:
            self.pick = max(0, min(len(labels) - 1, self.pick + by))
        self.step()

    def action_make(self):
        if self.clock.paused:
            return
        if self.table.choose(self.seat, self.pick):
            self.notice = ""
            self.pick = 0
        self.step()


def result_words(board, table):
    from topper_host.sim.turn_table import result_text

    return result_text(board, table)


def clock_words(c, turn):
    """Every seat's time for the panel: 'P1 4:59  >P2 5:00  !P3 0:00 (1 penalty)'."""
    parts = []
    for s in range(c["seats"]):
        mark = "!" if c["flagged"][s] else (">" if s == turn else "")
        more = turns.overtime(c, s)
        text = "%sP%d %s%s" % (mark, s + 1, (more + " ") if more else "", turns.clock_text(c["remaining"][s]))
        pen = c.get("penalties", [0] * c["seats"])[s]
        if pen:
            text += " (%d penalt%s)" % (pen, "y" if pen == 1 else "ies")
        parts.append(text)
    return "  ".join(parts)
