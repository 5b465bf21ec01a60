"""Games with secrets (Crazy Job, Guess My Card) benchmark: prints figures, asserts nothing.

- one-hand matches per second between deducing bots, 4 and 8 players, with actions per
  match and microseconds per action (engine ``apply`` and bot decisions together);
- microseconds for the engine alone to judge a play by a stored rule, and to seal and
  check one secret (SHA-256 from hashlib where the platform has it, and the portable one);
- heap used by importing each engine, where the interpreter tells.

Command: ``PYTHONPATH=firmware/lib .venv/bin/python bench/bench_secrets.py``. The file also
runs under MicroPython (``node bench/mp_run.mjs bench/bench_secrets.py``).
"""

import sys

from _timing import heap, now_us, since_us


h0 = heap()
from topper.games.crazy.engine import CrazyJob  # noqa: E402

h1 = heap()
from topper.games.guess.engine import GuessMyCard  # noqa: E402

h2 = heap()
from topper import commit  # noqa: E402
from topper.games.crazy import rules as crazyrules  # noqa: E402
from topper.games.crazy.bots import Bot as JobBot  # noqa: E402
from topper.games.guess.bots import Bot as GuessBot  # noqa: E402
from topper.rng import Rng  # noqa: E402
from topper.sha256 import sha256  # noqa: E402


def play_match(game, bot_class, seed):
    m = game.new_match(seed)
    bots = [bot_class(seed * 8 + s) for s in range(game.players)]
    for b in bots:
        b.observe(m.rulings)
    actions = 0
    while not m.is_over():
        rulings = m.apply(bots[m.current_player()].choose(m))
        actions += 1
        for b in bots:
            b.observe(rulings)
    return actions


def matches_per_second(game, bot_class, count):
    t0 = now_us()
    actions = 0
    for seed in range(count):
        actions += play_match(game, bot_class, seed)
    us = since_us(t0)
    return count * 1e6 / us, actions * 1.0 / count, us / actions


def judge_us(rounds):
    """One single-card play judged by a stored two-clause rule (apply, draw included)."""
    total = 0
    for i in range(rounds):
        m = CrazyJob(players=2, hands=1).new_match(i)
        m.apply((0, crazyrules.parse("N=n+1&C!=c")))
        m.apply((0, crazyrules.parse("S=s+1|N=4")))
        card = m.hands[m.current_player()][0]
        t0 = now_us()
        m.apply((2, card))
        total += since_us(t0)
    return total / rounds


def seal_us(rounds, portable):
    """Sealing one secret card and checking its reveal."""
    saved = commit._native_sha256
    if portable:
        commit._native_sha256 = None
    try:
        vault = commit.Vault(Rng(1))
        t0 = now_us()
        for i in range(rounds):
            seal = vault.seal("guess-my-card/h1/P%d" % (i % 8 + 1), "3RC", 0)
            (opening,) = vault.reveal()
            commit.verify(seal, opening)
        return since_us(t0) / rounds
    finally:
        commit._native_sha256 = saved


def main():
    small = sys.implementation.name != "cpython"
    print("interpreter: %s %s" % (sys.implementation.name, sys.version.split()[0]))
    if h0 is not None:
        print("heap used by importing topper.games.crazy.engine: %d bytes" % (h1 - h0))
        print("heap used by importing topper.games.guess.engine (after crazyjob): %d bytes" % (h2 - h1))
    for name, game, bot, n in (
        ("crazy-job 4p", CrazyJob(players=4, hands=1), JobBot, 4 if small else 200),
        ("crazy-job 8p", CrazyJob(players=8, hands=1), JobBot, 2 if small else 100),
        ("guess-my-card 4p", GuessMyCard(players=4), GuessBot, 4 if small else 200),
        ("guess-my-card 8p", GuessMyCard(players=8), GuessBot, 2 if small else 100),
    ):
        mps, acts, us_act = matches_per_second(game, bot, n)
        print(
            "%-17s %7.1f matches/s  (%d one-hand matches of bots, %.0f actions each, %.0f us/action)"
            % (name, mps, n, acts, us_act)
        )
    print("judge one card by a stored rule: %.1f us" % judge_us(20 if small else 500))
    print("seal + check one secret, hashlib: %.1f us" % seal_us(10 if small else 2000, False))
    print("seal + check one secret, portable SHA-256: %.1f us" % seal_us(5 if small else 500, True))
    t0 = now_us()
    rounds = 5 if small else 500
    for _ in range(rounds):
        sha256(b"x" * 40)
    print("portable SHA-256 of one block: %.1f us" % (since_us(t0) / rounds))


main()
