"""Reading the event log of a turn-based game (Tripp Jokes, Tricky Dick, Crazy Job,
Guess My Card) for ``topper replay``: one JSON object a line, written with
``topper.jsonl`` by the device's table shell (``topper_app.turnplay``; the simulator's
turn games are played on that shell too, so their logs are the device's), or by an
older simulator, which logged whole engine actions (``act``, header ``"entry":"dealt"``).

The header says how to rebuild the game with its module's ``make``::

    {"clock":{"base_ms":60000,"control":"fischer","extra_ms":2000},"entry":"dealt",
     "game":"tripp","log":"topper-table","options":{"jokers":2,"places":0},"seats":3,
     "seed":7,"v":1}

then events (key ``ev``), each followed by the rulings it made (key ``r``)::

    {"ev":"start","t":0}
    {"a":[1,0,5],"ev":"act","seat":0,"t":2140}   (an engine action; ``seat`` chose it)
    {"a":23,"ev":"act","seat":1,"t":4410}        (a game whose action is one card)
    {"ev":"tick","t":61000}                      (only when the clock ruled: a flag)
    {"ev":"pause","t":7000}  {"ev":"resume","t":9000}
    {"ev":"button","press":"short","seat":1,"t":9400}  (a game played with the device's
                                                 buttons, header "entry":"buttons")
    {"card":"QS","ev":"card","t":9900}            (the card pad read a card laid face up)
    {"ev":"card","t":9900}                        (... a card the log must not name)
    {"ev":"secret","t":9950}                      (a secret entered with the buttons)

A board writes header ``"entry"`` ``"buttons"`` or ``"pad"``. A board's
turn log from before format version 2 (``"log":"topper-turn"``, with ``cardpad`` and
``control`` in its header and no seed) is read too: its seed was the start press's
stamp unless a host set it.

``check`` rebuilds the game and re-applies every event at its stamp; a line that is not
an event, an event the game cannot take or a recorded ruling the game does not make now
stops it with the line's number. What the log leaves unnamed (a card read without its
name, a secret entered with the buttons) is found again by ``turn_secrets``: a secret
from the hand's reveal, checked against its seal; a log cut off before that reveal
stops at the secret (``turn_secrets.Stop``).
"""

import json

from topper import cards, stdcards
from topper import clock as clockmod
from topper import games, inputs, jsonl, turnref
from topper.slaplog import FORMAT, READS, VERSION, LogError
from topper.gamekit import ENTRY_NAMES

from topper_host.sim import turn_secrets

KINDS = ("start", "act", "tick", "pause", "resume", "button", "card", "secret")
OLD_DEVICE = "topper-turn"  # a board's turn log before format version 2
LATE_MS = 1000  # a board's press may be logged after a later-stamped tick (slaplog)


def is_turn_header(h):
    return (
        isinstance(h, dict)
        and h.get("log") in (FORMAT, OLD_DEVICE)
        and h.get("game") in games.keys(games.TURN)
    )


def upgrade(h, events):
    """A header of the current shape for ``h``: a board's turn log before format
    version 2 becomes one (its seed: the start press's stamp, as the board seeded it
    when no host set one); a current header is returned as it is. LogError in words."""
    if h.get("log") != OLD_DEVICE:
        if h.get("v") not in READS:
            why = "log format version %r; this core reads versions 1 to %d" % (h.get("v"), VERSION)
            raise LogError(1, why)
        return h
    if h.get("v") != 1:
        raise LogError(1, "a board's turn log of version %r: only version 1 was written" % (h.get("v"),))
    new = {"log": FORMAT, "v": 1, "game": h.get("game"), "seats": h.get("seats")}
    new["entry"] = "pad" if h.get("cardpad") else "buttons"
    new["options"] = h.get("options") or {}
    c = h.get("control")
    clock = None
    if c is not None:
        if not isinstance(c, list) or len(c) != 3 or not 0 <= c[0] < len(clockmod.CONTROL_NAMES):
            raise LogError(1, "bad header: control must be [kind, base_ms, extra_ms], not %r" % (c,))
        clock = {"control": clockmod.CONTROL_NAMES[c[0]], "base_ms": c[1], "extra_ms": c[2]}
    new["clock"] = clock
    start = [e for e in events if e["ev"] == "start"]
    new["seed"] = start[0]["t"] if start else 0
    return new


