"""The real-time referee of World War 3 and Armageddon.

One file though over 400 lines: it is the slap path from a press to a ruling,
which allocates nothing on the board (docs/benchmarks.md), and its reused records stay
beside the code that fills them; the rules are ``engine``, the race ``race``, the
journal ``topper.journal`` already.

It turns millisecond-stamped events into calls on ``SlapGame`` and returns rulings:

- ``press(seat, t_ms, us=0)``: a seat button went down. The first press opens a slap
  race; presses that arrive before the race settles (``settle_ms`` after the first,
  long enough for every press of the same keypad scan to arrive) are ranked together,
  equal stamps by the fair tie rule of ``topper.games.slap.race``. The first slapper whose
  slaps are not locked out is judged; presses stamped after the race opened and before
  it closes (``race_ms`` after its first press, or a card laid), are late and cost
  nothing, whenever they arrive (``race.Races``).
- ``lay(t_ms, card=None, seat=None)``: a card was laid (by the seat due to lay).
- ``tick(t_ms)``: time passes: settles races, fires the hurry-up timer, collects an
  awarded pot after ``collect_ms`` (until then it can still be slapped).

Timers are deadlines compared with wrap-safe tick arithmetic, and a deadline fires at
its own time whatever event reveals it, so a replay that sees fewer ticks gives the
same rulings. While a race waits to be ranked no other deadline fires: its presses came
first, so the hurry-up and the gathering of an awarded pot wait for the ruling.
"""

from topper import cards, inputs
from topper.games.slap import race as slaprace
from topper.rng import Rng
from topper.games.slap.engine import Phase, PHASE_NAMES, RuleError, SlapGame
from topper.ticks import MASK as _MASK, ticks_add, ticks_diff

_HALF = (_MASK + 1) >> 1


# The phases the referee tests every event (a module global is quicker to read
# than a class attribute); STARTING, OPEN and CONTROL are the phases in which a seat
# is due to lay, and they follow each other.
_SETUP = Phase.SETUP
_STARTING = Phase.STARTING
_CONTROL = Phase.CONTROL
_AWARDED = Phase.AWARDED
_OVER = Phase.OVER
assert Phase.OPEN == _STARTING + 1 and _CONTROL == _STARTING + 2

# Timer kinds, in the order they are handled when due at the same millisecond.
_SETTLE = 0
_CLOSE = 1
_COLLECT = 2
_HURRY = 3


_own = slaprace.own


def _hurry_key_of(turn, pot, facedown, phase):
    """What the hurry-up timer was armed for, packed in one small int (a tuple
    compared every event would be built every event): turn < 8, pot and face-down
    counts < 256 (a deck has at most 133 cards), phase < 8."""
    return (((turn << 8 | pot) << 8) | facedown) << 3 | phase


def _hurry_key_list(key):
    """The saved form of a packed key: ``[turn, pot, facedown, phase]``."""
    return [key >> 19, (key >> 11) & 255, (key >> 3) & 255, key & 7]


# What a call that ruled nothing returns (slaprace.NOTHING): one shared empty list, so
# that the calls made every loop step (a tick, a press that opens a race) allocate
# nothing. Callers only read what a referee returns; this list must never be changed.
_NOTHING = slaprace.NOTHING
_PRESS = inputs.PRESS
_CARD = inputs.CARD
_TICK = inputs.TICK


