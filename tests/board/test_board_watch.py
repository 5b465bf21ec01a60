"""The watch page fed by the emulated board's own firmware through ``topper serve``: the
board's data port on a pseudo-terminal, ``topper serve`` relaying it, headless
Chromium (tests/web/watch.mjs) showing each slap race and the table's judgement as
they stream. One short game of blind World War 3 with two races."""

import os
import pathlib
import shutil
import subprocess
import time

import pytest
from host_program import reader, topper_cli, wait_line

from topper import jsonl
from topper_host import replay

WEB = pathlib.Path(__file__).resolve().parents[1] / "web"
FAILURES = WEB.parents[1] / "build" / "web-failures"
if not (WEB / "node_modules" / "playwright-core").is_dir() or not os.path.exists("/usr/bin/chromium"):
    WHY = "no playwright-core in tests/web or no /usr/bin/chromium: run bash scripts/setup"
    if os.environ.get("CI"):
        pytest.fail(WHY, pytrace=False)  # in CI a missing piece is a broken setup, never a pass
    pytest.skip(WHY, allow_module_level=True)


def _run(board, ms):
    """Waits while the pty bridge runs the board ``ms`` of its own time (the emulated
    board runs slower than the wall clock, how much slower depends on the machine)."""
    until = board.t_us + ms * 1000
    while board.t_us < until:
        time.sleep(0.02)


def _race(board, first, second, apart_ms):
    """``first`` slaps, ``second`` ``apart_ms`` later, both in the board's near future."""
    t0 = board.t_us + 30_000
    board.press(first, at_ms=t0 / 1000, hold_ms=60)
    board.press(second, at_ms=(t0 + apart_ms * 1000) / 1000, hold_ms=60)
    _run(board, 30 + apart_ms + 1200)  # the race is ranked; the board asks the table


def test_the_watch_page_shows_the_boards_races_and_margins_as_they_stream(board, tmp_path):
    reply = board.request({"cmd": "setup", "game": "ww3", "seats": 2, "cardpad": False,
                           "hurry_ms": 0, "seed": 21})
    assert reply["k"] == "ok", reply
    board.data_lines()
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    shot = tmp_path / "page.png"
    with board.data_pty() as pty:
        serve = subprocess.Popen(
            topper_cli() + ["serve", "--port", pty.path, "--http-port", "0", "--bind", "127.0.0.1"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        page = None
        try:
            said = wait_line(reader(serve.stdout), lambda ln: "watch the game at" in ln, 60,
                             "topper serve's URL")
            url = said.split(" at ")[1].split(" ")[0]
            page = subprocess.Popen(["node", str(WEB / "watch.mjs"), "--shot", str(shot), "-", "live", url,
                                     "2"],
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=str(WEB))
            out = reader(page.stdout)
            wait_line(out, lambda ln: ln.strip() == "connected", 120, "the page connected")
            board.press(1, hold_ms=80)  # P1 starts
            _run(board, 500)
            _race(board, 2, 1, 7)  # P2 slaps, P1 7 ms after
            board.press("table", hold_ms=80)  # good
            _run(board, 500)
            _race(board, 1, 2, 20)  # P1 slaps, P2 20 ms after
            board.press("table", hold_ms=900)  # wrong
            got = jsonl.loads(wait_line(out, lambda ln: ln.startswith("{"), 150, "the page's answer"))
        finally:
            if page is not None and page.poll() is None:
                page.kill()
            serve.terminate()
            serve.wait(30)
    try:
        _check(got, pty)
    except AssertionError:
        if shot.exists():  # the page as it was at the end, for the report
            FAILURES.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(shot, FAILURES / "test_board_watch.png")
            print("the page at the end: %s" % (FAILURES / "test_board_watch.png"))
        raise


def _check(got, pty):
    assert pty.errors == [], pty.errors
    assert got["errors"] == [] and got["outside"] == []
    print("the page received:", *got["received"], sep="\n  ")
    assert got["done"], "the page did not see both races judged"

    confirms = [r for r in got["rulings"] if r["r"] == "confirm"]
    assert [(r["seat"], r["ok"]) for r in confirms] == [(1, True), (0, False)]
    # Each race ranked with its margin: the slap's order, or a late ruling after it.
    slaps = [r for r in got["rulings"] if r["r"] == "slap"]
    late = {r["seat"]: r["margin_us"] for r in got["rulings"] if r["r"] == "late"}
    margins = []
    for s, (first, second) in zip(slaps, [(1, 0), (0, 1)]):
        order = dict(s["order"])
        assert s["order"][0][0] == first
        margins.append(order.get(second, late.get(second)))
    assert 6000 <= margins[0] <= 8000 and 19000 <= margins[1] <= 21000, margins
    # The page drew them: the latest race first, P1 ahead by about 20 ms, wrong.
    assert got["races"][0].startswith(got["races"][0].split(" s ")[0] + " s P1 +0 ms")
    assert "wrong: P1 pays 3" in got["races"][0] and "P2 takes it" not in got["races"][0]
    # What the page was sent is the board's log: the core agrees with every ruling in it.
    log = [jsonl.dumps(o) for o in got["received"] if "k" not in o]
    assert log[0].startswith('{"blind":true')
    assert [jsonl.loads(jsonl.dumps(r)) for r in replay.rulings(log)][: len(got["rulings"])] == got["rulings"]
