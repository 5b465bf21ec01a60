"""The referee of a turn-based game at the table: one rules engine, its chess clock,
and the way the device's buttons and card pad reach the engine.

The slap games have ``topper.games.slap.pad``; Tripp Jokes, Tricky Dick, Crazy Job and Guess
My Card each have a subclass of ``TurnReferee`` here (``topper.turn_<game>``). The
shells never talk to an engine directly, only to this interface:

- the firmware hands it button presses (``button``), cards read by the pad (``card``)
  and ticks, and draws ``view`` with ``topper_view.turns``;
- the simulator hands it whole actions (``act``), chosen by a human from
  ``choices(seat)`` or by a bot from ``bot(seat, seed)``, and draws the same view.

Every call takes the ``t_ms`` stamp of what happened and returns a list of rulings:
the engine's events and the clock's, each a dict with ``"r"`` (the kind) and ``"t"``.
A refused action or press is a ruling ``{"r": "error", "why": ...}`` and changes
nothing: a bad press never ends a game. The clock runs for the seat the engine says is
on turn and moves when the engine's turn moves, so the seat button needs no special
meaning for the clock in a game the device can follow card by card.

Each game's module ``topper.turn_<game>`` (named in ``topper.games``, which also
holds its players and options for the menus) has ``make(seats, entry, seed, control,
options)``, a referee not yet started (``entry`` a ``gamekit.Entry``, ``control`` a
``clock.TimeControl`` or None, ``options`` as ``games.options`` fills them in), and
``restore(saved, now)``, the referee that ``save(t_ms)`` saved, in the same state,
its clock going on from ``now``: every referee (``topper.games.slap.pad``,
``topper.games.slap.blind`` too) saves and restores with these two.

Secrets (a Guess My Card secret, a stored Crazy Job rule) never reach ``view``,
``message`` or a ruling before their reveal; ``choices(seat)`` shows that one seat its
own cards and is for a simulator player's eyes only.
"""

from topper import clock as clocks
from topper import inputs
from topper.clock import ChessClock
from topper.gamekit import ENTRY_NAMES, Entry, RuleError, seat_name
from topper.referee import Referee

# A button press reaches a turn referee as the kind the driver reported (topper.inputs:
# SHORT, LONG, TABLE, CHORD); the table button's long press is the shell's (END GAME?).

LINES = 4  # game lines a view carries for the screen (21 columns each)

# What a flag does, as the table chose it (the menu's "On flag", cfg["flag"];
# docs/rules/clock.md): it is only shown; the seat plays on with PENALTY_MS more, a
# penalty counted against it; or the seat loses and the game ends there.
FLAG_SHOW = 0
FLAG_PENALTY = 1
FLAG_LOSE = 2
FLAG_NAMES = ("show", "penalty", "lose")
PENALTY_MS = 60000


def make_with(referee, cfg, seed, salt_key=None):
    """A turn game's referee for the menu's settings ``cfg``, not started: its
    module's ``referee(seats, entry, seed, control, options[, salt_key])`` with the
    pad's cards when it is on, else the buttons (the uniform ``make`` of
    topper.referee)."""
    control = None
    if cfg.get("control") is not None:
        control = clocks.from_list(cfg["control"])
    entry = Entry.PAD if cfg["cardpad"] else Entry.BUTTONS
    if salt_key is None:
        ref = referee(cfg["seats"], entry, seed, control, cfg["options"])
    else:
        ref = referee(cfg["seats"], entry, seed, control, cfg["options"], salt_key)
    ref.on_flag = flag_of(cfg.get("flag"))
    return ref


def from_header(module, h):
    """The referee of turn game ``module`` that a log's header describes (``header``),
    not started: a replay's (topper.replay); ValueError in words."""
    from topper import games

    game = h["game"]
    low, high = games.find(game).players
    seats = h.get("seats")
    if not isinstance(seats, int) or isinstance(seats, bool) or not low <= seats <= high:
        raise ValueError("%s is for %d to %d players, not %r" % (game, low, high, seats))
    if h.get("entry") not in ENTRY_NAMES:
        raise ValueError("unknown entry %r" % (h.get("entry"),))
    options = games.options(game, h.get("options") or {})
    c = h.get("clock")
    control = None
    on_flag = FLAG_SHOW
    if c is not None:
        try:
            control = clocks.from_header(c)
            on_flag = flag_of(c.get("flag"))
        except (KeyError, TypeError, ValueError, AttributeError) as e:
            raise ValueError("bad clock %r: %s" % (c, e))
    ref = module.referee(seats, ENTRY_NAMES.index(h["entry"]), h.get("seed", 0), control, options)
    ref.on_flag = on_flag
    return ref


