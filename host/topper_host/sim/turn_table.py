"""A turn game's physical table beside the virtual board: the cards in the players'
hands, and players who make their moves at the device.

At a real table the cards are in the players' hands and the device sees only what
they tap on the card pad and press. Here the game's dealt referee (its registry
module's ``referee`` with ``Entry.DEALT``), dealt from the seed the device was given,
stands for those cards. A seat's bot (``ref.bot``) or the human at the keyboard
chooses a move from what that seat can see (``choices``); the move is then made at
the device, as its players make it: the game's ``pad_moves.inputs`` (``sim.moves``)
turns it into cards tapped and buttons pressed, one after the other on the board's
clock (without the card pad, ``button_moves.inputs`` into presses alone). Once the device
has ruled on the last of them, the physical table applies the move, if the device took
it (a refused move is a bug in a test, a message for a human).

The table watches the device through its event log (``VirtualBoard.watchers``), as
a host on the USB port would; it never reads the device's referee. The rulings it
weighs are those after the move's own events: a press someone else makes meanwhile
(the raw keys of the terminal) is not the move's.
"""

from topper import games, jsonl
from topper.gamekit import Entry, seat_name

from topper_app.referees import load

from topper_host.sim import moves
from topper_host.sim.think import Thinker
from topper_host.virtual.board import LONG_MS, TAP_MS

GAP_MS = 120  # up between two presses (presses that crowd in are a chattering switch)
TAP_GAP_MS = 150  # a card on the pad: read within a poll (40 ms), then the next
SAME_TAG_MS = 900  # the pad takes the same tag within 800 ms as the same tap
CHORD_MS = 60 + TAP_MS + 40  # VirtualBoard.chord: the table button down, the seat, up


class Move:
    """A move being made at the device: what is left to do, what the device said."""

    def __init__(self, seat, action, inputs, now):
        self.seat = seat
        self.action = action  # None: the table's own steps after a move (``after``)
        self.inputs = list(inputs)
        self.made = len(self.inputs)
        self.heard = []  # the device's rulings on this move's inputs
        self.next_at = now
        # The log events its inputs will make, in order: a tap is a card read, a press
        # a button event (docs/event-log.md).
        self.expect = [_event_of(i) for i in self.inputs]

    def claims(self, ev):
        """Whether the logged event ``ev`` is one of this move's inputs (the rulings
        after it are the device's word on the move), not a press someone else made."""
        if ev["ev"] == "secret":
            # A stored rule entered with the buttons: its presses are not logged, one
            # "secret" event ends the entry.
            ours = bool(self.expect)
            self.expect = []
            return ours
        key = (ev["ev"], ev.get("press"), ev.get("seat"))
        if key not in self.expect:
            return False
        del self.expect[: self.expect.index(key) + 1]
        return True


def _words(event):
    kind, press, seat = event
    if kind == "card":
        return "a card read"
    if kind == "pause":
        return "the table button held (END GAME?)"
    if press == "table":
        return "the table button"
    return "%s's %s press" % (seat_name(seat), press)


def _event_of(what):
    if what[0] == moves.TAP:
        return ("card", None, None)
    if what[0] == moves.TABLE:
        return ("button", "table", -1)
    if what[0] == moves.END:
        return ("pause", None, None)  # the second hold ends the game: nothing logged
    return ("button", what[0], what[1])


