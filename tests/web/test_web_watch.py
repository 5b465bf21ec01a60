"""The watch page (watch.html) in headless Chromium: a saved log opened with the file
picker, stepped, sought and drawn to the rulings `topper replay` prints; a board on
Web Serial, played by a stand-in port object fed from the same log. `topper serve`
with the emulated board's firmware is tests/board/test_board_watch.py."""

import json
import subprocess
import threading
import time

import pytest
from conftest import HERE, TIMEOUT_S
from fake_data_port import FakeDataPort

from topper import jsonl
from topper_host import cli, cmd_serve, replay, serial_link


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


def test_a_turn_games_log_replays_with_its_scores_and_winners(watch, tmp_path):
    # Guess My Card: its log names a secret card only at the hand's reveal, and the page
    # shows the log's lines and nothing else.
    path = tmp_path / "guess.jsonl"
    assert cli.main(["sim", "--game", "guess", "--seats", "3", "--headless", "--seed", "5",
                     "--log", str(path)]) == 0
    want = _rulings(path)
    over = [r for r in want if r["r"] == "over"][-1]
    got = watch("replay", path)
    assert got["errors"] == []
    assert got["atEnd"]["rulings"] == want
    assert [s.split("score ")[1] for s in got["atEnd"]["seats"]] == [str(x) for x in over["scores"]]
    names = " and ".join("P%d" % (w + 1) for w in over["winners"])
    assert got["atEnd"]["banner"] == names + (" win!" if len(over["winners"]) > 1 else " wins!")


def test_a_board_on_web_serial_is_drawn_as_its_lines_come(watch, game_log):
    want = _rulings(game_log)
    got = watch("serial", game_log)
    assert got["errors"] == [] and got["outside"] == []
    assert got["rulings"] == want
    assert got["spoken"] == ["Player %d wins" % ([r["seat"] for r in want if r["r"] == "win"][0] + 1)]
    assert '{"cmd":"view"}\n' in got["written"]  # the page asks the board for its view


def _serve(port, folder, http_port, said, stop):
    t = threading.Thread(target=cmd_serve.serve, daemon=True, kwargs=dict(
        link=serial_link.Link(port), folder=str(folder), bind="127.0.0.1", http_port=http_port,
        announce=said.append, until=stop.is_set))
    t.start()
    return t


def _said_port(said):
    deadline = time.monotonic() + 10
    while not said:
        assert time.monotonic() < deadline
        time.sleep(0.01)
    return int(said[0].split(" at ")[1].split(" ")[0].rstrip("/").rsplit(":", 1)[1])


def test_a_dropped_page_reconnects_and_catches_up_without_a_reload(page_dir, game_log, request, tmp_path):
    lines = [jsonl.loads(x) for x in game_log.read_text().splitlines() if x.strip()]
    want = _rulings(game_log)
    half = len(lines) // 2
    said, stop = [], threading.Event()
    first = _serve(FakeDataPort(lines=lines[:half]), page_dir, 0, said, stop)
    http_port = _said_port(said)
    shot = tmp_path / "page.png"
    request.node.web_shot = shot
    url = "http://127.0.0.1:%d/watch.html?live" % http_port
    n_first = len([o for o in lines[:half] if "r" in o])
    page = subprocess.Popen(["node", str(HERE / "watch.mjs"), "--shot", str(shot), "-", "reconnect", url,
                             str(n_first), str(len(want) - 1)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=str(HERE))
    try:
        assert page.stdout.readline().strip() == "first", page.stderr.read()[-2000:]
        stop.set()  # the laptop's server goes away with the page connected
        first.join(10)
        assert page.stdout.readline().strip() == "dropped"
        # It comes back, the game having gone on: the board's download of it, events only.
        events = [o for o in lines if "r" not in o]
        said2, stop2 = [], threading.Event()
        second = _serve(FakeDataPort("ww3", events), page_dir, http_port, said2, stop2)
        got = json.loads(page.stdout.readline())
        page.wait(30)
    finally:
        if page.poll() is None:
            page.kill()
        stop.set()
        stop2.set()
    second.join(10)
    assert got["errors"] == [] and got["outside"] == []
    assert got["sameLoad"]  # the page was never reloaded
    # The whole game from the board, with the core's rulings; the last race is still
    # open when a download ends (its ruling would come with the board's next tick).
    assert got["rulings"] == want[: len(got["rulings"])] and len(got["rulings"]) >= len(want) - 1


def test_the_boards_view_gives_whose_turn_the_clocks_and_a_flag(watch, tmp_path):
    # What a board streams for a turn game with a chess clock, then its answer to the
    # page's view request: P2 to play with 55.5 s left, P3's flag down.
    header = {"clock": {"base_ms": 60000, "control": "fischer", "extra_ms": 2000}, "entry": "buttons",
              "game": "tripp", "log": "topper-table", "options": {"jokers": 2, "places": 0}, "seats": 3,
              "seed": 1, "v": 2}
    view = {"clock": {"control": "fischer", "flagged": [False, False, True], "on_turn": 1,
                      "remaining": [60000, 55500, 0]},
            "game": "tripp", "message": "P2 to play", "scores": [0, 0, 0], "seats": 3, "turn": 1}
    path = tmp_path / "stream.jsonl"
    path.write_text("".join(jsonl.dumps(o) + "\n" for o in [
        header, {"ev": "start", "t": 0}, {"id": 1, "k": "view", "mode": "game", "t": 5000, "view": view}]))
    got = watch("serial", path)
    assert got["errors"] == []
    p1, p2, p3 = got["seats"]
    assert "to play" in p2 and "to play" not in p1 + p3
    assert "clock 1:00" in p1 and "clock 0:56" in p2 and "clock 0:00 flag" in p3
