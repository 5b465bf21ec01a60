"""Tripp Jokes benchmark: prints figures, asserts nothing (docs/games/tripp-jokes.md).

- seeded bot games per second for 2, 4 and 8 players (deal, face-up choices, play to
  the end), with the mean actions per game;
- microseconds per action (a bot's choice plus ``apply``) over the same games;
- microseconds per chess-clock press, for the device's budget next to a game.

Command: ``.venv/bin/python bench/bench_trippjokes.py [--games N]``.
"""

import sys
from time import perf_counter

from topper.games.tripp.bots import TrippBot
from topper.clock import ChessClock, fischer
from topper.games.tripp.engine import TrippJokes


def play(players, seed):
    state = TrippJokes(players).deal(seed)
    bots = [TrippBot(seed * 16 + seat) for seat in range(players)]
    n = 0
    while not state.is_over():
        state.apply(bots[state.current_player()].choose(state))
        n += 1
    return n


def bench_games(players, count):
    t0 = perf_counter()
    actions = 0
    for seed in range(count):
        actions += play(players, seed)
    dt = perf_counter() - t0
    print(
        "%d players: %6.0f games/s  %5.1f actions/game  %5.1f us/action"
        % (players, count / dt, actions / count, dt * 1e6 / actions)
    )


def bench_clock(presses):
    clock = ChessClock(4, fischer(300000, 2000))
    t = (1 << 29) - 50000  # run across the tick wrap
    clock.start(0, t)
    t0 = perf_counter()
    for _ in range(presses):
        t = (t + 37) & ((1 << 29) - 1)
        clock.tick(t)
        clock.press(clock.on_turn, t)
    dt = perf_counter() - t0
    print("clock: %5.1f us per tick+press" % (dt * 1e6 / presses))


def main(argv):
    count = 500
    if "--games" in argv:
        count = int(argv[argv.index("--games") + 1])
    print(
        "Tripp Jokes on %s %s, %d seeded bot games per row"
        % (sys.implementation.name, sys.version.split()[0], count)
    )
    for players in (2, 4, 8):
        bench_games(players, count)
    bench_clock(20000)


if __name__ == "__main__":
    main(sys.argv[1:])
