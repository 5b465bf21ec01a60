"""Blind play at the simulator's table: a slap game without the card pad (RULES.md
section 8), the device's blind referee (``topper.games.slap.blind``) on the virtual
board, and the physical table around it.

The device sees no card; the players do, and so does the simulator, which is their
table. ``BlindTable`` holds the cards, a known ``SlapGame`` dealt from the seed (the
hands, the pile, the face-down cards), and the table's hands on the device's table
button, as the blind flow asks:

- the starter (found by the rules' showing of top cards) presses its seat to begin;
- a card laid goes on the pile, and while the device names another seat due than the
  rules do, the table taps the table button (each short press passes the device's turn
  clockwise), so that its ring and hurry-up follow the game;
- a seat left without cards is marked out with a chord (the table button held while
  its seat presses), a seat with cards again back in; the last seat but one only when
  the game is over, since a seat without cards may still slap back in from beyond the
  grave;
- each slap the device ranks is judged by the rules, on the pile as it lies: a short
  press says good, a long press wrong, and now and then the table says nothing, which
  lets a good slap stand;
- a pot won when the chances ran out is gathered by its winner when it leads, or after
  ``COLLECT_MS``.

The cards move only as the device rules: a confirmed slap gives its slapper the pile, a
slap ruled wrong pays (or, from a seat without cards, locks it). When a person judged
against the rules the table follows the device all the same, as a real table does.
``listeners`` hear what the table did (``lay``, ``collect``, a good ``slap``) as
rulings, for the bots (``sim.blind_bots``), who see the cards as players do.
"""

from topper import jsonl
from topper.gamekit import RuleError
from topper.games.slap.engine import PHASE_NAMES, Phase, SlapGame
from topper.rng import Rng
from topper.ticks import ticks_diff
from topper_app.modes import GAME

from topper_host.sim import slap_board
from topper_host.virtual.board import LONG_MS, TAP_MS

DEAL_STREAM = 0xB11D0DEA  # the table's shuffle and starter, apart from the bots' streams
JUDGE_STREAM = 0x7AB1E70D  # how long the table takes to judge, and when it stays silent
COLLECT_MS = 1500  # a pot won on chances waits this long for its winner to lead
JUDGE_MS = 500  # the table's judgement comes 500-1200 ms after the slap
JUDGE_SPREAD_MS = 700
SILENT_PCT = 10  # of good slaps the table lets stand by saying nothing
GAP_MS = 70  # between two presses of the table's hand
CHORD_MS = 60 + TAP_MS + 40  # VirtualBoard.chord: the table button held that long
RELEASE_MS = 5  # the buttons see the table button up a step after its release
LAYING = (Phase.STARTING, Phase.OPEN, Phase.CONTROL)


def start(board, game, seats, jokers, hurry_ms, seed):
    """A blind game set up on the board as the link sets one up (the card pad off), its
    cards dealt at the table; its starter presses ``START_MS`` later."""
    slap_board.setup(board, game, seats, jokers, hurry_ms, seed, cardpad=False)
    table = BlindTable(board, game, seats, jokers, seed, hurry_ms)
    board.press(table.starter, board.now + slap_board.START_MS)
    return table


