"""The slap referee for a table without a card reader (RULES.md section 8).

One file though over 400 lines: its power-cut save (``save``, ``restore``)
names every private field of the referee and has to change with them, so it stays beside
them.

The device sees no card, so it cannot tell a legal combination from a wrong one. It
still owns everything that needs no card, and the table confirms the rest with the
table button:

- **Slaps**: seat presses are ranked exactly as in the full referee (same race, same
  fair tie rule, same margins). The first unlocked slapper's slap then waits for the
  table: a short press of the table button says "good" (the slapper takes the pot), a
  long press says "wrong" (the slapper puts 3 cards face down, or, out of cards, is
  locked). Silence for ``confirm_ms`` means nobody objected: the slap stands.
- **Out of cards**: holding the table button while pressing a seat marks that seat out
  (or back in). Out seats are skipped in turn order, slap from beyond the grave, and a
  wrong slap locks them until another player tries a slap (rule 10; a covered
  combination cannot be seen without a reader). A good slap puts them back in. When
  only one seat is not out, that seat wins.
- **Turns and hurry-up** (optional, off by default): a short press of the table button
  while no slap waits means "the player due has laid": the turn passes clockwise and the
  countdown restarts. Tables that do not want the timer never need to tap.

A power cut loses nothing but the last moment: ``save(t)`` is the whole referee as
JSON-able data with every stamp and deadline kept *relative* to ``t`` (the clock starts
again from zero after a reset), and ``restore(d, now)`` gives it back running from
``now``, with the time each deadline had left at the save (docs/power-cut.md).
"""

from topper import inputs
from topper.games.slap import race as slaprace
from topper.rng import Rng
from topper.ticks import ticks_add, ticks_diff



