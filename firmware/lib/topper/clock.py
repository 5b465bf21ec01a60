"""A chess clock for any turn-based game at the table (docs/clock.md).

One file though over 400 lines: the five time controls are one bank
arithmetic (``_settle``, ``_share``, ``_bonus``) that every event goes through, and the
clock's save and ``restore`` have to change with it.

Each seat has a time bank; the seat on turn spends it and ends its turn with its seat
button, which the shell reports as ``press(seat, t_ms)``. The game, not the clock,
knows the turn order (Tripp Jokes lets a player play again, a finished player is
skipped), so it names the seat that follows with ``set_next(seat)``; by default the
turn passes clockwise (seat + 1) to the next seat still in.

Time is only ever the ``t_ms`` stamps handed in, compared with ``topper.ticks`` so the
clock keeps working across the 2**29 ms wrap. Every call returns a list of events
(dicts with ``"r"`` the kind and ``"t"`` the stamp, like the referee's rulings).

Banks are settled only at events (a press, a pause, a flag, a seat leaving), never at
``tick``: the running turn is derived from the stamp it started at, so the figures do
not depend on how often the shell polls.
"""

from topper.ticks import ticks_add, ticks_diff, ticks_less


class Control:
    PER_MOVE = 0  # a fresh limit for every move; nothing carries over
    FISCHER = 1  # one bank per seat; the increment is added after each move
    BRONSTEIN = 2  # one bank; after each move the time used, up to the delay, comes back
    SUDDEN_DEATH = 3  # one bank per seat for the whole game
    HOURGLASS = 4  # time the mover spends is shared out equally to the other seats
    DELAY = 5  # simple (US) delay: each move's first extra_ms cost nothing
    BYOYOMI = 6  # Japanese byo-yomi: main time, then periods of extra_ms, one used up each time one runs out
    CANADIAN = 7  # Canadian byo-yomi: main time, then extra_ms for every `moves` moves


CONTROL_NAMES = (
    "per-move", "fischer", "bronstein", "sudden-death", "hourglass", "delay", "byo-yomi", "canadian",
)
# Controls that may have further stages (time added after a number of moves, or when the
# bank runs out).
STAGED = (Control.FISCHER, Control.BRONSTEIN, Control.SUDDEN_DEATH, Control.DELAY)

# Longest bank a control may start with. A running turn is measured with ticks_diff,
# which is exact up to 2**28 ms; the hourglass can gather every seat's time into one
# bank, so 8 seats of this much still fit.
MAX_BASE_MS = (1 << 28) // 8


class ClockError(ValueError):
    """A call the clock cannot make sense of (bad seat, bad time control)."""


