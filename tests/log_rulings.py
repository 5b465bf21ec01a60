"""The rulings of a game's log, ready to compare between two runs of the same seed."""

import json


def rulings(lines):
    """The rulings among log ``lines`` (a line that is not a JSON object is skipped), a
    sealed secret's digest and salt left out: they come from the board's random key, new
    every run, on the host as in the browser page."""
    out = []
    for line in lines:
        obj = json.loads(line) if line.startswith("{") else {}
        if "r" in obj:
            obj.pop("digest", None)
            obj.pop("salt", None)
            out.append(obj)
    return out
