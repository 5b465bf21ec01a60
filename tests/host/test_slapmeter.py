"""The slap meter (``heap slap`` on the console) on the device app over the fakes: armed,
the game plays on as before and each slap's path is counted (the figures themselves are
the board's: bench/board_slap_alloc.py)."""

import gc
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

import fakes  # noqa: E402

from fakes import scenario  # noqa: E402
from fakes.scenario import lay, start  # noqa: E402


def teardown_function(function):
    fakes.uninstall()


def test_an_armed_meter_counts_each_slap_and_the_game_plays_on(monkeypatch):
    # CPython's gc has no heap figures: each reading is 16 bytes more than the last.
    allocated = [0]

    def mem_alloc():
        allocated[0] += 16
        return allocated[0]

    monkeypatch.setattr(gc, "mem_alloc", mem_alloc, raising=False)
    monkeypatch.setattr(gc, "mem_free", lambda: 100000, raising=False)
    rig, app, _ = scenario.boot({"TOPPER_HURRY_MS": 0})
    from topper_app import heapwatch, slapmeter

    monkeypatch.setattr(slapmeter, "count", mem_alloc)
    meter = slapmeter.SlapMeter(app, heapwatch.free_heap)
    assert meter.report().startswith("topper: slap alloc paths 0 ")
    start(rig, app, starter=0)
    lay(rig, app, "1RC")
    lay(rig, app, "1RH")  # a pair: slappable
    t = rig.now + 30
    rig.press(2, t)
    rig.run(app, t + 400)
    assert rig.screen()[0] == "SLAP! P3 TAKES POT"
    report = meter.report()
    assert report.startswith("topper: slap alloc paths 1 "), report
    words = report.split()
    assert words[words.index("step") + 1] != "0/0/0/0"  # the path's steps were read
    assert gc.isenabled()  # the meter gives the collector back after each step