class BlindTable:
    def __init__(self, board, game, seats, jokers, seed, hurry_ms):
        self.board = board
        self.seats = seats
        self.hurry_ms = hurry_ms
        self.game = SlapGame(game, seats, jokers)
        deal = Rng(seed ^ DEAL_STREAM)
        self.game.deal(deal)
        self.starter = self.game.choose_starter(deal)[0]
        self.rng = Rng(seed ^ JUDGE_STREAM)
        self.listeners = []  # f(rulings, now): what the table did
        self.ref = None  # the device's referee of this game, once it has begun
        self.laid = 0
        self.against = 0  # the device's confirms that went against the rules (a person's word)
        self.judge = None  # (at, good) of the slap waiting, or None
        self._free_at = 0  # the table's hand is busy until then
        self.held_until = 0  # the table button is down until then
        self._awarded_at = None
        self._watchers = []
        self.watch(self.step)

    def watch(self, f):
        """``f(lines, now)`` after every step of the board while this table plays."""
        self._watchers.append(f)
        self.board.watchers.append(f)

    def close(self):
        """The game is over at this table (the next one gets a table of its own)."""
        for f in self._watchers:
            self.board.watchers.remove(f)
        self._watchers = []

    # ----- what the table sees --------------------------------------------------------

    def on(self):
        """This table's game is being played on the device."""
        app = self.board.app
        return self.ref is not None and app.ref is self.ref and app.mode == GAME

    def over(self):
        """The device has named the winner."""
        return self.ref is not None and self.ref.winner >= 0

    def due(self):
        """The seat the rules say lays next (after a pot won on chances, its winner,
        who gathers it by leading), or -1."""
        g = self.game
        if g.phase == Phase.AWARDED:
            return g.award_to
        return g.turn if g.phase in LAYING else -1

    def view(self, now):
        """The game as the players see it: the cards from the table (every stack's
        count, the pile face up), who may slap, the hurry-up and the last slap from the
        device. In the form of the card referee's view (``topper.games.slap.pad``), so
        that the bots and the panels read either."""
        g = self.game
        dev = self.ref.view(now) if self.ref is not None else None
        playing = g.phase != Phase.SETUP and g.phase != Phase.OVER
        top = g.slappable()
        locked = [playing and not g.can_slap(s) for s in range(self.seats)]
        if dev is not None:  # (the device locks an out seat whose slap was wrong)
            locked = [locked[s] or dev["locked"][s] for s in range(self.seats)]
        return {
            "game": g.variant,
            "blind": True,
            "seats": self.seats,
            "phase": PHASE_NAMES[g.phase],
            "turn": self.due(),
            "award_to": g.award_to,
            "controller": g.controller,
            "chances": g.chances,
            "stacks": [len(s) for s in g.stacks],
            "locked": locked,
            "penalty": list(g.penalty_due),
            "out": list(dev["out"]) if dev else [False] * self.seats,
            "pot": list(g.pot),
            "facedown": len(g.facedown),
            "slappable": None if top is None else {"rule": top[0], "cards": top[1], "vars": top[2]},
            "hurry_ms": self.hurry_ms,
            "hurry_left": dev["hurry_left"] if dev else -1,
            "race": dev["race"] if dev else None,
            "pending": dev["pending"] if dev else -1,
            "winner": g.winner,
        }

    def button_down(self, t):
        """The table's hand holds the table button at ``t``: a seat pressed then would
        be a chord, which marks the seat out, so the players wait for it to let go."""
        return ticks_diff(self.held_until + RELEASE_MS, t) >= 0

    def free_at(self, t):
        """``t``, or the first ms after it when a seat may press without making a chord
        (the table's hand lets go of the table button)."""
        return self.held_until + RELEASE_MS + 1 if self.button_down(t) else t

    def seat_press(self, seat, t):
        """A player presses ``seat``'s button at ``free_at(t)``; returns that time. The
        table's hand keeps off the table button until the seat's button is up again:
        the table button going down over a held seat button would read as a chord."""
        at = self.free_at(t)
        self.board.press(seat, at)
        up = at + TAP_MS + GAP_MS
        if ticks_diff(up, self._free_at) > 0:
            self._free_at = up
        return at

    def judging(self):
        """A slap waits for the table: nobody lays meanwhile."""
        return self.ref is not None and self.ref.pending >= 0

    # ----- the players' hands -------------------------------------------------------

    def lay(self, seat, t):
        """``seat`` turns its top card up on the pile; None, or why it may not now."""
        if not self.on() or self.over() or self.game.phase == Phase.OVER:
            return "the game is over" if self.over() else "the game has not begun"
        if self.judging():
            return "wait: the table judges P%d's slap" % (self.ref.pending + 1)
        due = self.due()
        if seat != due:
            return "wait: P%d lays" % (due + 1) if due >= 0 else "wait: nobody lays now"
        done = []
        g = self.game
        if g.phase == Phase.AWARDED:
            self._collect(t, done)  # the winner gathers the pot, then leads
        if g.phase == Phase.OVER or not g.stacks[seat]:
            if done:
                self._tell(done, t)
            return None if g.phase == Phase.OVER else "P%d has no cards to lay" % (seat + 1)
        r = g.lay(seat)
        self.laid += 1
        done.append({"r": "lay", "t": t, "seat": seat, "card": r["card"]})
        self._tell(done, t)
        self._hands(t)  # the tap that passes the device's turn comes with the card
        return None

    def word(self, good, t):
        """A person at the table answers the device's "GOOD?" at ``t``: the table
        button, short (good) or long (wrong), and the table's own hand stays off it.
        None, or why not now."""
        if not self.judging():
            return "no slap waits for the table"
        if self.button_down(t):
            return "the table button is down already"
        self.judge = None
        hold = TAP_MS if good else LONG_MS
        self._press(self.board.table(t, hold=hold), hold)
        return None

    def _collect(self, t, done):
        self.game.collect()
        self._awarded_at = None
        done.append({"r": "collect", "t": t})

    def _tell(self, rulings, now):
        for f in self.listeners:
            f(rulings, now)

    # ----- the device's rulings -------------------------------------------------------

    def step(self, lines, now):
        for line in lines:
            if '"r":' in line:
                self._ruled(jsonl.loads(line), now)
        if self.on() and not self.over():
            self._gather(now)
            self._hands(now)

    def _gather(self, now):
        """A pot won on chances (or by a wrong slap that emptied the seat due) that its
        winner has not led from: gathered after ``COLLECT_MS``."""
        if self.game.phase != Phase.AWARDED:
            self._awarded_at = None
        elif self._awarded_at is None:
            self._awarded_at = now
        elif not self.judging() and ticks_diff(now, self._awarded_at) >= COLLECT_MS:
            done = []
            self._collect(now, done)
            self._tell(done, now)

    def _ruled(self, r, now):
        kind = r["r"]
        g = self.game
        t = r["t"]
        if kind == "starter":
            self.ref = self.board.app.ref
            self._tell([{"r": "starter", "t": t}], now)
        elif kind == "slap" and r["by"] >= 0:
            g.unlock_grave(r["by"])  # another player's attempt (rule 10)
            self._plan_judgement(r["by"], now)
        elif kind == "confirm":
            self.judge = None
            if r["ok"]:
                self._good(r["seat"])
                self._tell([{"r": "slap", "ok": True, "t": t, "by": r["seat"]}], now)
            else:
                self._wrong(r["seat"])
                self._tell([{"r": "confirm", "ok": False, "t": t, "seat": r["seat"]}], now)
        elif kind == "hurry":
            try:
                g.hurry(r["seat"])  # its next card is a penalty card
            except RuleError:
                pass  # the device's turn was not the game's: no card is due from it

    def _plan_judgement(self, seat, now):
        g = self.game
        good = g.phase != Phase.OVER and g.can_slap(seat) and g.slappable() is not None
        at = now + JUDGE_MS + self.rng.below(JUDGE_SPREAD_MS)
        silent = good and self.rng.below(100) < SILENT_PCT
        self.judge = None if silent else (at, good)

    def _good(self, seat):
        """The device gave ``seat`` the pile: by the rules, or as the table ruled."""
        g = self.game
        if g.phase == Phase.OVER:
            return
        g.grave_locked[seat] = False  # the device let the seat slap: judged as any seat
        if not (g.can_slap(seat) and g.slappable() is not None):
            self.against += 1  # a good slap by the table's word, not by the rules
        g.judge(seat, True)

    def _wrong(self, seat):
        """The device ruled ``seat``'s slap wrong: it pays 3 face down (or, without
        cards, is locked out until another player slaps)."""
        g = self.game
        if g.phase == Phase.OVER:
            return
        g.grave_locked[seat] = False  # the device let the seat slap: judged as any seat
        if not (g.can_slap(seat) and g.slappable() is None):
            self.against += 1  # wrong by the table's word though the rules call it good
        g.judge(seat, False)

    # ----- the table's hand on the table button ---------------------------------------

    def _hands(self, now):
        """One press at a time: the judgement of a waiting slap, a seat out or back in,
        the tap that passes the device's turn."""
        if ticks_diff(now, self._free_at) < 0:
            return
        board = self.board
        dev = self.ref.view(now)
        if dev["pending"] >= 0:
            if self.judge is not None and ticks_diff(now, self.judge[0]) >= 0:
                hold = TAP_MS if self.judge[1] else LONG_MS
                self.judge = None
                self._press(board.table(now + 1, hold=hold), hold)
            return
        want = self._want_out(dev["out"])
        for s in range(self.seats):
            if dev["out"][s] != want[s]:
                self._press(board.chord(s, now + 1), CHORD_MS)
                return
        due = self.due()
        if due < 0 or dev["turn"] == due or dev["out"][due] or self.game.phase == Phase.OVER:
            return
        self._press(board.table(now + 1), TAP_MS)

    def _press(self, t, hold):
        """The table button goes down at ``t`` for ``hold`` ms: the hand is busy, and
        the players' slaps wait for it (a seat pressed meanwhile would be a chord)."""
        self.held_until = t + hold
        self._free_at = self.held_until + GAP_MS

    def _want_out(self, out):
        """Which seats the device should hold out: those without cards, but never the
        last but one while the game goes on (it may slap back in)."""
        g = self.game
        if g.phase == Phase.OVER:
            return [s != g.winner for s in range(self.seats)]
        want = [not g.stacks[s] for s in range(self.seats)]
        if want.count(False) < 2:
            want = [out[s] and not g.stacks[s] for s in range(self.seats)]
        return want
