"""Statistics of played games, from their rulings: pure functions, no files, no output.

``game(rulings, ...)`` turns one game's rulings (and, for a turn game, its events) into a
``Game``; ``players(games)`` adds games up seat by seat. ``topper_host.statlog`` reads
the logs, ``topper_host.cmd_stats`` prints, writes CSV and plots. docs/stats.md says
what every figure means. In short:

- **reaction time** (slap games): from the stamp of the ``lay`` ruling that made the pile
  slappable (its ``slap`` names a rule) to a seat's press on that pile, for every press
  the referee ranked: the race's winner, the others in the race and the late presses.
  ``topper.reactions.reaction_us`` is the definition (the device's game-over screen uses
  it too). Presses on a pile that was not slappable and presses of locked-out seats are
  no reactions.
- **race won**: a good slap (``slap`` ruling, ``ok``; in blind play the table's
  ``confirm``) by the seat; its *margin* is how far
  the next seat's press came behind, in ms (a race nobody else pressed in has no margin).
- **race lost**: the seat pressed on a slappable pile (in the race or late) and another
  seat won it; its *margin* is how far behind the winner it was.
- **wrong slap**: a judged slap on a pile that was not slappable; **cards paid** are its
  penalty cards; **lockouts** are presses ignored while the seat's slaps were locked;
  **hurry-ups** the times the seat was too slow to lay (its next card a penalty card).
- **think time** (turn games): for each move a seat made (``topper_host.turn_moves``:
  what the simulator's summary counts too), the time since the previous move at the
  table (or the start, or a resume), paused time left out: the time the seat had the
  game waiting on it, which is what a chess clock charges. **flags**: the times its
  chess clock ran out.
- **length**: from the first to the last stamp of the game's rulings; **winners**: the
  ``win`` or ``over`` ruling's seats.
"""

from topper.reactions import reaction_us
from topper.ticks import ticks_diff


class Seat:
    """One seat's figures in one game (``Player`` has the same fields over games)."""

    def __init__(self):
        self.reactions = []  # ms, float
        self.won = 0
        self.lost = 0
        self.won_by = []  # ms ahead of the next press, for each race won with one
        self.lost_by = []  # ms behind the winner, for each race lost
        self.wrong = 0
        self.paid = 0
        self.lockouts = 0
        self.hurries = 0
        self.think = []  # ms per action (turn games)
        self.flags = 0


class Game:
    def __init__(self, source, game, seats, kind):
        self.source = source  # a name for it, e.g. the log's file name
        self.game = game  # "ww3", "tripp", ... or "?" when the log does not say
        self.kind = kind  # "slap" or "turn"
        self.seats = [Seat() for _ in range(seats)]
        self.length_ms = 0
        self.winners = []
        self.slaps = 0  # judged races
        self.lays = 0  # None: blind play, where the device never sees a card laid
        self.actions = 0

    @property
    def finished(self):
        return bool(self.winners)


def _seat(g, s):
    """The seat's figures, growing the game for a seat a rulings-only log names late."""
    while s >= len(g.seats):
        g.seats.append(Seat())
    return g.seats[s]


def game(rulings, source="", name="?", seats=0, kind=None, events=()):
    """One game's figures from its rulings in log order (dicts with ``"r"`` and
    ``"t"``); ``events``: a turn game's moves and the events that start and pause it,
    for think times (``think_times``)."""
    if kind is None:
        kind = guess_kind(rulings)
    g = Game(source, name, seats, kind)
    first = None
    top = None  # stamp of the slappable top card
    race = None  # the last good race, for its late presses (``_Race``)
    for r in rulings:
        kind_r = r.get("r")
        t = r.get("t")
        if isinstance(t, int):
            if first is None:
                first = t
            else:
                g.length_ms = max(g.length_ms, ticks_diff(t, first))
        if kind_r == "lay":
            g.lays += 1
            top = t if r.get("slap") else None
        elif kind_r == "slap":
            g.slaps += 1
            _close(g, race)
            race = None
            if r.get("ok") is not None:  # (blind play: None, the table's confirm decides)
                race = _race(g, r, top)
            if r.get("ok"):
                top = None
        elif kind_r == "confirm":
            _confirm(g, r)
        elif kind_r == "late":
            if race is not None:
                race.press(g, r["seat"], r["margin_us"])
        elif kind_r == "collect":
            top = None
        elif kind_r == "locked":
            _seat(g, r["seat"]).lockouts += 1
        elif kind_r == "hurry":
            _seat(g, r["seat"]).hurries += 1
        elif kind_r == "flag":
            _seat(g, r["seat"]).flags += 1
        elif kind_r == "win":
            if r["seat"] not in g.winners:
                g.winners.append(r["seat"])
                _seat(g, r["seat"])
        elif kind_r == "over":
            g.winners = list(r.get("winners") or [])
        for s in _seats_named(r):
            _seat(g, s)
    _close(g, race)
    for seat, ms in think_times(events):
        _seat(g, seat).think.append(ms)
        g.actions += 1
    return g


