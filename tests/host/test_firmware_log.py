"""The device's event log on the second USB serial port replays on the host to the
same rulings (topper.replay)."""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

import fakes  # noqa: E402

from fakes import scenario  # noqa: E402
from fakes.scenario import lay, start  # noqa: E402
from topper import jsonl  # noqa: E402
from topper.replay import run as replay_log  # noqa: E402


def teardown_function(function):
    fakes.uninstall()  # the next test (maybe not ours) sees the real modules again


def test_a_device_game_log_replays_to_the_same_rulings():
    rig, app, _ = scenario.boot({"TOPPER_HURRY_MS": 2000}, usb_data=True)
    start(rig, app, starter=0)
    lay(rig, app, "1RC")
    lay(rig, app, "1RH")
    rig.press(2, rig.now + 10)
    rig.press(0, rig.now + 25)  # 15 ms after P3: past the race's 10 ms, late
    rig.run(app, rig.now + 3000)
    lay(rig, app, "4BS")
    rig.run(app, rig.now + 2500)  # P4 is hurried
    lines = rig.usb_lines
    head = jsonl.loads(lines[0])
    assert head["log"] == "topper-table" and head["game"] == "ww3" and head["seats"] == 4
    kinds = [jsonl.loads(x).get("r") for x in lines]
    assert "slap" in kinds and "hurry" in kinds and "late" in kinds
    replayed = list(replay_log(lines))  # raises if any ruling differs
    assert [r["r"] for r in replayed if r["r"] == "slap"] == ["slap"]


def test_no_host_no_writes_and_no_waiting():
    rig, app, _ = scenario.boot(usb_data=True)
    rig.usb_connected = False
    start(rig, app, starter=0)
    lay(rig, app, "1RC")
    assert rig.usb_lines == []