class PadSlapReferee(slaprace.Races):
    TAKES = 1 << _PRESS | 1 << _CARD | 1 << _TICK
    JOURNALED = True

    def __init__(self, game, seed=0, hurry_ms=3000, settle_ms=1, race_ms=1000, collect_ms=1500):
        if hurry_ms < 0 or settle_ms < 1 or race_ms < settle_ms or collect_ms < 0:
            raise ValueError("bad referee timing")
        self.game = game
        self.seed = seed
        self.hurry_ms = hurry_ms
        self.settle_ms = settle_ms
        self.race_ms = race_ms
        self.collect_ms = collect_ms
        self._deal_rng = Rng(seed)
        self._tie_rng = Rng(seed ^ slaprace.TIE_STREAM)
        self._race = None  # the race under way: None, or self._race_buf
        self._race_buf = slaprace.Race()
        self.last_race = None
        # The message is kept as a format and its arguments and written out when it
        # is read (a screen reads it a few times a second; a bot or a replay lays
        # thousands of cards a second and never reads it).
        self._message = ""
        self._mfmt = None
        self._ma = 0
        self._mb = None
        self._hurry_at = None
        self._hurry_key = -1  # _hurry_key_of(): what the hurry-up timer was armed for
        self._collect_at = None
        self._now = None
        self._due_at = 0  # set by _due_kind()
        self._view = None  # the dict view() rewrites
        self._slappable = None  # and its "slappable" dict
        # Recycling (the device sets it; off by default): a settle writes its slap
        # ruling, last_race and the tick's list into records reused race after race
        # (as topper.games.slap.blind's). A consumer must use a slap ruling before the
        # next race settles, or copy it (the app's log does); the simulator, the
        # tests, the journal's replay and the event log keep theirs: fresh ones.
        self.recycle = False
        self._out = []  # tick()'s list
        self._slap = None  # the slap ruling, last_race and their [seat, margin] lists
        self._slap_res = {}  # what the engine's slap writes (SlapGame.slap's out)
        self._last = None
        self._pairs = []
        self._last_pairs = []
        self._texts = None  # _said()'s texts

    @property
    def message(self):
        """What the referee says last, for a screen (at most 21 characters)."""
        fmt = self._mfmt
        if fmt is not None:
            self._mfmt = None
            self._message = fmt % self._ma if self._mb is None else fmt % (self._ma, self._mb)
        return self._message

    @message.setter
    def message(self, text):
        self._mfmt = None
        self._message = text

    def _say(self, fmt, a, b=None):
        self._mfmt = fmt
        self._ma = a
        self._mb = b

    # ----- events --------------------------------------------------------------------

    def start(self, t, seat=-1):
        """Deal from the seed and find the first starter, or, for a real deck dealt at
        the table (``seat`` given, the starter's), count the deal and let ``seat`` open."""
        starter = None if seat is None or seat < 0 else seat
        out = []
        self._now = t
        g = self.game
        try:
            if starter is None:
                g.deal(self._deal_rng)
                seat, shows = g.choose_starter(self._deal_rng)
                named = [[[s, cards.format_card(c)] for s, c in rnd] for rnd in shows]
                self._rule(out, t, "starter", seat=seat, shows=named)
            else:
                g.deal_table()
                g.start_pile(starter)
                self._rule(out, t, "starter", seat=starter, shows=[])
        except RuleError as e:
            self._error(out, t, str(e))
            return out
        self._say("P%d starts", g.turn + 1)
        self._sync(t)
        return out

    def take(self, kind, seat, t, us=0, card=None):
        """One input event (``topper.inputs``): a seat's press, a card the pad read
        (``card`` None: the seeded game's next card; ``seat`` -1: the seat due), the
        clock. The table button is the shell's (the menu, "show that slap again")."""
        if kind == _PRESS:
            return self.press(seat, t, us)
        if kind == _TICK:
            return self.tick(t)
        if kind == _CARD:
            return self.lay(t, card, None if seat < 0 else seat)
        out = []
        self._error(out, t, inputs.no_use(kind))
        return out

    def press(self, seat, t, us=0):
        # Nothing is allocated unless something is ruled: the press that opens a race
        # (the first of a slap) returns the shared empty list.
        out = _NOTHING
        if not self._idle(t):
            out = []
            self._advance(t, out)
        g = self.game
        if seat < 0 or seat >= g.seats:
            out = _own(out)
            self._error(out, t, "no seat %r" % (seat,))
            return out
        if g.phase == _SETUP or g.phase == _OVER:
            return out
        if self._closed_late(t):
            return self._late(seat, t, us, out, g.can_slap(seat), None)
        race = self._race
        if race is None:
            if not g.can_slap(seat):
                # A locked-out press is no slap attempt: it must not open a race in
                # which the next real slapper would only count as late.
                out = _own(out)
                self._rule(out, t, "locked", seat=seat)
                return out
            race = self._race = self._race_buf
            race.open(t, us, seat)
            return out
        if race.settled:
            return self._late(seat, t, us, out, g.can_slap(seat), race)
        if not race.pressed(seat):  # one press a seat a race: a bounce changes nothing
            race.add(t, us, seat)
        return out

    def lay(self, t, card=None, seat=None):
        out = []
        race = self._race
        at = self._hurry_at
        if (race is None and self._collect_at is None
                and (at is None or ((at - t + _HALF) & _MASK) - _HALF > 0)):
            # _advance()'s common case and _clock() written out: most events are cards.
            now = self._now
            if now is None or ((t - now + _HALF) & _MASK) - _HALF > 0:
                self._now = t
        else:
            self._advance(t, out)
            race = self._race
        g = self.game
        if race is not None:
            # A card that lands after a press never changes what that press slapped:
            # the race is ranked now, and its late window ends with this card.
            at = t if ticks_diff(t, race.t0) >= 0 else race.t0
            if not race.settled:
                self._settle(out, at)
            self._close(at)
        if g.phase == _AWARDED and (seat is None or seat == g.award_to):
            # The pot's winner gathers it as they lead the next pile.
            self._collect(t, out)
            if g.phase == _OVER:
                return out  # gathering it won the game: the card is not needed
        if g.phase == _OVER:
            self._error(out, t, "the game is over")
            return out
        who = g.turn if seat is None else seat
        try:
            res = g.lay(who, card)
        except RuleError as e:
            self._error(out, t, str(e))
            return out
        top = g._combo
        name = cards.format_card(res["card"])
        r = {"seat": who, "card": name, "penalty": res["penalty"], "turn": g.turn,
             "slap": top[0] if top is not None else None, "r": "lay", "t": t}
        out.append(r)
        if len(res) > 2:  # more than card and penalty: control, an award or the win
            if "control" in res:
                r["control"] = res["control"]
                r["chances"] = g.chances
                self._say("P%d controls: %d", res["control"] + 1, g.chances)
            else:
                self._say("P%d laid %s", who + 1, name)
            if "award" in res:
                r["award"] = res["award"]
                self._say("Pot to P%d", res["award"] + 1)
            if "win" in res:
                self._win(out, t)
        else:
            self._mfmt = "P%d laid %s"  # self._say() written out: the most common case
            self._ma = who + 1
            self._mb = name
        self._sync(t)
        return out

    def can_race(self, seat):
        """Would a press of ``seat`` now open a race (``press``'s own test)? The slap
        gate listens to these seats only."""
        phase = self.game.phase
        return self._race is None and phase != _SETUP and phase != _OVER and self.game.can_slap(seat)

    def tick(self, t):
        """Time passes (every loop step): the shared empty list unless something is ruled."""
        if self._idle(t):
            return _NOTHING
        if self.recycle:
            out = self._out  # (the caller has used the last tick's list)
            out.clear()
        else:
            out = []
        self._advance(t, out)
        return out

    def finish(self, t):
        """End of input (a replay's last line): rule on a race still waiting."""
        out = []
        self._advance(t, out)
        if self.settling():
            self._settle(out, self._now)
            self._advance(self._now, out)
        return out

    # ----- time ----------------------------------------------------------------------

    def _due(self):
        """The earliest pending deadline as ``(t, kind)``, or None."""
        kind = self._due_kind(None)
        return None if kind < 0 else (self._due_at, kind)

    def _due_kind(self, t):
        """The kind of the earliest pending deadline if it has come by ``t`` (any time
        if ``t`` is None), its time left in ``_due_at``; -1 if none has. Equal
        deadlines go in kind order. (Plain ints, no tuples: this runs every event.)"""
        best = 0
        kind = -1
        race = self._race
        if race is not None:
            if not race.settled:
                # Nothing fires before a race is ranked: its presses came first.
                best = ticks_add(race.t0, self.settle_ms)
                if t is not None and ticks_diff(best, t) > 0:
                    return -1
                self._due_at = best
                return _SETTLE
            best = ticks_add(race.t0, self.race_ms)
            kind = _CLOSE
        at = self._collect_at
        if at is not None and (kind < 0 or ticks_diff(at, best) < 0):
            best = at
            kind = _COLLECT
        at = self._hurry_at
        if at is not None and (kind < 0 or ticks_diff(at, best) < 0):
            best = at
            kind = _HURRY
        if kind < 0 or (t is not None and ticks_diff(best, t) > 0):
            return -1
        self._due_at = best
        return kind

    def _idle(self, t):
        """True, with the clock moved on to ``t``, when no deadline has come by ``t``;
        False when ``_advance`` has work to do (nothing changed yet)."""
        if self._race is None and self._collect_at is None:
            # The common case (as in _advance): at most the hurry-up timer runs.
            at = self._hurry_at
            if at is None or ((at - t + _HALF) & _MASK) - _HALF > 0:  # ticks_diff
                now = self._now  # _clock() written out: every press and tick comes here
                if now is None or ((t - now + _HALF) & _MASK) - _HALF > 0:
                    self._now = t
                return True
        if self._due_kind(t) >= 0:
            return False
        self._clock(t)
        return True

    def _clock(self, t):
        # Time never runs back: a press read after a later tick leaves the clock where
        # it was (ticks_diff() written out: this runs every event).
        now = self._now
        if now is None or ((t - now + _HALF) & _MASK) - _HALF > 0:
            self._now = t

    def _advance(self, t, out):
        """Run every deadline that has come by ``t``, the event's own stamp: a press
        read after a later tick ranks nothing that its stamp does not reach, so the
        rulings never depend on ticks that ruled nothing (a log leaves those out)."""
        if self._race is None and self._collect_at is None:
            # The common case: at most the hurry-up timer runs, and it is not due yet.
            at = self._hurry_at
            if at is None or ((at - t + _HALF) & _MASK) - _HALF > 0:
                self._clock(t)
                return
        while True:
            kind = self._due_kind(t)
            if kind < 0:
                break
            at = self._due_at
            if kind == _SETTLE:
                self._settle(out, at)
            elif kind == _CLOSE:
                self._close(at)
            elif kind == _COLLECT:
                self._collect(at, out)
            else:
                self._hurry(at, out)
        self._clock(t)

    def _sync(self, t):
        """Re-arm the timers after the board changed at ``t``."""
        g = self.game
        phase = g.phase
        if phase == _AWARDED:
            if self._collect_at is None:
                self._collect_at = ticks_add(t, self.collect_ms)
        else:
            self._collect_at = None
        if self.hurry_ms and g.turn >= 0 and _STARTING <= phase <= _CONTROL:
            # A new card, a new turn or a penalty paid into the pot restarts the limit,
            # but it fires once per card: a seat whose next card is a penalty already
            # has no limit until it has laid it.
            key = (((g.turn << 8 | len(g.pot)) << 8) | len(g.facedown)) << 3 | phase  # _hurry_key_of()
            if key != self._hurry_key:
                self._hurry_key = key
                self._hurry_at = None if g.penalty_due[g.turn] else ticks_add(t, self.hurry_ms)
        else:
            self._hurry_key = -1
            self._hurry_at = None

    def _hurry(self, at, out):
        self._hurry_at = None  # fires once for this card; the key stays until it changes
        seat = self.game.turn
        self.game.hurry(seat)
        self._rule(out, at, "hurry", seat=seat)
        self._say("P%d too slow!", seat + 1)

    def _collect(self, at, out):
        g = self.game
        seat = g.award_to
        n = len(g.pot) + len(g.facedown)
        g.collect()
        self._rule(out, at, "collect", seat=seat, cards=n)
        self._say("P%d takes %d", seat + 1, n)
        if g.phase == Phase.OVER:
            self._win(out, at)
        self._sync(at)

    # ----- slaps ----------------------------------------------------------------------

    def _settle(self, out, at):
        """Rank the race and judge its first unlocked slapper, at ``at``: the end of
        its settle window, or earlier when a card laid forces the ranking."""
        race = self._race
        g = self.game
        if self.recycle:
            r = self._slap
            if r is None:
                r = self._slap = {"r": "slap", "t": 0, "order": [], "tie": [], "locked": [],
                                  "by": -1, "ok": False, "rule": None, "paid": 0}
                self._last = {"order": [], "by": -1, "ok": False, "rule": None, "paid": 0,
                              "locked": None}
            order = r["order"]
            tied = r["tie"]
            locked = r["locked"]
            race.settle_into(self._tie_rng, order, tied, self._pairs)
            locked.clear()
        else:
            order, tied = race.settle(self._tie_rng)
            locked = []
        # Every locked seat that pressed is named, before or after the slapper.
        by = -1
        for seat, _ in order:
            if not g.can_slap(seat):
                locked.append(seat)
            elif by < 0:
                by = seat
        res = None
        if by >= 0:
            g.unlock_grave(by)
            res = g.slap(by, self._slap_res) if self.recycle else g.slap(by)
        ok = bool(res and res["ok"])
        rule = res["rule"] if res and res["ok"] else None
        paid = res["paid"] if res and not res["ok"] else 0
        if self.recycle:
            r["t"] = race.t0
            r["by"] = by
            r["ok"] = ok
            r["rule"] = rule
            r["paid"] = paid
            out.append(r)
            last = self._last
            slaprace.copy_order(order, self._last_pairs, last["order"])
            last["by"] = by
            last["ok"] = ok
            last["rule"] = rule
            last["paid"] = paid
            last["locked"] = locked  # (shared with the ruling, as the fresh ones are)
            self.last_race = last
        else:
            r = self._rule(out, race.t0, "slap", order=order, tie=tied, locked=locked, by=by,
                           ok=ok, rule=rule, paid=paid)
            self.last_race = {
                "order": [list(e) for e in order], "by": by, "ok": ok, "rule": rule,
                "paid": paid, "locked": locked,
            }
        if by < 0:
            self.message = "Slap locked out"
        elif self.recycle:
            # Each seat's text for this outcome, made once (the screen reads it on the
            # slap's way to the OLED).
            if ok:
                self.message = self._said("P%d slaps: %s", by, rule)
            elif paid:
                self.message = self._said("P%d wrong: pays %d", by, paid)
            else:
                self.message = self._said("P%d wrong: locked", by, None)
        elif ok:
            self._say("P%d slaps: %s", by + 1, rule)
        elif paid:
            self._say("P%d wrong: pays %d", by + 1, paid)
        else:
            self._say("P%d wrong: locked", by + 1)
        if g.phase == Phase.OVER:
            self._win(out, at)
        self._sync(at)

    def _said(self, fmt, seat, b):
        """``fmt`` written out for ``seat`` (and ``b``: a rule id, a count, or None),
        kept for the next time (recycle: a few texts a seat)."""
        texts = self._texts
        if texts is None:
            texts = self._texts = {}
        by_b = texts.get(fmt)
        if by_b is None:
            by_b = texts[fmt] = {}
        per = by_b.get(b)
        if per is None:
            per = by_b[b] = [None] * self.game.seats
        text = per[seat]
        if text is None:
            text = per[seat] = fmt % (seat + 1) if b is None else fmt % (seat + 1, b)
        return text

    # ----- rulings ----------------------------------------------------------------------

    def _win(self, out, t):
        self._rule(out, t, "win", seat=self.game.winner)
        self._say("P%d WINS!", self.game.winner + 1)

    def _error(self, out, t, msg):
        self._rule(out, t, "error", msg=msg)
        self.message = msg[:21]

    def _rule(self, rulings, t, kind, **fields):
        fields["r"] = kind
        fields["t"] = t
        rulings.append(fields)
        return fields

    # ----- saving and restoring (the power-cut journal) -----------------------------

    def save(self, t):
        """The referee and its game as plain data (``restore`` below gives it back);
        deadlines are kept relative to ``t``, the time now, because the clock restarts
        from zero after a power cut."""
        race = None
        if self._race is not None:
            r = self._race
            race = [ticks_diff(r.t0, t), [[ticks_diff(p[0], t), p[1], p[2]] for p in r.presses()],
                    r.settled, r.base_us]
        return {
            "now": t, "game": self.game.state(), "seed": self.seed, "hurry_ms": self.hurry_ms,
            "settle_ms": self.settle_ms, "race_ms": self.race_ms, "collect_ms": self.collect_ms,
            "deal_rng": self._deal_rng.state, "tie_rng": self._tie_rng.state, "race": race,
            "last_race": self.last_race, "message": self.message,
            "hurry_in": None if self._hurry_at is None else ticks_diff(self._hurry_at, t),
            "hurry_key": None if self._hurry_key < 0 else _hurry_key_list(self._hurry_key),
            "collect_in": None if self._collect_at is None else ticks_diff(self._collect_at, t),
            "late": self._save_late(t),
        }

    def header(self, cfg):
        g = self.game
        h = {"log": "topper-table", "v": 2, "game": g.variant, "seats": g.seats, "jokers": g.jokers,
             "seed": self.seed}
        for key in ("hurry_ms", "settle_ms", "race_ms", "collect_ms"):
            h[key] = getattr(self, key)
        return h

    def last_seen(self):
        """The last time the referee was given (0 before any): what a save is taken at
        when the caller has no clock of its own (the journal)."""
        return self._now if self._now is not None else 0

    # ----- what a screen shows -------------------------------------------------------

    def view(self, t):
        """What a screen shows now: one dict, rewritten at each call (the ring and the
        OLED read it every few steps, and a slap's path should allocate nothing). Its
        lists are the referee's own or the game's (``pot``): read the view, never
        change or keep it."""
        g = self.game
        top = g.slappable()
        hurry_left = -1
        if self._hurry_at is not None:
            hurry_left = max(0, ticks_diff(self._hurry_at, t))
        v = self._view
        seats = g.seats
        if v is None:
            v = self._view = {
                "game": g.variant,
                "seats": seats,
                "stacks": [0] * seats,
                "locked": [False] * seats,
                "penalty": [False] * seats,
                "hurry_ms": self.hurry_ms,
                "winners": [],
            }
            self._slappable = {"rule": None, "cards": 0, "vars": []}
        v["phase"] = PHASE_NAMES[g.phase]
        v["turn"] = g.turn
        v["controller"] = g.controller
        v["chances"] = g.chances
        stacks = v["stacks"]
        locked = v["locked"]
        penalty = v["penalty"]
        # Before the deal and after the win nobody is locked out: there is just no game.
        playing = g.phase != Phase.SETUP and g.phase != Phase.OVER
        for s in range(seats):
            stacks[s] = len(g.stacks[s])
            locked[s] = playing and not g.can_slap(s)
            penalty[s] = g.penalty_due[s]
        v["pot"] = g.pot
        v["facedown"] = len(g.facedown)
        sl = None
        if top:
            sl = self._slappable
            sl["rule"] = top[0]
            sl["cards"] = top[1]
            names = sl["vars"]
            names.clear()  # (at most 3 names: the list never grows past its first size)
            for x in top[2]:
                names.append(cards.VARIABLE_NAMES[x])
        v["slappable"] = sl
        v["hurry_left"] = hurry_left
        v["race"] = self.last_race
        v["message"] = self.message
        v["winner"] = g.winner
        v["over"] = g.phase == _OVER
        won = v["winners"]
        if g.winner >= 0 and not won:
            won.append(g.winner)
        elif g.winner < 0 and won:
            won.clear()
        return v


