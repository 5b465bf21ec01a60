"""The wheel carries the firmware: build it from a copy of the sources, install it in a
fresh venv (no checkout on its path), see that it pulls none of the board's libraries,
then add the board extra and let that venv's `topper flash` fill a drive.

Slow (about half a minute: a wheel build and a venv with the project's dependencies from
the package index or pip's cache), so it is one test doing the whole walk.
"""

import shutil
import subprocess
import sys
import venv
from pathlib import Path

from topper_host import payload

ROOT = Path(__file__).resolve().parents[2]
FIRMWARE = ROOT / "firmware"
SOURCES = ("pyproject.toml", "README.md", "firmware", "host")


def _run(cmd, **kw):
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=600, **kw)
    assert proc.returncode == 0, "%s failed (%d):\n%s\n%s" % (
        cmd, proc.returncode, proc.stdout[-3000:], proc.stderr[-3000:])
    return proc


def _firmware_files():
    """Every file `topper flash` takes from the firmware folder, as drive paths."""
    found = {name for name in ("code.py", "boot.py", "settings.toml") if (FIRMWARE / name).is_file()}
    for path in (FIRMWARE / "lib").rglob("*.py"):
        if "__pycache__" not in path.parts:
            found.add(path.relative_to(FIRMWARE).as_posix())
    return found


def test_an_installed_wheel_flashes_the_firmware_and_its_libraries(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, src / name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info"))
        else:
            shutil.copy2(ROOT / name, src / name)
    wheels = tmp_path / "wheels"
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheels), str(src)])
    (wheel,) = wheels.glob("topper_table-*.whl")

    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    bin_dir = env_dir / ("Scripts" if sys.platform == "win32" else "bin")
    _run([str(bin_dir / "python"), "-m", "pip", "install", "-q", str(wheel)])
    listed = _run([str(bin_dir / "python"), "-m", "pip", "list", "--format=freeze"]).stdout.lower()
    assert "pyserial==" in listed and "textual==" in listed
    assert "adafruit" not in listed and "folder2uf2" not in listed, listed

    out = tmp_path / "elsewhere"  # run away from the checkout, as a user would
    out.mkdir()
    version = _run([str(bin_dir / "topper"), "--version"], cwd=out).stdout
    assert version.startswith("topper 0.1.0"), version

    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "boot_out.txt").write_text(
        "Adafruit CircuitPython 10.0.3 on 2025-10-17; Raspberry Pi Pico with rp2040\n"
        "Board ID:raspberry_pi_pico\n"
    )
    topper_flash = [str(bin_dir / "topper"), "flash", "--drive", str(drive)]
    refused = subprocess.run(topper_flash, cwd=out, capture_output=True, text=True, timeout=60)
    assert refused.returncode == 2 and "pip install 'topper-table[board]'" in refused.stdout, refused

    _run([str(bin_dir / "python"), "-m", "pip", "install", "-q", "%s[board]" % wheel])
    flash = _run(topper_flash, cwd=out)
    assert "verified" in flash.stdout, flash.stdout

    landed = {p.relative_to(drive).as_posix() for p in drive.rglob("*") if p.is_file()}
    want = _firmware_files()
    assert {"code.py", "boot.py", "settings.toml"} <= want
    for package in ("topper", "topper_view", "topper_hw"):
        assert "lib/%s/__init__.py" % package in want
    assert want <= landed, sorted(want - landed)
    for path in want:
        assert (drive / path).read_bytes() == (FIRMWARE / path).read_bytes(), path
    # The Adafruit libraries come from the board extra, the FRAM driver too.
    for module, _ in payload.ADAFRUIT_LIBS:
        assert "lib/%s.py" % module in landed or "lib/%s/__init__.py" % module in landed, module
    assert "lib/adafruit_fram.py" in landed