def module(game):
    return __import__(games.find(game).referee, None, None, ["make"])


def make(h):
    """A fresh referee, not started, as header ``h`` says; ValueError in words."""
    if not is_turn_header(h):
        raise ValueError("not the header of a turn-based game's log")
    game = h["game"]
    low, high = games.find(game).players
    seats = h.get("seats")
    if not isinstance(seats, int) or not low <= seats <= high:
        raise ValueError("%s is for %d to %d players, not %r" % (game, low, high, seats))
    if h.get("entry") not in ENTRY_NAMES:
        raise ValueError("unknown entry %r" % (h.get("entry"),))
    options = games.options(game, h.get("options") or {})
    c = h.get("clock")
    control = None
    if c is not None:
        try:
            control = clockmod.from_header(c)
            on_flag = turnref.flag_of(c.get("flag"))
        except (KeyError, TypeError, ValueError, AttributeError) as e:
            raise ValueError("bad clock %r: %s" % (c, e))
    seed = h.get("seed", 0)
    ref = module(game).referee(seats, ENTRY_NAMES.index(h["entry"]), seed, control, options)
    if control is not None:
        ref.on_flag = on_flag
    return ref


def apply(ref, ev):
    """One logged event on the referee; its rulings."""
    kind = ev["ev"]
    t = ev["t"]
    if kind == "start":
        return ref.start(t)
    if kind == "act":
        a = ev["a"]
        return ref.act(tuple(a) if isinstance(a, list) else a, t)
    if kind == "tick":
        return ref.tick(t)
    if kind == "pause":
        return ref.pause(t)
    if kind == "button" or kind == "card":
        # The device's own inputs (docs/device.md, topper.inputs): what the game makes
        # of a press or a card is the referee's, exactly as on the board.
        what, seat, us, card = inputs.from_log(ev, lambda name: ev["_code"])
        return ref.take(what, seat, t, us, card)
    return ref.resume(t)


def parse_card(game, text):
    """A card's code from its name in a log, as the game's deck names it (its registry
    record: a standard card for Tripp Jokes, a Triple Topper card for the others);
    ValueError in words."""
    if games.find(game).deck == games.STANDARD:
        return stdcards.parse(text)
    return cards.parse(text)


def plain(obj):
    """A ruling as it reads back from its JSON line (tuples become lists)."""
    return json.loads(jsonl.dumps(obj))


def read(lines):
    """``(header, events)``: each event a dict with ``_line`` and ``_rulings`` (the
    rulings recorded after it, each with its own ``_line``). LogError on a bad line."""
    header_obj = None
    events = []
    number = 0
    last_t = 0
    for raw in lines:
        number += 1
        line = raw.strip()
        if not line:
            continue
        try:
            obj = jsonl.loads(line)
        except jsonl.JsonLineError as e:
            raise LogError(number, str(e))
        odd = odd_value(obj)
        if odd is not None:
            raise LogError(number, "a log holds whole numbers, text, lists and objects, not %r" % (odd,))
        if header_obj is None:
            if not is_turn_header(obj):
                raise LogError(number, "a turn game's log starts with its header line")
            header_obj = obj
            continue
        if "r" in obj:
            if not events:
                raise LogError(number, "a ruling before any event")
            obj["_line"] = number
            events[-1]["_rulings"].append(obj)
            continue
        _check_event(obj, number)
        late = LATE_MS if _from_board(header_obj) else 0
        if events and obj["t"] < last_t - late:
            # The simulator stamps a turn game's events from one clock that never runs
            # back. A board stamps a press when the keypad scanned it and may log it
            # after a tick stamped later in the same step; seconds back is a broken log.
            raise LogError(number, "time runs backwards (%d after %d)" % (obj["t"], last_t))
        if obj["ev"] == "card" and "card" in obj:
            try:
                obj["_code"] = parse_card(header_obj.get("game"), obj["card"])
            except ValueError as e:
                raise LogError(number, str(e))
        if not events or obj["t"] > last_t:
            last_t = obj["t"]
        obj["_line"] = number
        obj["_index"] = len(events)
        obj["_rulings"] = []
        events.append(obj)
    if header_obj is None:
        raise LogError(max(1, number), "an empty log")
    return upgrade(header_obj, events), events


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


