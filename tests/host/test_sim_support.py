"""Helpers for the simulator's tests (no tests here): run ``topper sim`` as a user does
and read what it prints (rulings as JSON lines, the OLED as ``| `` lines)."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def topper(*args, stdin=None, timeout=120):
    return subprocess.run(
        [sys.executable, "-m", "topper_host.cli", *map(str, args)],
        capture_output=True,
        text=True,
        input=stdin,
        cwd=ROOT,
        timeout=timeout,
        check=False,
    )


def batches(stdout):
    """``[(rulings, oled_lines)]`` from a transcript: each batch of rulings with the
    8 screen lines printed after it."""
    out = []
    rulings = []
    screen = []
    for line in stdout.splitlines():
        if line.startswith("{"):
            if screen:
                out.append((rulings, screen))
                rulings, screen = [], []
            rulings.append(json.loads(line))
        elif line.startswith("|"):
            screen.append(line[2:])
    if rulings or screen:
        out.append((rulings, screen))
    return out


def replayed(log):
    """The rulings ``topper replay`` makes from ``log`` (it must succeed)."""
    p = topper("replay", log)
    assert p.returncode == 0, p.stderr
    return [json.loads(line) for line in p.stdout.splitlines()]