class BlindSlapReferee(slaprace.Races):
    TAKES = (1 << inputs.PRESS | 1 << inputs.TABLE | 1 << inputs.TABLE_LONG | 1 << inputs.CHORD
             | 1 << inputs.TICK)

    def __init__(self, game, seats, seed=0, hurry_ms=0, settle_ms=1, race_ms=1000, confirm_ms=4000):
        if seats < 2 or seats > 8:
            raise ValueError("2 to 8 seats, not %d" % seats)
        if hurry_ms < 0 or settle_ms < 1 or race_ms < settle_ms or confirm_ms < 1:
            raise ValueError("bad referee timing")
        self.game_name = game
        self.seats = seats
        self.seed = seed
        self.hurry_ms = hurry_ms
        self.settle_ms = settle_ms
        self.race_ms = race_ms
        self.confirm_ms = confirm_ms
        self._tie_rng = Rng(seed ^ slaprace.TIE_STREAM)
        self.out = [False] * seats
        self.locked = [False] * seats
        self.good = [0] * seats  # slaps that stood
        self.wrong = [0] * seats  # slaps the table called wrong
        self.turn = -1
        self.winner = -1
        self.pending = -1  # seat whose slap waits for the table
        self.hurried = 0  # bit s: seat s's hurry-up fired, its next card is a penalty card
        self._pending_at = None
        self._race = None  # the race under way: None, or self._race_buf
        self._race_buf = slaprace.Race()
        self._race_at = None
        self._due_at = 0  # set by _due()
        self.last_race = None
        self.message = ""
        self._hurry_at = None
        self._view = None  # the dict view() rewrites
        # Recycling (the device sets it; off by default): a settle writes its slap
        # ruling, last_race and the tick's list into records reused race after race,
        # so that the step that rules allocates nothing. A consumer must then use a
        # slap ruling before the next race settles, or copy it (the app's log does);
        # the simulator, the tests and a replay keep their rulings: fresh ones.
        self.recycle = False
        self._out = []  # tick()'s list
        self._slap = None  # the slap ruling, last_race and their [seat, margin] lists
        self._last = None
        self._pairs = []
        self._last_pairs = []
        self._ok_q = None  # "P%d slap ok? hold=no" for each seat, made once

    def start(self, t, seat=-1):
        """The game begins, ``seat`` to lay first (-1: the first seat)."""
        starter = 0 if seat < 0 else seat
        out = []
        self._check_seat(starter)
        self.turn = starter
        self._arm_hurry(t)
        self.message = "P%d starts" % (starter + 1)
        self._rule(out, t, "starter", seat=starter, shows=[])
        return out

    # ----- events ------------------------------------------------------------------

    def press(self, seat, t, us=0):
        # Nothing is allocated unless something is ruled: the press that opens a race
        # returns the shared empty list (slaprace.NOTHING).
        out = slaprace.NOTHING
        if self._due(t) is not None:
            out = []
            self._advance(t, out)
        self._check_seat(seat)
        if self.winner >= 0 or self.turn < 0:
            return out
        if self._closed_late(t):
            return self._late(seat, t, us, out, not self.locked[seat], None)
        race = self._race
        if race is None:
            if self.pending >= 0:
                # A slap already waits for the table: ranking another race now would
                # leave two rulings open at once.
                return out
            if self.locked[seat]:
                out = slaprace.own(out)
                self._rule(out, t, "locked", seat=seat)
                return out
            race = self._race = self._race_buf
            race.open(t, us, seat)
            return out
        if race.settled:
            return self._late(seat, t, us, out, not self.locked[seat], race)
        if not race.pressed(seat):  # one press a seat a race: a bounce changes nothing
            race.add(t, us, seat)
        return out

    def take(self, kind, seat, t, us=0, card=None):
        """One input event (``topper.inputs``): a seat's press, the table button
        (short: good / the player due has laid; long: wrong), a chord (that seat out or
        back in), the clock. A card means nothing to a referee that sees none."""
        if kind == inputs.PRESS:
            return self.press(seat, t, us)
        if kind == inputs.TICK:
            return self.tick(t)
        if kind == inputs.TABLE:
            return self.table(t)
        if kind == inputs.TABLE_LONG:
            return self.table(t, True)
        if kind == inputs.CHORD:
            return self.toggle_out(seat, t)
        why = inputs.no_use(kind)
        self.message = why[:21]
        return [{"r": "error", "msg": why, "t": t}]

    def uses(self, kind):
        """The table button's long press says "wrong" only while a slap waits for the
        table; else it is the table's (END GAME?)."""
        if kind == inputs.TABLE_LONG:
            return self.pending >= 0 and self.winner < 0
        return slaprace.Races.uses(self, kind)

    def logged(self, kind, seat, us, card):
        if kind == inputs.TABLE:
            return "table", {}
        if kind == inputs.TABLE_LONG:
            return "table", {"long": True}
        if kind == inputs.CHORD:
            return "out", {"seat": seat}
        return slaprace.Races.logged(self, kind, seat, us, card)

    def header(self, cfg):
        """The log's header: "blind", the blind referee judges it (docs/event-log.md)."""
        h = slaprace.Races.header(self, cfg)
        h["blind"] = True
        h["hurry_ms"] = self.hurry_ms
        h["settle_ms"] = self.settle_ms
        h["race_ms"] = self.race_ms
        h["confirm_ms"] = self.confirm_ms
        return h

    def table(self, t, long=False):
        """The table button: confirms a waiting slap, or passes the turn."""
        out = []
        self._advance(t, out)
        if self.winner >= 0 or self.turn < 0:
            return out
        if self.settling():
            self._settle(out, t)
        if self.pending >= 0:
            self._confirm(t, not long, out)
        elif not long:
            self.hurried &= ~(1 << self.turn)  # it laid its card (a penalty card if hurried)
            self.turn = self._next_in(self.turn)
            self._arm_hurry(t)
            self._rule(out, t, "turn", seat=self.turn)
            self.message = "P%d to lay" % (self.turn + 1)
        return out

    def toggle_out(self, seat, t):
        """Table button held + seat press: ``seat`` has run out of cards (or is back)."""
        out = []
        self._advance(t, out)
        self._check_seat(seat)
        if self.winner >= 0:
            return out
        self.out[seat] = not self.out[seat]
        if not self.out[seat]:
            self.locked[seat] = False
        self._rule(out, t, "out", seat=seat, out=self.out[seat])
        self.message = "P%d %s" % (seat + 1, "is out" if self.out[seat] else "is back")
        if self.out[seat] and self.turn == seat:
            self.turn = self._next_in(seat)
            self._arm_hurry(t)
        self._check_winner(t, out)
        return out

    def can_race(self, seat):
        """Would a press of ``seat`` now open a race (``press``'s own test)? The slap
        gate listens to these seats only."""
        return (self._race is None and self.winner < 0 and self.turn >= 0 and self.pending < 0
                and not self.locked[seat])

    def tick(self, t):
        """Time passes (every loop step): the shared empty list unless something is ruled."""
        if self._due(t) is None:
            return slaprace.NOTHING
        if self.recycle:
            out = self._out  # (the caller has used the last tick's list)
            out.clear()
        else:
            out = []
        self._advance(t, out)
        return out

    # ----- time --------------------------------------------------------------------

    def _due(self, t):
        """The kind of the earliest deadline if it has come by ``t`` ("settle", "close",
        "confirm", "hurry"; the first in that order when two fall together), its time
        in ``_due_at``; None if none has. (No tuples: this runs every loop step.)"""
        due = None
        kind = None
        race = self._race
        if race is not None:
            due = ticks_add(race.t0, self.race_ms if race.settled else self.settle_ms)
            if not race.settled:
                # Nothing fires before a race is ranked: its presses came first.
                if ticks_diff(due, t) > 0:
                    return None
                self._due_at = due
                return "settle"
            kind = "close"
        at = self._pending_at
        if at is not None and (due is None or ticks_diff(at, due) < 0):
            due = at
            kind = "confirm"
        at = self._hurry_at
        if at is not None and (due is None or ticks_diff(at, due) < 0):
            due = at
            kind = "hurry"
        if due is None or ticks_diff(due, t) > 0:
            return None
        self._due_at = due
        return kind

    def _advance(self, t, out):
        while True:
            kind = self._due(t)
            if kind is None:
                return
            due = self._due_at
            if kind == "settle":
                self._settle(out, due)
            elif kind == "close":
                self._close(due)
            elif kind == "confirm":
                self._confirm(due, True, out)
            else:
                self._hurry_at = None
                self.hurried |= 1 << self.turn
                self._rule(out, due, "hurry", seat=self.turn)
                self.message = "P%d too slow!" % (self.turn + 1)

    def _arm_hurry(self, t):
        # Once per card: the seat whose next card is a penalty already gets no new limit
        # (a wrong slap that paid restarts the limit of a card not yet hurried).
        on = self.hurry_ms and self.winner < 0 and not self.hurried >> self.turn & 1
        self._hurry_at = ticks_add(t, self.hurry_ms) if on else None

    # ----- slaps -------------------------------------------------------------------

    def _settle(self, out, at):
        """Rank the race at ``at`` (its settle window's end, or the table button that
        came first): the slap waits for the table from then."""
        race = self._race
        if self.recycle:
            self._settle_reused(race, out, at)
            return
        order, tied = race.settle(self._tie_rng)
        locked = []
        by = self._slapper(order, locked, at)
        if by >= 0:
            self.message = "P%d slap ok? hold=no" % (by + 1)
        self.last_race = {"order": [list(e) for e in order], "by": by, "ok": None, "rule": None,
                          "paid": 0, "locked": locked}
        self._rule(out, race.t0, "slap", order=order, tie=tied, locked=locked, by=by,
                   ok=None, rule=None, paid=0)

    def _settle_reused(self, race, out, at):
        """``_settle`` into the reused records (``recycle``): the same ruling, the same
        last_race, the same message, nothing allocated once they have their size."""
        r = self._slap
        if r is None:
            r = self._slap = {"r": "slap", "t": 0, "order": [], "tie": [], "locked": [], "by": -1,
                              "ok": None, "rule": None, "paid": 0}
            self._last = {"order": [], "by": -1, "ok": None, "rule": None, "paid": 0, "locked": None}
            self._ok_q = ["P%d slap ok? hold=no" % (s + 1) for s in range(self.seats)]
        order = r["order"]
        locked = r["locked"]
        race.settle_into(self._tie_rng, order, r["tie"], self._pairs)
        locked.clear()
        by = self._slapper(order, locked, at)
        if by >= 0:
            self.message = self._ok_q[by]
        r["t"] = race.t0
        r["by"] = by
        last = self._last
        slaprace.copy_order(order, self._last_pairs, last["order"])
        last["by"] = by
        last["ok"] = None
        last["paid"] = 0
        last["locked"] = locked  # (shared with the ruling, as _settle's are)
        self.last_race = last
        out.append(r)

    def _slapper(self, order, locked, at):
        """The first seat in ``order`` not locked out (-1: none), every locked seat that
        pressed into ``locked``; the slap waits for the table from ``at``."""
        by = -1
        for seat, _ in order:
            if self.locked[seat]:
                locked.append(seat)
            elif by < 0:
                by = seat
        if by >= 0:
            # Another player's attempt frees the beyond-the-grave lockouts (rule 10).
            for s in range(self.seats):
                if s != by:
                    self.locked[s] = False
            self.pending = by
            self._pending_at = ticks_add(at, self.confirm_ms)
        return by

    def _confirm(self, t, good, out):
        seat = self.pending
        self.pending = -1
        self._pending_at = None
        if good:
            self.good[seat] += 1
            self.out[seat] = False
            self.turn = seat  # the slapper starts the next pile
            self.message = "P%d takes the pot" % (seat + 1)
            paid = 0
        else:
            self.wrong[seat] += 1
            paid = 0 if self.out[seat] else 3
            if self.out[seat]:
                self.locked[seat] = True
                self.message = "P%d wrong: locked" % (seat + 1)
            else:
                self.message = "P%d wrong: pay 3" % (seat + 1)
        if self.last_race is not None and self.last_race["by"] == seat:
            self.last_race["ok"] = good
            self.last_race["paid"] = paid
        self._rule(out, t, "confirm", seat=seat, ok=good, paid=paid, locked=self.locked[seat])
        self._arm_hurry(t)
        self._check_winner(t, out)

    # ----- helpers -----------------------------------------------------------------

    def _next_in(self, seat):
        for i in range(1, self.seats + 1):
            s = (seat + i) % self.seats
            if not self.out[s]:
                return s
        return seat

    def _check_winner(self, t, out):
        left = [s for s in range(self.seats) if not self.out[s]]
        if len(left) == 1 and self.pending < 0:
            self.winner = left[0]
            self.turn = -1
            self._hurry_at = None
            self._rule(out, t, "win", seat=self.winner)
            self.message = "P%d WINS!" % (self.winner + 1)

    def _check_seat(self, seat):
        if seat < 0 or seat >= self.seats:
            raise ValueError("no seat %r" % (seat,))

    def _rule(self, rulings, t, kind, **fields):
        # (not named ``out``: the "out" ruling has a field of that name)
        fields["r"] = kind
        fields["t"] = t
        rulings.append(fields)

    # ----- power cut -------------------------------------------------------------

    def save(self, t):
        """The referee as JSON-able data, its stamps relative to ``t``."""
        race = self._race
        if race is not None:
            race = [ticks_diff(race.t0, t), [[ticks_diff(p[0], t), p[1], p[2]] for p in race.presses()],
                    race.seats[: race.n], race.settled, race.base_us]
        return {
            "game": self.game_name,
            "seats": self.seats,
            "seed": self.seed,
            "timing": [self.hurry_ms, self.settle_ms, self.race_ms, self.confirm_ms],
            "tie": self._tie_rng.state,
            "out": list(self.out),
            "locked": list(self.locked),
            "good": list(self.good),
            "wrong": list(self.wrong),
            "turn": self.turn,
            "winner": self.winner,
            "pending": self.pending,
            "hurried": self.hurried,
            "pending_in": _left(self._pending_at, t),
            "hurry_in": _left(self._hurry_at, t),
            "race": race,
            "late": self._save_late(t),
            "last_race": self.last_race,
            "message": self.message,
        }

    def view(self, t):
        """What the table shows: one dict, rewritten at each call (the ring and the OLED
        read it every few steps, and a slap's path should allocate nothing). Its lists
        are the referee's own: read the view, never change or keep it."""
        hurry_left = -1
        if self._hurry_at is not None:
            hurry_left = max(0, ticks_diff(self._hurry_at, t))
        v = self._view
        if v is None:
            v = self._view = {
                "game": self.game_name,
                "blind": True,
                "seats": self.seats,
                "controller": -1,
                "chances": 0,
                "stacks": None,
                "pot": [],
                "facedown": 0,
                "slappable": None,
                "penalty": [False] * self.seats,
                "hurry_ms": self.hurry_ms,
                "winners": [],
            }
        v["phase"] = "over" if self.winner >= 0 else ("confirm" if self.pending >= 0 else "blind")
        v["turn"] = self.turn
        v["out"] = self.out
        v["locked"] = self.locked
        v["pending"] = self.pending
        v["good"] = self.good
        v["wrong"] = self.wrong
        v["hurry_left"] = hurry_left
        v["race"] = self.last_race
        v["message"] = self.message
        v["winner"] = self.winner
        v["over"] = self.winner >= 0
        won = v["winners"]
        if self.winner >= 0 and not won:
            won.append(self.winner)
        return v


