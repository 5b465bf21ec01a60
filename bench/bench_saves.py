"""The power-cut save of each turn game, as the device writes it: prints figures,
asserts nothing.

For each game, with the card pad and without, seeded games are played by bots at a
physical table and made at the device's referee as taps and presses
(``topper_host.sim.ref_feed``), with a Fischer clock. After every move the snapshot the
App writes is measured (packed JSON with its slot frame, ``topper.turnsave``). Printed:
the size at the end of the game (median and largest), the largest size the game
reached, the plays of that largest game, and the play at which it passes an nvm slot
(1,664 bytes): the play it did, or, for a game that never did, the play it would at the
bytes a play it grew by over its last half.

Command: ``.venv/bin/python bench/bench_saves.py`` (``--games N``, default 100;
``--only tripp`` for one game).
"""

import argparse
import time

from topper_host.sim.ref_feed import SLOT_BYTES, sizes

# (game, seats, options): the longest matches the menu offers, a common one, and those at
# the edge of what the menu marks FRAM only (topper.games.outgrows_nvm).
CASES = (
    ("tripp", 4, None),
    ("tripp", 8, None),
    ("tricky", 4, {"hands": 4}),
    ("tricky", 4, {"hands": 8}),
    ("tricky", 4, {"hands": 12}),
    ("tricky", 4, {"hands": 16}),
    ("crazy", 4, {"hands": 0}),
    ("crazy", 8, {"hands": 0}),
    ("crazy", 4, {"hands": 8}),
    ("crazy", 8, {"hands": 8}),
    ("crazy", 7, {"hands": 3}),
    ("crazy", 8, {"hands": 3}),
    ("crazy", 4, {"hands": 6}),
    ("guess", 4, {"hands": 4}),
    ("guess", 4, {"hands": 8}),
    ("guess", 8, {"hands": 1}),
    ("guess", 8, {"hands": 2}),
    ("guess", 8, {"hands": 8}),
)


def passes_at(grown):
    """The play at which ``grown`` (bytes after each play) passes a slot: the play it
    did, or ("~", play) extrapolated from the growth over its last half."""
    for i, v in enumerate(grown):
        if v > SLOT_BYTES:
            return str(i + 1)
    n = len(grown)
    half = n // 2
    per = (grown[-1] - grown[half]) / max(1, n - 1 - half)
    if per <= 0:
        return "never"
    return "~%d" % (n + (SLOT_BYTES - grown[-1]) / per)


def label(game, seats, options):
    opts = ",".join("%s=%s" % kv for kv in sorted((options or {}).items()))
    return "%s %dp %s" % (game, seats, opts)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--only", default=None)
    args = ap.parse_args()
    print(
        "nvm slot: %d bytes; %d seeded games each; bytes as written (packed, with its frame)"
        % (SLOT_BYTES, args.games)
    )
    print(
        "%-24s %-7s %7s %7s %7s %6s %7s %7s"
        % ("game", "pad", "median", "largest", "peak", "plays", "passes", "s")
    )
    for game, seats, options in CASES:
        if args.only and game != args.only:
            continue
        for pad in (True, False):
            t0 = time.time()
            ends = []
            worst = None
            for seed in range(args.games):
                grown, _ = sizes(game, seats, seed, pad, options)
                ends.append(grown[-1])
                if worst is None or max(grown) > max(worst):
                    worst = grown
            ends.sort()
            median = ends[len(ends) // 2]
            print(
                "%-24s %-7s %7d %7d %7d %6d %7s %7.1f"
                % (
                    label(game, seats, options),
                    "pad" if pad else "buttons",
                    median,
                    ends[-1],
                    max(worst),
                    len(worst),
                    passes_at(worst),
                    time.time() - t0,
                ),
                flush=True,
            )


if __name__ == "__main__":
    main()