class TurnTable:
    def __init__(self, board, game, seats, seed, options=None, control=None, humans=(), speed=1.0, pad=True,
                 flag=None):
        self.board = board
        self.pad = pad  # the card pad on; off: every move is made with the buttons
        self.game = game
        self.seats = seats
        self.seed = seed
        self.options = games.options(game, options)
        self.control = control  # topper.clock.TimeControl.to_list(), or None
        self.flag = flag  # what a flag does (topper.turnref.FLAG_NAMES), None: shown
        self.lost = -1  # the seat the device says lost on time
        self.humans = tuple(humans)
        mod = load(games.find(game).referee)
        self.ref = mod.referee(seats, Entry.DEALT, seed, None, self.options)
        self.moves = moves.for_game(game, pad)
        self.bots = {}
        self.thinkers = {}
        for s in range(seats):
            if s not in self.humans:
                self.bots[s] = self.ref.bot(s, bot_seed(seed, s))
                self.thinkers[s] = Thinker(seed, s, speed)
        self.move = None
        self.due = -1  # the seat that acts next at the physical table
        self.plan = None  # (seat, when) a bot acts
        self.refused = ""  # the last move the device refused, in words
        self.stuck = ""  # why the game cannot go on
        self.made = []  # (seat, action) of every move the device took, in order
        self._last_tap = (None, 0)
        self._ours = False  # the log's last event was the move's own
        board.watchers.append(self._heard)

    # ----- the start ------------------------------------------------------------------

    def start(self):
        """The game chosen as a host sets one up over the link (``App.link_setup``):
        the table's menu holds its options and clock; then dealt from the seed."""
        b = self.board
        m = b.app.menu
        m.game = self.game
        b.step(b.now + 1)  # the table enrolls the game's deck (the menu follows it)
        m.options[self.game] = dict(self.options)
        m.set_clock(self.control, self.flag)
        cfg = {"game": self.game, "seats": self.seats, "cardpad": self.pad, "seed": self.seed}
        why = b.app.link_setup(cfg, b.now)
        if why is not None:
            raise ValueError("the device refused the game: %s" % why)
        events = self.ref.start(b.now)
        self._settle(events, b.now)

    # ----- what the table may do ----------------------------------------------------------

    @property
    def over(self):
        return (self.ref.is_over() and self.move is None) or bool(self.stuck) or self.lost >= 0

    def choices(self, seat):
        """``seat``'s moves now, as ``[(label, action)]``: only its own cards."""
        if self.move is not None or self.over or seat != self.due:
            return []
        return self.ref.choices(seat)

    def choose(self, seat, index):
        """The human at ``seat`` picked item ``index`` of its moves: True if it is being
        made at the device."""
        menu = self.choices(seat)
        if seat not in self.humans or not 0 <= index < len(menu):
            return False
        self._begin(seat, menu[index][1], self.board.now)
        return True

    def busy(self):
        """A move is being made at the device."""
        return self.move is not None

    # ----- the device's side ----------------------------------------------------------

    def _heard(self, lines, now):
        move = self.move
        for line in lines:
            obj = jsonl.loads(line)
            if obj.get("r") == "timeloss":
                # The device ended the game on a flag (the table's "On flag: loses"):
                # the move under way is not made.
                self.lost = obj["seat"]
                self.move = move = None
            if "ev" in obj:
                self._ours = move is not None and move.claims(obj)
            elif "r" in obj and self._ours:
                move.heard.append(obj)
        self._drive(now)

    def _drive(self, now):
        move = self.move
        if move is not None:
            if now < move.next_at:
                return
            if move.inputs:
                self._input(move, move.inputs.pop(0), now)
            else:
                self._finish(move, now)
            return
        if self.over or self.due < 0 or self.due in self.humans:
            return
        if self.plan is None:
            self.plan = (self.due, now + self.thinkers[self.due].delay())
        if now >= self.plan[1]:
            seat = self.plan[0]
            self._begin(seat, self.bots[seat].choose(self.ref), now)

    def _begin(self, seat, action, now):
        self.plan = None
        self.refused = ""
        self._ours = False
        self.move = Move(seat, action, self.moves.inputs(self.ref, seat, action), now)
        if not self.move.inputs:
            self._finish(self.move, now)  # nothing the device sees

    def _input(self, move, what, now):
        b = self.board
        t = now + 1
        kind = what[0]
        if kind == moves.TAP:
            card, at = self._last_tap
            if card == what[1] and now - at < SAME_TAG_MS:
                move.inputs.insert(0, what)  # the pad would take it for the last tap
                move.next_at = at + SAME_TAG_MS
                return
            b.tap(what[1])
            self._last_tap = (what[1], now)
            move.next_at = t + TAP_GAP_MS
        elif kind == moves.TABLE:
            b.table(t)
            move.next_at = t + TAP_MS + GAP_MS
        elif kind == moves.CHORD:
            b.chord(what[1], t)
            move.next_at = t + CHORD_MS + GAP_MS
        elif kind == moves.END:
            b.table(t, hold=LONG_MS)  # END GAME?
            b.table(t + LONG_MS + GAP_MS, hold=LONG_MS)  # ended
            move.next_at = t + 2 * (LONG_MS + GAP_MS)
        else:
            hold = LONG_MS if kind == moves.LONG else TAP_MS
            b.press(what[1], t, hold=hold)
            move.next_at = t + hold + GAP_MS

    def _finish(self, move, now):
        self.move = None
        errors = [r["why"] for r in move.heard if r["r"] == "error"]
        if move.expect and not errors:
            # A press the device heard as another (a seat pressed while someone held
            # the table button is a chord), or did not hear at all.
            errors = ["it never heard %s" % _words(move.expect[0])]
        if errors:
            who = "the table" if move.seat < 0 else seat_name(move.seat)
            why = "%s's move refused by the device: %s" % (who, errors[0])
            if move.seat in self.humans:
                self.refused = why
            else:
                self.stuck = why
            return
        if move.action is None:
            return
        events = self.ref.act(move.action, now)
        if events and events[0]["r"] == "error":
            why = events[0]["why"]
            self.stuck = "the device took %s's move, the cards refuse it: %s" % (seat_name(move.seat), why)
            return
        self.made.append((move.seat, move.action))
        self._settle(events, now)

    def _settle(self, events, now):
        follow = self.moves.after(self.ref, events)
        self.due = -1 if self.ref.is_over() else self.ref.view(now)["turn"]
        if follow:
            self._ours = False
            self.move = Move(-1, None, follow, now)

    # ----- the result -------------------------------------------------------------------

    def result(self):
        """The physical table's result: ``(winners, scores)``."""
        v = self.ref.view(self.board.now)
        return v["winners"], v["scores"]


def bot_seed(seed, seat):
    """Each bot's own seed, far from the deal's."""
    return (seed * 0x9E3779B1 + (seat + 1) * 0x85EBCA77 + 0x1234) & 0xFFFFFFFF


def result_text(board, table):
    """The end of a game in words: the device's winners and scores."""
    if table.stuck:
        return "stopped: " + table.stuck
    if board.app.ref is None:
        # END GAME? held twice: the device dropped the game (without the card pad, that
        # is how a table ends a Tripp Jokes stalemate).
        if table.ref.is_over() and not table.result()[0]:
            return "no winner (a stalemate: the table ended the game)"
        return "the table ended the game"
    view = board.app.ref.view(board.now)
    won = view["winners"]
    text = " ".join(["P%d" % (s + 1) for s in won]) + " won" if won else "no winner"
    if view["scores"] is not None:
        text += "   scores " + "  ".join(["P%d %d" % (s + 1, v) for s, v in enumerate(view["scores"])])
    return text


def device_winners(board):
    """The device's winners; none once the table ended the game (END GAME)."""
    if board.app.ref is None:
        return []
    return board.app.ref.view(board.now)["winners"]
