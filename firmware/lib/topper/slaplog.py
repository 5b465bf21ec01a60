"""The event log: one JSON object a line (format version 2, docs/event-log.md).

The first line is a header that says how to rebuild the game::

    {"game":"ww3","jokers":2,"log":"topper-table","seats":4,"seed":7,"v":2}

Then, in time order, events (key ``ev``) each followed by the rulings the referee
made (key ``r``)::

    {"ev":"start","t":0}
    {"ev":"lay","t":1200}                  (the turn seat's top card: a seeded game)
    {"card":"3RC","ev":"lay","t":1200}     (the card a reader saw)
    {"ev":"press","seat":2,"t":1450}       ("us" may add microseconds)
    {"ev":"tick","t":5000}
    {"r":"slap","t":1450,...}

``Replay`` re-runs the events through a fresh referee. Rulings found in the log are
checked against the ones the core makes now. An event the rules refuse (a card not in
the deck, a card laid twice, a lay out of turn) is an error with its line number,
unless the log itself records that refusal right after it: a device that refused a
card logged the refusal, and that log is consistent.
"""

from topper import cards, inputs
from topper import jsonl
from topper.games.slap.pad import PadSlapReferee
from topper.games.slap.engine import SlapGame
from topper.games.slap.rules import VARIANTS
from topper.ticks import ticks_diff

FORMAT = "topper-table"
VERSION = 2  # the version written; every version up to it is read (READS)
READS = (1, 2)  # 2 added blind play's and the device's turn games' headers
_TIMING = ("hurry_ms", "settle_ms", "race_ms", "collect_ms")
_LATE_MS = 1000  # how far an event may be stamped before the one logged ahead of it


class LogError(ValueError):
    """A log line that cannot be replayed; ``line`` is its 1-based number."""

    def __init__(self, line, msg):
        super().__init__("line %d: %s" % (line, msg))
        self.line = line
        self.msg = msg


def header(ref):
    """The header line's object for a referee about to start."""
    g = ref.game
    h = {
        "log": FORMAT, "v": VERSION, "game": g.variant, "seats": g.seats,
        "jokers": g.jokers, "seed": ref.seed,
    }
    for key in _TIMING:
        h[key] = getattr(ref, key)
    return h


def referee_from_header(h):
    """A fresh referee built as the header says; ValueError if it cannot be."""
    check_version(h)
    if h.get("blind"):
        raise ValueError("blind play (no card pad): topper replay judges it with the blind referee")
    game = h.get("game")
    if game not in VARIANTS:
        raise ValueError("unknown game %r" % (game,))
    kw = {}
    for key in _TIMING:
        if key in h:
            kw[key] = _int(h, key)
    g = SlapGame(game, _int(h, "seats"), _int(h, "jokers", 0))
    return PadSlapReferee(g, seed=_int(h, "seed", 0), **kw)


def check_version(h):
    """ValueError unless ``h`` is the header of a log format version this core reads."""
    if h.get("log") == "topper-turn":
        # Before version 2 the device's turn games had a header of their own.
        raise ValueError("a turn game's log from a board before format version 2: topper replay reads it")
    if h.get("log") != FORMAT:
        raise ValueError("not a Topper Table log (the first line needs \"log\": \"%s\")" % FORMAT)
    if h.get("v") not in READS:
        raise ValueError("log format version %r; this core reads versions 1 to %d" % (h.get("v"), VERSION))


_int = inputs.whole


def event(kind, t, **fields):
    fields["ev"] = kind
    fields["t"] = t
    return fields


def event_time(ev):
    """An event's ``t``, checked (ValueError if it is missing or negative)."""
    t = _int(ev, "t")
    if t < 0:
        raise ValueError("t must not be negative")
    return t


_INPUTS = ("press", "lay", "tick")  # what a slap game's log feeds its referee


def apply(ref, ev):
    """Feed one event object to the referee (``ref.take``, ``topper.inputs``); returns
    its rulings (ValueError if the event itself is malformed)."""
    kind = ev.get("ev")
    t = event_time(ev)
    if kind == "start":
        seat = ev.get("seat")
        return ref.start(t, None if seat is None else _int(ev, "seat"))
    if kind not in _INPUTS:
        raise ValueError("unknown event %r (expected start, press, lay or tick)" % (kind,))
    what, seat, us, card = inputs.from_log(ev, cards.parse)
    return ref.take(what, seat, t, us, card)


