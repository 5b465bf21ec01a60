"""``topper monitor`` against the emulated board, over a pseudo-terminal, as it would
open a real board's data port."""

import os
import subprocess

from host_program import reader, topper_cli, wait_line


def test_topper_monitor_watches_a_game_start_on_the_emulated_board(board):
    assert board.request({"cmd": "setup", "game": "ww3", "seats": 2})["k"] == "ok"
    seen = []
    with board.data_pty() as pty:
        mon = subprocess.Popen(
            topper_cli() + ["monitor", "--port", pty.path, "--plain"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            env=dict(os.environ, PYTHONUNBUFFERED="1"),
        )
        lines = reader(mon.stdout)
        try:
            first = wait_line(lines, lambda ln: ln.startswith("board "), 120, "the monitor's hello", seen)
            board.press(1, hold_ms=80)  # the monitor has said hello: start the game
            wait_line(lines, lambda ln: "P1" in ln, 120, "the start, in words", seen)
        finally:
            mon.terminate()
            mon.wait(timeout=30)
    print("".join(seen))
    assert pty.errors == [], pty.errors
    assert first.startswith("board raspberry_pi_pico (firmware "), first
    assert "protocol 1" in first
    print("pty bridge: %d rounds of 5 ms board time" % pty.rounds)
