"""`topper flash` against a folder standing in for the CIRCUITPY drive."""

import json

import pytest
from topper_host import cli, flasher

BOOT_OUT = (
    "Adafruit CircuitPython 9.2.1 on 2024-11-20; Raspberry Pi Pico with rp2040\n"
    "Board ID:raspberry_pi_pico\nUID:E6614C311B2C7A2B\nboot.py output:\n"
)


def make_firmware(tmp_path):
    """A small firmware folder: root files, a lib package and a cache to leave behind."""
    fw = tmp_path / "firmware"
    (fw / "lib" / "topper" / "__pycache__").mkdir(parents=True)
    (fw / "code.py").write_text("import topper\nprint('topper')\n")
    (fw / "boot.py").write_text("import usb_cdc\n")
    (fw / "settings.toml").write_text('TOPPER_SEATS = 4\nTOPPER_GAME = "ww3"\n')
    (fw / "lib" / "topper" / "__init__.py").write_text("VERSION = '1'\n")
    (fw / "lib" / "topper" / "cards.py").write_text("ACE = 14\n")
    (fw / "lib" / "topper" / "__pycache__" / "cards.cpython-311.pyc").write_bytes(b"\0pyc")
    return fw


def make_drive(tmp_path):
    """An empty CIRCUITPY drive: just the boot_out.txt every CircuitPython board has."""
    d = tmp_path / "CIRCUITPY"
    d.mkdir()
    (d / "boot_out.txt").write_text(BOOT_OUT)
    return d


@pytest.fixture
def firmware(tmp_path):
    return make_firmware(tmp_path)


@pytest.fixture
def drive(tmp_path):
    return make_drive(tmp_path)


def flash(drive, firmware, *extra, libs=False):
    argv = ["flash", "--drive", str(drive), "--firmware", str(firmware)]
    if not libs:
        argv.append("--no-libs")
    return cli.main(argv + list(extra))


def manifest(drive):
    return json.loads((drive / flasher.MANIFEST).read_text())["files"]


def test_first_flash_copies_everything_and_writes_manifest(drive, firmware, capsys):
    assert flash(drive, firmware) == 0
    for rel in ("code.py", "boot.py", "settings.toml", "lib/topper/__init__.py"):
        assert (drive / rel).read_bytes() == (firmware / rel).read_bytes()
    assert not (drive / "lib" / "topper" / "__pycache__").exists()
    files = manifest(drive)
    assert sorted(files) == [
        "boot.py",
        "code.py",
        "lib/topper/__init__.py",
        "lib/topper/cards.py",
        "settings.toml",
    ]
    assert files["lib/topper/cards.py"]["size"] == len("ACE = 14\n")
    assert files["code.py"]["version"].startswith("topper-table")
    out = capsys.readouterr().out
    assert "wrote 5 files" in out
    assert "verified 5 files" in out
    assert not list(drive.rglob(flasher.TMP_PREFIX + "*"))


def test_installed_adafruit_libraries_are_copied_from_the_wheels(drive, firmware):
    assert flash(drive, firmware, libs=True) == 0
    for rel in (
        "lib/adafruit_bus_device/i2c_device.py",
        "lib/adafruit_fram.py",
        "lib/neopixel.py",
        "lib/adafruit_pixelbuf.py",
        "lib/adafruit_pn532/i2c.py",
        "lib/adafruit_pioasm.py",
    ):
        assert (drive / rel).is_file(), rel
    files = manifest(drive)
    assert files["lib/adafruit_pn532/i2c.py"]["version"].startswith("adafruit-circuitpython-pn532")
    # Blinka's host-only neopixel_write must not land on the board, nor the libraries
    # the firmware's own OLED driver replaces.
    assert not (drive / "lib" / "neopixel_write.py").exists()
    assert not (drive / "lib" / "adafruit_ssd1306.py").exists()
    assert not (drive / "lib" / "adafruit_framebuf.py").exists()


def test_reflash_is_idempotent(drive, firmware, capsys, monkeypatch):
    assert flash(drive, firmware) == 0
    before = {p: p.stat().st_mtime_ns for p in drive.rglob("*") if p.is_file()}
    calls = []
    monkeypatch.setattr(flasher, "write_atomic", lambda *a: calls.append(a))
    capsys.readouterr()
    assert flash(drive, firmware) == 0
    assert calls == []
    assert {p: p.stat().st_mtime_ns for p in drive.rglob("*") if p.is_file()} == before
    out = capsys.readouterr().out
    assert "wrote 0 files, deleted 0" in out
    assert "verified 5 files" in out


def test_update_replaces_our_unchanged_file(drive, firmware):
    assert flash(drive, firmware) == 0
    (firmware / "lib" / "topper" / "cards.py").write_text("ACE = 1\n")
    assert flash(drive, firmware) == 0
    assert (drive / "lib" / "topper" / "cards.py").read_text() == "ACE = 1\n"
    assert manifest(drive)["lib/topper/cards.py"]["size"] == len("ACE = 1\n")