def make(cfg, seed, settle_ms=1, salt_key=None):
    """The referee of the menu's settings ``cfg`` (game, seats, jokers, hurry-up), not
    started (topper.referee)."""
    g = SlapGame(cfg["game"], cfg["seats"], cfg["jokers"])
    return PadSlapReferee(g, seed=seed, hurry_ms=cfg["hurry_ms"], settle_ms=settle_ms)


def from_header(h):
    """The referee a log's header describes (``header``), not started: a replay's
    (topper.replay); ValueError in words."""
    kw = {}
    for key in ("hurry_ms", "settle_ms", "race_ms", "collect_ms"):
        if key in h:
            kw[key] = inputs.whole(h, key)
    g = SlapGame(h["game"], inputs.whole(h, "seats"), inputs.whole(h, "jokers", 0))
    return PadSlapReferee(g, seed=inputs.whole(h, "seed", 0), **kw)


def restore(saved, now):
    """The referee ``PadSlapReferee.save`` saved, going on from ``now``: every pending
    deadline the same distance ahead of ``now`` as it was of the save's time."""
    ref = PadSlapReferee(SlapGame.from_state(saved["game"]), seed=saved["seed"], hurry_ms=saved["hurry_ms"],
                      settle_ms=saved["settle_ms"], race_ms=saved["race_ms"], collect_ms=saved["collect_ms"])
    ref._deal_rng.state = saved["deal_rng"]
    ref._tie_rng.state = saved["tie_rng"]
    ref._now = now
    race = saved["race"]
    if race is not None:
        ref._race = ref._race_buf.restore(now, race[0], race[1], race[2], race[3])
    ref.last_race = saved["last_race"]
    ref.message = saved["message"]
    if saved["hurry_in"] is not None:
        ref._hurry_at = ticks_add(now, saved["hurry_in"])
    if saved["hurry_key"] is not None:
        ref._hurry_key = _hurry_key_of(*saved["hurry_key"])
    if saved["collect_in"] is not None:
        ref._collect_at = ticks_add(now, saved["collect_in"])
    ref._restore_late(saved.get("late"), now)  # (a save from before late windows: none)
    return ref