class TimeControl:
    """What a seat gets: ``base_ms`` (bank, or the per-move limit, or the main time) and
    ``extra_ms`` (Fischer increment, Bronstein or simple delay, the byo-yomi period; 0
    otherwise). ``periods``: Japanese byo-yomi's number of periods; ``moves``: Canadian
    byo-yomi's moves a period. ``stages``: further stages ``(after, add_ms, extra_ms)``,
    each begun once the seat has made ``after`` moves in the stage before (``after`` 0:
    once that stage's bank runs out), adding ``add_ms`` and making ``extra_ms`` the
    increment or delay from then on. ``seat_ms``: a handicap, each seat's own
    ``base_ms`` (a list, one a seat), or None."""

    def __init__(self, kind, base_ms, extra_ms=0, periods=0, moves=0, stages=(), seat_ms=None):
        if not isinstance(kind, int) or kind < 0 or kind >= len(CONTROL_NAMES):
            raise ClockError("unknown time control %r" % (kind,))
        _check_ms(base_ms, "time")
        if not isinstance(extra_ms, int) or extra_ms < 0 or extra_ms > MAX_BASE_MS:
            raise ClockError("increment or delay must be 0..%d ms" % MAX_BASE_MS)
        if kind in (Control.BYOYOMI, Control.CANADIAN) and extra_ms <= 0:
            raise ClockError("%s needs a period of 1 ms or more" % CONTROL_NAMES[kind])
        if kind == Control.BYOYOMI:
            if not isinstance(periods, int) or periods < 1 or periods > 99:
                raise ClockError("byo-yomi takes 1..99 periods, not %r" % (periods,))
        elif periods:
            raise ClockError("only byo-yomi has periods")
        if kind == Control.CANADIAN:
            if not isinstance(moves, int) or moves < 1 or moves > 999:
                raise ClockError("canadian takes 1..999 moves a period, not %r" % (moves,))
        elif moves:
            raise ClockError("only canadian has moves a period")
        staged = []
        for st in stages or ():
            if kind not in STAGED:
                raise ClockError("%s takes no further stages" % CONTROL_NAMES[kind])
            try:
                after, add, extra = st
            except (TypeError, ValueError):
                raise ClockError("a stage is (after moves, add_ms, extra_ms), not %r" % (st,))
            if not isinstance(after, int) or after < 0 or after > 999:
                raise ClockError("a stage begins after 0..999 moves, not %r" % (after,))
            _check_ms(add, "a stage's time")
            if not isinstance(extra, int) or extra < 0 or extra > MAX_BASE_MS:
                raise ClockError("a stage's increment or delay must be 0..%d ms" % MAX_BASE_MS)
            staged.append((after, add, extra))
        if len(staged) > 8:
            raise ClockError("at most 8 further stages")
        if seat_ms is not None:
            if not isinstance(seat_ms, (list, tuple)) or not 2 <= len(seat_ms) <= 8:
                raise ClockError("a handicap is one time a seat, not %r" % (seat_ms,))
            for ms in seat_ms:
                _check_ms(ms, "a seat's time")
            seat_ms = list(seat_ms)
        self.kind = kind
        self.base_ms = base_ms
        self.extra_ms = extra_ms
        self.periods = periods
        self.moves = moves
        self.stages = tuple(staged)
        self.seat_ms = seat_ms

    def name(self):
        return CONTROL_NAMES[self.kind]

    def base(self, seat):
        """The time ``seat`` starts with (its handicap, else ``base_ms``)."""
        return self.base_ms if self.seat_ms is None else self.seat_ms[seat]

    def extra(self, stage):
        """The increment or delay in ``stage`` (0 the first)."""
        if stage == 0 or not self.stages:  # (byo-yomi's stage 1 is its periods)
            return self.extra_ms
        return self.stages[stage - 1][2]

    def to_list(self):
        """``[kind, base_ms, extra_ms]``, followed by ``periods, moves, stages, seat_ms``
        only when one of them is set (the menu's settings, the saves)."""
        out = [self.kind, self.base_ms, self.extra_ms]
        if self.periods or self.moves or self.stages or self.seat_ms is not None:
            out.extend([self.periods, self.moves, [list(st) for st in self.stages], self.seat_ms])
        return out

    def to_header(self):
        """The log header's clock (docs/event-log.md): the old three keys, the others
        only when set."""
        out = {"control": self.name(), "base_ms": self.base_ms, "extra_ms": self.extra_ms}
        if self.periods:
            out["periods"] = self.periods
        if self.moves:
            out["moves"] = self.moves
        if self.stages:
            out["stages"] = [list(st) for st in self.stages]
        if self.seat_ms is not None:
            out["seat_ms"] = list(self.seat_ms)
        return out


def _check_ms(ms, what):
    if not isinstance(ms, int) or ms <= 0 or ms > MAX_BASE_MS:
        raise ClockError("%s must be 1..%d ms, not %r" % (what, MAX_BASE_MS, ms))


def from_list(c):
    """The TimeControl of ``to_list`` (or of the older ``[kind, base_ms, extra_ms]``)."""
    if not isinstance(c, (list, tuple)) or len(c) not in (3, 7):
        raise ClockError("a control is [kind, base_ms, extra_ms, ...], not %r" % (c,))
    if len(c) == 3:
        return TimeControl(c[0], c[1], c[2])
    return TimeControl(c[0], c[1], c[2], c[3], c[4], c[5], c[6])


def from_header(h):
    """The TimeControl of a log header's clock (``to_header``)."""
    try:
        kind = CONTROL_NAMES.index(h["control"])
        return TimeControl(
            kind, h["base_ms"], h.get("extra_ms", 0), h.get("periods", 0), h.get("moves", 0),
            h.get("stages") or (), h.get("seat_ms"),
        )
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        raise ClockError("bad clock %r: %s" % (h, e))


def per_move(limit_ms):
    return TimeControl(Control.PER_MOVE, limit_ms)


def fischer(base_ms, increment_ms):
    return TimeControl(Control.FISCHER, base_ms, increment_ms)


def bronstein(base_ms, delay_ms):
    return TimeControl(Control.BRONSTEIN, base_ms, delay_ms)