def make(cfg, seed, settle_ms=1, salt_key=None):
    """The blind referee of the menu's settings ``cfg``, not started (topper.referee)."""
    return BlindSlapReferee(cfg["game"], cfg["seats"], seed=seed, hurry_ms=cfg["hurry_ms"],
                            settle_ms=settle_ms)


def from_header(h):
    """The referee a log's header describes (``header``), not started: a replay's
    (topper.replay); ValueError in words. A header from before format version 2 does
    not say its hurry-up: off."""
    kw = {}
    for key in ("hurry_ms", "settle_ms", "race_ms", "confirm_ms"):
        if key in h:
            kw[key] = inputs.whole(h, key)
    return BlindSlapReferee(h["game"], inputs.whole(h, "seats"), seed=inputs.whole(h, "seed", 0), **kw)


def _left(at, t):
    return None if at is None else ticks_diff(at, t)


def _at(left, now):
    return None if left is None else ticks_add(now, left)


def restore(d, now):
    """The referee ``BlindSlapReferee.save`` saved, going on from ``now``."""
    hurry_ms, settle_ms, race_ms, confirm_ms = d["timing"]
    ref = BlindSlapReferee(d["game"], d["seats"], d["seed"], hurry_ms, settle_ms, race_ms, confirm_ms)
    n = ref.seats
    for key in ("out", "locked", "good", "wrong"):
        if len(d[key]) != n:
            raise ValueError("saved %s for %d seats, not %d" % (key, len(d[key]), n))
        setattr(ref, key, list(d[key]))
    ref._tie_rng.state = d["tie"]
    ref.turn = d["turn"]
    ref.winner = d["winner"]
    ref.pending = d["pending"]
    ref.hurried = d.get("hurried", 0)  # (saves from before it: no hurry-up had fired)
    ref._pending_at = _at(d["pending_in"], now)
    ref._hurry_at = _at(d["hurry_in"], now)
    race = d["race"]
    if race is not None:
        race = ref._race_buf.restore(now, race[0], race[1], race[3], race[4])
    ref._race = race
    ref._restore_late(d.get("late"), now)
    ref.last_race = d["last_race"]
    ref.message = d["message"]
    return ref
