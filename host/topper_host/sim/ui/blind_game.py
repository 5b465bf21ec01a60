"""Blind play in the terminal: ``topper sim --blind`` (``sim.blind_cmd``).

The device (``ui.board_app``), its card pad off, with the table's panels beside it:
the pile's face-up cards and every stack, read from the physical table
(``sim.blind_table``: the device sees no card), the last slap's ranking and the
hurry-up from the device. You are P1: space or Enter lays your next card on the pile
when the rules make you due (the table taps the table button for it), s or j presses
your button; when the device asks whether a slap was good, g and w are the table
button's short and long press, as anyone at the table may give them (the table judges
by the rules if you do not).
"""

from rich.text import Text
from textual.binding import Binding

from topper import cards

from topper_host.sim import look
from topper_host.sim.ui import slap_parts
from topper_host.sim.ui.board_app import BoardApp
from topper_host.sim.ui.device import Painted
from topper_host.sim.ui.slap_game import SlapGameApp

HELP = """Keys (blind play: the device sees no card; the table judges each slap)
  space, Enter, t  lay a card: your next card on the pile (when you are due, or to lead
                   after winning a pot); the table taps the table button to pass the turn
  s, j or 1        slap: P1's seat button; the device ranks the slaps (while the
                   table's hand holds the table button, it lands as the hand lets go)
  g / w            while the device asks "SLAPPED: GOOD?": the table button, a short
                   press (good: the slapper takes the pile) or a long one (wrong: pays 3);
                   silence for 4 s lets the slap stand
  p                pause and resume (the board's clock stops)
  x                snapshot: the OLED and the ring as PNG files (with --snapshot DIR)
  n                after the game: the next game (the seed goes up by one)
  + / -            watching bots: twice / half as fast
  ?                this help
  q or Ctrl-C      quit

The ring
  pulsing = due to lay (the seat the table tapped the turn to), blinking white = the
  slapper while the table judges, very dim = out, red = locked out (an out seat whose
  slap was wrong), amber arc = hurry-up time left, flash = a slap that stood (seat
  colour) or was wrong (red).

The pile and the stacks are the table's: the device shows only what it was told."""


class BlindGameApp(SlapGameApp):
    HELP_TEXT = HELP
    BINDINGS = [
        Binding("g", "judge(False)", "good", show=False),
        Binding("w", "judge(True)", "wrong", show=False),
    ]

    def __init__(self, board, table, clock, title, deal=None, **kw):
        """``deal(board, table)``: the next game on the board, ``(table, title)``."""
        SlapGameApp.__init__(self, board, clock, title, deal=deal, **kw)
        self.table = table
        table.listeners.append(self._laid)

    def _laid(self, rulings, now):
        """The commentary of what the device never sees: the cards laid at the table,
        a pot gathered."""
        at = "%8.1f s  " % (now / 1000.0)
        for r in rulings:
            if r["r"] == "lay":
                text = "P%d lays %s" % (r["seat"] + 1, cards.format_card(r["card"]))
            elif r["r"] == "collect":
                text = "the pot is gathered"
            else:
                continue
            self.heard.append((at + text, look.TEXT))

    def draw(self, t):
        view = self.table.view(t)
        width = max(20, self.size.width - 2)
        self.put("#pile", slap_parts.pile(view, width))
        self.put("#slap", slap_parts.slap_line(view))
        self.query_one("#hurry", Painted).paint(slap_parts.hurry(view, width))
        if self.big:
            self.put("#legend", "\n".join(slap_parts.LEGEND))
        BoardApp.draw(self, t)
        status = self.status(self.table.over(), self.board.now / 1000.0)
        self.query_one("#status", Painted).paint(Text(status, justify="right"))

    def seat_keys(self, n):
        return slap_parts.seats(self.table.view(self.board.now), self.humans)

    def keys(self):
        watch = ["p: pause", "+/-: speed", "x: snapshot", "?: help", "q: quit"]
        over = self.table.over()
        if not self.humans:
            return (["n: next game"] + watch) if over else watch
        if over:
            return ["n: new game", "x: snapshot", "?: help", "q: quit"]
        keys = ["space/enter: lay a card", "s or j: slap"]
        if self.table.judging():
            keys.append("g/w: good/wrong")
        return keys + ["p: pause", "x: snapshot", "?: help", "q: quit"]

    # ----- keys -----------------------------------------------------------------------

    def action_lay(self):
        if not self._playing():
            return
        t = max(self.clock.now(), self.board.now + 1)
        self.notice = self.table.lay(self.humans[0], t) or ""
        self.step()

    def action_slap(self):
        """Your button; while the table's hand holds the table button it lands when the
        hand lets go (pressed together, they would be a chord: you out)."""
        if self._playing():
            t = max(self.clock.now(), self.board.now + 1)
            self.table.seat_press(self.humans[0], t)
            self.notice = ""
            self.step()

    def action_judge(self, long):
        if not self._playing():
            return
        t = max(self.clock.now(), self.board.now + 1)
        self.notice = self.table.word(not long, t) or ""
        self.step()

    def action_new(self):
        if self.table.over() and self.deal is not None:
            self.query_one("#feed").clear()
            self.table, self.title_text = self.deal(self.board, self.table)
            self.table.listeners.append(self._laid)
            self.get_ready()
            self.step()