def test_user_modified_file_is_not_overwritten_without_force(drive, firmware, capsys):
    assert flash(drive, firmware) == 0
    (drive / "code.py").write_text("print('my experiment')\n")
    (firmware / "code.py").write_text("print('topper v2')\n")
    capsys.readouterr()
    assert flash(drive, firmware) == 0
    assert (drive / "code.py").read_text() == "print('my experiment')\n"
    out = capsys.readouterr().out
    assert "skip     code.py (edited on the drive" in out
    assert "1 files left alone" in out
    assert "code.py" not in manifest(drive)  # now the user's file
    assert flash(drive, firmware) == 0  # and it stays the user's
    assert (drive / "code.py").read_text() == "print('my experiment')\n"

    assert flash(drive, firmware, "--force") == 0
    assert (drive / "code.py").read_text() == "print('topper v2')\n"
    assert "code.py" in manifest(drive)


def test_foreign_file_in_the_way_is_left_alone(drive, firmware, capsys):
    (drive / "lib" / "topper").mkdir(parents=True)
    (drive / "lib" / "topper" / "cards.py").write_text("# someone else's\n")
    assert flash(drive, firmware) == 0
    assert (drive / "lib" / "topper" / "cards.py").read_text() == "# someone else's\n"
    assert "not written by topper flash" in capsys.readouterr().out


def test_foreign_file_is_never_deleted(drive, firmware):
    (drive / "lib").mkdir()
    (drive / "lib" / "my_sensor.py").write_text("# mine\n")
    (drive / "notes.txt").write_text("mine\n")
    assert flash(drive, firmware) == 0
    assert flash(drive, firmware, "--force") == 0
    (firmware / "lib" / "topper" / "cards.py").unlink()  # shrink the payload
    assert flash(drive, firmware, "--force") == 0
    assert (drive / "lib" / "my_sensor.py").read_text() == "# mine\n"
    assert (drive / "notes.txt").read_text() == "mine\n"
    assert (drive / "boot_out.txt").read_text() == BOOT_OUT


def test_file_no_longer_shipped_is_deleted_only_if_unchanged(drive, firmware, capsys):
    (firmware / "lib" / "topper" / "old.py").write_text("OLD = 1\n")
    (firmware / "lib" / "topper_view").mkdir()
    (firmware / "lib" / "topper_view" / "gone.py").write_text("GONE = 1\n")
    assert flash(drive, firmware) == 0
    (drive / "lib" / "topper" / "old.py").write_text("OLD = 2  # edited\n")
    (firmware / "lib" / "topper" / "old.py").unlink()
    (firmware / "lib" / "topper_view" / "gone.py").unlink()
    capsys.readouterr()
    assert flash(drive, firmware) == 0
    out = capsys.readouterr().out
    assert not (drive / "lib" / "topper_view").exists()  # emptied folder pruned
    assert (drive / "lib" / "topper" / "old.py").read_text() == "OLD = 2  # edited\n"
    assert "leave    lib/topper/old.py" in out
    assert "delete   lib/topper_view/gone.py" in out


def test_settings_toml_is_kept(drive, firmware, capsys):
    assert flash(drive, firmware) == 0
    (drive / "settings.toml").write_text("TOPPER_SEATS = 6\n")
    (firmware / "settings.toml").write_text("TOPPER_SEATS = 4\nTOPPER_NEW_KEY = 1\n")
    capsys.readouterr()
    assert flash(drive, firmware) == 0
    assert (drive / "settings.toml").read_text() == "TOPPER_SEATS = 6\n"
    out = capsys.readouterr().out
    assert "keep     settings.toml" in out
    assert "lacks TOPPER_NEW_KEY; the firmware uses their defaults" in out
    assert flash(drive, firmware, "--force") == 0
    assert (drive / "settings.toml").read_text() == (firmware / "settings.toml").read_text()


def test_settings_toml_already_present_before_first_flash_is_kept(drive, firmware):
    (drive / "settings.toml").write_text('CIRCUITPY_WIFI_SSID = "home"\n')
    assert flash(drive, firmware) == 0
    assert (drive / "settings.toml").read_text() == 'CIRCUITPY_WIFI_SSID = "home"\n'


def test_dry_run_writes_nothing(drive, firmware, capsys):
    assert flash(drive, firmware, "--dry-run") == 0
    assert sorted(p.name for p in drive.iterdir()) == ["boot_out.txt"]
    out = capsys.readouterr().out
    assert "new      code.py" in out
    assert "dry run: nothing written" in out


