"""How long a bot takes over a move in a turn-based game: human-scale, so that a
person at the keyboard can follow what the bots do.

A move takes a fixed part (looking at the table, reaching for the cards) and a
lognormal tail (deciding), about ``MEDIAN_MS`` in all at the median, now and then
twice that; each bot gets a pace of its own from the seed, and ``speed`` (the
simulator's ``--bot-speed``) divides every time. Draws come from ``topper.rng.Rng``,
one stream per seat, so a seeded bots-only game is the same game on every run.
"""

import math

from topper.rng import Rng

MEDIAN_MS = 1800
FLOOR = 0.4  # of the median: the part no bot can skip
SPREAD = 0.5  # sigma of the lognormal tail


class Thinker:
    def __init__(self, seed, seat, speed=1.0):
        if speed <= 0:
            raise ValueError("the bots' speed must be above 0")
        self.rng = Rng((seed * 0x2545F491 + (seat + 1) * 0x9E3779B9 + 0x51) & 0xFFFFFFFF)
        self.speed = speed
        self.pace = 0.8 + 0.5 * self._uniform()

    def _uniform(self):
        return (self.rng.next32() + 0.5) / 4294967296.0

    def delay(self):
        """Ms from the table changing to this bot's action."""
        z = math.sqrt(-2.0 * math.log(self._uniform())) * math.cos(2.0 * math.pi * self._uniform())
        tail = (1 - FLOOR) * MEDIAN_MS * math.exp(SPREAD * z)
        return max(1, int((FLOOR * MEDIAN_MS + tail) * self.pace / self.speed))
