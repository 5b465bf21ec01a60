"""`topper flash --uf2 --wait`: a board put into BOOTSEL mode after the command started
is flashed the moment its drive appears; no board within --timeout, or Ctrl-C, ends in
one line with nothing written. The drive is a folder a thread makes after a delay."""

import signal
import subprocess
import sys
import threading
import time

from test_flash_uf2 import boot_drive, flash, uf2_file

from topper_host import bootdrive


def appear_later(make, delay):
    """Run ``make`` on a thread after ``delay`` seconds; join the returned thread."""
    thread = threading.Thread(target=lambda: (time.sleep(delay), make()))
    thread.start()
    return thread


def test_a_board_plugged_in_later_is_flashed_when_its_drive_appears(tmp_path, capsys):
    image = uf2_file(tmp_path / "topper.uf2")
    drive = tmp_path / "RPI-RP2"
    started = time.monotonic()
    thread = appear_later(lambda: boot_drive(drive), 0.6)
    try:
        code = flash("--uf2", str(image), "--no-backup", "--drive", str(drive), "--wait", "--timeout", "20")
        assert code == 0
    finally:
        thread.join()
    assert time.monotonic() - started >= 0.6
    assert (drive / "topper.uf2").read_bytes() == image.read_bytes()
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("topper flash: waiting for a board in BOOTSEL mode")
    assert "Ctrl-C" in lines[0] and "up to 20 s" in lines[0]
    assert "restarts into Topper Table" in lines[-1]


def test_a_drive_still_mounting_is_waited_for_not_refused(tmp_path):
    # The folder is there before its INFO_UF2.TXT: that is a mount in progress.
    media = tmp_path / "media"
    (media / "RPI-RP2").mkdir(parents=True)
    thread = appear_later(lambda: boot_drive(media / "RPI-RP2"), 0.4)
    try:
        found = bootdrive.wait(timeout=20, patterns=(str(media / "RPI-RP2*"),), mounts_file="/nope")
    finally:
        thread.join()
    assert found == media / "RPI-RP2"


def test_no_board_within_the_timeout_is_one_line_and_nothing_written(tmp_path, capsys):
    image = uf2_file(tmp_path / "topper.uf2")
    drive = tmp_path / "RPI-RP2"
    assert flash("--uf2", str(image), "--no-backup", "--drive", str(drive), "--wait", "--timeout", "0.5") == 2
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2, lines
    assert "waited 0.5 s" in lines[1] and "BOOTSEL" in lines[1]
    assert not drive.exists()


def test_wait_is_refused_without_uf2(tmp_path, capsys):
    assert flash("--wait", "--drive", str(tmp_path)) == 2
    assert capsys.readouterr().out.strip() == (
        "topper flash: --wait is for --uf2: it waits for a board's bootloader drive"
    )


def test_ctrl_c_while_waiting_ends_with_one_line(tmp_path):
    image = uf2_file(tmp_path / "topper.uf2")
    proc = subprocess.Popen(
        [sys.executable, "-m", "topper_host.cli", "flash", "--uf2", str(image), "--no-backup", "--wait",
         "--timeout", "0", "--drive", str(tmp_path / "RPI-RP2")],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    assert proc.stdout.readline().startswith("topper flash: waiting for a board")
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=20)
    assert proc.returncode == 130
    assert out.strip() == "topper flash: stopped waiting for the board; nothing was written"
    assert err == ""
