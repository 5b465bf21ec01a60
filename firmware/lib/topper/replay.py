"""Every game's log re-run through the core (docs/event-log.md), by one loop:

    the header line  -> its game's record (topper.games) -> a fresh referee
    each event       -> ``inputs.from_log`` -> ``ref.take`` (``start``: ``ref.start``)
    the rulings the log records after an event -> checked against the core's

A slap game's log with the card pad, blind play's and a turn game's (from a board or
the simulator) go the same way; what differs is the game's, and its record says it.

``run(lines)`` yields every ruling the core makes and raises ``LogError`` at the first
line that contradicts the rules or the rulings recorded, after the rulings up to it.
``read(lines)`` is the log as ``(header, events)``: each event a dict with ``_line``
(its line number), ``_index`` and ``_rulings`` (the rulings recorded after it, each
with its ``_line``); ``make(header)`` the referee; ``rulings(header, events)`` the loop.

The rule for recorded rulings is one: an event's rulings, where the log records them,
are the ones the core makes, all of them in order (only the log's last event may stop
part way: a game killed while it was logged). A log may leave an event's rulings out
(a board's download carries events only; a log written by hand): the core's stand,
unless the core refuses the event, which is the log's error.

What a board's turn log leaves unnamed (a card read face down, a secret entered with
the buttons) needs the whole log to find again: the host's ``turn_secrets`` does it,
handed to ``rulings`` as ``unnamed``.
"""

from topper import cards, games, inputs, jsonl, stdcards
from topper.ticks import ticks_diff

FORMAT = "topper-table"
VERSION = 2  # the version written; every version up to it is read (READS)
READS = (1, 2)  # 2 added blind play's and the device's turn games' headers
OLD_TURN = "topper-turn"  # a board's turn-game log before format version 2
LATE_MS = 1000  # how far a board's event may be stamped before the one logged ahead of it
EVENTS = ("start", "press", "lay", "card", "button", "table", "out", "tick", "pause", "resume",
          "act", "secret")


class LogError(ValueError):
    """A log line that cannot be replayed; ``line`` is its 1-based number."""

    def __init__(self, line, msg):
        super().__init__("line %d: %s" % (line, msg))
        self.line = line
        self.msg = msg


# ----- reading ---------------------------------------------------------------------


def read(lines):
    """``(header, events)`` of a whole log; LogError at its first bad line."""
    h, events, error = _read(lines)
    if error is not None:
        raise error
    return h, events


def _read(lines):
    """``(header, events, error)``: the events up to the first bad line and the
    LogError it makes (None for a good log), so that a replay goes that far."""
    head = None
    events = []
    last_t = None
    number = 0
    try:
        for raw in lines:
            number += 1
            line = raw.strip()
            if not line:
                continue
            obj = line_object(number, line)
            if head is None:
                try:
                    check_header(obj)
                except ValueError as e:
                    raise LogError(number, "bad header: %s" % (e,))
                head = obj
                continue
            if "r" in obj:
                if not events:
                    raise LogError(number, "a ruling before any event")
                obj["_line"] = number
                events[-1]["_rulings"].append(obj)
                continue
            if "ev" not in obj:
                raise LogError(number, "neither an event (\"ev\") nor a ruling (\"r\")")
            try:
                _check_event(head, obj)
            except ValueError as e:
                raise LogError(number, str(e))
            t = obj["t"]
            # A button press is stamped when the keypad scanned it but logged when the
            # loop read it, possibly just after a later tick: the referee ranks it at
            # its own stamp and never runs its clock back, and so does the replay. The
            # simulator's turn games stamp from one clock that never runs back. Seconds
            # backwards is a broken log.
            late = 0 if head.get("entry") == "dealt" else LATE_MS
            if last_t is not None and ticks_diff(t, last_t) < -late:
                raise LogError(number, "time runs backwards (%d after %d)" % (t, last_t))
            if last_t is None or ticks_diff(t, last_t) > 0:
                last_t = t
            obj["_line"] = number
            obj["_index"] = len(events)
            obj["_rulings"] = []
            events.append(obj)
        if head is None:
            raise LogError(max(1, number), "an empty log: no header line")
    except LogError as e:
        if head is None:
            raise
        return _upgrade(head, events), events, e
    return _upgrade(head, events), events, None


def line_object(number, line):
    """The object of log line ``number`` (its text stripped); LogError unless it is a
    JSON object of the values a log holds (whole numbers, text, lists and objects)."""
    try:
        obj = jsonl.loads(line)
    except jsonl.JsonLineError as e:
        raise LogError(number, "not a log line: %s" % (e,))
    if not isinstance(obj, dict):
        raise LogError(number, "not a log line: expected a JSON object")
    odd = odd_value(obj)
    if odd is not None:
        raise LogError(number, "a log holds whole numbers, text, lists and objects, not %r" % (odd,))
    return obj