def _from_board(h):
    return h.get("log") == OLD_DEVICE or h.get("entry") in ("buttons", "pad")


def _check_event(obj, number):
    kind = obj.get("ev")
    if kind not in KINDS:
        raise LogError(number, "unknown event %r (expected %s)" % (kind, ", ".join(KINDS)))
    t = obj.get("t")
    if not isinstance(t, int) or isinstance(t, bool) or t < 0:
        raise LogError(number, "%s event needs a whole 't' stamp" % kind)
    if kind == "button":
        seat = obj.get("seat")
        if obj.get("press") not in turnref.PRESS_NAMES or not isinstance(seat, int) or isinstance(seat, bool):
            names = ", ".join(turnref.PRESS_NAMES)
            raise LogError(number, "button event needs 'press' (%s) and 'seat'" % names)
        return
    if kind == "card":
        if "card" in obj and not isinstance(obj["card"], str):
            raise LogError(number, "a card event's 'card' is a card's name, like QS or 3RC")
        return
    if kind == "act":
        a = obj.get("a")
        if isinstance(a, int) and not isinstance(a, bool):
            return  # a game whose action is one card (Tricky Dick)
        if not isinstance(a, list) or not a or not all(isinstance(x, int) for x in a):
            raise LogError(number, "act event needs 'a', a whole number or a list of them")


def check(h, events):
    """Re-run a read log; every ruling the game makes, or LogError where the log and
    the game disagree (or where it stops holding what the replay needs)."""
    return list(rulings(h, events))


def rulings(h, events, ref=None, unnamed=None):
    """``check`` one event at a time: yields each event's rulings once they agree with
    the log's, so that a caller can show how far the replay went (and, with its own
    ``ref`` from ``make``, what the game shows then). What a board's log leaves unnamed
    (a card read, a secret entered) is found again by ``turn_secrets`` (``unnamed``, an
    ``Unnamed`` of the caller's, keeps what it found); a log cut off before a secret's
    reveal raises ``turn_secrets.Stop`` there."""
    if ref is None:
        try:
            ref = make(h)
        except ValueError as e:
            raise LogError(1, "bad header: %s" % e)
    if unnamed is None:
        unnamed = reader(h, events)
    last = len(events) - 1

    def compare(ev, got):
        return _compare(ev, plain(got), ev is events[last], unnamed.opened)

    for ev in events:
        if unnamed.needs(ev):
            got = unnamed.apply(ref, ev["_index"], compare)
        else:
            got = apply(ref, ev)
        if ev["ev"] == "act" and got and got[0]["r"] == "error" and not _recorded_error(ev):
            raise LogError(ev["_line"], "the game refuses this action: %s" % got[0]["why"])
        for r in compare(ev, got):
            yield r


def reader(h, events):
    """The ``turn_secrets.Unnamed`` of a read log."""
    return turn_secrets.Unnamed(h, events, lambda text: parse_card(h["game"], text))


def _recorded_error(ev):
    return bool(ev["_rulings"]) and ev["_rulings"][0].get("r") == "error"


def _compare(ev, got, last, opened):
    """The rulings ``got`` (plain) if they are the ones the log records after ``ev``;
    LogError where they part. A seal or a reveal checked against its pair (its line in
    ``opened``) stands as logged: the replay seals with salts of its own."""
    recorded = ev["_rulings"]
    out = []
    if last:
        out = got[len(recorded) :]  # a killed game's log may stop inside its last batch
        got = got[: len(recorded)]
    for i, r in enumerate(got):
        if i >= len(recorded):
            raise LogError(ev["_line"], "the game rules %s here; the log does not" % jsonl.dumps(r))
        rec = dict(recorded[i])
        line = rec.pop("_line")
        if line in opened and _same_but_salt(rec, r):
            r = rec
        if rec != r:
            raise LogError(line, "the log says %s; the game rules %s" % (jsonl.dumps(rec), jsonl.dumps(r)))
        out.insert(i, r)
    if len(recorded) > len(got):
        raise LogError(recorded[len(got)]["_line"], "a ruling the game does not make")
    return out


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
