"""The device itself in the terminal: ``topper sim --device``.

No simulator logic stands between the keys and the screen here: the firmware's table
shell (``topper_app.App``) runs on a ``topper_host.virtual.VirtualBoard``, the keys are
its buttons and its card pad, and the OLED and the ring show what its drivers wrote.
So everything the device does is here as it does it: the menu, every game with and
without the card pad, blind play, the turn games' short and long presses, the chess
clock, enrollment's screens, the power-cut resume (with ``--nvm FILE``).

Every seat is at the keyboard, as every player is at the table: ``1``-``8`` press a
seat's button, space and Enter the table button (short, long), ``t`` lays the card of
the seat due on the pad. Long presses and
chords take a prefix key, since a terminal reports no key being held. With ``--bots``
(``sim.device_bots``) P1 is yours and bots play the other seats of a slap game with
the card pad: they press their buttons and lay their cards on the pad.
"""

import json

from rich.text import Text
from textual.binding import Binding
from textual.widgets import Input

from topper_host.sim import narrate
from topper_host.sim.ui.shell import SimShell
from topper_host.virtual.board import LONG_MS, TAP_MS
from topper_host.virtual.parts import Screen

HELP = """Keys: the device's buttons and card pad (every seat is yours here)
  t                lay a card: the card pad reads the top card of the seat due to
                   lay (slap games), as t and space do in topper sim's own games
  1 .. 8           press that seat's button (a short press)
  l, then 1 .. 8   hold that seat's button (a long press: turn games)
  c, then 1 .. 8   hold the table button and press that seat (blind play: out / in)
  space            the table button, short press; it lays no card here (menu: next line;
                   blind play: good slap)
  Enter            the table button, long press (menu: change or start; blind: wrong slap)
  :                type a card the pad reads (3RC, 1KX, QH, JK), then Enter
  p                pause and resume the board's clock
  x                snapshot: the OLED and the ring as PNG files (with --snapshot DIR)
  ?                this help
  q or Ctrl-C      quit (with --nvm, a game on the board resumes next time, as after a power cut)

The menu
  space moves to the next line, Enter changes the value on it (or starts the game);
  P1 and P2's buttons step a value back and forward. The card pad line chooses blind
  play (off) or a game the pad judges card by card (on).

The screen and the ring are the device's: see docs/device.md for what they mean."""

# Keys a US keyboard gives with Shift and a digit: a long press of that seat, too.
SHIFTED = "!@#$%^&*"


class BoardFrame:
    """What ``draw_common`` and the snapshots read: the board's OLED, ring and seats,
    copied (a snapshot is written from it in another thread while the board runs on)."""

    def __init__(self, board, seats):
        self.lines = list(board.lines)
        self.oled = Screen(bytes(board.i2c.ram))
        self.ring = board.ring()
        self.view = {"seats": seats}
        self.now = board.now