def check_header(h):
    """ValueError in words unless ``h`` is the header of a log this core reads."""
    log = h.get("log")
    if log == OLD_TURN:
        if h.get("v") != 1:
            raise ValueError("a board's turn log of version %r: only version 1 was written" % (h.get("v"),))
        if not games.is_turn(_key(h)):
            raise ValueError("a board's turn log of a game that has no turns: %r" % (h.get("game"),))
        return
    if log != FORMAT:
        raise ValueError("not a Topper Table log (the first line needs \"log\": \"%s\")" % FORMAT)
    if h.get("v") not in READS:
        raise ValueError("log format version %r; this core reads versions 1 to %d" % (h.get("v"), VERSION))
    _key(h)


def _key(h):
    key = h.get("game")
    try:
        games.find(key)
    except (KeyError, TypeError):
        raise ValueError("unknown game %r" % (key,))
    return key


def _check_event(h, ev):
    kind = ev["ev"]
    if kind not in EVENTS:
        raise ValueError("unknown event %r (expected %s)" % (kind, ", ".join(EVENTS)))
    t = ev.get("t")
    if not isinstance(t, int) or isinstance(t, bool) or t < 0:
        raise ValueError("%s event needs a whole 't' stamp" % kind)
    if kind == "button":
        seat = ev.get("seat")
        if ev.get("press") not in inputs.BUTTON_NAMES or not isinstance(seat, int) or isinstance(seat, bool):
            raise ValueError("button event needs 'press' (%s) and 'seat'" % ", ".join(inputs.BUTTON_NAMES))
    elif kind == "lay" or kind == "card":
        name = ev.get("card")
        if name is not None:
            if not isinstance(name, str):
                raise ValueError("a card event's 'card' is a card's name, like QS or 3RC")
            ev["_code"] = parse_card(h.get("game"), name)
    elif kind == "act":
        a = ev.get("a")
        whole = isinstance(a, int) and not isinstance(a, bool)  # a game whose action is one card
        if not whole and (not isinstance(a, list) or not a or not all(isinstance(x, int) for x in a)):
            raise ValueError("act event needs 'a', a whole number or a list of them")


def parse_card(key, text):
    """A card's code from its name, as the game's deck names it (its record's deck: a
    standard card for Tripp Jokes, a Triple Topper card for the others); ValueError."""
    if games.find(key).deck == games.STANDARD:
        return stdcards.parse(text)
    return cards.parse(text)


def odd_value(v):
    """The first value a log line cannot hold (a fraction), or None."""
    if isinstance(v, float):
        return v
    if isinstance(v, dict):
        v = v.values()
    elif not isinstance(v, list):
        return None
    for x in v:
        odd = odd_value(x)
        if odd is not None:
            return odd
    return None


def _upgrade(h, events):
    """A board's turn log from before format version 2 as a current header: its seed
    was the start press's stamp, as the board seeded it when no host set one; its
    clock a list ``[kind, base_ms, extra_ms]``. LogError in words."""
    if h.get("log") != OLD_TURN:
        return h
    from topper import clock as clocks

    new = {"log": FORMAT, "v": 1, "game": h.get("game"), "seats": h.get("seats")}
    new["entry"] = "pad" if h.get("cardpad") else "buttons"
    new["options"] = h.get("options") or {}
    c = h.get("control")
    clock = None
    if c is not None:
        if not isinstance(c, list) or len(c) != 3 or not 0 <= c[0] < len(clocks.CONTROL_NAMES):
            raise LogError(1, "bad header: control must be [kind, base_ms, extra_ms], not %r" % (c,))
        clock = {"control": clocks.CONTROL_NAMES[c[0]], "base_ms": c[1], "extra_ms": c[2]}
    new["clock"] = clock
    start = [e for e in events if e["ev"] == "start"]
    new["seed"] = start[0]["t"] if start else 0
    return new


# ----- the referee -------------------------------------------------------------------


def make(h):
    """A fresh referee, not started, as header ``h`` says, by its game's record: the
    card-pad or blind slap referee, or the turn game's; ValueError in words."""
    record = games.find(_key(h))
    if record.kind == games.TURN:
        from topper import turnref

        return turnref.from_header(_module(record.referee), h)
    if h.get("blind"):
        return _module(record.blind).from_header(h)
    return _module(record.referee).from_header(h)


def _module(name):
    return __import__(name, None, None, ["from_header"])


# ----- the loop ----------------------------------------------------------------------


