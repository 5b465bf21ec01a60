"""Where the simulator's event logs go.

Every game is recorded. Without ``--log`` a log goes to
``$XDG_STATE_HOME/topper/logs/`` (``~/.local/state/topper/logs/`` when that variable
is unset), the XDG place for data a program keeps about its own runs; the file name
says when, which game and which seed, so ``topper replay`` can be pointed at it later.
Several games from one run (``--games N``) go to numbered files.
"""

import os
import time


def state_dir(environ=os.environ):
    base = environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    return os.path.join(base, "topper", "logs")


def default_path(variant, seed=None, environ=os.environ, when=None):
    """The log's file in the state folder; ``seed`` None: a run of games of many seeds
    (the device's, seeded by the starters' press stamps)."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(when))
    name = "sim-%s-%s" % (stamp, variant)
    if seed is not None:
        name += "-seed%d" % seed
    return os.path.join(state_dir(environ), name + ".jsonl")


def numbered(path, index, count):
    """Game ``index`` (from 1) of ``count`` in a run: ``x.jsonl`` -> ``x-003.jsonl``."""
    if count <= 1:
        return path
    root, ext = os.path.splitext(path)
    return "%s-%03d%s" % (root, index, ext or ".jsonl")


class LogFile:
    """A line sink for ``Recorder`` that writes through to disk as the game goes, so a
    crash or a killed terminal still leaves a log that replays up to that point."""

    def __init__(self, path):
        folder = os.path.dirname(path)
        if folder:
            os.makedirs(folder, exist_ok=True)
        self.path = path
        self.f = open(path, "w", encoding="utf-8")  # noqa: SIM115 (open for the whole game)
        self.lines = 0

    def __call__(self, line):
        self.f.write(line + "\n")
        self.f.flush()
        self.lines += 1

    def close(self):
        self.f.close()
