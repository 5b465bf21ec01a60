"""What `topper` does installed from a wheel, away from any checkout: `flash --uf2` with
no file takes the image the wheel carries, and `build`, which needs the checkout's
CircuitPython source and scripts, says so in one line. The wheel's layout is stood in
for by a folder (tests/host/test_wheel.py installs a real one)."""

import shutil
from test_flash_uf2 import boot_drive, flash, uf2_file

from topper_host import cli, origin


def installed(monkeypatch, firmware):
    """Make `topper` run as if from a wheel whose topper_host/firmware is ``firmware``."""
    firmware.mkdir(exist_ok=True)
    # the wheel carries the board profiles (bootdrive reads the chips' drives from them)
    shutil.copytree(origin.firmware() / "boards", firmware / "boards", dirs_exist_ok=True)
    monkeypatch.setattr(origin, "checkout", lambda: None)
    monkeypatch.setattr(origin, "firmware", lambda: firmware)
    return firmware


def test_flash_uf2_without_a_file_takes_the_image_the_wheel_carries(tmp_path, monkeypatch, capsys):
    carried = uf2_file(installed(monkeypatch, tmp_path / "firmware") / origin.IMAGE, blocks=5)
    monkeypatch.chdir(tmp_path)  # a build/ here must not matter: this is no checkout
    (tmp_path / "build").mkdir()
    uf2_file(tmp_path / "build" / origin.IMAGE, blocks=2)
    drive = boot_drive(tmp_path / "RPI-RP2")
    assert flash("--uf2", "--drive", str(drive)) == 0
    assert (drive / origin.IMAGE).read_bytes() == carried.read_bytes()
    assert "(5 blocks)" in capsys.readouterr().out


def test_flash_uf2_from_a_wheel_without_an_image_says_what_to_pass(tmp_path, monkeypatch, capsys):
    installed(monkeypatch, tmp_path / "firmware")
    drive = boot_drive(tmp_path / "RPI-RP2")
    assert flash("--uf2", "--drive", str(drive)) == 2
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and "carries no firmware image: pass --uf2 FILE" in out
    assert sorted(p.name for p in drive.iterdir()) == ["INDEX.HTM", "INFO_UF2.TXT"]


def test_build_from_a_wheel_says_it_needs_a_checkout(tmp_path, monkeypatch, capsys):
    uf2_file(installed(monkeypatch, tmp_path / "firmware") / origin.IMAGE)
    monkeypatch.chdir(tmp_path)
    assert cli.main(["build"]) == 1
    out, err = capsys.readouterr()
    assert err == "" and out.count("\n") == 1
    assert out.startswith("topper build: building the image needs a checkout of Topper Table")
    assert out.rstrip().endswith("this install carries a built image: topper flash --uf2")
    assert not (tmp_path / "build").exists()


def test_a_checkout_flashes_what_topper_build_wrote_where_it_runs(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "build").mkdir()
    built = uf2_file(tmp_path / "build" / origin.IMAGE, blocks=4)
    drive = boot_drive(tmp_path / "RPI-RP2")
    assert origin.checkout() is not None
    assert flash("--uf2", "--drive", str(drive)) == 0
    assert (drive / origin.IMAGE).read_bytes() == built.read_bytes()


def test_flash_without_the_board_extra_names_it_and_the_image_boards_way(tmp_path, monkeypatch, capsys):
    from topper_host import payload

    monkeypatch.setattr(payload, "_locate", lambda module: None)  # no adafruit-* installed
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "boot_out.txt").write_text(
        "Adafruit CircuitPython 10.0.3 on 2025-10-17; Raspberry Pi Pico with rp2040\n"
    )
    assert flash("--drive", str(drive)) == 2
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and out.startswith("topper flash: missing libraries: ")
    assert "pip install 'topper-table[board]' into" in out and "frozen: --no-libs" in out
    assert sorted(p.name for p in drive.iterdir()) == ["boot_out.txt"]
    assert flash("--drive", str(drive), "--no-libs") == 0
    assert (drive / "code.py").is_file() and not (drive / "lib" / "neopixel.py").exists()
