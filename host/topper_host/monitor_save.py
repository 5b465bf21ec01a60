"""Where ``topper monitor --save PATH`` writes the games it sees.

Each game goes to its own file, a valid event log (docs/event-log.md) that
``topper replay`` and ``topper sim --replay`` read: the first game to ``PATH``, the
next ones to ``PATH-2.jsonl``, ``PATH-3.jsonl``... Lines are written as they come
(flushed), so a monitor stopped at any moment leaves a log that replays to there.

A log only replays from its header: lines of a game joined half way (without the
catch-up download) or resumed after a power cut are not saved, and ``warnings``
says why.
"""

import os

from topper import jsonl


class GameSaver:
    def __init__(self, path):
        self.path = path
        self.games = 0
        self.f = None
        self.saved = []  # paths written
        self.warnings = []

    def _open(self):
        self.close()
        self.games += 1
        path = self.path
        if self.games > 1:
            root, ext = os.path.splitext(self.path)
            path = "%s-%d%s" % (root, self.games, ext or ".jsonl")
        folder = os.path.dirname(path)
        if folder:
            os.makedirs(folder, exist_ok=True)
        self.f = open(path, "w", encoding="utf-8")  # noqa: SIM115 (open for the game)
        self.saved.append(path)

    def line(self, obj):
        """One of the device's log lines (header, event or ruling)."""
        if "log" in obj:
            self._open()
        elif self.f is None:
            if not self.warnings:
                self.warnings.append("joined a game half way: its lines are not saved")
            return
        self.f.write(jsonl.dumps(obj) + "\n")
        self.f.flush()

    def gap(self, lost):
        """The device dropped lines the host did not read in time: the log stops."""
        if self.f is not None:
            self.warnings.append("%s: %d lines missed; the log stops there" % (self.saved[-1], lost))
            self.close()

    def resumed(self):
        """The board lost power: the game goes on, but its log cannot."""
        if self.f is not None:
            self.warnings.append(
                "%s: the board lost power; the log holds the game up to then" % self.saved[-1]
            )
            self.close()

    def stop(self, why):
        """A line this host cannot read: the log holds the game up to it, and stops."""
        if self.f is not None:
            self.warnings.append("%s: %s; the log stops there" % (self.saved[-1], why))
            self.close()

    def close(self):
        if self.f is not None:
            self.f.close()
            self.f = None
