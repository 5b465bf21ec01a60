"""scripts/typecheck_firmware.py (a step of scripts/test): the firmware type-checks clean
against the Pico's CircuitPython stubs, and the check does catch what it is for: a pin
the board does not have, a module its build leaves out, an API call the stubs refuse."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "typecheck_firmware.py"

pytest.importorskip("mypy")
pytest.importorskip("board_definitions")  # circuitpython-stubs


def _check(*files):
    return subprocess.run([sys.executable, str(SCRIPT), *map(str, files)], capture_output=True,
                          text=True, cwd=ROOT, timeout=300)


def test_the_firmware_type_checks_clean():
    p = _check()
    assert p.returncode == 0, p.stdout + p.stderr
    assert "Success: no issues found" in p.stdout


def test_a_pin_the_pico_lacks_and_a_module_it_lacks_fail(tmp_path):
    good = tmp_path / "good.py"
    good.write_text("import board\nimport digitalio\n\n\ndef led():\n"
                    "    return digitalio.DigitalInOut(board.GP25)\n")
    p = _check(good)
    assert p.returncode == 0, p.stdout + p.stderr
    bad = tmp_path / "bad.py"
    bad.write_text("import board\nimport busio\n\n\ndef pins():\n    return board.GP99\n\n\n"
                   "import wifi  # noqa: E402 (the Pico has no wifi)\n"
                   "i2c = busio.I2C(board.GP5, board.GP4, frequency='fast')\n")
    p = _check(bad)
    assert p.returncode == 1, p.stdout + p.stderr
    assert 'bad.py:6: error: Module has no attribute "GP99"' in p.stdout, p.stdout
    assert 'bad.py:9: error: Cannot find implementation or library stub for module named "wifi"' in p.stdout
    assert "bad.py:10: error: Argument \"frequency\" to \"I2C\" has incompatible type" in p.stdout


def test_a_settings_pin_the_board_lacks_is_named():
    sys.path.insert(0, str(ROOT / "scripts"))
    import typecheck_firmware as tc

    stub = (tc.site_packages() / "board_definitions" / "raspberry_pi_pico" / "__init__.pyi").read_text()
    assert tc.settings_pins(stub, (ROOT / "firmware" / "settings.toml").read_text()) == []
    settings = 'TOPPER_SEAT_PINS = "GP6,GP99"\nTOPPER_SDA = "GP4"\nTOPPER_CARDPAD_IRQ = ""\n'
    bad = tc.settings_pins(stub, settings)
    assert bad == ["firmware/settings.toml: TOPPER_SEAT_PINS names GP99, which this board does not have"]
