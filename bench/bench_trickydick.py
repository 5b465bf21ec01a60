"""Tricky Dick benchmark: prints figures, asserts nothing.

- one-hand matches per second with four random players (the engine alone, nearly) and
  with four bots (the engine plus 60 bot decisions a hand);
- microseconds per bot decision and per engine ``apply``;
- heap used by importing the engine and the bot, where the interpreter tells.

Command: ``PYTHONPATH=firmware/lib .venv/bin/python bench/bench_trickydick.py``. The file
also runs under MicroPython (no CPython-only import).
"""

import sys

from _timing import heap, now_us, since_us


heap_before = heap()
from topper.games.tricky.bots import Bot, RandomPlayer  # noqa: E402
from topper.games.tricky.engine import Mode, TrickyDick  # noqa: E402

heap_after = heap()


def matches_per_second(make_player, n):
    """``n`` seeded one-hand matches; returns (matches/s, us per decision, us per apply)."""
    choose_us = 0
    apply_us = 0
    actions = 0
    t0 = now_us()
    for seed in range(n):
        m = TrickyDick(mode=seed % 3, first_dealer=seed % 4).new_match(seed=seed)
        players = [make_player(seed * 4 + s) for s in range(4)]
        while not m.is_over():
            t1 = now_us()
            card = players[m.current_player()].choose(m)
            choose_us += since_us(t1)
            t2 = now_us()
            m.apply(card)
            apply_us += since_us(t2)
            actions += 1
    total = since_us(t0)
    return n * 1e6 / total, choose_us / actions, apply_us / actions


def main():
    small = sys.implementation.name != "cpython"
    n = 20 if small else 2000
    print("interpreter: %s %s" % (sys.implementation.name, sys.version.split()[0]))
    if heap_before is not None:
        print("heap used by importing trickydick + bot: %d bytes" % (heap_after - heap_before))
    for name, make in (("random players", RandomPlayer), ("bots", Bot)):
        mps, choose, apply = matches_per_second(make, n)
        print(
            "%-14s %8.1f one-hand matches/s  (%d matches; %.1f us/choice, %.1f us/apply)"
            % (name, mps, n, choose, apply)
        )
    # Memory of a live match (MicroPython only): what a device holds during play.
    before = heap()
    m = TrickyDick(mode=Mode.PAIRS, hands=4).new_match(seed=1)
    after = heap()
    if before is not None:
        print("heap held by a fresh dealt match: %d bytes" % (after - before))
    del m


main()