def test_verification_catches_a_corrupted_write(drive, firmware, capsys, monkeypatch):
    real = flasher.write_atomic

    def flaky(path, data):
        if path.name == "cards.py":
            data = data[:-2] + b"?\n"  # the device stored something else
        real(path, data)

    monkeypatch.setattr(flasher, "write_atomic", flaky)
    assert flash(drive, firmware) == 1
    out = capsys.readouterr().out
    assert "verify FAILED: lib/topper/cards.py" in out
    assert "verified" not in out
    # The manifest records what is really there, so the next flash rewrites it.
    monkeypatch.setattr(flasher, "write_atomic", real)
    assert flash(drive, firmware) == 0
    assert (drive / "lib" / "topper" / "cards.py").read_text() == "ACE = 14\n"


def test_drive_full_is_refused_before_writing(drive, firmware, capsys, monkeypatch):
    monkeypatch.setattr(flasher, "free_space", lambda d: 1024)
    assert flash(drive, firmware) == 2
    assert "drive full" in capsys.readouterr().out
    assert sorted(p.name for p in drive.iterdir()) == ["boot_out.txt"]


def test_read_only_drive_is_explained(drive, firmware, capsys, monkeypatch):
    def refuse(path, data):
        raise OSError(30, "Read-only file system", str(path))

    monkeypatch.setattr(flasher, "write_atomic", refuse)
    assert flash(drive, firmware) == 2
    out = capsys.readouterr().out
    assert "read-only for this computer" in out
    assert "without holding the button" in out


def test_unreadable_manifest_makes_every_changed_file_the_users(drive, firmware, capsys):
    assert flash(drive, firmware) == 0
    (drive / flasher.MANIFEST).write_text("{not json")
    (firmware / "code.py").write_text("print('v2')\n")
    capsys.readouterr()
    assert flash(drive, firmware) == 0
    out = capsys.readouterr().out
    assert "ignoring unreadable" in out
    assert "skip     code.py (not written by topper flash)" in out
    assert (drive / "code.py").read_text() == "import topper\nprint('topper')\n"


def test_missing_drive_is_an_error(tmp_path, firmware, capsys):
    assert flash(tmp_path / "nowhere", firmware) == 2
    assert "drive not found" in capsys.readouterr().out


def test_folder_without_boot_out_is_not_a_circuitpython_drive(tmp_path, firmware, capsys):
    folder = tmp_path / "USBSTICK"
    folder.mkdir()
    assert flash(folder, firmware) == 2
    assert "not a CircuitPython drive" in capsys.readouterr().out
    assert list(folder.iterdir()) == []


def test_font_is_installed_when_given_and_checked(drive, firmware, tmp_path, capsys):
    font = tmp_path / "font5x8.bin"
    font.write_bytes(bytes((5, 8)) + bytes(256 * 5))
    assert flash(drive, firmware, "--font", str(font)) == 0
    assert (drive / "font5x8.bin").read_bytes() == font.read_bytes()
    assert "font5x8.bin not found" not in capsys.readouterr().out
    font.write_bytes(b"not a font")
    assert flash(drive, firmware, "--font", str(font)) == 2
    assert "not a 5x8 font" in capsys.readouterr().out


def test_missing_font_is_a_warning_not_an_error(drive, firmware, capsys):
    assert flash(drive, firmware) == 0
    assert "font5x8.bin" not in capsys.readouterr().out  # no adafruit_framebuf shipped
    (firmware / "libs.txt").write_text("adafruit_framebuf  # for code of my own\n")
    assert flash(drive, firmware, libs=True) == 0
    assert "warning: font5x8.bin not found" in capsys.readouterr().out


def test_code_py_is_written_last(drive, firmware, monkeypatch):
    order = []
    real = flasher.write_atomic

    def record(path, data):
        order.append(path.relative_to(drive).as_posix())
        real(path, data)

    monkeypatch.setattr(flasher, "write_atomic", record)
    assert flash(drive, firmware) == 0
    # The manifest comes after everything it describes; code.py is the last payload file.
    assert order[-2:] == ["code.py", flasher.MANIFEST]
    assert order[0].startswith("lib/")


def test_libraries_come_from_the_installed_files_not_from_sys_modules(drive, firmware, monkeypatch):
    # Other host tests load fakes named like the board libraries; flashing must still
    # copy the real files.
    import sys
    import types

    monkeypatch.setitem(sys.modules, "neopixel", types.ModuleType("neopixel"))
    assert flash(drive, firmware, libs=True) == 0
    assert b"class NeoPixel" in (drive / "lib" / "neopixel.py").read_bytes()


def test_a_drive_that_fails_to_read_is_reported_not_a_traceback(
    drive, firmware, capsys, monkeypatch
):
    assert flash(drive, firmware) == 0

    def gone(path):
        raise OSError(5, "Input/output error", str(path))

    monkeypatch.setattr(flasher, "file_sha256", gone)
    assert flash(drive, firmware) == 2
    assert "cannot read the drive" in capsys.readouterr().out
