"""``topper monitor``: finding the board's data port among the serial ports, and
reading a board's stream through pyserial's ``loop://`` into a saved event log that
replays."""

import argparse
import pathlib
import sys

import serial
from serial.tools.list_ports_common import ListPortInfo

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "tests" / "core"))

from topper import jsonl  # noqa: E402
from topper.slaplog import Recorder
from topper.replay import run as replay_log  # noqa: E402
from topper.games.slap.pad import PadSlapReferee  # noqa: E402
from topper.rng import Rng  # noqa: E402
from topper.games.slap.engine import Phase, SlapGame  # noqa: E402
from topper_host import cli, cmd_monitor, serial_link  # noqa: E402
from topper_host.monitor_view import Board, Plain  # noqa: E402


def port(device, vid=None, pid=0x80F4, serial_number="E6614C", interface=None, location=None):
    p = ListPortInfo(device)
    p.vid = vid
    p.pid = pid
    p.serial_number = serial_number
    p.interface = interface
    p.location = location
    return p


def test_the_data_port_is_the_cdc2_interface_of_a_pi_or_adafruit_board():
    linux = [
        port("/dev/ttyS0"),
        port("/dev/ttyACM0", 0x2E8A, interface="CircuitPython CDC control", location="1-1:1.0"),
        port("/dev/ttyACM1", 0x2E8A, interface="CircuitPython CDC2 control", location="1-1:1.2"),
        port("/dev/ttyUSB0", 0x0403, interface="FT232R USB UART"),
    ]
    assert serial_link.find_port(linux) == "/dev/ttyACM1"
    adafruit = [
        port("/dev/ttyACM3", 0x239A, interface="Pico CircuitPython CDC2 control"),
        port("/dev/ttyACM2", 0x239A, interface="Pico CircuitPython CDC control"),
    ]
    assert serial_link.find_port(adafruit) == "/dev/ttyACM3"


def test_without_interface_names_the_higher_interface_number_is_the_data_port():
    windows = [
        port("COM7", 0x2E8A, location="1-4:x.2"),
        port("COM6", 0x2E8A, location="1-4:x.0"),
    ]
    assert serial_link.find_port(windows) == "COM7"
    no_location = [port("/dev/cu.usbmodem1233", 0x239A), port("/dev/cu.usbmodem1231", 0x239A)]
    assert serial_link.find_port(no_location) == "/dev/cu.usbmodem1233"


def test_no_board_no_data_port_or_two_boards_say_what_to_do():
    cases = [
        ([port("/dev/ttyUSB0", 0x0403)], "no board found"),
        ([port("/dev/ttyACM0", 0x2E8A, interface="CircuitPython CDC control")], "usb_cdc.enable(data=True)"),
        (
            [
                port("/dev/ttyACM1", 0x2E8A, serial_number="A", interface="CircuitPython CDC2 control"),
                port("/dev/ttyACM3", 0x2E8A, serial_number="B", interface="CircuitPython CDC2 control"),
            ],
            "several boards are connected (/dev/ttyACM1, /dev/ttyACM3): choose one with --port",
        ),
    ]
    for ports, words in cases:
        try:
            serial_link.find_port(ports)
        except serial_link.LinkError as e:
            assert words in str(e), str(e)
        else:
            raise AssertionError(words)


def seeded_game(seed=18, seats=2):
    """A whole game's log lines, as a board streams them."""
    lines = []
    ref = PadSlapReferee(SlapGame("ww3", seats, 0), seed=seed)
    rec = Recorder(ref, lines.append)
    rng = Rng(seed)
    t = 500
    rec.start(t)
    while ref.game.phase != Phase.OVER:
        t += 50 + rng.below(300)
        if ref.game.slappable() is not None and rng.below(10) < 7:
            rec.press(seats - 1 if rng.below(3) else 0, t)
        else:
            rec.lay(t)
        rec.tick(t + 1)
    return lines


def args(**kw):
    base = {"port": None, "save": None, "plain": True, "once": True, "seconds": 20, "no_catch_up": False}
    base.update(kw)
    return argparse.Namespace(**base)


