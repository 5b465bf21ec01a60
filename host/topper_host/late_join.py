"""A game joined late: the board's download of it (header and events, no rulings) with
the rulings put back, so that a page that joins half way sees the races and the pots
that came before it.

The rulings are the core's own (``topper.replay``: the referee the header names, each
event fed as the table made it), the very ones the board made. Where the core cannot
go on (a log that starts late or after a power cut, a turn game's secret that only the
hand's reveal names), the rest of the events pass without rulings.
"""

from topper import jsonl
from topper import replay as core


def with_rulings(lines):
    """``lines`` (objects: a header, then events) with each event's rulings after it."""
    if not lines or "log" not in lines[0]:
        return list(lines)
    try:
        h, events = core.read([jsonl.dumps(o) for o in lines])
        ref = core.make(h)
    except (ValueError, KeyError, TypeError):
        return list(lines)
    out = [lines[0]]
    going = True
    for obj, ev in zip(lines[1:], events):
        out.append(obj)
        if not going:
            continue
        try:
            out.extend(core.plain(r) for r in core.feed(ref, ev))
        except (ValueError, KeyError, TypeError):
            going = False
    out.extend(lines[1 + len(events):])
    return out
