"""How long the firmware's OLED driver holds the loop for a new screen, on the emulated
board (docs/benchmarks.md, "OLED frames").

    .venv/bin/python bench/board_oled.py          # the project's UF2

At the REPL (code.py stopped), ``topper_hw.oled.Oled`` with ``topper_view.screen.paint``
on the firmware's I2C pins at 400 kHz draws: a first screen (every line), then screens
that differ from the one before in one line, in the title and the last line, in four
neighbouring lines, and in every line. Each figure is emulated microseconds of
``time.monotonic_ns`` around ``draw`` (painting and I2C), the median of 5.
"""

import importlib.util
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("topper_board", ROOT / "tests" / "board" / "board.py")
topper_board = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(topper_board)

SETUP = """
import board, busio, time
from topper_hw import oled
from topper_view import screen
i2c = busio.I2C(board.GP5, board.GP4, frequency=400000)
d = oled.Oled(i2c, screen.paint)
base = ["WW3  POT 14", "P3 to lay", "P1 12 P2 9", "P3 11 P4 8", "last: P2 +3ms", "", "hurry 5s", "table: end"]
def timed(lines):
    t = time.monotonic_ns()
    d.draw(lines)
    return (time.monotonic_ns() - t) // 1000
def case(rows, k):
    a = list(base)
    for r in rows:
        a[r] = ("changed %d" % k)[: screen.COLS]
    return a
def med(rows):
    out = []
    for k in range(5):
        d.draw(base)
        out.append(timed(case(rows, k)))
    out.sort()
    return out[2]
"""

CASES = (
    ("one line (the hurry-up's)", "[6]"),
    ("the title and the last line", "[0, 7]"),
    ("four neighbouring lines", "[2, 3, 4, 5]"),
    ("every line", "list(range(8))"),
)


def main():
    with topper_board.Board() as b:
        b.boot()
        b.console_until("topper: running", 20000)
        b.enter_repl()
        b.repl(SETUP.strip(), timeout_ms=30000)
        print("OLED draw, emulated us (median of 5): painting + I2C at 400 kHz")
        b.repl("d._last = None")
        print("  %-32s %8s" % ("first screen (whole frame)", b.repl("print(timed(base))", timeout_ms=30000)))
        for name, rows in CASES:
            print("  %-32s %8s" % (name, b.repl("print(med(%s))" % rows, timeout_ms=60000)))


if __name__ == "__main__":
    main()
