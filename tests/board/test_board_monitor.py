"""``topper monitor`` against the emulated board, over a pseudo-terminal, as it would
open a real board's data port."""

import os
import pathlib
import queue
import subprocess
import sys
import threading
import time


def topper_cli():
    exe = pathlib.Path(sys.executable).parent / "topper"
    if exe.exists():
        return [str(exe)]
    return [sys.executable, "-c", "import sys; from topper_host import cli; sys.exit(cli.main())"]


def _lines(stream, out):
    for line in stream:
        out.put(line)


def _wait_for(lines, seen, pred, timeout_s):
    """Collects the monitor's lines until one satisfies ``pred`` (wall-clock timeout: the
    monitor is a real program on a real pseudo-terminal, and the machine may be busy)."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        try:
            line = lines.get(timeout=0.2)
        except queue.Empty:
            continue
        seen.append(line)
        if pred(line):
            return line
    raise AssertionError("the monitor did not say it; it said:\n" + "".join(seen))


def test_topper_monitor_watches_a_game_start_on_the_emulated_board(board):
    assert board.request({"cmd": "setup", "game": "ww3", "seats": 2})["k"] == "ok"
    seen = []
    with board.data_pty() as pty:
        mon = subprocess.Popen(
            topper_cli() + ["monitor", "--port", pty.path, "--plain"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            env=dict(os.environ, PYTHONUNBUFFERED="1"),
        )
        lines = queue.Queue()
        threading.Thread(target=_lines, args=(mon.stdout, lines), daemon=True).start()
        try:
            first = _wait_for(lines, seen, lambda ln: ln.startswith("board "), 120)
            board.press(1, hold_ms=80)  # the monitor has said hello: start the game
            _wait_for(lines, seen, lambda ln: "P1" in ln, 120)  # the start, in words
        finally:
            mon.terminate()
            mon.wait(timeout=30)
    print("".join(seen))
    assert pty.errors == [], pty.errors
    assert first.startswith("board raspberry_pi_pico (firmware "), first
    assert "protocol 1" in first
    print("pty bridge: %d rounds of 5 ms board time" % pty.rounds)
