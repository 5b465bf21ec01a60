"""World War 3 and Armageddon in the terminal at the device's own shell: ``topper sim``
with a slap game (``sim.slap_cmd``).

The device (``ui.board_app``) with the table's panels beside it: the pile's face-up
cards, the last slap's ranking and the hurry-up bar, read from the device's referee,
what the players at a table see. You are P1: space or Enter turns your next card up
on the card pad when you are due, s or j presses your button (a slap); the bots play
the other seats through the buttons and the pad. Watching bots or a replay, + and -
change the pace. After a game, n deals the next one (the seed goes up by one).

The commentary words the device's log; with ``--learn`` each ruling is followed by
the rule behind it (``learn.Learner``), judged on the pile as the device held it in
the step before the ruling.
"""

from rich.text import Text
from textual.binding import Binding
from textual.widgets import Static

from topper import jsonl
from topper.games.slap.engine import Phase

from topper_host.sim import look
from topper_host.sim.learn import Learner
from topper_host.sim.ui import slap_parts
from topper_host.sim.ui.board_app import BoardApp, describe
from topper_host.sim.ui.device import Painted

WHY = (110, 200, 230)  # the learner's lines stand apart from the rulings

HELP = """Keys
  space, Enter, t  lay a card: turn your next card up on the card pad (when you are due,
                   or to lead after winning a pot)
  s, j or 1        slap: P1's seat button; right or wrong, the device rules on it
  p                pause and resume (the board's clock stops: no hurry-up while paused)
  x                snapshot: the OLED and the ring as PNG files (with --snapshot DIR)
  n                after the game: the next game (the seed goes up by one)
  + / -            watching bots or a replay: twice / half as fast
  ?                this help
  q or Ctrl-C      quit

The ring
  pulsing = due to lay, bright = in control, red = slaps locked out,
  amber blink = penalty card due, amber arc = hurry-up time left, white dots = chances,
  flash = a slap won (in the winner's colour) or a wrong slap (red).

The screen and the ring are the device's (docs/device.md); the commentary is its log
in words, and with --learn "why:" lines name the rule behind each ruling."""


class SlapGameApp(BoardApp):
    HELP_TEXT = HELP
    BINDINGS = [
        Binding("space", "lay", "lay", show=False),
        Binding("enter", "lay", "lay", show=False),
        Binding("s", "slap", "slap", show=False),
        Binding("j", "slap", "slap", show=False),
        Binding("n", "new", "new game", show=False),
        Binding("plus", "speed(2.0)", "faster", show=False),
        Binding("minus", "speed(0.5)", "slower", show=False),
    ]

    def __init__(self, board, clock, title, deal=None, feed=None, learn=False, **kw):
        """``deal(board)``: the next game set up on the board (None: no next game, a
        replay); ``feed(t)``: a log's events played on the board up to ``t``."""
        BoardApp.__init__(self, board, clock, title=title, **kw)
        self.deal = deal
        self.feed = feed
        self.learner = None
        self._learn = learn
        self._ref = None
        self.heard = []  # (line, colour) of commentary since the last frame
        board.watchers.append(self._hear)

    def body(self):
        yield Static("", id="pile")
        yield Static("", id="slap")
        yield Painted(id="hurry")
        yield from BoardApp.body(self)

    # ----- the device's log, in words ------------------------------------------------

    def _hear(self, lines, now):
        """After every step of the board: its log lines in words, and with ``--learn``
        the rule behind each ruling, judged while the pile is as the step left it."""
        ref = self.board.app.ref
        if ref is not self._ref:
            self._ref = ref
            self.learner = Learner(ref.game.variant) if self._learn and ref is not None else None
        rulings = [jsonl.loads(line) for line in lines if '"r":' in line]
        # (the app's referee journals each event for the power-cut save: the learner
        # reads the referee inside)
        whys = self.learner.batch(getattr(ref, "ref", ref), rulings) if self.learner is not None else []
        why = dict(zip([id(r) for r in rulings], whys))
        slap = not self.board.turn_game()
        at = "%8.1f s  " % (now / 1000.0)
        for line in lines:
            text = describe(line, slap)
            if text:
                self.heard.append((at + text, look.TEXT))
        for r in rulings:
            if why.get(id(r)):
                self.heard.append((at + "why: " + why[id(r)], WHY))

    def advance(self, t):
        if self.feed is not None:
            self.feed(t)
        self.board.run(t)
        self.pending = []  # (BoardApp's list: the commentary is made in _hear)
        heard, self.heard = self.heard, []
        for line, color in heard:
            self.say(line, color)

    # ----- the picture ----------------------------------------------------------------

    def draw(self, t):
        ref = self.board.app.ref
        width = max(20, self.size.width - 2)
        if ref is not None and self.board.pad_slap_game():
            view = ref.view(t)
            self.put("#pile", slap_parts.pile(view, width))
            self.put("#slap", slap_parts.slap_line(view))
            self.query_one("#hurry", Painted).paint(slap_parts.hurry(view, width))
        if self.big:
            self.put("#legend", "\n".join(slap_parts.LEGEND))
        BoardApp.draw(self, t)
        # The title bar's clock as in every game: the pace, paused, or the game over.
        over = ref is not None and ref.game.phase == Phase.OVER
        status = self.status(over, self.board.now / 1000.0)
        self.query_one("#status", Painted).paint(Text(status, justify="right"))

    def seat_keys(self, n):
        ref = self.board.app.ref
        if ref is None or not self.board.pad_slap_game():
            return BoardApp.seat_keys(self, n)
        return slap_parts.seats(ref.view(self.board.now), self.humans)

    def keys(self):
        watch = ["p: pause", "+/-: speed", "x: snapshot", "?: help", "q: quit"]
        over = self.board.app.ref is None or self.board.app.ref.game.phase == Phase.OVER
        if self.replay:
            return watch
        if not self.humans:
            return (["n: next game"] + watch) if over else watch
        if over:
            return ["n: new game", "x: snapshot", "?: help", "q: quit"]
        keys = ["space/enter: lay a card", "s or j: slap", "p: pause", "x: snapshot", "?: help"]
        return keys + ["q: quit"]

    # ----- keys -----------------------------------------------------------------------

    def _playing(self):
        return self.humans and not self.clock.paused and not self.replay

    def action_lay(self):
        if not self._playing() or not self.board.pad_slap_game():
            return
        due = self.board.due_seat()
        if due != self.humans[0]:
            self.notice = "wait: P%d lays" % (due + 1) if due >= 0 else "wait: nobody lays now"
        else:
            self.notice = self.board.tap_due() or ""
        self.step()

    def action_slap(self):
        if self._playing():
            BoardApp.action_seat(self, self.humans[0])

    def action_tap_due(self):
        self.action_lay()  # t lays a card, as in --device: here only your own

    def action_seat(self, seat, long=False):
        """A digit is a seat's button, as in --device, but only your own seat's here
        (a slap): the bots press theirs."""
        if self.humans and seat == self.humans[0]:
            self.action_slap()

    def action_new(self):
        over = self.board.app.ref is None or self.board.app.ref.game.phase == Phase.OVER
        if over and self.deal is not None:
            self.query_one("#feed").clear()
            self.title_text = self.deal(self.board)
            self.get_ready()
            self.step()

    def action_speed(self, factor):
        if not self.humans or self.replay:
            self.clock.set_speed(min(64.0, max(0.125, self.clock.speed * factor)))
            self.step()
