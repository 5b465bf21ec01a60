"""The watch page (watch.html) in headless Chromium: a saved log opened with the file
picker, stepped, sought and drawn to the rulings `topper replay` prints; a board on
Web Serial, played by a stand-in port object fed from the same log. `topper serve`
with the emulated board's firmware is tests/board/test_board_watch.py."""

import json
import subprocess

import pytest
from conftest import HERE, TIMEOUT_S

from topper import jsonl
from topper_host import cli, replay


@pytest.fixture(scope="module")
def game_log(tmp_path_factory):
    """A seeded game of World War 3 between bots, as `topper sim` logs it (rulings too)."""
    path = tmp_path_factory.mktemp("log") / "ww3.jsonl"
    assert cli.main(["sim", "--game", "ww3", "--seats", "3", "--headless", "--seed", "5",
                     "--log", str(path)]) == 0
    return path


@pytest.fixture
def watch(page_dir, request, tmp_path):
    """``watch(command, *args)``: watch.mjs's JSON answer; its last picture of the page
    is kept for the report if the test fails."""
    shot = tmp_path / "page.png"
    request.node.web_shot = shot

    def run(command, *args):
        argv = ["node", str(HERE / "watch.mjs"), "--shot", str(shot), str(page_dir), command]
        done = subprocess.run(argv + [str(a) for a in args], capture_output=True, text=True,
                              timeout=TIMEOUT_S, cwd=str(HERE))
        assert done.returncode == 0, done.stderr[-3000:]
        return json.loads(done.stdout)

    return run


def _rulings(path):
    """What `topper replay` prints for the log, as objects."""
    return [jsonl.loads(jsonl.dumps(r)) for r in replay.rulings(path.read_text().splitlines())]


def test_a_saved_log_steps_to_the_view_topper_replay_gives(watch, game_log):
    want = _rulings(game_log)
    winner = [r["seat"] for r in want if r["r"] == "win"][0]
    got = watch("replay", game_log)
    assert got["errors"] == [] and got["outside"] == []
    end = got["atEnd"]
    assert end["rulings"] == want
    assert end["banner"] == "P%d wins!" % (winner + 1)
    slaps = [r for r in want if r["r"] == "slap"]
    assert len(end["races"]) == min(12, len(slaps))  # the latest races, with their margins
    assert all(" ms" in line for line in end["races"])
    assert got["empty"]["rulings"] == [] and got["empty"]["banner"] == ""  # sought to the start
    stepped = got["stepped"]
    assert stepped["rulings"] == want and stepped["seats"] == end["seats"]
    assert stepped["spoken"] == ["Player %d wins" % (winner + 1)]  # called once, when stepped to


def test_a_board_on_web_serial_is_drawn_as_its_lines_come(watch, game_log):
    want = _rulings(game_log)
    got = watch("serial", game_log)
    assert got["errors"] == [] and got["outside"] == []
    assert got["rulings"] == want
    assert got["spoken"] == ["Player %d wins" % ([r["seat"] for r in want if r["r"] == "win"][0] + 1)]
    assert '{"cmd":"view"}\n' in got["written"]  # the page asks the board for its view
