"""Writing a slap game's event log: one JSON object a line (format version 2,
docs/event-log.md); ``topper.replay`` reads every game's log back through the core.

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

``Recorder`` plays a referee and writes its log as it goes: what the tests and the
benchmarks make their logs with.
"""

from topper import cards, jsonl, replay
from topper.replay import FORMAT, VERSION

_TIMING = ("hurry_ms", "settle_ms", "race_ms", "collect_ms")


def header(ref):
    """The header line's object for a card-pad slap referee about to start."""
    g = ref.game
    h = {
        "log": FORMAT, "v": VERSION, "game": g.variant, "seats": g.seats,
        "jokers": g.jokers, "seed": ref.seed,
    }
    for key in _TIMING:
        h[key] = getattr(ref, key)
    return h


def event(kind, t, **fields):
    fields["ev"] = kind
    fields["t"] = t
    return fields


def apply(ref, ev):
    """Feed one event object to the referee (``topper.replay.feed``); its rulings
    (ValueError if the event itself is malformed)."""
    name = ev.get("card")
    if name is not None:
        ev = dict(ev)
        ev["_code"] = cards.parse(name)
    return replay.feed(ref, ev)


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
