"""Find the CIRCUITPY drive of a board and read which CircuitPython it runs.

CircuitPython writes boot_out.txt at the root of its drive on every boot; its first
line names the version and the board, e.g.
``Adafruit CircuitPython 9.2.1 on 2024-11-20; Raspberry Pi Pico with rp2040``.
A folder without that file is not treated as a board, so that `topper flash` never
sprays files into an ordinary folder or a USB stick.
"""

import glob
import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from topper_host import paths

BOOT_OUT = "boot_out.txt"
LABEL = "CIRCUITPY"

# Where desktops mount a drive labelled CIRCUITPY. A second board gets "CIRCUITPY1".
MOUNT_PATTERNS = (
    "/media/*/CIRCUITPY*",
    "/run/media/*/CIRCUITPY*",
    "/media/CIRCUITPY*",
    "/mnt/CIRCUITPY*",
    "/Volumes/CIRCUITPY*",
)
MOUNTS_FILE = "/proc/mounts"  # Linux: catches a drive mounted anywhere else


class DriveError(Exception):
    """The drive is missing, ambiguous or not a CircuitPython drive."""


@dataclass
class BoardInfo:
    version: str  # "9.2.1", "" when boot_out.txt does not say
    board: str  # "Raspberry Pi Pico with rp2040"
    board_id: str  # "raspberry_pi_pico"

    @property
    def major(self):
        m = re.match(r"(\d+)", self.version)
        return int(m.group(1)) if m else 0


_FIRST_LINE = re.compile(r"CircuitPython\s+(\S+)\s+on\s+[^;]*;\s*(.*)")


def parse_boot_out(text):
    """BoardInfo from the text of boot_out.txt; raises DriveError if it is not CircuitPython's."""
    lines = text.splitlines()
    m = _FIRST_LINE.search(lines[0]) if lines else None
    if not m:
        raise DriveError("boot_out.txt does not start with a CircuitPython banner")
    board_id = ""
    for line in lines[1:]:
        if line.startswith("Board ID:"):
            board_id = line.split(":", 1)[1].strip()
    return BoardInfo(version=m.group(1), board=m.group(2).strip(), board_id=board_id)


def check_drive(path):
    """BoardInfo of the board whose drive is mounted at ``path``."""
    path = Path(path)
    if not path.exists():
        raise DriveError(f"drive not found: {path}")
    if not path.is_dir():
        raise DriveError(f"not a folder: {path}")
    boot_out = path / BOOT_OUT
    if not boot_out.is_file():
        raise DriveError(
            f"{path} is not a CircuitPython drive (no {BOOT_OUT}). Set the board up with the "
            "firmware image first (topper flash --uf2, docs/flashing.md), or check the --drive path."
        )
    try:
        text = boot_out.read_text(encoding="utf-8", errors="replace")
    except OSError as e:
        raise DriveError("cannot read " + paths.why(e, boot_out)) from e
    return parse_boot_out(text)


def _proc_mounts(mounts_file, label=LABEL):
    """Mount points from /proc/mounts whose folder name starts with ``label``."""
    found = []
    try:
        with open(mounts_file, encoding="utf-8") as f:
            for line in f:
                parts = line.split()
                if len(parts) >= 2:
                    # /proc/mounts escapes blanks in paths as octal (\040).
                    point = re.sub(r"\\([0-7]{3})", lambda m: chr(int(m.group(1), 8)), parts[1])
                    if os.path.basename(point).startswith(label):
                        found.append(point)
    except OSError:
        pass
    return found


def _windows_drives(label=LABEL):
    """Root folders of Windows volumes labelled ``label`` (ctypes, no extra package)."""
    import ctypes

    kernel32 = ctypes.windll.kernel32
    found = []
    mask = kernel32.GetLogicalDrives()
    for i in range(26):
        if not mask & (1 << i):
            continue
        root = "{}:\\".format(chr(ord("A") + i))
        name = ctypes.create_unicode_buffer(261)
        named = kernel32.GetVolumeInformationW(root, name, 261, None, None, None, None, 0)
        if named and name.value.upper().startswith(label):
            found.append(root)
    return found


def candidate_drives(patterns=None, mounts_file=None):
    """Every mounted folder that looks like a CIRCUITPY drive and has boot_out.txt."""
    patterns = MOUNT_PATTERNS if patterns is None else patterns
    return mounted(LABEL, patterns, BOOT_OUT, mounts_file)


def mounted(label, patterns, marker, mounts_file=None):
    """Mounted folders named ``label``* (by ``patterns``, /proc/mounts, Windows volume
    labels) that hold the file ``marker``, each once."""
    mounts_file = MOUNTS_FILE if mounts_file is None else mounts_file
    seen = []
    points = []
    for pattern in patterns:
        points.extend(sorted(glob.glob(pattern)))
    points.extend(_proc_mounts(mounts_file, label))
    if sys.platform == "win32":
        points.extend(_windows_drives(label))
    for point in points:
        p = Path(point)
        if (p / marker).is_file() and p.resolve() not in [s.resolve() for s in seen]:
            seen.append(p)
    return seen


def find_drive(explicit=None, patterns=None, mounts_file=None):
    """The drive to flash: ``explicit`` if given, else the only CIRCUITPY drive mounted."""
    if explicit:
        return Path(explicit)
    return only_one(
        candidate_drives(patterns, mounts_file),
        LABEL,
        "Plug the board in over a data USB cable and wait for the drive to mount (no drive "
        "at all: set it up with the firmware image, topper flash --uf2, docs/flashing.md)",
        DriveError,
    )


def only_one(found, label, hint, error):
    """The one drive in ``found``; ``error`` with ``hint`` when there is none, or with the
    list when there are several."""
    if not found:
        raise error(f"no {label} drive found. {hint}, or pass --drive PATH.")
    if len(found) > 1:
        names = ", ".join(str(p) for p in found)
        raise error(f"several {label} drives are mounted: {names}. Pick one with --drive PATH.")
    return found[0]
