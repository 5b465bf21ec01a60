"""``topper monitor`` against the emulated board, over a pseudo-terminal, as it would
open a real board's data port."""

import pathlib
import subprocess
import sys
import time


def topper_cli():
    exe = pathlib.Path(sys.executable).parent / "topper"
    if exe.exists():
        return [str(exe)]
    return [sys.executable, "-c", "import sys; from topper_host import cli; sys.exit(cli.main())"]


def test_topper_monitor_watches_a_game_start_on_the_emulated_board(board):
    assert board.request({"cmd": "setup", "game": "ww3", "seats": 2})["k"] == "ok"
    with board.data_pty() as pty:
        mon = subprocess.Popen(topper_cli() + ["monitor", "--port", pty.path, "--plain", "--seconds", "4"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        time.sleep(1.5)  # the monitor has said hello and asks for views
        board.press(1, hold_ms=80)
        out, err = mon.communicate(timeout=120)
    print(out)
    assert pty.errors == [], pty.errors
    assert mon.returncode == 0, err
    assert out.startswith("board raspberry_pi_pico (firmware "), out
    assert "protocol 1" in out.splitlines()[0]
    assert "P1" in out  # the start of the game, in words
    print("pty bridge: %d rounds of 5 ms board time" % pty.rounds)
