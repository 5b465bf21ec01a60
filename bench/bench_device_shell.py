"""How fast the device's own table shell runs on the host: ``topper sim --device``.

Whole World War 3 games with the card pad, bots at every seat, on the virtual board
(``topper_host.virtual``: the firmware's ``topper_app.App`` over the firmware's
drivers), stepped every 5 ms of board time as the board's loop would be. Prints, per
game, the board time played, the wall time it took and the App steps a second; asserts
nothing.

Command: ``.venv/bin/python bench/bench_device_shell.py [--games N] [--seats N]``
"""

import argparse
import time

from topper_host.sim import bots
from topper_host.sim.device_bots import DeviceBots
from topper_host.virtual.board import LONG_MS, STEP_MS, VirtualBoard


def one_game(seed, seats):
    board = VirtualBoard({"TOPPER_SEATS": seats, "TOPPER_HURRY_MS": 3000}, seed=seed)
    DeviceBots(board, range(seats), seed, bots.Style())
    board.run(200)
    board.table(hold=LONG_MS)
    board.wait(1200)
    board.press(seed % seats)
    t0 = time.perf_counter()
    start = board.now
    while board.app.ref is None or board.app.ref.view(board.now)["winner"] < 0:
        board.wait(1000)
        if board.now - start > 3600000:
            break
    wall = time.perf_counter() - t0
    played = board.now - start
    return played, wall, board.dev.log.lines


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=5)
    p.add_argument("--seats", type=int, default=4)
    a = p.parse_args()
    total_board = total_wall = 0.0
    for seed in range(1, a.games + 1):
        played, wall, lines = one_game(seed, a.seats)
        total_board += played / 1000.0
        total_wall += wall
        print(
            "game %d: %5.0f s of board time in %5.2f s, %6.0f App steps/s, %d log lines"
            % (seed, played / 1000.0, wall, played / STEP_MS / wall, lines)
        )
    speed = total_board / total_wall
    print("all: %.0f s of board time in %.1f s (%.0fx real time)" % (total_board, total_wall, speed))


if __name__ == "__main__":
    main()
