"""``topper monitor`` against a board on a pseudo-terminal: the real device session and
link glue answer in a thread while a script plays a seeded game. The monitor runs as
the CLI runs it, over the pty's device path."""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

import serial  # noqa: E402
from _fake_board import FakeBoard, ScriptedTable  # noqa: E402
from topper.replay import run as replay_log  # noqa: E402
from topper_host import cli, serial_link  # noqa: E402

SEED = 18  # a two-seat game the script ends in about 13 s of board time


def events(lines):
    return [ln for ln in lines if '"ev":' in ln]


def test_monitor_shows_a_whole_game_and_saves_a_log_that_replays(tmp_path, capsys):
    path = tmp_path / "table.jsonl"
    table = ScriptedTable(seed=SEED)
    with FakeBoard(table, start_game=False, start_on_hello=True) as board:
        code = cli.main(["monitor", "--port", board.path, "--save", str(path), "--plain", "--once",
                         "--seconds", "60"])
    assert code == 0 and board.errors == []
    out = capsys.readouterr()
    assert out.out.startswith("board fake_pty_board (firmware test, protocol 1, journal none)")
    assert "WINS THE GAME" in out.out
    assert "    | " in out.out  # the OLED's text after rulings
    assert "saved %s" % path in out.err
    saved = path.read_text().splitlines()
    assert saved == table.lines  # every line of the game, in order, nothing else
    assert list(replay_log(saved))[-1]["r"] == "win"


def test_joining_half_way_downloads_the_game_so_far(tmp_path, capsys):
    path = tmp_path / "late.jsonl"
    table = ScriptedTable(seed=SEED)
    with FakeBoard(table) as board:
        while len(table.lines) < 60:  # the game is well under way
            board.thread.join(0.01)
        code = cli.main(["monitor", "--port", board.path, "--save", str(path), "--plain", "--once",
                         "--seconds", "60"])
    assert code == 0 and board.errors == []
    assert "joined the game after" in capsys.readouterr().out
    saved = path.read_text().splitlines()
    # Every line from the header on: the events caught up with the core's rulings put
    # back (the board's download has none), then the live stream.
    assert saved == table.lines
    assert sum('"r":' in ln for ln in saved[:60]) > 0
    assert list(replay_log(saved)) == list(replay_log(table.lines))


def test_a_host_request_during_a_game_gets_the_tables_answer():
    for answer, kind in ((True, "ok"), (False, "refused")):
        table = ScriptedTable(seed=SEED, answer=answer)
        with FakeBoard(table) as board:
            port = serial.Serial(board.path, timeout=0.05, write_timeout=1)
            try:
                link = serial_link.Link(port)
                assert link.hello()["mode"] == "game"
                reply = link.request("setup", game="armageddon", seats=3, seed=5)
                assert reply["k"] == kind, reply
                if answer:
                    assert table.setups[0]["seats"] == 3 and table.settings["game"] == "armageddon"
                    assert link.request("settings")["game"] == "armageddon"
                else:
                    assert table.setups == [] and reply["why"] == "the table said no"
            finally:
                port.close()
        assert board.errors == []
