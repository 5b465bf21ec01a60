"""World War 3 and Armageddon in the terminal: space or Enter lays P1's top card, s or
j slaps; watching bots or a replay, + and - change the pace; after a game, n deals the
next one (``next_game`` makes its table).

The commentary names every ruling (``narrate``); with ``--learn`` each is followed by
the rule behind it (``learn.Learner``). A notice from the table ("wait: P4 lays") goes
as soon as the table moves on (the turn, the pile or the phase change), or after
``NOTICE_MS`` at the most.
"""

from textual.binding import Binding
from textual.widgets import Static

from topper.reactions import Reactions
from topper.ticks import ticks_diff

from topper_host.sim import narrate
from topper_host.sim.frame import Frame
from topper_host.sim.learn import Learner
from topper_host.sim.ui import slap_parts
from topper_host.sim.ui.device import Painted
from topper_host.sim.ui.shell import SimShell, secs
from topper_view import sounds

NOTICE_MS = 2500
SOUND_MS = 1200
WHY = (110, 200, 230)  # the learner's lines stand apart from the rulings

HELP = """Keys
  space or Enter   lay your top card (when it is your turn, or to lead after winning a pot)
  s or j           slap: P1's seat button; right or wrong, the referee rules on it
  p                pause and resume (the table clock stops: no hurry-up while paused)
  x                snapshot: the OLED and the ring as PNG files (with --snapshot DIR)
  n                after the game: the next game (the seed goes up by one)
  + / -            watching bots or a replay: twice / half as fast
  ?                this help
  q or Ctrl-C      quit

The ring
  pulsing = due to lay, bright = in control, red = slaps locked out,
  amber blink = penalty card due, amber arc = hurry-up time left, white dots = chances,
  flash = a slap won (in the winner's colour) or a wrong slap (red).

The commentary names every ruling; with --learn, "why:" lines name the rule behind it."""


class SlapApp(SimShell):
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

    def __init__(self, new_clock, next_game, learn=False, **kw):
        """``new_clock()``: a clock for a game; ``next_game(t)``: ``(table, title)`` of
        the next game, started at ``t``."""
        SimShell.__init__(self, None, **kw)
        self.new_clock = new_clock
        self.next_game = next_game
        self.learn = learn
        self.table = None
        self.tables = []  # every table played, for the summary at the end
        self._sound = None
        self._sound_t = None
        self._notice_key = None

    def body(self):
        yield Static("", id="pile")
        yield Static("", id="slap")
        yield Painted(id="hurry")
        yield self.feed_log()

    def prepare(self):
        self._deal()

    def _deal(self):
        self.clock = self.new_clock()
        table, title = self.next_game(self.clock.now())
        self.table = table
        self.tables.append(table)
        self.reactions = Reactions(table.game.seats)
        self.learner = Learner(table.game.variant) if self.learn else None
        table.listeners.append(self.listen)
        self.title_text = title

    # ----- the table's listener --------------------------------------------------------

    def listen(self, table, t, rulings):
        whys = self.learner.batch(table, rulings) if self.learner is not None else [None] * len(rulings)
        for r, why in zip(rulings, whys):
            self.reactions.ruling(r)
            line = narrate.ruling(r)
            if line:
                self.say("%8.1f s  %s" % (secs(table, r["t"]), line))
            if why:
                self.say("%8.1f s  why: %s" % (secs(table, r["t"]), why), WHY)
            if r["r"] == "win":
                self.say("%8.1f s  median reaction: %s" % (secs(table, r["t"]), self.medians()))
        name = narrate.sound(sounds.for_rulings(rulings))
        if name:
            self._sound = name
            self._sound_t = t

    def medians(self):
        parts = []
        for s in range(self.reactions.seats):
            m = self.reactions.median(s)
            parts.append("P%d %s" % (s + 1, "-" if m is None else "%d ms" % m))
        return "  ".join(parts)

    # ----- time and the picture ------------------------------------------------------

    def advance(self, t):
        self.table.advance(t)

    def view(self, t):
        """The referee's view; at the end of the game with each seat's median reaction,
        which the OLED's game-over screen shows (``topper_view.screen.reactions``)."""
        v = self.table.view(t)
        if self.table.over:
            v["reactions"] = self.reactions.lines()
        return v

    def draw(self, t):
        table = self.table
        view = self.view(t)
        frame = Frame(view, t, table.fx)
        width = max(20, self.size.width - 2)
        self.put("#pile", slap_parts.pile(view, width))
        self.put("#slap", slap_parts.slap_line(view))
        sound = None
        if self._sound_t is not None and 0 <= ticks_diff(t, self._sound_t) < SOUND_MS:
            sound = self._sound
        self.query_one("#hurry", Painted).paint(slap_parts.hurry(view, width, sound))
        if self.big:
            self.put("#legend", "\n".join(slap_parts.LEGEND))
        self.draw_common(
            frame,
            slap_parts.seats(view, self.humans),
            self.status(table.over, secs(table, t)),
            self.notice_now(t),
            self.keys(),
        )

    def notice_now(self, t):
        table = self.table
        g = table.game
        notes = []
        if table.notice and table.notice_t is not None:
            key = (g.turn, g.phase, len(g.pot), g.award_to)
            if table.notice_t != self._notice_key:
                # A new notice: remember the table as it was when it was given.
                self._notice_key = table.notice_t
                self._notice_state = key
            fresh = 0 <= ticks_diff(t, table.notice_t) < NOTICE_MS
            if fresh and key == self._notice_state:
                notes.append(table.notice)
        if self.notice:
            notes.append(self.notice)
        return "   ".join(notes)

    def keys(self):
        watch = ["p: pause", "+/-: speed", "x: snapshot", "?: help", "q: quit"]
        if self.replay:
            return watch
        if not self.humans:
            return (["n: next game"] + watch) if self.table.over else watch
        if self.table.over:
            return ["n: new game", "x: snapshot", "?: help", "q: quit"]
        return ["space/enter: lay a card", "s or j: slap", "p: pause", "x: snapshot", "?: help", "q: quit"]

    # ----- keys -----------------------------------------------------------------------

    def _playing(self):
        return self.humans and not self.clock.paused and not self.replay

    def action_lay(self):
        if self._playing():
            t = self.clock.now()
            self.table.human_lay(self.humans[0], t)
            self.draw(t)

    def action_slap(self):
        if self._playing():
            t = self.clock.now()
            self.table.human_press(self.humans[0], t)
            self.draw(t)

    def action_pause(self):
        self.clock.pause(not self.clock.paused)
        self.step()

    def action_new(self):
        if self.table.over and not self.replay:
            self.query_one("#feed").clear()
            self._deal()
            self.step()

    def action_speed(self, factor):
        if not self.humans or self.replay:
            self.clock.set_speed(min(64.0, max(0.125, self.clock.speed * factor)))
            self.step()