def flag_of(name):
    """FLAG_SHOW, FLAG_PENALTY or FLAG_LOSE from a setting (its name or number; None:
    show); ValueError for anything else."""
    if name is None:
        return FLAG_SHOW
    if name in FLAG_NAMES:
        return FLAG_NAMES.index(name)
    if isinstance(name, int) and 0 <= name < len(FLAG_NAMES):
        return name
    raise ValueError("on a flag: show, penalty or lose, not %r" % (name,))


_TAKES = 0
for _k in (inputs.SHORT, inputs.LONG, inputs.TABLE, inputs.CHORD, inputs.CARD, inputs.TICK, inputs.PAUSE,
           inputs.RESUME):
    _TAKES |= 1 << _k


class TurnReferee(Referee):
    GAME = ""  # the game's key in menus, logs and the serial protocol
    TAKES = _TAKES
    HOLDS = True

    def __init__(self, seats, entry, seed=0, control=None):
        self.seats = seats
        self.entry = entry
        self.seed = seed
        self.clock = ChessClock(seats, control) if control is not None else None
        self.message = ""
        self.started = False
        self._clock_seat = -1  # the seat the clock was told is on turn
        self.on_flag = FLAG_SHOW  # what a flag does (FLAG_NAMES)
        self.lost = -1  # the seat that lost on time (FLAG_LOSE): the game is over

    # ----- what a game's subclass provides -------------------------------------------

    def _begin(self):
        """Deal (from ``self.seed``) and return the engine's opening events."""
        raise NotImplementedError

    def _turn(self):
        """The seat whose clock runs now, or -1 (the table is asked, or it is over)."""
        raise NotImplementedError

    def _next(self):
        """The seat on turn after this one, for the ring, or -1."""
        return -1

    def _apply(self, action):
        """Apply one engine action; returns its events or raises RuleError."""
        raise NotImplementedError

    def is_over(self):
        raise NotImplementedError

    def winners(self):
        """Seats that won (a list; empty for a draw or a stopped game)."""
        return []

    def out(self):
        """A list of bools: the seat has finished or left and is skipped."""
        return [False] * self.seats

    def scores(self):
        """Totals per seat (list of ints), or None for a game without points."""
        return None

    def focus(self):
        """A seat the ring lights steady beside the turn (the rule owner, the seat
        asked), or -1."""
        return -1

    def lines(self):
        """Up to LINES short lines of public state for the screen."""
        return []

    def hint(self):
        """What the device waits for, in words ("P2: play, then your button")."""
        return ""

    def choices(self, seat):
        """What ``seat`` may do now, as [(label, action)]: the simulator's menu."""
        return []

    def bot(self, seat, seed):
        """A bot for ``seat``: an object whose ``choose(referee)`` returns an action."""
        raise NotImplementedError

    def button(self, press, seat, t_ms):
        """A button on the device (``press`` one of ``topper.inputs``' SHORT, LONG, TABLE,
        CHORD; ``seat`` -1 for TABLE). The default: presses mean nothing in this game."""
        return [self._error("no use for that button now", t_ms)]

    def card(self, code, t_ms):
        """A card the pad read (a card code of the game's deck)."""
        return [self._error("no card is expected now", t_ms)]

    def public_card(self, code):
        """The name of a card the pad read, for the event log, when this game lays every
        card the pad reads face up for the whole table to see; None when a read may
        be a secret (a Guess My Card secret, a card judged by a sealed rule): such a
        read is logged without its card (docs/event-log.md). The default: None."""
        return None

    def secret_input(self):
        """True while a seat enters a secret with the buttons (a stored Crazy Job
        rule): the presses would spell it, so the shell logs none of them."""
        return False

    def to_dict(self):
        """The game as JSON-able data, without its clock (``save`` adds it): what the
        game's module ``restore`` rebuilds it from."""
        raise NotImplementedError

    # ----- the shell's calls ---------------------------------------------------------

    def start(self, t_ms, seat=-1):
        """The game begins (its engine knows who begins: ``seat`` is not needed)."""
        if self.started:
            return [self._error("the game has started already", t_ms)]
        self.started = True
        out = self._stamp(self._begin(), t_ms)
        seat = self._turn()
        if self.clock is not None and seat >= 0:
            out.extend(self._clock_rulings(self.clock.start(seat, t_ms)))
            self._clock_seat = seat
        return self._settled(out, t_ms)

    def act(self, action, t_ms):
        """One whole engine action (the simulator, a bot, a judged pad play)."""
        if self.over():
            return [self._error("the game is over", t_ms)]
        try:
            events = self._apply(action)
        except RuleError as e:
            return [self._error(str(e), t_ms)]
        return self._settled(self._stamp(events, t_ms), t_ms)

    def take(self, kind, seat, t_ms, us=0, card=None):
        """One input event (``topper.inputs``): a seat's short or long press, the
        table button, a chord, a card the pad read, the clock. A plain press-down
        means nothing to a turn game (it waits for the short or long press), and the
        table button's long press is the shell's (END GAME?, which pauses the clock)."""
        if kind == inputs.TICK:
            return self.tick(t_ms)
        if kind == inputs.PAUSE:
            return self.pause(t_ms)
        if kind == inputs.RESUME:
            return self.resume(t_ms)
        if self.lost >= 0:
            return [self._error("the game is over: %s lost on time" % seat_name(self.lost), t_ms)]
        if kind == inputs.CARD:
            return self.card(card, t_ms)
        if kind not in inputs.BUTTONS:
            return [self._error(inputs.no_use(kind), t_ms)]
        return self.button(kind, seat, t_ms)

    def tick(self, t_ms):
        if self.clock is None or not self.started:
            return []
        return self._clock_rulings(self.clock.tick(t_ms))

    def pause(self, t_ms):
        if self.clock is None:
            return []
        return self._clock_rulings(self.clock.pause(t_ms))

    def resume(self, t_ms):
        if self.clock is None:
            return []
        return self._clock_rulings(self.clock.resume(t_ms))

    def over(self):
        """The game is over: its engine says so, or a seat lost on time."""
        return self.lost >= 0 or self.is_over()

    def final(self):
        """The winners at the end: the engine's, or after a loss on time the seats
        still in other than the loser (with points, the best of them; docs/rules/clock.md)."""
        if self.lost < 0:
            return self.winners()
        gone = self.out()
        left = [s for s in range(self.seats) if s != self.lost and not gone[s]]
        named = [s for s in self.winners() if s != self.lost]
        if named:
            return named
        scores = self.scores()
        if scores is not None and left:
            best = max([scores[s] for s in left])
            return [s for s in left if scores[s] == best]
        return left

    def view(self, t_ms):
        """What a screen and the ring show now: plain ints, strings, lists, None."""
        over = self.over()
        return {
            "game": self.GAME,
            "seats": self.seats,
            "entry": ENTRY_NAMES[self.entry],
            "turn": -1 if over else self._turn(),
            "next": -1 if over else self._next(),
            "focus": -1 if over else self.focus(),
            "out": self.out(),
            "over": over,
            "winners": self.final() if over else [],
            "scores": self.scores(),
            "clock": self.clock.view(t_ms) if self.clock is not None else None,
            "lines": self.lines()[:LINES],
            "message": self.message,
            "hint": "" if over else self.hint(),
        }

    def logged(self, kind, seat, us, card):
        """The turn games' log names a button by its press (short, long, table,
        chord), a card only where the game lays it face up for all (``public_card``),
        and nothing of a secret being entered (docs/event-log.md)."""
        if self.secret_input():
            return None
        if kind in inputs.BUTTONS:
            return "button", {"press": inputs.NAMES[kind], "seat": seat}
        if kind == inputs.CARD:
            name = self.public_card(card)
            return "card", ({} if name is None else {"card": name})
        return inputs.NAMES[kind], {}

    def header(self, cfg):
        """The log's header (docs/event-log.md, version 2): the seed is public (the
        start press's stamp, or the host's); the seals' key is not in it."""
        head = Referee.header(self, cfg)
        head["entry"] = ENTRY_NAMES[self.entry]
        head["options"] = cfg["options"]
        clock = None
        if cfg.get("control") is not None:
            clock = clocks.from_list(cfg["control"]).to_header()
            if self.on_flag != FLAG_SHOW:
                clock["flag"] = FLAG_NAMES[self.on_flag]
        head["clock"] = clock
        return head

    def on_turn(self):
        """The seat on turn as ``view`` gives it (-1 once the game is over), without
        the rest of the view."""
        return -1 if self.over() else self._turn()

    def save(self, t_ms):
        """Everything a power cut must not lose, JSON-able: the game (``to_dict``) and
        its clock at ``t_ms``. The game's module ``restore(saved, now)`` gives it back."""
        saved = self.to_dict()
        saved["clock"] = None
        if self.clock is not None:
            saved["clock"] = {"clock": self.clock.save(t_ms), "seat": self._clock_seat}
            if self.on_flag != FLAG_SHOW or self.lost >= 0:
                saved["clock"]["flag"] = self.on_flag
                saved["clock"]["lost"] = self.lost
        return saved

    def restore_clock(self, state, t_ms):
        """Put back the clock ``save`` saved (None: no clock), going on from ``t_ms``;
        each game's ``restore`` ends with it."""
        if state is None:
            self.clock = None
            self._clock_seat = -1
            return
        self.clock = clocks.restore(self.seats, state["clock"], t_ms)
        self._clock_seat = state["seat"]
        # (a save from before the table chose what a flag does: only shown)
        self.on_flag = flag_of(state.get("flag"))
        self.lost = state.get("lost", -1)

    # ----- shared by the subclasses --------------------------------------------------

    def _error(self, why, t_ms):
        self.message = why
        return {"r": "error", "t": t_ms, "why": why}

    def _stamp(self, events, t_ms):
        for e in events:
            e["t"] = t_ms
        return events

    def _settled(self, out, t_ms):
        """After the engine moved: the clock follows its turn, the message its news."""
        if self.clock is not None and self.clock.started and not self.clock.over:
            gone = self.out()
            for s in range(self.seats):
                if gone[s] and self.clock.active[s]:
                    out.extend(self._flagged(self.clock.remove(s, t_ms)))
            if self.over():
                out.extend(self._flagged(self.clock.stop(t_ms)))
            else:
                seat = self._turn()
                if seat >= 0 and seat != self._clock_seat and self.clock.active[seat]:
                    out.extend(self._pass_clock(seat, t_ms))
        for e in out:
            text = self.describe(e)
            if text:
                self.message = text
        return out

    def _pass_clock(self, seat, t_ms):
        """The engine's turn moved to ``seat``: end the clock's turn there."""
        c = self.clock
        if c.paused:
            c.resume(t_ms)
        c.set_next(seat)
        # A seat removed while on turn has passed the clock on already: no press, or
        # the seat now on turn would lose a move (and its increment) at once.
        if c.on_turn < 0 or c.on_turn == seat or not c.active[c.on_turn]:
            self._clock_seat = seat
            return []
        events = c.press(c.on_turn, t_ms)
        self._clock_seat = seat
        return self._clock_rulings(events)

    def _clock_rulings(self, events):
        # The clock's own "turn"/"start" events repeat what the engine said; the log
        # keeps the ones a player notices: flags and what they cost, byo-yomi's periods,
        # a new stage, pauses, the stop.
        kept = []
        for e in events:
            if e["r"] in ("flag", "period", "stage", "pause", "resume", "stop"):
                kept.append(e)
        return self._flagged(kept)

    def _flagged(self, events):
        """The table's answer to each flag among ``events`` (``on_flag``) added after
        it: a penalty, or the loss and the end of the game. Sets the message."""
        out = []
        for e in events:
            out.append(e)
            if e["r"] != "flag" or self.lost >= 0:
                continue
            seat = e["seat"]
            if self.on_flag == FLAG_PENALTY:
                n = self.clock.penalize(seat, PENALTY_MS)
                out.append({"r": "penalty", "t": e["t"], "seat": seat, "n": n, "add": PENALTY_MS})
            elif self.on_flag == FLAG_LOSE:
                self.lost = seat
                self.clock.stop(self.clock.now)
                out.append({"r": "timeloss", "t": e["t"], "seat": seat, "winners": self.final()})
        for e in out:
            text = self.clock_words(e)
            if text:
                self.message = text
        return out

    def clock_words(self, ruling):
        """A clock's ruling in words (the message line, the commentary), or ""."""
        r = ruling["r"]
        if r == "flag":
            return "%s out of time" % seat_name(ruling["seat"])
        if r == "penalty":
            return "%s penalty %d: +%s" % (seat_name(ruling["seat"]), ruling["n"], _secs(ruling["add"]))
        if r == "timeloss":
            won = " ".join([seat_name(s) for s in ruling["winners"]])
            if not won:
                return "%s loses on time" % seat_name(ruling["seat"])
            verb = " wins" if len(ruling["winners"]) == 1 else " win"
            return "%s loses on time, %s%s" % (seat_name(ruling["seat"]), won, verb)
        if r == "period":
            who = seat_name(ruling["seat"])
            if "moves" in ruling:
                return "%s: %d moves in %s" % (who, ruling["moves"], _secs(ruling["ms"]))
            n = ruling["left"]
            return "%s byo-yomi: %d left" % (who, n)
        if r == "stage":
            return "%s stage %d: +%s" % (seat_name(ruling["seat"]), ruling["stage"] + 1, _secs(ruling["add"]))
        return ""

    def words(self, ruling):
        """A ruling in words for the commentary: the clock's, else the game's."""
        return self.clock_words(ruling) or self.describe(ruling)

    def describe(self, ruling):
        """A ruling in words for the screen's message line, or "" to keep the last."""
        return ""


def _secs(ms):
    """'60s', '5:00'."""
    s = (ms + 999) // 1000
    if s < 60:
        return "%ds" % s
    return "%d:%02d" % (s // 60, s % 60)
