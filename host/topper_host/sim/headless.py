"""Runs without a terminal: scripts in, transcripts out.

A *script* is a file of events in the event log's format (docs/event-log.md): an
optional header line, then ``start``, ``lay``, ``press`` and ``tick`` events with their
``t``. Ruling lines (key ``r``) may be present, as in a recorded log, and are skipped:
``topper replay`` is the tool that checks them.

A *transcript* is what the table said and showed: after every batch of rulings, each
ruling as one JSON line, then the OLED's 8 lines as text, each behind ``| ``.
Golden transcripts (tests/golden/) are these, so a diff shows which ruling or which
screen line changed.
"""

from topper import jsonl
from topper.eventlog import FORMAT
from topper.ticks import ticks_diff

from topper_host.sim.frame import oled_lines

OLED_MARK = "| "
_KINDS = ("start", "lay", "press", "tick")


class ScriptError(ValueError):
    def __init__(self, line, msg):
        ValueError.__init__(self, "line %d: %s" % (line, msg))
        self.line = line
        self.msg = msg


def _whole(ev, key, number, low=None, high=None, need=True):
    v = ev.get(key)
    if v is None:
        if need:
            raise ScriptError(number, "%s event needs %r" % (ev.get("ev"), key))
        return None
    if not isinstance(v, int) or isinstance(v, bool):
        raise ScriptError(number, "%r must be a whole number, not %r" % (key, v))
    if (low is not None and v < low) or (high is not None and v > high):
        raise ScriptError(number, "%r out of range: %d" % (key, v))
    return v


def read_script(lines):
    """``(header or None, events)``; ScriptError names the first bad line."""
    header = None
    events = []
    last_t = None
    number = 0
    for raw in lines:
        number += 1
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        try:
            obj = jsonl.loads(line)
        except jsonl.JsonLineError as e:
            raise ScriptError(number, str(e))
        if "log" in obj:
            if header is not None or events:
                raise ScriptError(number, "a header line must come first")
            if obj.get("log") != FORMAT:
                raise ScriptError(number, "not a Topper Table header")
            header = obj
            continue
        if "r" in obj:
            continue
        kind = obj.get("ev")
        if kind not in _KINDS:
            raise ScriptError(number, "unknown event %r (expected start, lay, press or tick)" % (kind,))
        t = _whole(obj, "t", number, low=0)
        if last_t is not None and ticks_diff(t, last_t) < 0:
            raise ScriptError(number, "time runs backwards (%d after %d)" % (t, last_t))
        last_t = t
        if kind == "press":
            _whole(obj, "seat", number, low=0)
            _whole(obj, "us", number, 0, 999, need=False)
        elif kind in ("lay", "start"):
            _whole(obj, "seat", number, low=0, need=False)
            if kind == "lay" and "card" in obj and not isinstance(obj["card"], str):
                raise ScriptError(number, "'card' must be a card name like \"3RC\"")
        obj["_line"] = number
        events.append(obj)
    if events and events[0]["ev"] != "start" and not any(e["ev"] == "start" for e in events):
        # A script that only plays: the table deals from the seed and starts first.
        events.insert(0, {"ev": "start", "t": events[0]["t"], "_line": 0})
    return header, events


class Transcript:
    """A table listener that writes every batch of rulings and the screen after it."""

    def __init__(self, write):
        self.write = write

    def __call__(self, table, t, rulings):
        for r in rulings:
            self.write(jsonl.dumps(r))
        for line in oled_lines(table.view(t), t, table.fx):
            self.write((OLED_MARK + line).rstrip())