class _Race:
    """A good race: every press on its slappable top is a reaction; the winner's margin
    is known once the late presses are in."""

    def __init__(self, t, top, by, by_margin):
        self.t = t
        self.top = top
        self.by = by
        self.by_margin = by_margin
        self.behind = []  # us behind the winner of each other press

    def press(self, g, seat, margin_us):
        s = _seat(g, seat)
        s.reactions.append(reaction_us(self.t, self.top, margin_us) / 1000.0)
        if seat != self.by:
            s.lost += 1
            s.lost_by.append((margin_us - self.by_margin) / 1000.0)
            self.behind.append(margin_us - self.by_margin)


def _close(g, race):
    if race is not None and race.behind:
        g.seats[race.by].won_by.append(min(race.behind) / 1000.0)


def _confirm(g, r):
    """Blind play: the table's word on the slap ranked: a race won or a wrong slap."""
    s = _seat(g, r["seat"])
    if r.get("ok"):
        s.won += 1
    else:
        s.wrong += 1
        s.paid += r.get("paid", 0)


def _seats_named(r):
    if isinstance(r.get("seat"), int) and r["seat"] >= 0:
        yield r["seat"]
    for e in r.get("order") or ():
        yield e[0]


def _race(g, r, top):
    """A judged slap: a wrong one counted; a good one returned as a ``_Race``."""
    by = r.get("by", -1)
    if not r.get("ok"):
        if by >= 0:
            s = _seat(g, by)
            s.wrong += 1
            s.paid += r.get("paid", 0)
        return None
    if top is None:
        return None  # cannot happen in a log the core made: a good slap needs a slappable top
    locked = r.get("locked") or ()
    ranked = [e for e in r.get("order") or () if e[0] not in locked]
    by_margin = 0
    for e in ranked:
        if e[0] == by:
            by_margin = e[1]
    race = _Race(r["t"], top, by, by_margin)
    for e in ranked:
        race.press(g, e[0], e[1])
    _seat(g, by).won += 1
    return race


def think_times(events):
    """``[(seat, ms), ...]``: the think time (above) of each seat's move from a turn
    game's events in time order (dicts with ``ev`` and ``t``): ``start``, ``pause``,
    ``resume``, and each move, ``move`` (``topper_host.turn_moves``) or an older
    simulator's ``act``, with its ``seat``."""
    out = []
    since = None  # the stamp the waiting started, None while paused
    banked = 0  # waiting before a pause
    for ev in events:
        kind = ev.get("ev")
        t = ev.get("t")
        if kind == "start":
            since, banked = t, 0
        elif kind == "pause":
            if since is not None:
                banked += max(0, ticks_diff(t, since))
                since = None
        elif kind == "resume":
            since = t
        elif kind in ("act", "move") and _seat_of(ev) >= 0:
            ms = banked + (max(0, ticks_diff(t, since)) if since is not None else 0)
            out.append((ev["seat"], ms))
            since, banked = t, 0
    return out


def _seat_of(ev):
    """The seat that made the move, or -1 (an older simulator's action of the table)."""
    seat = ev.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool):
        return -1
    return seat


_SLAP_RULINGS = ("slap", "late", "starter", "hurry", "locked", "collect", "confirm")


def guess_kind(rulings):
    for r in rulings:
        if r.get("r") in _SLAP_RULINGS or (r.get("r") == "lay" and "slap" in r):
            return "slap"
    return "turn"


# ----- over games ---------------------------------------------------------------------------


class Player(Seat):
    def __init__(self, seat):
        Seat.__init__(self)
        self.seat = seat
        self.games = 0
        self.wins = 0


def players(games):
    """Every seat's figures added up over ``games``, a list of ``Player`` by seat."""
    out = []
    for g in games:
        for i, s in enumerate(g.seats):
            while i >= len(out):
                out.append(Player(len(out)))
            p = out[i]
            p.games += 1
            if i in g.winners:
                p.wins += 1
            p.reactions.extend(s.reactions)
            p.won_by.extend(s.won_by)
            p.lost_by.extend(s.lost_by)
            p.think.extend(s.think)
            for name in ("won", "lost", "wrong", "paid", "lockouts", "hurries", "flags"):
                setattr(p, name, getattr(p, name) + getattr(s, name))
    return out


def median(values):
    return percentile(values, 50)


def percentile(values, q):
    """The ``q``-th percentile (0-100) with linear interpolation between the closest
    ranks (numpy's default), or None for no values."""
    v = sorted(values)
    if not v:
        return None
    pos = (len(v) - 1) * q / 100.0
    lo = int(pos)
    hi = min(lo + 1, len(v) - 1)
    return v[lo] + (v[hi] - v[lo]) * (pos - lo)


def mean(values):
    return sum(values) / len(values) if values else None


def histogram(values, width):
    """``[(low, count), ...]`` for bins ``[low, low + width)`` from 0 to the largest
    value, empty bins included."""
    if not values:
        return []
    top = int(max(values) // width)
    counts = [0] * (top + 1)
    for x in values:
        counts[int(max(0, x) // width)] += 1
    return [(i * width, c) for i, c in enumerate(counts)]
