"""Slap latency on the emulated board: from a seat button's edge to the winner lit on the
ring, in emulated microseconds at the Pico's 125 MHz (docs/benchmarks.md, "On the
emulated board").

    .venv/bin/python bench/board_latency.py                     # the project's UF2
    .venv/bin/python bench/board_latency.py --firmware OTHER-firmware.uf2 --trials 8
    .venv/bin/python bench/board_latency.py --modes keypad --debounce 1
    .venv/bin/python bench/board_latency.py --no-gate          # without the slap gate

For each capture mode (``keypad``, ``pio``) a blind World War 3 game of 8 seats is
started from the menu; then, again and again, a seat that is not on turn slaps alone
("first slap"), or first of eight presses 150 us apart ("race of 8"). Two times are printed,
from the edge to the first ring update whose pixel for the winner is lit at full level:
to its first bit (the winner decided and on its way: with the slap gate,
docs/slap-gate.md, the ruling's first frame) and to its last bit (the winner lit; the
NeoPixel model latches 50 us later). Each
slap is then judged good with the table button and the ring left to calm down.
"""

import argparse
import importlib.util
import pathlib
import statistics
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "board"))
sys.path.insert(0, str(ROOT / "firmware" / "lib"))
_spec = importlib.util.spec_from_file_location("topper_board", ROOT / "tests" / "board" / "board.py")
topper_board = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(topper_board)

import variants  # noqa: E402  (tests/board: images with other settings)
from topper_view.ring import seat_pixel  # noqa: E402

SEATS = 8
PIXELS = 24
STEP_US = 200  # how often the bench looks at the ring while it waits
SPREAD_US = 150  # between the presses of a race


def start_blind_game(b):
    """From the menu (cursor on Start game): hold the table button, then P1 starts."""
    b.run_ms(500)  # the loop's first steps (the OLED's first frame) come first
    b.press("table", hold_ms=900)
    b.run_ms(1100)
    b.press(1, hold_ms=80)
    b.run_ms(400)
    v = b.request({"cmd": "view"})["view"]
    assert v is not None and v["turn"] >= 0, v


def lit(px, before):
    return max(px) > 2 * max(before) and max(px) > 20


def one_slap(b, slapper, racers, phase_us):
    """Presses ``slapper`` (1-based) first, then each of ``racers``; returns the
    times from the first edge to the first and to the last bit of the ring update
    that lights the winner, in us."""
    # The winner: in keypad mode presses in one scan share a stamp and the tie rule
    # draws among them, so any seat lit at full level counts.
    seats = [slapper] + list(racers)
    before = b.ring()
    edge = b.t_us + 5000 + phase_us
    b.press(slapper, at_ms=edge / 1000, hold_ms=60)
    for k, seat in enumerate(racers):
        b.press(seat, at_ms=(edge + SPREAD_US * (k + 1)) / 1000, hold_ms=60)
    b.run_until_us(edge)
    while b.t_us < edge + 1_000_000:
        b.run_us(STEP_US)
        r = b.cmd("ring")
        if r["updated_us"] is None or r["updated_us"] <= edge:
            continue
        for seat in seats:
            p = seat_pixel(seat - 1, SEATS, PIXELS)
            if lit(r["pixels"][p], before[p]):
                return r["started_us"] - edge, r["updated_us"] - edge
    raise topper_board.BoardError("P%d never lit on the ring: %r" % (slapper, b.request({"cmd": "view"})))


def judge_and_calm(b):
    # The presses (60 ms) are over first: with the slap gate the winner is lit about
    # 1 ms after the edge, and a table press while seats are held down is a chord.
    b.run_ms(100)
    b.press("table", hold_ms=60)
    b.run_ms(1500)


def measure(mode, firmware, trials, debounce=None, gate=True):
    settings = {"TOPPER_SEATS": SEATS, "TOPPER_SLAP_CAPTURE": mode, "TOPPER_HURRY_MS": 0}
    if not gate:
        settings["TOPPER_SLAP_GATE"] = 0
    if debounce is not None:
        settings["TOPPER_DEBOUNCE_SCANS"] = debounce
    uf2, path = variants.variant(settings, firmware)
    env = dict(__import__("os").environ, TOPPER_SETTINGS=str(path))
    out = {"first slap": [], "race of 8": []}
    with topper_board.Board(uf2=uf2, env=env) as b:
        b.boot()
        b.console_until("topper: running", 20000)
        start_blind_game(b)
        for i in range(trials):
            for kind in out:
                v = b.request({"cmd": "view"})["view"]
                free = [s + 1 for s in range(SEATS) if s != v["turn"] and not v["locked"][s]]
                slapper = free[i % len(free)]
                racers = []
                if kind == "race of 8":
                    # The seat on turn presses last: its pixel pulses, so it could not
                    # be seen lighting up; the others tie or follow in order.
                    turn = v["turn"] + 1
                    racers = [s for s in range(1, SEATS + 1) if s not in (slapper, turn)] + [turn]
                out[kind].append(one_slap(b, slapper, racers, (i * 337) % 1000))
                judge_and_calm(b)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--firmware", help="a firmware-only UF2 (default: the project's build)")
    ap.add_argument("--trials", type=int, default=6)
    ap.add_argument("--modes", default="keypad,pio")
    ap.add_argument("--debounce", type=int, help="TOPPER_DEBOUNCE_SCANS (keypad; default: settings.toml's)")
    ap.add_argument("--no-gate", action="store_true", help="TOPPER_SLAP_GATE=0: the ring lit by the loop")
    args = ap.parse_args()
    print("edge to the winner's ring update, emulated us (%d trials each): its first bit"
          " (the ruling on the wire), its last bit (the winner lit)" % args.trials)
    print("%-7s %-11s %-9s %7s %7s %7s" % ("mode", "slap", "bit", "min", "median", "max"))
    for mode in args.modes.split(","):
        w0 = time.monotonic()
        res = measure(mode, args.firmware, args.trials, args.debounce, not args.no_gate)
        for kind, pairs in res.items():
            for name, k in (("first", 0), ("last", 1)):
                xs = [p[k] for p in pairs]
                row = (mode, kind, name, min(xs), statistics.median(xs), max(xs))
                print("%-7s %-11s %-9s %7d %7d %7d" % row)
        print("        (%.0f s wall)" % (time.monotonic() - w0))


if __name__ == "__main__":
    main()
