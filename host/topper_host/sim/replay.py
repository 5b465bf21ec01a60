"""A recorded game played back on the simulated board.

The log is first checked from end to end by ``topper.eventlog.Replay`` (the same check
as ``topper replay``): a log that contradicts the rules stops before anything is drawn,
with its line number. Then a fresh referee built from the header is fed the log's
events as a script at their recorded times, so the ring, the OLED and the table panel
move at the pace the game was played (or ``speed`` times that).
"""

from topper.eventlog import LogError, Replay, referee_from_header

from topper_host.sim.headless import ScriptError, read_script
from topper_host.sim.table import Table


def load(lines):
    """``(header, events)`` of a log that replays cleanly; LogError otherwise."""
    lines = list(lines)
    for _ in Replay(lines).run():
        pass
    try:
        header, events = read_script(lines)
    except ScriptError as e:
        raise LogError(e.line, e.msg)
    if header is None:
        raise LogError(1, "a log starts with its header line")
    return header, events


def table_for(header, events, sink=None):
    ref = referee_from_header(header)
    table = Table(ref, sink=sink)
    table.add_script(events)
    return table


def first_t(events):
    return events[0]["t"] if events else 0
