"""Reads the project's game logs for ``topper stats``, every kind of them:

- a slap game's event log (docs/event-log.md), with the card pad or blind, as the
  simulator writes it, as ``topper monitor --save`` saves a board's stream, or as the
  board's ``log`` download gives it (events only): re-run through the core
  (``topper_host.replay``), which checks the recorded rulings and makes the missing ones;
- a turn game's log from the simulator: re-run through the core (``topper_host.replay``);
- a turn game's log streamed by a board: re-run through the core like the
  simulator's (its secrets read ahead from the hand's reveals), unless it is cut off
  before a secret's reveal or comes from before format version 2
  (``"log":"topper-turn"``): then its recorded rulings are taken as they are;
- the output of ``topper replay`` (ruling lines only, no header).

``read(path)`` returns one ``stats.Game``; a file that is none of these raises
``LogError`` with the line at fault, and a file that cannot be read raises ``OSError``.
"""

import os

from topper import games
from topper import replay as core
from topper.replay import FORMAT, LogError
from topper.ticks import ticks_diff

from topper_host import replay, stats, turn_moves
from topper_host.sim import turn_secrets

DEVICE_TURN = "topper-turn"


def read(path):
    """The ``stats.Game`` of the log at ``path``; LogError or OSError."""
    if os.path.isdir(path):
        raise IsADirectoryError(21, "is a directory, not a log", path)
    with open(path, "rb") as f:
        data = f.read()
    text = data.decode("utf-8", errors="replace")
    return parse(text.splitlines(), os.path.basename(path))


def _objects(lines):
    """``[(line number, object), ...]`` of the non-blank lines; LogError on one that is
    not a JSON object."""
    out = []
    for number, raw in enumerate(lines, 1):
        line = raw.strip()
        if not line:
            continue
        obj = core.line_object(number, line)
        out.append((number, obj))
    if not out:
        raise LogError(max(1, len(lines)), "an empty log")
    return out


def parse(lines, source=""):
    lines = list(lines)
    objs = _objects(lines)
    number, head = objs[0]
    if "log" in head:
        if head.get("log") == DEVICE_TURN:
            return _device_turn(head, objs, source)
        if head.get("log") != FORMAT:
            raise LogError(number, "not a Topper Table log (log %r)" % (head.get("log"),))
        if head.get("game") in games.keys(games.TURN):
            return _turn(head, lines, objs, source)
        return _slap(head, lines, source)
    if "r" in head:
        return _rulings(objs, source)
    raise LogError(number, "a log starts with its header line (or, from topper replay, a ruling)")


def _seats(head):
    s = head.get("seats")
    return s if isinstance(s, int) and not isinstance(s, bool) and 0 < s <= 8 else 0


def _slap(head, lines, source):
    # (blind play too: topper_host.replay rebuilds the blind referee from the header)
    rulings = list(replay.rulings(lines))
    g = stats.game(rulings, source, str(head.get("game")), _seats(head), "slap")
    if head.get("blind"):
        g.lays = None  # the device never sees a card laid without the pad
    return g


def _turn(head, lines, objs, source):
    h, events = core.read(lines)
    try:
        rulings = list(core.rulings(h, events, None, replay.unnamed(h, events)))
    except turn_secrets.Stop:
        # A board's log cut off before a secret's reveal (a game stopped mid-hand): its
        # rulings as logged.
        return _device_turn(head, objs, source)
    return stats.game(rulings, source, h["game"], _seats(h), "turn", events=_timeline(h, events, rulings))


def _device_turn(head, objs, source):
    rulings = []
    events = []
    for number, obj in objs[1:]:
        if "log" in obj:
            raise LogError(number, "a second header: one game a file")
        if "r" in obj:
            _stamped(number, obj)
            _check_ruling(number, obj)
            rulings.append(obj)
        elif "ev" not in obj:
            raise LogError(number, "neither an event (\"ev\") nor a ruling (\"r\")")
        elif _whole(obj.get("t")):
            events.append(obj)
    return stats.game(rulings, source, str(head.get("game")), _seats(head), "turn",
                      events=_timeline(head, events, rulings))


def _timeline(head, events, rulings):
    """The game's moves (``topper_host.turn_moves``) among the events that start and
    pause it, in time order, for ``stats.think_times``. An older simulator's log names
    each move itself (its ``act`` events)."""
    kept = [e for e in events if e.get("ev") in ("start", "pause", "resume", "act")]
    if head.get("entry") == "dealt":
        return kept
    pad = head.get("entry") != "buttons"
    moves = turn_moves.moves(str(head.get("game")), pad, rulings)
    moved = [{"ev": "move", "seat": s, "t": t} for s, t in moves]
    out = []
    i = 0
    for m in moved:
        while i < len(kept) and ticks_diff(m["t"], kept[i]["t"]) >= 0:  # (an event before its rulings)
            out.append(kept[i])
            i += 1
        out.append(m)
    return out + kept[i:]


def _rulings(objs, source):
    rulings = []
    for number, obj in objs:
        if "r" not in obj:
            raise LogError(number, "expected a ruling line (\"r\"), as topper replay prints")
        _stamped(number, obj)
        _check_ruling(number, obj)
        rulings.append(obj)
    return stats.game(rulings, source)


def _whole(v):
    return isinstance(v, int) and not isinstance(v, bool)


def _stamped(number, obj):
    if not _whole(obj.get("t")) or obj["t"] < 0:
        raise LogError(number, "ruling %r needs a whole 't' stamp" % (obj.get("r"),))


def _check_ruling(number, r):
    """The fields the statistics read, with the types they need."""
    kind = r["r"]
    if not isinstance(kind, str):
        raise LogError(number, "'r' names a ruling, not %r" % (kind,))
    need = {
        "late": ("seat", "margin_us"),
        "locked": ("seat",),
        "hurry": ("seat",),
        "flag": ("seat",),
        "win": ("seat",),
        "confirm": ("seat",),
        "slap": ("by",),
    }.get(kind, ())
    for key in need:
        if not _whole(r.get(key)) or (key == "seat" and not 0 <= r[key] < 8):
            raise LogError(number, "ruling %r needs a whole %r" % (kind, key))
    if kind == "slap":
        if "paid" in r and not _whole(r["paid"]):
            raise LogError(number, "ruling 'slap' needs a whole 'paid'")
        locked = r.get("locked", [])
        if not isinstance(locked, list) or not all(_whole(s) for s in locked):
            raise LogError(number, "ruling 'slap' needs 'locked', a list of seats")
        order = r.get("order")
        if not isinstance(order, list) or not all(
            isinstance(e, list) and len(e) == 2 and _whole(e[0]) and 0 <= e[0] < 8 and _whole(e[1])
            for e in order
        ):
            raise LogError(number, "ruling 'slap' needs 'order', a list of [seat, margin_us]")
    if kind == "over" and not (
        isinstance(r.get("winners"), list) and all(_whole(s) and 0 <= s < 8 for s in r["winners"])
    ):
        raise LogError(number, "ruling 'over' needs 'winners', a list of seats")
    if kind == "confirm" and "paid" in r and not _whole(r["paid"]):
        raise LogError(number, "ruling 'confirm' needs a whole 'paid'")
