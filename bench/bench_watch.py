"""The watch page's figures: its weight, and the delay from a board's line on the link
to the spectator page through ``topper serve`` on localhost.

A stand-in board (a thread at the master end of a pseudo-terminal, answering hello and
view as a board does) writes a game's rulings at a table's pace; ``topper serve``
opens the pty's other end as the board's data port; headless Chromium opens the page
(tests/web/watch.mjs). Each ruling's ``t`` is the wall clock in ms (mod 2**29) when it
was written, and the page notes ``Date.now()`` as it takes each line: the same clock,
the same machine.

    .venv/bin/python bench/bench_watch.py [--lines 200] [--every-ms 20]

Needs scripts/setup (playwright-core in tests/web, Debian's chromium). Prints figures.
"""

import argparse
import gzip
import json
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import tty

from topper import jsonl
from topper_host.web import site

REPO = pathlib.Path(__file__).resolve().parents[1]
WEB = REPO / "tests" / "web"
PAGE = ("watch.html", "watch.js", "watch.css")
WRAP = 1 << 29
HEADER = {"blind": True, "confirm_ms": 4000, "game": "ww3", "hurry_ms": 0, "log": "topper-table",
          "race_ms": 1000, "seats": 4, "seed": 1, "settle_ms": 10, "v": 2}


def now_ms():
    return int(time.time() * 1000) % WRAP


class Board(threading.Thread):
    """The master end of the pty: answers the host's commands, streams on ``go``."""

    def __init__(self, fd, lines, every_ms):
        super().__init__(daemon=True)
        self.fd, self.lines, self.every_ms = fd, lines, every_ms
        self.go = threading.Event()
        self.stop = threading.Event()

    def send(self, obj):
        os.write(self.fd, jsonl.dumps(obj).encode() + b"\n")

    def run(self):
        os.set_blocking(self.fd, False)
        buf = b""
        sent = 0
        while not self.stop.is_set():
            try:
                buf += os.read(self.fd, 4096)
            except (BlockingIOError, OSError):
                pass
            while b"\n" in buf:
                raw, buf = buf.split(b"\n", 1)
                cmd = json.loads(raw)
                if cmd["cmd"] == "hello":
                    self.send({"board": "bench", "fw": "0", "game": None, "id": cmd["id"], "k": "hello",
                               "proto": 1})
                elif cmd["cmd"] == "view":
                    self.send({"id": cmd["id"], "k": "view", "mode": "menu", "t": now_ms(), "view": None})
            if self.go.is_set() and sent < self.lines:
                if sent == 0:
                    self.send(HEADER)
                else:
                    self.send({"r": "turn", "seat": sent % 4, "t": now_ms()})
                sent += 1
                time.sleep(self.every_ms / 1000)
            else:
                time.sleep(0.002)


def weight():
    with tempfile.TemporaryDirectory() as folder:
        site.write(folder)
        raw = sum(os.path.getsize(os.path.join(folder, n)) for n in PAGE)
        packed = sum(len(gzip.compress(pathlib.Path(folder, n).read_bytes(), 9)) for n in PAGE)
    print("watch page: %d bytes (%s), %d bytes gzipped; it loads no MicroPython"
          % (raw, " + ".join(PAGE), packed))


def delay(n, every_ms):
    master, slave = os.openpty()
    tty.setraw(slave)
    board = Board(master, n, every_ms)
    board.start()
    topper = [str(pathlib.Path(sys.executable).parent / "topper")]
    serve = subprocess.Popen(topper + ["serve", "--port", os.ttyname(slave), "--http-port", "0",
                                       "--bind", "127.0.0.1"], stdout=subprocess.PIPE, text=True)
    page = None
    try:
        url = serve.stdout.readline().split(" at ")[1].split(" ")[0]
        page = subprocess.Popen(["node", str(WEB / "watch.mjs"), "-", "lines", url, str(n)],
                                stdout=subprocess.PIPE, text=True, cwd=str(WEB))
        assert page.stdout.readline().strip() == "connected"
        board.go.set()
        got = json.loads(page.stdout.readline())
    finally:
        board.stop.set()
        serve.terminate()
        serve.wait(10)
        if page is not None:
            page.kill()
        os.close(master)
        os.close(slave)
    ms = sorted((a % WRAP - o["t"]) % WRAP for o, a in zip(got["received"], got["arrived"])
                if o.get("r") == "turn")
    print("delay from the link to the page (localhost, %d lines %d ms apart): median %.0f ms, "
          "90th percentile %.0f ms, worst %.0f ms (goal: under 100 ms)"
          % (len(ms), every_ms, statistics.median(ms), ms[int(len(ms) * 0.9)], ms[-1]))


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--lines", type=int, default=200)
    p.add_argument("--every-ms", type=int, default=20)
    args = p.parse_args()
    weight()
    delay(args.lines, args.every_ms)


if __name__ == "__main__":
    main()
