"""What ``topper monitor`` shows of the board's game.

``Board`` keeps what the host knows: the latest view the board sent (with the board's
clock at that moment, run on by the host's own clock in between), the effects of the
rulings streamed since (``topper_view.effects``, as on the device) and a feed of
rulings in words. A turn game (Tripp Jokes, Tricky Dick, Crazy Job, Guess My Card) is
drawn as the simulator draws it (``TurnFrame``), its rulings put in words by the game's
own referee (``describe``), made from the log's header or the first view.

Two displays draw it: ``Plain`` prints rulings and the OLED's text (for a log file or a
pipe); ``topper_host.sim.ui.monitor_app`` draws the simulator's terminal picture (the
OLED pixel for pixel, the ring, the pile and the seats).
"""

import importlib
import time

from topper import games
from topper.gamekit import Entry, seat_name
from topper.ticks import ticks_diff
from topper_host.sim import narrate
from topper_host.sim.frame import Frame, TurnFrame
from topper_view import effects

FEED = 200
NOTICE_S = 4.0  # how long a notice stays on a screen


class Board:
    def __init__(self, clock=time.monotonic):
        self.clock = clock
        self.mode = None
        self.view = None
        self.t = 0  # the board's ms at the latest view
        self.at = None  # the host's clock then
        self.fx = effects.Effects()
        self.feed = []
        self.notice = ""
        self.notice_at = None
        self.warnings = []  # lines of the board's left out, each said once (``warn``)
        self.fresh = []  # rulings since the display last looked
        self.words = None  # a turn game's referee, for its rulings in words

    def now(self):
        """The board's clock now, as far as the host can tell."""
        if self.at is None:
            return self.t
        return (self.t + int((self.clock() - self.at) * 1000)) & ((1 << 29) - 1)

    def saw_view(self, reply):
        self.mode = reply.get("mode")
        self.view = reply.get("view")
        self.t = reply.get("t", 0)
        self.at = self.clock()
        v = self.view
        if self.words is None and v is not None and v.get("game") in games.keys(games.TURN):
            # Joined half way: the view does not say whether the pad is on.
            self._turn_game(v["game"], v.get("seats", 0), None, Entry.BUTTONS)

    def turn(self):
        """Whether the board's game is turn-based."""
        return self.view is not None and self.view.get("game") in games.keys(games.TURN)

    def rulings(self, rs):
        if self.words is None:
            self.fx.note(rs)
        for r in rs:
            line = self.in_words(r)
            if line:
                self.feed.append("%10.1f s  %s" % (r["t"] / 1000.0, line))
        del self.feed[:-FEED]
        self.fresh.extend(rs)

    def in_words(self, r):
        """A ruling in words (None for those not worth a line)."""
        if self.words is None:
            return narrate.ruling(r)
        return describe(self.words, r)

    def new_game(self, header):
        self.fx = effects.Effects()
        self.words = None
        game = header.get("game")
        if game in games.keys(games.TURN):
            # (a board's turn header before format version 2 said "cardpad")
            entry = Entry.PAD if header.get("entry") == "pad" or header.get("cardpad") else Entry.BUTTONS
            self._turn_game(game, header.get("seats", 0), header.get("options"), entry)
        self.feed.append("new game: %s, %d seats" % (game, header.get("seats", 0)))

    def _turn_game(self, game, seats, options, entry):
        lo, hi = games.find(game).players
        if not lo <= seats <= hi:
            return  # a header or view this host cannot read: rulings stay unnamed
        module = importlib.import_module(games.find(game).referee)
        self.words = module.referee(seats, entry, 0, None, options)

    def say(self, text):
        self.notice = text
        self.notice_at = self.clock()

    def warn(self, text):
        """A line of the board's left out: a notice, and one line of a plain display."""
        self.warnings.append(text)
        del self.warnings[:-FEED]
        self.say(text)

    def frame(self):
        if self.view is None or self.view.get("game") is None:
            return None
        if self.turn():
            return TurnFrame(self.view, self.now())
        return Frame(self.view, self.now(), self.fx)


def turn_words(header):
    """A referee of the turn game ``header`` names, to put its rulings in words
    (``describe``), or None for a header that names no turn game it can make."""
    game = header.get("game")
    if game not in games.keys(games.TURN):
        return None
    seats = header.get("seats")
    lo, hi = games.find(game).players
    if not isinstance(seats, int) or isinstance(seats, bool) or not lo <= seats <= hi:
        return None
    # (a board's turn header before format version 2 said "cardpad")
    entry = Entry.PAD if header.get("entry") == "pad" or header.get("cardpad") else Entry.BUTTONS
    options = header.get("options")
    try:
        return importlib.import_module(games.find(game).referee).referee(
            seats, entry, 0, None, options if isinstance(options, dict) else None)
    except (ValueError, TypeError, KeyError):
        return None


def describe(ref, ruling):
    """A turn game's ruling in words: the referee's own, or its kind and fields."""
    try:
        text = ref.words(ruling)
    except (KeyError, IndexError, TypeError, ValueError):
        text = ""
    if text:
        return text
    fields = ", ".join(["%s %s" % (k, field(k, ruling[k])) for k in sorted(ruling) if k not in ("r", "t")])
    return "%s: %s" % (ruling["r"], fields) if fields else ruling["r"]


SEAT_FIELDS = ("seat", "turn", "owner", "dealer", "player", "by")


def field(key, value):
    if key in SEAT_FIELDS and isinstance(value, int) and value >= 0:
        return seat_name(value)
    return value


class Plain:
    """Line by line: each ruling in words, then the OLED's text once the board has
    sent the view that follows it."""

    def __init__(self, write):
        self.write = write
        self._since = None  # the board time of the last ruling printed, until a view shows

    def hello(self, h):
        self.write("board %s (firmware %s, protocol %s, journal %s): %s" % (
            h.get("board") or "?", h.get("fw"), h.get("proto"), h.get("journal") or "none", h.get("mode")))

    def show(self, board, port):
        for w in board.warnings:
            self.write("! " + w)
        if board.notice in board.warnings:
            board.notice = ""
        board.warnings = []
        if board.notice:
            self.write("! " + board.notice)
            board.notice = ""
        if board.fresh:
            for r in board.fresh:
                line = board.in_words(r)
                if line:
                    self.write("%10.1f s  %s" % (r["t"] / 1000.0, line))
            self._since = board.fresh[-1]["t"]
            board.fresh = []
        # The OLED once a view taken at or after the last ruling (board time) is in.
        if self._since is not None and board.at is not None and ticks_diff(board.t, self._since) >= 0:
            self._since = None
            frame = board.frame()
            if frame is not None:
                for s in frame.lines:
                    self.write("    | " + s)
