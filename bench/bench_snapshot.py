"""How long a ``--snapshot`` takes: the PNG pair of the device's OLED and ring that the
key ``x`` writes, and the end-of-game pair of ``topper sim --bots-only --snapshot``.

Prints the wall time of one snapshot of the virtual board's OLED (the median of
``--shots``), then of a whole ``topper sim --bots-only --seed 1`` game with and without
``--snapshot``, run as the command a user types. Asserts nothing; the files go to a
temporary folder that is removed.

Command: ``.venv/bin/python bench/bench_snapshot.py [--shots N]``
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

from topper_host.sim import bots, slap_cmd
from topper_host.sim.snapshot import Snapshots
from topper_host.sim.ui.board_app import BoardFrame


class Args:
    game = "ww3"
    seats = 4
    jokers = 2
    no_hurry = False
    hurry_ms = 3000


def one_shot_ms(folder, shots):
    """The median time of a snapshot of a board a minute into a game."""
    board = slap_cmd.make(Args, 1, range(4), bots.Style(), None)
    board.wait(60000)
    snaps = Snapshots(folder)
    times = []
    for _ in range(shots):
        t0 = time.perf_counter()
        snaps.take(BoardFrame(board, 4))
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def whole_run_s(folder, snapshot):
    cmd = [sys.executable, "-m", "topper_host.cli", "sim", "--bots-only", "--seed", "1"]
    cmd += ["--log", os.path.join(folder, "game.jsonl")]
    if snapshot:
        cmd += ["--snapshot", os.path.join(folder, "shots")]
    t0 = time.perf_counter()
    subprocess.run(cmd, check=True, capture_output=True)
    return time.perf_counter() - t0


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--shots", type=int, default=5)
    args = p.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        print("one snapshot (OLED and ring PNGs): %.1f ms" % one_shot_ms(folder, args.shots))
        bare = whole_run_s(folder, False)
        shot = whole_run_s(folder, True)
        print("topper sim --bots-only --seed 1: %.1f s; with --snapshot: %.1f s" % (bare, shot))


if __name__ == "__main__":
    main()