def test_a_stream_through_loop_is_shown_and_saved_as_a_log_that_replays(tmp_path):
    game = seeded_game()
    loop = serial.serial_for_url("loop://", timeout=0.05, do_not_open=True)
    loop.buffer_size = 1 << 20  # one queue carries both ways: room for the whole game
    loop.open()
    hello = {"k": "hello", "id": 1, "proto": 1, "fw": "0.1.0", "board": "raspberry_pi_pico", "uid": "AB",
             "journal": "nvm", "mode": "menu", "game": None, "max_line": 256}
    loop.write(jsonl.dumps(hello).encode() + b"\n")
    loop.write(b"\x00\xffnoise that is not json\n")
    for line in game:
        loop.write(line.encode() + b"\n")
    out = []
    path = tmp_path / "game.jsonl"
    link = serial_link.Link(loop)
    assert cmd_monitor.watch(link, args(save=str(path)), Plain(out.append), "loop://") == 0
    assert link.garbage == 1
    assert out[0] == "board raspberry_pi_pico (firmware 0.1.0, protocol 1, journal nvm): menu"
    assert any(s.endswith("P2 WINS THE GAME") or s.endswith("P1 WINS THE GAME") for s in out)
    saved = path.read_text().splitlines()
    assert saved == game
    made = list(replay_log(saved))
    assert made[-1]["r"] == "win"
    # The simulator plays the saved log back (headless: it prints rulings and screens).
    assert cli.main(["sim", "--replay", str(path), "--headless"]) == 0


def test_a_board_that_never_answers_is_a_clear_error(capsys):
    code = cli.main(["monitor", "--port", "loop://", "--plain"])
    assert code == 2
    assert "no answer from the board" in capsys.readouterr().err


def test_a_missing_port_is_a_clear_error(capsys):
    code = cli.main(["monitor", "--port", "/dev/nonexistent-topper", "--plain"])
    assert code == 2
    assert capsys.readouterr().err == "topper monitor: --port /dev/nonexistent-topper: no such port\n"


def live_screen(board, size, port="/dev/ttyACM1"):
    """The monitor's terminal picture of ``board`` at ``size``, as text; and whether
    ``q`` asked the monitor's loop to stop."""
    from sim_ui_support import run, screen_text
    from topper_host.sim.ui.monitor_app import MonitorApp, Picture

    app = MonitorApp(None, "Topper Table monitor: %s" % port)
    seen = {}

    async def play(pilot):
        app.show_board(Picture(board, port))
        await pilot.pause()
        seen["text"] = screen_text(app)
        await pilot.press("q")

    run(app, size, play)
    return seen["text"], app.quit


def test_the_live_picture_is_the_simulators_drawing_of_the_boards_view():
    ref = PadSlapReferee(SlapGame("ww3", 3, 0), seed=18)
    rulings = ref.start(1000) + ref.lay(1400)
    board = Board(clock=lambda: 5.0)
    board.saw_view({"k": "view", "mode": "game", "t": 1500, "view": ref.view(1500)})
    board.rulings(rulings)
    for size in ((170, 46), (80, 24)):  # the big layout and the small one
        text, quit = live_screen(board, size)
        assert "Topper Table monitor: /dev/ttyACM1" in text
        assert "OLED" in text and "ring" in text and "Pile" in text
        assert "lays" in text  # the feed of rulings in words
        assert "q: quit" in text.split("\n")[-1]
        assert quit
    board.saw_view({"k": "view", "mode": "menu", "t": 9000, "view": None})
    text, _ = live_screen(board, (80, 24), "loop://")
    assert "The board is at its menu: no game on the table." in text


def test_the_boards_setup_problems_from_hello_are_shown():
    loop = serial.serial_for_url("loop://", timeout=0.05)
    hello = {"k": "hello", "id": 1, "proto": 1, "fw": "0.1.0", "board": "raspberry_pi_pico", "uid": "AB",
             "journal": "nvm", "mode": "menu", "game": None, "max_line": 256,
             "problems": ["FRAM: adafruit_fram not in lib/, saves on flash"]}
    loop.write(jsonl.dumps(hello).encode() + b"\n")
    out = []
    link = serial_link.Link(loop)
    assert cmd_monitor.watch(link, args(once=False, seconds=0.1), Plain(out.append), "loop://") == 0
    assert "! board setup: FRAM: adafruit_fram not in lib/, saves on flash" in out, out