class BoardApp(SimShell):
    HELP_TEXT = HELP
    AUTO_FOCUS = None  # the card box takes the keys only while it is open
    BINDINGS = (
        [Binding(str(i), "seat(%d)" % (i - 1), show=False) for i in range(1, 9)]
        + [
            Binding("space", "table(False)", "table", show=False),
            Binding("enter", "table(True)", "table long", show=False),
            Binding("l", "prefix('long')", "long", show=False),
            Binding("c", "prefix('chord')", "chord", show=False),
            Binding("t", "tap_due", "tap", show=False),
            Binding("colon", "type_card", "card", show=False),
        ]
        + [Binding(k, "seat(%d, True)" % i, show=False) for i, k in enumerate(SHIFTED)]
    )

    def __init__(self, board, clock, bots=False, title=None, humans=None, **kw):
        if title is None:
            who = "every seat at the keyboard"
            if bots:
                who = "you are P1, bots the rest (slap games with the pad)"
            title = "Topper Table  \u00b7  the device  \u00b7  %s" % who
        if humans is None:
            humans = (0,) if bots else tuple(range(8))
        SimShell.__init__(self, clock, title=title, humans=humans, **kw)
        self.board = board
        self.bots = bots
        self.prefix = None  # "long" or "chord": what the next seat key means
        self.pending = []  # log lines written since the last frame
        board.watchers.append(lambda lines, now: self.pending.extend(lines))

    def body(self):
        yield self.feed_log()
        box = Input(placeholder="card the pad reads, e.g. 3RC or QH; Esc: none", id="card")
        box.display = False
        yield box

    # ----- time -----------------------------------------------------------------------

    def advance(self, t):
        self.board.run(t)
        lines, self.pending = self.pending, []
        slap = not self.board.turn_game()
        for line in lines:
            text = describe(line, slap)
            if text:
                self.say("%8.1f s  %s" % (self.board.now / 1000.0, text))

    def seats(self):
        app = self.board.app
        if app.game is not None and app.ref is not None:
            return app.game["seats"]
        return app.menu.config()["seats"]

    def draw(self, t):
        n = self.seats()
        frame = BoardFrame(self.board, n)
        tone = self.board.tone()
        status = "PAUSED" if self.clock.paused else ("%d Hz" % tone if tone else "%.1f s" % (t / 1000.0))
        self.draw_common(frame, self.seat_keys(n), status, self.notice, self.keys())

    def seat_keys(self, n):
        out = Text()
        for s in range(n):
            if self.bots and s > 0:
                out.append("P%d bot  " % (s + 1))
            else:
                out.append("%d: P%d  " % (s + 1, s + 1))
        if self.prefix:
            out.append("\n%s: now a seat key" % ("hold" if self.prefix == "long" else "table held +"))
        return out

    def keys(self):
        return [
            "t: lay a card",
            "1-8: seat button",
            "l+seat: hold",
            "c+seat: chord",
            "space: table button",
            "Enter: table button held",
            ":: type a card",
            "p: pause",
            "x: snapshot",
            "?: help",
            "q: quit",
        ]

    # ----- keys -------------------------------------------------------------------------

    def _at(self):
        return self.clock.now()

    def action_seat(self, seat, long=False):
        if self.clock.paused or seat >= len(self.board.cfg["seat_pins"]):
            return
        if self.prefix == "chord":
            self.board.chord(seat, self._at())
        elif long or self.prefix == "long":
            self.board.press(seat, self._at(), hold=LONG_MS)
        else:
            self.board.press(seat, self._at())
        self.prefix = None
        self.notice = ""
        self.step()

    def action_table(self, long):
        if self.clock.paused:
            return
        self.board.table(self._at(), hold=LONG_MS if long else TAP_MS)
        self.prefix = None
        self.notice = ""
        self.step()

    def action_prefix(self, what):
        self.prefix = None if self.prefix == what else what
        self.step()

    def action_tap_due(self):
        if self.clock.paused:
            return
        why = self.board.tap_due()
        self.notice = why or ""
        self.step()

    def action_type_card(self):
        box = self.query_one("#card", Input)
        box.display = True
        box.value = ""
        box.focus()

    def on_input_submitted(self, event):
        box = event.input
        text = box.value.strip()
        box.display = False
        self.set_focus(None)
        if text:
            try:
                self.board.tap_named(text)
                self.notice = ""
            except ValueError as e:
                self.notice = str(e)
        self.step()

    def key_escape(self):
        box = self.query_one("#card", Input)
        if box.display:
            box.display = False
            self.set_focus(None)
        self.prefix = None

    def action_quit_sim(self):
        self.board.keep_nvm()
        SimShell.action_quit_sim(self)


# The slap games' rulings that narrate words (a turn game's rulings share some names).
SLAP_WORDS = ("starter", "lay", "slap", "late", "locked", "hurry", "collect", "win", "confirm", "out", "turn")
EVENT_WORDS = {"press": "pressed", "table": "table button", "lay": "card read", "card": "card read"}
PRESS_WORDS = {"short": "pressed", "long": "held", "table": "table button", "chord": "chord"}


def describe(line, slap=True):
    """A log line in words for the commentary, or None (the header, a tick); ``slap``:
    a slap game's (a turn game's rulings are named and their words shown as they are)."""
    try:
        obj = json.loads(line)
    except ValueError:
        return None
    if "log" in obj:
        return "a new game: %s, %d seats" % (obj.get("game"), obj.get("seats", 0))
    ev = obj.get("ev")
    if ev is not None:
        if ev in ("tick", "start"):
            return None
        seat = obj.get("seat")
        who = "" if seat is None or seat < 0 else " " + narrate.seat(seat)
        what = EVENT_WORDS.get(ev, ev)
        if ev == "button":  # a turn game's: the table button's has seat -1
            what = PRESS_WORDS.get(obj.get("press"), what)
        card = obj.get("card")
        return "%s%s%s" % (what, who, (" " + card) if card else "")
    if "r" in obj:
        text = narrate.ruling(obj) if slap and obj["r"] in SLAP_WORDS else None
        if text:
            return text
        msg = obj.get("msg") or obj.get("why")
        return "%s%s" % (obj["r"], (": " + msg) if msg else "")
    return None
