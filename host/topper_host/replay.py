"""Every kind of event log through the core (docs/event-log.md): ``rulings(lines)``
yields the rulings a game's log makes now, or raises ``LogError`` with the line where
the log and the rules part, or where the log stops holding what a replay needs.

The loop is the core's (``topper.replay``): the header picks the referee from the
game's record, every event goes to it as the table made it, every recorded ruling is
checked. The host adds what only a whole log can give: what a board's turn log leaves
unnamed (a card read face down, a secret entered with the buttons), found again by
``sim.turn_secrets``.
"""

from topper import games, jsonl
from topper import replay as core

from topper_host.sim import turn_secrets


def rulings(lines):
    """Every ruling of the log ``lines`` (a list of text lines), as the core makes it;
    LogError at the first line that contradicts it or cannot be replayed, after the
    rulings up to there."""
    return core.run(lines, unnamed)


def unnamed(h, events):
    """The finder of what a read log leaves unnamed (``turn_secrets.Unnamed``), for a
    game that can leave something unnamed; None for the others."""
    if not is_turn_header(h):
        return None
    return turn_secrets.Unnamed(h, events, lambda text: core.parse_card(h["game"], text))


def is_turn_header(h):
    """True for the header of a turn game's log (any format version)."""
    return (
        isinstance(h, dict)
        and h.get("log") in (core.FORMAT, core.OLD_TURN)
        and h.get("game") in games.keys(games.TURN)
    )


def first_object(lines):
    """The first non-blank line as an object, or None."""
    for raw in lines:
        line = raw.strip()
        if line:
            try:
                return jsonl.loads(line)
            except ValueError:
                return None
    return None


def kind(head):
    """"slap", "blind" or "turn": which referee judges the log with header ``head``."""
    if is_turn_header(head):
        return "turn"
    if isinstance(head, dict) and head.get("blind"):
        return "blind"
    return "slap"
