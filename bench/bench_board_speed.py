"""How fast the emulated board runs (docs/emulated-board.md, "Measured").

    .venv/bin/python bench/bench_board_speed.py          # TOPPER_UF2 picks the image

Prints wall time against emulated time for: power-on to code.py, the first hello on the
data port, code.py's main loop, the REPL waiting for a key, and time.sleep at the REPL.
"""

import importlib.util
import pathlib
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("topper_board", ROOT / "tests" / "board" / "board.py")
topper_board = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(topper_board)

RUNNING = r"topper: running|code\.py \|"


def timed(what, fn, b):
    e0, w0 = b.emulated_us, time.monotonic()
    fn()
    wall, emu = time.monotonic() - w0, (b.emulated_us - e0) / 1e6
    ratio = emu / wall if wall else 0
    print("%-40s %8.3f s emulated %7.2f s wall  %6.2fx real time" % (what, emu, wall, ratio))


def main():
    with topper_board.Board() as b:
        def power_on():
            b.boot()
            b.console_until(RUNNING, 15000, regex=True)

        timed("power-on to code.py on the console", power_on, b)
        timed("... to the first hello answered", lambda: b.request({"cmd": "hello"}, 15000), b)
        timed("code.py's main loop, 2 s", lambda: b.run_ms(2000), b)
        b.enter_repl()
        timed("the REPL waiting for a key, 2 s", lambda: b.run_ms(2000), b)
        timed("time.sleep(10) at the REPL", lambda: b.repl("import time; time.sleep(10)"), b)
        st = b.status()
        print("instructions executed: %d; time asleep: %.3f s; rp2040js warnings: %s"
              % (st["instructions"], st["slept_us"] / 1e6, st["rp2040js_log"].get("warn", 0)))


if __name__ == "__main__":
    main()