class Recorder:
    """Wraps a referee and writes every event and ruling to ``sink`` (a callable that
    takes one line without its newline)."""

    def __init__(self, ref, sink):
        self.ref = ref
        self.sink = sink
        sink(jsonl.dumps(header(ref)))

    def _run(self, ev):
        self.sink(jsonl.dumps(ev))
        out = apply(self.ref, ev)
        for r in out:
            self.sink(jsonl.dumps(r))
        return out

    def start(self, t, starter=None):
        return self._run(event("start", t) if starter is None else event("start", t, seat=starter))

    def press(self, seat, t, us=0):
        return self._run(event("press", t, seat=seat, us=us) if us else event("press", t, seat=seat))

    def lay(self, t, card=None, seat=None):
        ev = event("lay", t)
        if card is not None:
            ev["card"] = cards.format_card(card)
        if seat is not None:
            ev["seat"] = seat
        return self._run(ev)

    def tick(self, t):
        return self._run(event("tick", t))


class Replay:
    """Re-runs log lines. ``run()`` yields every ruling the core makes; it raises
    LogError at the first line that contradicts the rules or the recorded rulings."""

    def __init__(self, lines):
        self.lines = lines
        self.ref = None

    def run(self):
        pending = []  # rulings made but not yet matched by a recorded ruling line
        refused = None  # (line, error ruling) the log has yet to acknowledge
        last_t = None
        number = 0
        for raw in self.lines:
            number += 1
            line = raw.strip()
            if not line:
                continue
            try:
                obj = jsonl.loads(line)
            except jsonl.JsonLineError as e:
                raise LogError(number, str(e))
            if self.ref is None:
                try:
                    self.ref = self.make(obj)
                except ValueError as e:
                    raise LogError(number, "bad header: %s" % (e,))
                continue
            if "r" in obj:
                self._check_recorded(number, obj, pending)
                if refused is not None and obj.get("r") == "error":
                    refused = None
                continue
            if refused is not None:
                raise LogError(refused[0], refused[1]["msg"])
            if "ev" not in obj:
                raise LogError(number, "neither an event (\"ev\") nor a ruling (\"r\")")
            t = obj.get("t")
            # A button press is stamped when the keypad scanned it but logged when the
            # loop read it, possibly just after a later tick: the referee ranks it at its
            # own stamp and never runs its clock back, and so does the replay. Seconds
            # backwards is a broken log.
            if isinstance(t, int) and last_t is not None and ticks_diff(t, last_t) < -_LATE_MS:
                raise LogError(number, "time runs backwards (%d after %d)" % (t, last_t))
            try:
                out = self.apply(obj)
            except ValueError as e:
                raise LogError(number, str(e))
            if last_t is None or ticks_diff(t, last_t) > 0:
                last_t = t
            pending = []
            for r in out:
                if r["r"] == "error":
                    refused = (number, r)
                pending.append(r)
                yield r
        if refused is not None:
            raise LogError(refused[0], refused[1]["msg"])
        if self.ref is None:
            raise LogError(max(number, 1), "empty log: no header line")
        if last_t is not None:
            for r in self.finish(last_t):
                yield r

    # What a replay of another referee (blind play) changes: how the header builds the
    # referee, how an event reaches it, what it rules when the log ends.

    def make(self, header):
        return referee_from_header(header)

    def apply(self, ev):
        return apply(self.ref, ev)

    def finish(self, t):
        return self.ref.finish(t)

    def _check_recorded(self, number, obj, pending):
        if not pending:
            raise LogError(number, "recorded ruling %s was not made by the core" % jsonl.dumps(obj))
        made = pending.pop(0)
        if jsonl.dumps(made) != jsonl.dumps(obj):
            raise LogError(
                number,
                "recorded ruling %s differs from the core's %s" % (jsonl.dumps(obj), jsonl.dumps(made)),
            )
