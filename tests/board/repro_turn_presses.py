"""Reproduces an open finding of the differential test (docs/board-sim-vs-device.md,
"Found"): on the emulated board, after a power cycle, Tripp Jokes played with the seat
buttons and no link traffic between the presses loses them. Not a test: run it, and
read what the board heard against what was pressed::

    .venv/bin/python tests/board/repro_turn_presses.py            # power cycle first
    .venv/bin/python tests/board/repro_turn_presses.py --no-cut   # the same, first boot

Seen (rp2040js 1.3.3, CircuitPython 10.3.0-alpha.4-53): with the power cycle, P2's
120 ms press comes out as a long press, the table press and P3's are never reported;
on the first boot all three are heard on their ms.
"""

import os
import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import diff_board  # noqa: E402
import variants  # noqa: E402
from conftest import Board  # noqa: E402
from diff_script import Script  # noqa: E402

SCRIPT = Script("quiet", "tripp", 3, 7, "300 short P2\n900 table\n1500 short P3\n2100 check")


def main(cut=True):
    os.chdir(HERE.parents[1])
    diff_board.POLL_MS = 10**9  # no view requests between the steps
    uf2, settings = variants.variant({"TOPPER_CARDPAD": 1, "TOPPER_BRIGHTNESS": 100})
    env = dict(os.environ, TOPPER_SETTINGS=str(settings))
    with Board(uf2=uf2, env=env) as b:
        b.boot()
        b.console_until("topper: running", timeout_ms=15000)
        if cut:
            b.cut()
            b.boot()
            b.console_until("topper: running", timeout_ms=15000)
        b.request({"cmd": "hello"}, timeout_ms=15000)
        run = diff_board.play(b, SCRIPT)
    print("pressed:", [(s.t, s.kind, s.seat) for s in SCRIPT.inputs()])
    print("heard:  ", [(e["ev"], e.get("press"), e.get("seat")) for e in run.events()])


if __name__ == "__main__":
    main(cut="--no-cut" not in sys.argv)
