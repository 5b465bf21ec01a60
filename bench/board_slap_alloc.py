"""Bytes one slap allocates on the real firmware, stage by stage, on the emulated board
(docs/board-heap.md, "The slap path's allocations").

    .venv/bin/python bench/board_slap_alloc.py                 # blind and pad referee
    .venv/bin/python bench/board_slap_alloc.py --referees blind --slaps 6 --host 1
    .venv/bin/python bench/board_slap_alloc.py --us --host 1   # microseconds instead
    .venv/bin/python bench/board_slap_alloc.py --referees pad --lift-ms 60

Boots the project's UF2 (tests/board driver, keypad capture), starts a World War 3 game
(blind: no card pad; pad: the Triple Topper deck enrolled through the REPL, as
bench/board_heap.py does), types ``heap slap`` on the console to arm the firmware's own
meter (``topper_app.slapmeter``), then plays ``--slaps`` slaps (pad: a card laid and
lifted ``--lift-ms`` before each) and prints, for the last one, the bytes each stage
allocated from the seat's press to the OLED that shows the ruling (the meter turns the
automatic collection off during each step, so no difference is spoiled by a
collection). The first slap of a game allocates more (lists reach their size, state
made lazily): the last slap is the figure.
With ``--us`` (``heap slap us``) the figures are the microseconds each stage took, read
with ``time.monotonic_ns`` (about 30 us a tick on the board): where a slap's latency goes.
"""

import argparse
import importlib.util
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("board_heap", ROOT / "bench" / "board_heap.py")
board_heap = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(board_heap)

METER = re.compile(r"topper: slap (?:alloc|us) paths \d+ steps \d+ [^\r\n]*after[^\r\n]*\r?\n")
NESTED = ("press", "view", "frame", "lines", "ring", "oled")  # parts of the row above


UNIT = "alloc"
# pad: from the card lifted to the slap. The bench lays cards without following the game,
# so the table refuses them with an error line; the OLED is redrawn every 100 ms
# (topper_app.show.OLED_MS), so a slap 60 ms after the lift sometimes comes
# before the error's first frame and its path draws the error's new text
# (608 bytes): --lift-ms 60 measures that case.
LIFT_MS = 300


def meter(b):
    """The meter's line (arming it the first time): [(stage, [press, ruled, oled,
    between])] (the work after the output named "after: ..."), the paths measured,
    the steps of the last one."""
    b.console_write("heap slap %s\r" % UNIT)
    text = b.console_until(METER.pattern, 20000, regex=True)
    head, tail = METER.findall(text)[-1].split("|")
    words = head.split()[3:]  # after "topper: slap alloc" (or "us")
    paths, steps = int(words[1]), int(words[3])
    words = words[4:]
    later = tail.split()[1:]  # after "after"
    stages = [(w, [int(x) for x in v.split("/")]) for w, v in zip(words[::2], words[1::2])]
    stages += [("after: " + w, [int(x) for x in v.split("/")]) for w, v in zip(later[::2], later[1::2])]
    return stages, paths, steps


def view(b):
    return b.request({"cmd": "view"})["view"]


def slaps_blind(b, slaps, seats):
    b.press("table", hold_ms=900)  # the menu's cursor is on Start game
    b.run_ms(1100)
    b.tap(1, hold_ms=40, after_ms=300)  # P1 starts
    meter(b)
    for i in range(slaps):
        b.tap(2 + i % (seats - 1), hold_ms=40, after_ms=1500)  # the race, its save, the OLED
        b.tap("table", hold_ms=40, after_ms=1000)  # good; past the race's late presses


def slaps_pad(b, slaps, seats, lift_ms=LIFT_MS):
    board_heap.choose(b, "WW3", True, seats)
    b.tap(1, hold_ms=40, after_ms=300)  # P1 starts
    meter(b)
    for i in range(slaps):
        b.lay(board_heap.uid((7 * i) % 125))
        b.run_ms(90)
        b.lift()
        b.run_ms(lift_ms)
        b.tap(2 + i % (seats - 1), hold_ms=40, after_ms=1100)  # past its late presses


def measure(referee, slaps, host, seats=4, lift_ms=LIFT_MS):
    pad = referee == "pad"
    b, _ = board_heap.open_board(pad, host)
    with b:
        if pad:
            slaps_pad(b, slaps, seats, lift_ms)
        else:
            slaps_blind(b, slaps, seats)
        return meter(b)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--referees", default="blind,pad")
    ap.add_argument("--slaps", type=int, default=4)
    ap.add_argument("--host", type=int, default=0, help="1: a host holds the data port")
    ap.add_argument("--us", action="store_true", help="microseconds a stage took, not bytes")
    ap.add_argument("--lift-ms", type=int, default=LIFT_MS, help="pad: card lifted to slap, ms")
    args = ap.parse_args()
    global UNIT
    UNIT = "us" if args.us else "alloc"
    for referee in args.referees.split(","):
        stages, paths, steps = measure(referee, args.slaps, args.host, lift_ms=args.lift_ms)
        print(
            "%s referee, keypad, %s: slap %d of %d measured (%d steps); %s"
            % (referee, "host" if args.host else "no host", paths, args.slaps, steps, UNIT)
        )
        print("  %-16s %7s %7s %7s %7s" % ("stage", "press", "ruling", "OLED", "between"))
        for stage, cols in stages:
            indent = "  " if stage in NESTED else ""
            print("  %-16s %7d %7d %7d %7d" % ((indent + stage,) + tuple(cols)))
        d = dict(stages)
        path = [d["step"][k] - sum(c[k] for s, c in stages if s.startswith("after")) for k in range(4)]
        print("  %-16s %7d %7d %7d %7d" % (("path",) + tuple(path)))
        print(
            "  slap path (press + ruling + OLED steps, without the work after): %d %s"
            % (sum(path[:3]), "us" if args.us else "bytes"),
            flush=True,
        )


if __name__ == "__main__":
    main()
