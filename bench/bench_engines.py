"""Events per second of every game's engine: prints figures, asserts nothing.

For each game, seeded matches between four of its bots are played once (untimed: the
bots' choices are the driver, not the engine) and their actions recorded; the figure
is the time a fresh match from the same seed takes to ``apply`` those actions again.
An event is one action applied. The slap games have their own bench
(bench/bench_slap.py: the same method, with the slap referee).

Command: ``.venv/bin/python bench/bench_engines.py [--games N] [--cpu]`` (also runs under
MicroPython: ``node bench/mp_run.mjs bench/bench_engines.py``).
"""

import sys

from _timing import now_us, since_us, use_cpu_time


def tricky(seed):
    from topper.games.tricky.bots import Bot
    from topper.games.tricky.engine import TrickyDick

    return TrickyDick(mode=seed % 3, first_dealer=seed % 4).new_match(seed=seed), Bot


def tripp(seed):
    from topper.games.tripp.bots import TrippBot
    from topper.games.tripp.engine import TrippJokes

    return TrippJokes(4).deal(seed), TrippBot


def crazy(seed):
    from topper.games.crazy.bots import Bot
    from topper.games.crazy.engine import CrazyJob

    return CrazyJob(players=4, first_dealer=seed % 4).new_match(seed=seed), Bot


def guess(seed):
    from topper.games.guess.bots import Bot
    from topper.games.guess.engine import GuessMyCard

    return GuessMyCard(players=4, first_dealer=seed % 4).new_match(seed=seed), Bot


GAMES = (("Tricky Dick", tricky), ("Tripp Jokes", tripp), ("Crazy Job", crazy), ("Guess My Card", guess))


def record(make, seed):
    """The actions of one bot-played match."""
    m, bot = make(seed)
    players = [bot(seed * 8 + s) for s in range(4)]
    observe = hasattr(players[0], "observe")
    if observe:
        for p in players:
            p.observe(m.rulings)
    actions = []
    while not m.is_over():
        a = players[m.current_player()].choose(m)
        rulings = m.apply(a)
        actions.append(a)
        if observe:
            for p in players:
                p.observe(rulings)
    return actions


def engine(make, games):
    """(events/s, events a match) of the engine replaying ``games`` recorded matches."""
    logs = [record(make, seed) for seed in range(games)]
    events = 0
    us = 0
    for seed in range(games):
        m = make(seed)[0]  # dealt outside the timing: the deal is not an event
        apply = m.apply
        t0 = now_us()
        for a in logs[seed]:
            apply(a)
        us += since_us(t0)
        events += len(logs[seed])
        if not m.is_over():
            raise RuntimeError("a replayed match did not end as recorded")
    return events * 1e6 / us, events * 1.0 / games


def main(argv):
    games = 5 if sys.implementation.name != "cpython" else 200
    if "--games" in argv:
        games = int(argv[argv.index("--games") + 1])
    cpu = use_cpu_time(argv)
    print("interpreter: %s %s, 4 players, %d bot matches a game%s" % (
        sys.implementation.name, sys.version.split()[0], games, ", timed in process CPU time" if cpu else ""))
    for name, make in GAMES:
        eps, per = engine(make, games)
        print("%-14s %9.0f events/s  (%.0f events/match, %.2f us/event)" % (name, eps, per, 1e6 / eps))


main(sys.argv[1:])
