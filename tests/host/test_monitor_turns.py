"""``topper monitor`` on a turn-based game: the real firmware plays Tripp Jokes with the
seat buttons over the fakes, what it wrote on the data port goes through pyserial's
``loop://`` into the monitor, which puts each ruling in the game's own words, shows
the OLED as the device drew it, draws the simulator's turn picture, stops when the
game is over (``--once``) and saves the game's log line for line."""

import argparse
import pathlib
import sys

import serial

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

import fakes  # noqa: E402
from _link_fakes import boot  # noqa: E402
from _turn_steps import choose, short  # noqa: E402
from test_monitor import live_screen  # noqa: E402
from topper import jsonl  # noqa: E402
from topper_host import cmd_monitor, serial_link  # noqa: E402
from topper_host.monitor_view import Board, Plain  # noqa: E402
from topper_view import turns  # noqa: E402

HELLO = {"k": "hello", "id": 1, "proto": 1, "fw": "0.1.0", "board": "raspberry_pi_pico", "uid": "AB",
         "journal": "nvm", "mode": "game", "game": None, "max_line": 256}


def teardown_function(function):
    fakes.uninstall()


def tripp_on_the_device():
    """A 4-seat Tripp Jokes game on the buttons: three turns, then P3 goes out with a
    chord (table held + seat), which wins the game. Returns the device's log lines and
    its view reply at the end."""
    rig, app, port, env, code = boot({"TOPPER_CARDPAD": 0})
    port.send({"cmd": "hello", "id": 1})  # a host opens the port: the log streams
    rig.run(app, rig.now + 100)
    choose(rig, app, "TRIPP JOKES")
    for _ in range(3):
        short(rig, app, app.ref.view(rig.now)["turn"])
    t = rig.now + 20
    rig.table(t, hold=500)
    rig.press(2, t + 200)
    rig.run(app, t + 900)
    assert app.ref.view(rig.now)["over"]
    port.send({"cmd": "view", "id": 9})
    rig.run(app, rig.now + 100)
    out = port.take()
    lines = [x for x in out if "k" not in x]
    view = [x for x in out if x.get("k") == "view"][-1]
    return lines, view


def test_the_monitor_names_a_turn_games_rulings_shows_its_oled_and_saves_its_log(tmp_path):
    lines, view = tripp_on_the_device()
    assert lines[0]["log"] == "topper-table" and lines[0]["game"] == "tripp"
    assert lines[-1]["r"] == "win"
    loop = serial.serial_for_url("loop://", timeout=0.05, do_not_open=True)
    loop.buffer_size = 1 << 20
    loop.open()
    for obj in [HELLO] + lines + [view]:
        loop.write(jsonl.dumps(obj).encode() + b"\n")
    out = []
    path = tmp_path / "tripp.jsonl"
    a = argparse.Namespace(port=None, save=str(path), plain=True, once=True, seconds=20, no_catch_up=True)
    assert cmd_monitor.watch(serial_link.Link(loop), a, Plain(out.append), "loop://") == 0
    text = "\n".join(out)
    assert "new game" not in text or "tripp" in text
    assert "P3 is out" in text or "P3 out" in text, text
    assert "P3 wins" in text or "P3 WINS" in text.upper(), text
    # The OLED as the device drew it from the same view.
    for line in turns.lines(view["view"]):
        assert "    | " + line in out, (line, out[-10:])
    assert [jsonl.loads(x) for x in path.read_text().splitlines()] == lines


def test_the_live_picture_of_a_turn_game_is_the_simulators():
    lines, view = tripp_on_the_device()
    board = Board(clock=lambda: 5.0)
    board.new_game(lines[0])
    board.rulings([x for x in lines if "r" in x])
    board.saw_view(view)
    for cols, rows in ((170, 46), (80, 24)):
        text, _ = live_screen(board, (cols, rows))
        assert "Topper Table monitor: /dev/ttyACM1" in text
        assert "OLED" in text and "ring" in text and "P3" in text
        if cols == 80:  # the small layout prints the OLED's text; the big one its pixels
            assert "TRIPP JOKES" in text, text[:600]
        assert "P3 is out" in text  # the feed, in the game's words
    # Joined half way (no header): the first view is enough to name the rulings.
    late = Board(clock=lambda: 5.0)
    late.saw_view(view)
    late.rulings([x for x in lines if x.get("r") == "win"])
    assert "wins" in late.feed[-1].lower() or "WINS" in late.feed[-1], late.feed


def test_a_saved_turn_game_log_replays_and_plays_back_in_the_simulator(tmp_path, capsys):
    from topper_host import cli

    lines, _ = tripp_on_the_device()
    path = tmp_path / "tripp.jsonl"
    path.write_text("".join(jsonl.dumps(x) + "\n" for x in lines))
    assert cli.main(["replay", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [jsonl.dumps(x) for x in lines if "r" in x]  # the board's rulings, every one
    assert cli.main(["sim", "--replay", str(path), "--headless"]) == 0
    assert "P3 wins" in capsys.readouterr().out
