"""The browser page's figures (``topper web``): its weight, its time to the menu, and
how fast its MicroPython plays a bot game against CPython.

- Weight: every file the device page fetches (as Chromium asked for them), raw and
  gzip-compressed (level 6, what a web server's gzip sends), and the totals.
- Load: the milliseconds from the navigation's start to the playable menu (the page's
  first OLED frame drawn), each load in a fresh browser context (nothing cached); the
  median, and the page's own figure (from its script's start).
- Play: the same seeded games, bots at every seat (P1's too), dealt by the page's own
  table (``topper_host.web.table``) in the page's MicroPython in headless Chromium and
  under this CPython, then played to their end as fast as each steps the board (every
  5 ms of table time, as the board's loop). Only the play is timed, not the deal. The
  events are the inputs the referee took (the log's ``ev`` lines: lays, presses, ticks);
  the page's rulings are checked to be the host's, so both played the same game.

Asserts nothing; prints figures. Needs ``bash scripts/setup`` (Chromium, playwright-core).

Command: ``.venv/bin/python bench/web_page.py [--loads N] [--repeat N]``
"""

import argparse
import gzip
import json
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

from topper_host.web import site
from topper_host.web.table import Table

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))
from log_rulings import rulings  # noqa: E402 (the tests' reading of a log's rulings)
LIMIT_MS = 60 * 60000  # as bench/web_page.mjs
# (game, seats, card pad, seed): World War 3 with the pad and in blind play, Tripp Jokes
# with the pad and with the buttons alone.
GAMES = [
    ("ww3", 4, True, 7),
    ("ww3", 4, False, 7),
    ("tripp", 4, True, 4),
    ("tripp", 4, False, 4),
]


def node(folder, *args):
    out = subprocess.run(["node", str(HERE / "web_page.mjs"), str(folder), *args],
                         capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise SystemExit("web_page.py: the browser side failed: " + out.stderr.strip().splitlines()[-1])
    got = json.loads(out.stdout)
    if got["outside"] or got["errors"]:
        raise SystemExit("web_page.py: the page fetched %s, raised %s" % (got["outside"], got["errors"]))
    return got


def events(lines):
    return sum(1 for s in lines if s.startswith("{") and "ev" in json.loads(s))


def spec(game, seats, pad, seed):
    return "%s:%d:%s:%d" % (game, seats, "pad" if pad else "blind", seed)


def cpython_play(game, seats, pad, seed):
    """One play under CPython, as the page plays it: (its log lines, seconds)."""
    table = Table()
    if table.deal(game, seats, pad, seed, True) is not None:
        raise SystemExit("web_page.py: cannot deal " + spec(game, seats, pad, seed))
    table.heard[:] = []
    t0 = time.perf_counter()
    table.run_until_over(LIMIT_MS)
    wall = time.perf_counter() - t0
    return table.heard[:], wall


def weight(folder, fetched):
    print("page weight (the files the device page fetched):")
    print("  %-18s %10s %10s" % ("file", "bytes", "gzip -6"))
    raw = packed = 0
    for name in fetched:
        data = (folder / name).read_bytes()
        z = len(gzip.compress(data, 6))
        raw += len(data)
        packed += z
        print("  %-18s %10d %10d" % (name, len(data), z))
    print("  %-18s %10d %10d  (%.2f MB, %.2f MB compressed)"
          % ("total", raw, packed, raw / 1e6, packed / 1e6))


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--loads", type=int, default=5, help="page loads timed (default 5)")
    p.add_argument("--repeat", type=int, default=3, help="plays of each game on each side (default 3)")
    args = p.parse_args()
    with tempfile.TemporaryDirectory(prefix="topper-bench-page-") as tmp:
        folder = pathlib.Path(tmp)
        site.write(str(folder))
        loads = node(folder, "load", str(args.loads))
        weight(folder, loads["fetched"])
        print("load to the playable menu, %d loads, nothing cached: median %d ms (each: %s);"
              " from the page's script: median %d ms"
              % (args.loads, statistics.median(loads["readyMs"]),
                 " ".join("%d" % ms for ms in loads["readyMs"]), statistics.median(loads["scriptMs"])))
        specs = ",".join("%s:%d" % (spec(*g), args.repeat) for g in GAMES)
        page = node(folder, "play", specs)["plays"]
    print("bots at every seat, played as fast as each goes (median of %d plays):" % args.repeat)
    print("  %-16s %7s %8s %8s %10s %10s %11s %6s" % ("game", "events", "table s", "page s", "page ev/s",
                                                        "CPython s", "CPython ev/s", "ratio"))
    for g in GAMES:
        name = spec(*g)
        mine = [p for p in page if p["spec"].startswith(name + ":")]
        if not all(p["over"] for p in mine):
            raise SystemExit("web_page.py: %s did not end in the page" % name)
        lines, _ = cpython_play(*g)
        if any(rulings(p["log"]) != rulings(lines) for p in mine):
            raise SystemExit("web_page.py: %s: the page's rulings are not CPython's" % name)
        walls = [cpython_play(*g)[1] for _ in range(args.repeat)]
        n = events(lines)
        page_s = statistics.median(p["ms"] for p in mine) / 1000
        host_s = statistics.median(walls)
        table_s = max(json.loads(s).get("t", 0) for s in lines if s.startswith("{")) / 1000
        print("  %-16s %7d %8.0f %8.2f %10.0f %10.2f %11.0f %6.1f"
              % (name, n, table_s, page_s, n / page_s, host_s, n / host_s, page_s / host_s))
    print("ratio: the page's time over CPython's (how many times slower the page's MicroPython plays)")


if __name__ == "__main__":
    main()
