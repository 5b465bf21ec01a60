"""A turn game's log played back on the device in the terminal: ``topper sim --replay
LOG`` (``sim.turn_feed`` makes the log's events on the virtual board at their stamps).

The screen is ``turn_app``'s without a player's panel: the device's OLED and ring, its
log in the game's words. As for a slap replay: p pauses, + and - change the pace, q
quits; the device's keys are not taken (the log plays the table).
"""

from rich.text import Text
from textual.binding import Binding

from topper_host.sim.ui.turn_app import TurnApp

HELP = """Keys: a replay
  p                pause and resume
  + / -            twice / half as fast
  x                snapshot: the OLED and the ring as PNG files (with --snapshot DIR)
  ?                this help
  q or Ctrl-C      quit

The log's events are made on the device at their stamps (its cards tapped on the pad,
its buttons pressed); the device rules on its own. docs/games/*.md says what it shows."""


class Watched:
    """The table as ``TurnApp`` asks it, for a log that plays itself: nobody to move."""

    humans = ()
    pad = True  # TurnApp.words words the rulings with ``ref``: here the device's own, pad or not
    refused = ""
    stuck = ""

    def __init__(self, board, feed):
        self.board = board
        self.feed = feed

    @property
    def ref(self):
        return self.board.app.ref

    @property
    def over(self):
        return self.feed.done() and self.ref is not None and self.ref.is_over()

    @property
    def due(self):
        ref = self.ref
        return -1 if ref is None else ref.on_turn()

    def choices(self, seat):
        return []

    def choose(self, seat, index):
        return False

    def busy(self):
        return False


class TurnReplayApp(TurnApp):
    HELP_TEXT = HELP
    BINDINGS = [
        Binding("plus", "speed(2.0)", "faster", show=False),
        Binding("minus", "speed(0.5)", "slower", show=False),
    ]

    def __init__(self, board, feed, clock, **kw):
        TurnApp.__init__(self, board, Watched(board, feed), clock, replay=True, **kw)
        self.feed = feed

    def advance(self, t):
        self.feed.to(t)
        TurnApp.advance(self, t)

    def draw(self, t):
        if self.feed.done() and not self.table.over:
            self.notice = "END OF THE LOG (the game was not over)"
        TurnApp.draw(self, t)

    def seat_keys(self, n):
        return Text("  ".join(["P%d" % (s + 1) for s in range(n)]))

    def keys(self):
        return ["p: pause", "+/-: speed", "x: snapshot", "?: help", "q: quit"]

    def action_speed(self, factor):
        self.clock.set_speed(min(64.0, max(0.125, self.clock.speed * factor)))
        self.step()

    # The device's own keys would add presses and cards the log does not hold.

    def action_seat(self, seat, long=False):
        pass

    def action_table(self, long):
        pass

    def action_prefix(self, what):
        pass

    def action_tap_due(self):
        pass

    def action_type_card(self):
        pass

    def action_pick(self, n):
        pass