def sudden_death(base_ms):
    return TimeControl(Control.SUDDEN_DEATH, base_ms)


def hourglass(base_ms):
    return TimeControl(Control.HOURGLASS, base_ms)


def delay(base_ms, delay_ms):
    """Simple (US) delay: each move's first ``delay_ms`` are free; the bank runs after."""
    return TimeControl(Control.DELAY, base_ms, delay_ms)


def byoyomi(main_ms, period_ms, periods):
    """Japanese byo-yomi: ``main_ms``, then ``periods`` periods of ``period_ms``; a move
    made within a period keeps it, a period that runs out is used up."""
    return TimeControl(Control.BYOYOMI, main_ms, period_ms, periods=periods)


def canadian(main_ms, period_ms, moves):
    """Canadian byo-yomi: ``main_ms``, then ``period_ms`` for every ``moves`` moves."""
    return TimeControl(Control.CANADIAN, main_ms, period_ms, moves=moves)


class ChessClock:
    def __init__(self, seats, control):
        if not isinstance(seats, int) or seats < 2 or seats > 8:
            raise ClockError("2 to 8 seats, not %r" % (seats,))
        if not isinstance(control, TimeControl):
            raise ClockError("control must be a TimeControl (per_move(), fischer(), ...)")
        if control.seat_ms is not None and len(control.seat_ms) != seats:
            raise ClockError("a handicap of %d seats for %d seats" % (len(control.seat_ms), seats))
        self.seats = seats
        self.control = control
        # settled ms left (PER_MOVE: of this move; byo-yomi in its periods: of the period)
        self.bank = [control.base(s) for s in range(seats)]
        self.stage = [0] * seats  # 0 the main time; byo-yomi: 1 in the periods; else the stage
        # byo-yomi: periods left; canadian: moves left in the period; staged: moves in the stage
        self.count = [0] * seats
        self.penalties = [0] * seats  # flags the table's "penalty" answered with more time
        self.active = [True] * seats  # False once the game takes a seat out
        self.flagged = [False] * seats  # out of time (PER_MOVE: in the current move)
        self.flags = [0] * seats  # times each seat ran out
        self.moves = [0] * seats  # turns each seat has ended
        self.on_turn = -1
        self.next = -1
        self.started = False
        self.paused = False
        self.over = False
        self.now = 0  # latest stamp seen: stamps never run backwards in here
        self.seg_start = 0  # stamp the running stretch of this move began
        self.move_ms = 0  # running time of this move settled before seg_start

    # -- the calls the shell and the game make ------------------------------------

    def start(self, seat, t_ms):
        """Start the clock with ``seat`` on turn."""
        self._check_seat(seat)
        if self.started:
            raise ClockError("the clock has already started")
        self.started = True
        self.now = t_ms
        self._begin_turn(seat, t_ms)
        return [{"r": "start", "t": t_ms, "seat": seat, "next": self.next}]

    def press(self, seat, t_ms):
        """A seat button: the seat on turn ends its turn; any other press is ignored."""
        self._check_seat(seat)
        t = self._stamp(t_ms)
        events = self._catch_up(t)
        why = self._why_not_running()
        if why is None and seat != self.on_turn:
            why = "not on turn"
        if why is not None:
            events.append({"r": "ignored", "t": t, "seat": seat, "why": why})
            return events
        self._settle(t)
        spent = self.move_ms
        bonus = self._bonus(seat)
        self.bank[seat] += bonus
        self.moves[seat] += 1
        if self.control.kind == Control.PER_MOVE:
            # The limit is per move: the next move starts fresh and unflagged.
            self.bank[seat] = self.control.base(seat)
            self.flagged[seat] = False
        more = self._moved(seat, t)
        to = self.next
        self._begin_turn(to, t)
        events.append({"r": "turn", "t": t, "seat": seat, "to": to, "spent": spent, "bonus": bonus})
        if more is not None:
            events.append(more)
        return events

    def penalize(self, seat, add_ms):
        """The table's answer to a flag: ``seat`` plays on with ``add_ms`` more, counted
        as a penalty. The added time runs from the moment the flag fell."""
        self._check_seat(seat)
        if not self.flagged[seat]:
            return 0
        self.flagged[seat] = False
        self.bank[seat] += add_ms
        self.penalties[seat] += 1
        return self.penalties[seat]

    def set_next(self, seat):
        """The game says who is on turn after the current turn ends."""
        self._check_seat(seat)
        if not self.active[seat]:
            raise ClockError("P%d is out of the game" % (seat + 1))
        self.next = seat

    def tick(self, t_ms):
        """Time passes: returns a ``flag`` event when the seat on turn runs out. A tick
        that flags nobody leaves no trace: a shell logs only the ticks that ruled, so a
        press stamped before a silent tick must count at its own stamp, live as in the
        replay of the log."""
        t = self._stamp_peek(t_ms)
        events = self._catch_up(t)
        if events:
            self.now = t
        return events

    def pause(self, t_ms):
        t = self._stamp(t_ms)
        events = self._catch_up(t)
        why = self._why_not_running()
        if why is not None:
            events.append({"r": "ignored", "t": t, "seat": -1, "why": why})
            return events
        self._settle(t)
        self.paused = True
        events.append({"r": "pause", "t": t})
        return events

    def resume(self, t_ms):
        t = self._stamp(t_ms)
        if not self.paused or self.over:
            return [{"r": "ignored", "t": t, "seat": -1, "why": "not paused"}]
        self.paused = False
        self.seg_start = t
        return [{"r": "resume", "t": t}]

    def remove(self, seat, t_ms):
        """Take a seat out (it finished, or left): it is skipped and gets no share.

        If it was on turn, the turn passes as if it had pressed (with no bonus)."""
        self._check_seat(seat)
        t = self._stamp(t_ms)
        events = self._catch_up(t)
        if not self.active[seat]:
            return events
        if self._running():
            # Settle under the old seating: the time run so far is shared (hourglass)
            # among the seats that were in while it ran.
            self._settle(t)
        self.active[seat] = False
        if self.started and not self.over:
            if self._active_count() == 0:
                self.over = True
                self.on_turn = -1
                self.next = -1
            elif seat == self.on_turn:
                to = self.next if self.next != seat else self._after(seat)
                self._begin_turn(to, t)
            elif self.next == seat:
                self.next = self._after(self.on_turn)
        events.append({"r": "out", "t": t, "seat": seat, "to": self.on_turn})
        return events

    def rejoin(self, seat, on_turn, t_ms):
        """Undo ``remove``: the seat was taken out by mistake and comes back with the
        bank it had. ``on_turn`` is the seat on turn from ``t_ms``: the one running
        (then nobody's move ends), or another (its move starts now, with no bonus for
        the seat that was running). A clock the game's end stopped runs again."""
        self._check_seat(seat)
        self._check_seat(on_turn)
        t = self._stamp(t_ms)
        events = self._catch_up(t)
        if self.active[seat]:
            return events
        if self._running():
            self._settle(t)  # the time so far is shared under the old seating (hourglass)
        self.active[seat] = True
        if self.started:
            if self.over or on_turn != self.on_turn:
                self.over = False
                self._begin_turn(on_turn, t)
            else:
                self.next = self._after(on_turn)
        events.append({"r": "rejoin", "t": t, "seat": seat, "to": self.on_turn})
        return events

    def stop(self, t_ms):
        """The game is over: settle and freeze every bank."""
        t = self._stamp(t_ms)
        events = self._catch_up(t)
        if self.started and not self.over:
            if not self.paused:
                self._settle(t)
            self.over = True
            events.append({"r": "stop", "t": t})
        return events

    def view(self, t_ms):
        """What a screen shows now; changes nothing."""
        t = self._stamp_peek(t_ms)
        if self._running() and not self.flagged[self.on_turn]:
            elapsed = self._elapsed(t)
            due = self.bank[self.on_turn] + self._free(self.on_turn)
            if elapsed >= due and self._spendable(self.on_turn, elapsed) > 0:
                # A period or stage began (or a flag fell) since the last call: show it
                # as a tick would make it, on a copy.
                c = restore(self.seats, self.save(t), t)
                c._catch_up(t)
                return c.view(t)
        remaining = self.bank[:]
        flagged = self.flagged[:]
        move_ms = self.move_ms
        if self._running():
            elapsed = self._elapsed(t)
            mover = self.on_turn
            spent = self._spendable(mover, elapsed)
            remaining[mover] -= spent
            self._share(remaining, mover, spent)
            move_ms += elapsed
            if remaining[mover] == 0 and spent > 0:
                flagged[mover] = True
        return {
            "control": self.control.name(),
            "seats": self.seats,
            "remaining": remaining,
            "on_turn": self.on_turn,
            "next": self.next,
            "flagged": flagged,
            "flags": self.flags[:],
            "stage": self.stage[:],
            "count": self.count[:],
            "penalties": self.penalties[:],
            "active": self.active[:],
            "move_ms": move_ms,
            "paused": self.paused,
            "over": self.over,
        }

    def save(self, t_ms):
        """The clock as plain data for a power-cut save. The running move is kept as the
        time spent on it so far (not as a stamp: the ticks start again after a reset),
        so the time the device is off is charged to nobody."""
        t = self._stamp_peek(t_ms)
        return {
            "ctl": self.control.to_list(),
            "bank": self.bank[:],
            "active": self.active[:],
            "flagged": self.flagged[:],
            "flags": self.flags[:],
            "moves": self.moves[:],
            "stage": self.stage[:],
            "count": self.count[:],
            "pen": self.penalties[:],
            "on": self.on_turn,
            "next": self.next,
            "state": [self.started, self.paused, self.over],
            "move": self.move_ms,
            "run": self._elapsed(t) if self._running() else 0,
        }

    # -- inside ---------------------------------------------------------------------

    def _check_seat(self, seat):
        if not isinstance(seat, int) or seat < 0 or seat >= self.seats:
            raise ClockError("no seat %r (seats 0..%d)" % (seat, self.seats - 1))

    def _stamp(self, t_ms):
        # A late-delivered stamp never moves time backwards: it counts as "now".
        t = self._stamp_peek(t_ms)
        self.now = t
        return t

    def _stamp_peek(self, t_ms):
        if not isinstance(t_ms, int):
            raise ClockError("t_ms must be an int, not %r" % (t_ms,))
        if self.started and ticks_less(t_ms, self.now):
            return self.now
        return t_ms

    def _why_not_running(self):
        if not self.started:
            return "not started"
        if self.over:
            return "over"
        if self.paused:
            return "paused"
        return None

    def _running(self):
        return self.started and not self.paused and not self.over

    def _elapsed(self, t):
        return max(0, ticks_diff(t, self.seg_start))

    def _active_count(self):
        n = 0
        for a in self.active:
            if a:
                n += 1
        return n

    def _after(self, seat):
        """The next seat clockwise from ``seat`` that is still in (``seat`` if alone)."""
        for step in range(1, self.seats + 1):
            s = (seat + step) % self.seats
            if self.active[s]:
                return s
        return -1

    def _begin_turn(self, seat, t):
        self.on_turn = seat
        self.next = self._after(seat)
        self.seg_start = t
        self.move_ms = 0

    def _receivers(self, mover):
        """Hourglass: seats that get a share of the mover's time, clockwise from the
        mover's left (that order decides who gets the odd milliseconds)."""
        out = []
        for step in range(1, self.seats):
            s = (mover + step) % self.seats
            if self.active[s] and not self.flagged[s]:
                out.append(s)
        return out

    def _spendable(self, mover, elapsed):
        """How much of ``elapsed`` comes off the mover's bank: never more than it has.
        In an hourglass with nobody to receive it the sand has nowhere to go, so the
        mover's time stands still."""
        if self.control.kind == Control.HOURGLASS and not self._receivers(mover):
            return 0
        return min(max(0, elapsed - self._free(mover)), self.bank[mover])

    def _free(self, seat):
        """Simple delay: what is left of this move's free time (0 for the others)."""
        if self.control.kind != Control.DELAY:
            return 0
        return max(0, self.control.extra(self.stage[seat]) - self.move_ms)

    def _share(self, banks, mover, spent):
        """Hourglass: give ``spent`` ms out equally to the receivers; the remainder
        goes 1 ms each to the first receivers clockwise from the mover, so the sum of
        all banks never changes."""
        if self.control.kind != Control.HOURGLASS or spent <= 0:
            return
        receivers = self._receivers(mover)
        each = spent // len(receivers)
        odd = spent % len(receivers)
        for i in range(len(receivers)):
            banks[receivers[i]] += each + (1 if i < odd else 0)

    def _settle(self, t):
        """Charge the running stretch up to ``t`` to the mover (and share it out)."""
        elapsed = self._elapsed(t)
        mover = self.on_turn
        spent = self._spendable(mover, elapsed)
        self.bank[mover] -= spent
        self._share(self.bank, mover, spent)
        self.move_ms += elapsed
        self.seg_start = t

    def _catch_up(self, t):
        """Flag the mover if its time ran out at or before ``t``; the flag is stamped
        with the moment it ran out, not with ``t``."""
        events = []
        if not self._running():
            return events
        mover = self.on_turn
        while not self.flagged[mover]:
            elapsed = self._elapsed(t)
            due = self.bank[mover] + self._free(mover)
            if elapsed < due or self._spendable(mover, elapsed) == 0:
                break
            at = ticks_add(self.seg_start, due)
            self._settle(at)
            events.append(self._ran_out(mover, at))
        return events

    def _ran_out(self, seat, at):
        """``seat``'s bank reached 0 at ``at``: byo-yomi's next period, the next stage,
        or a flag."""
        c = self.control
        kind = c.kind
        stage = self.stage[seat]
        if kind == Control.BYOYOMI:
            if stage == 0:
                self.stage[seat] = 1
                self.count[seat] = c.periods
            elif self.count[seat] > 0:
                self.count[seat] -= 1
            if self.count[seat] > 0:
                self.bank[seat] = c.extra_ms
                return {"r": "period", "t": at, "seat": seat, "left": self.count[seat]}
        elif kind == Control.CANADIAN and stage == 0:
            self.stage[seat] = 1
            self.count[seat] = c.moves
            self.bank[seat] = c.extra_ms
            return {"r": "period", "t": at, "seat": seat, "moves": c.moves, "ms": c.extra_ms}
        elif stage < len(c.stages) and c.stages[stage][0] == 0:
            return self._next_stage(seat, at)
        self.flagged[seat] = True
        self.flags[seat] += 1
        return {"r": "flag", "t": at, "seat": seat}

    def _next_stage(self, seat, t):
        stage = self.stage[seat] + 1
        add = self.control.stages[stage - 1][1]
        self.stage[seat] = stage
        self.count[seat] = 0
        self.bank[seat] += add
        return {"r": "stage", "t": t, "seat": seat, "stage": stage, "add": add}

    def _moved(self, seat, t):
        """``seat`` ended a move at ``t``: byo-yomi keeps its period, a Canadian period
        counts the move down, a stage counts it. The event a player notices, or None."""
        if self.flagged[seat]:
            return None
        c = self.control
        kind = c.kind
        stage = self.stage[seat]
        if kind == Control.BYOYOMI:
            if stage == 1:
                self.bank[seat] = c.extra_ms
        elif kind == Control.CANADIAN:
            if stage == 1:
                self.count[seat] -= 1
                if self.count[seat] <= 0:
                    self.count[seat] = c.moves
                    self.bank[seat] = c.extra_ms
                    return {"r": "period", "t": t, "seat": seat, "moves": c.moves, "ms": c.extra_ms}
        elif stage < len(c.stages):
            self.count[seat] += 1
            after = c.stages[stage][0]
            if after > 0 and self.count[seat] >= after:
                return self._next_stage(seat, t)
        return None

    def _bonus(self, seat):
        """Time given back when ``seat`` ends a move; a flagged bank stays at 0."""
        if self.flagged[seat]:
            return 0
        kind = self.control.kind
        extra = self.control.extra(self.stage[seat])
        if kind == Control.FISCHER:
            return extra
        if kind == Control.BRONSTEIN:
            return min(self.move_ms, extra)
        return 0


def restore(seats, saved, t_ms):
    """The clock ``ChessClock.save`` saved, going on from ``t_ms`` (the clock after the
    reset) with the running move's time spent as it was; ClockError for data that is
    not a saved clock of ``seats`` seats."""
    try:
        c = ChessClock(seats, from_list(saved["ctl"]))
        for key in ("bank", "active", "flagged", "flags", "moves", "stage", "count", "pen"):
            v = saved.get(key)
            if v is None and key in ("stage", "count", "pen"):
                continue  # a save from before byo-yomi and stages: all zero
            if len(v) != seats:
                raise ClockError("saved clock: %s is not %d seats" % (key, seats))
            setattr(c, "penalties" if key == "pen" else key, list(v))
        c.on_turn = saved["on"]
        c.next = saved["next"]
        c.started, c.paused, c.over = saved["state"]
        c.move_ms = saved["move"]
        run = saved["run"]
    except (KeyError, TypeError, ValueError) as e:
        raise ClockError("not a saved clock: %s" % (e,))
    c.now = t_ms
    c.seg_start = ticks_add(t_ms, -run)
    return c
