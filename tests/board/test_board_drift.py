"""The rp2040js gaps the harness stands in for are still there, and each stand-in closes
its gap (tests/board/drift.test.mjs), and the device models keep their behaviour
(tests/board/devices/), both under node's own test runner."""

import pathlib
import subprocess

HERE = pathlib.Path(__file__).resolve().parent


def node_tests(path, least):
    """Runs ``path`` (under tests/board) with node's own test runner: every test passes,
    and at least ``least`` of them ran."""
    r = subprocess.run(["node", "--test", path], capture_output=True, text=True, timeout=300, cwd=str(HERE))
    summary = [ln for ln in r.stdout.splitlines() if ln.startswith(("ok ", "not ok ", "# pass", "# fail"))]
    print("\n".join(summary))
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-2000:]
    assert any(ln.startswith("# pass") and int(ln.split()[-1]) >= least for ln in summary)


def test_each_rp2040js_gap_and_its_stand_in():
    node_tests("drift.test.mjs", 8)


def test_the_device_models_unit_tests():
    # tests/board/devices/*.test.mjs: each model of the table's parts (I2C, OLED, card
    # pad, FRAM, ring, buzzer, the PIO clock and its parking of stalled machines) against
    # its datasheet's behaviour, without firmware.
    node_tests("devices/", 30)