def run(lines, unnamed_of=None):
    """Every ruling of the log ``lines``, as the core makes it; LogError at the first
    line that contradicts it, after the rulings up to there. ``unnamed_of(h, events)``
    gives the finder of what a turn log leaves unnamed (the host's)."""
    h, events, error = _read(lines)
    unnamed = None if unnamed_of is None else unnamed_of(h, events)
    for r in rulings(h, events, None, unnamed):
        yield r
    if error is not None:
        raise error


def rulings(h, events, ref=None, unnamed=None):
    """The rulings of a read log, event by event, each once it agrees with the log's;
    the referee ``ref`` (``make``'s, to show what the game shows) or a fresh one;
    ``unnamed`` finds what the log leaves unnamed (``needs(ev)``, ``apply``, ``opened``)."""
    if ref is None:
        try:
            ref = make(h)
        except (ValueError, KeyError, TypeError) as e:
            raise LogError(1, "bad header: %s" % (e,))
    opened = set() if unnamed is None else unnamed.opened
    note = _note(h)
    last = len(events) - 1
    started = False
    end = None  # the latest stamp: a press may be logged after a later tick

    def agree(ev, got):
        return _agree(ev, got, ev["_index"] == last, opened, note)

    for ev in events:
        if ev["ev"] == "start":
            if started:
                raise LogError(ev["_line"], "the game has started already")
            started = True
        if unnamed is not None and unnamed.needs(ev):
            got = unnamed.apply(ref, ev["_index"], agree)
        else:
            try:
                got = feed(ref, ev)
            except ValueError as e:
                raise LogError(ev["_line"], str(e))
        if end is None or ticks_diff(ev["t"], end) > 0:
            end = ev["t"]
        for r in agree(ev, got):
            yield r
    if end is not None:
        for r in ref.finish(end):
            yield r


def feed(ref, ev):
    """One logged event given to the referee as the table made it; its rulings.
    ValueError for an event the referee cannot be given."""
    kind = ev["ev"]
    t = ev["t"]
    if kind == "start":
        return ref.start(t, inputs.whole(ev, "seat", -1))
    if kind == "act":
        # An older simulator logged a turn game's whole engine actions.
        a = ev["a"]
        return ref.act(tuple(a) if isinstance(a, list) else a, t)
    if kind == "secret":
        raise ValueError("a secret event: only a log's whole reading finds the secret (topper replay)")
    what, seat, us, card = inputs.from_log(ev, lambda name: ev["_code"])
    return ref.take(what, seat, t, us, card)


def plain(obj):
    """A ruling as it reads back from its JSON line (tuples become lists)."""
    return jsonl.loads(jsonl.dumps(obj))


def _agree(ev, got, last, opened, note):
    """The rulings ``got`` (plain) if they are the ones the log records after ``ev``;
    LogError where they part. A seal or a reveal checked against its pair (its line in
    ``opened``) stands as logged: a replay seals with salts of its own."""
    got = [plain(r) for r in got]
    recorded = ev["_rulings"]
    if not recorded:
        for r in got:
            if r["r"] == "error":
                raise LogError(ev["_line"], r.get("why") or r.get("msg") or "the game refuses this")
        return got
    out = []
    for i, r in enumerate(got):
        if i >= len(recorded):
            if last:
                out.extend(got[i:])  # a killed game's log may stop inside its last batch
                break
            raise LogError(ev["_line"], "the core rules %s here; the log does not record it%s"
                           % (jsonl.dumps(r), note))
        rec = dict(recorded[i])
        line = rec.pop("_line")
        if line in opened and _same_but_salt(rec, r):
            r = rec
        if rec != r:
            raise LogError(line, "recorded ruling %s differs from the core's %s%s"
                           % (jsonl.dumps(rec), jsonl.dumps(r), note))
        out.append(r)
    if len(recorded) > len(got):
        rec = dict(recorded[len(got)])
        line = rec.pop("_line")
        raise LogError(line, "recorded ruling %s was not made by the core%s" % (jsonl.dumps(rec), note))
    return out


def _note(h):
    """What a mismatch must add for a log that does not say all the game needs."""
    if h.get("blind") and "hurry_ms" not in h:
        return (" (a blind log older than format version 2 does not say its hurry-up time: "
                "replayed with the hurry-up off)")
    return ""


def _same_but_salt(rec, r):
    """A seal or a reveal equal to the log's but for what its salt makes (the digest,
    the salt)."""
    skip = {"commit": "digest", "reveal": "salt"}.get(r.get("r"))
    if skip is None:
        return False
    a = dict(rec)
    b = dict(r)
    a.pop(skip, None)
    b.pop(skip, None)
    return a == b
