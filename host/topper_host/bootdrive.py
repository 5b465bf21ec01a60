"""The chip's own UF2 bootloader drive (RPI-RP2 on an RP2040, RP2350 on an RP2350), for
`topper flash --uf2`.

Holding BOOTSEL while plugging the board in (or a blank board) mounts a small drive
whose INFO_UF2.TXT names the chip (``Board-ID: RPI-RP2``); a UF2 file copied onto it is
written to flash and the board restarts into it. Only such a drive is written to:
anything else (a CIRCUITPY drive, a USB stick, a folder) is refused before a byte is
copied, and so is a file that is not a UF2 for that chip. Which drive names and UF2
families there are comes from the board profiles (firmware/boards/, topper_host.boards).
"""

import os
import shutil
import time
from pathlib import Path

from topper_host import boards, drive, origin, uf2

INFO = "INFO_UF2.TXT"


def chips():
    """{bootloader drive name (its Board-ID): {UF2 family: [board profiles]}}."""
    out = {}
    firmware = origin.firmware()
    for name in boards.names(firmware):
        p = boards.load(firmware, name)
        out.setdefault(p.flash["boot_drive"], {}).setdefault(p.flash["uf2_family"], []).append(p)
    return out


def labels():
    return sorted(chips())


def mount_patterns(label):
    return tuple(p.replace("CIRCUITPY", label) for p in drive.MOUNT_PATTERNS)


class BootDriveError(Exception):
    """No bootloader drive, or not one this image is for."""


def board_id(path):
    """The Board-ID line of the drive's INFO_UF2.TXT; BootDriveError if there is none."""
    path = Path(path)
    if not path.is_dir():
        raise BootDriveError(f"drive not found: {path}" if not path.exists() else f"not a folder: {path}")
    info = path / INFO
    try:
        text = info.read_text(encoding="ascii", errors="replace")
    except OSError:
        hint = (
            " (that is a running board's drive: hold BOOTSEL while plugging it in)"
            if (path / drive.BOOT_OUT).is_file()
            else ""
        )
        raise BootDriveError(f"{path} is not a UF2 bootloader drive: no {INFO}{hint}")
    for line in text.splitlines():
        if line.startswith("Board-ID:"):
            return line.split(":", 1)[1].strip()
    raise BootDriveError(f"{info} names no Board-ID: not a UF2 bootloader drive")


def find(explicit=None, patterns=None, mounts_file=None):
    if explicit:
        return Path(explicit)
    hint = "Hold the board's BOOTSEL button while plugging it in and wait for the drive to mount"
    return drive.only_one(_mounted(patterns, mounts_file), _either(), hint, BootDriveError)


def _either():
    return " or ".join(labels())


def _mounted(patterns, mounts_file):
    """Every chip's bootloader drive that is mounted, each once."""
    found = []
    for label in labels():
        for path in drive.mounted(
            label, mount_patterns(label) if patterns is None else patterns, INFO, mounts_file
        ):
            if path not in found:
                found.append(path)
    return found


def wait(explicit=None, timeout=None, poll=0.2, patterns=None, mounts_file=None):
    """The bootloader drive as soon as one is mounted and its INFO_UF2.TXT names a board:
    ``explicit`` once that folder is such a drive, else the only one found among the
    mounts. A folder still mounting (no INFO_UF2.TXT yet, or half written) is waited for;
    several drives at once are not (the user must pick one). ``timeout`` in seconds, None
    for no end; BootDriveError when it runs out."""
    if explicit and Path(explicit).is_file():
        raise BootDriveError(f"not a folder: {explicit}")
    deadline = None if timeout is None else time.monotonic() + timeout
    while True:
        found = [Path(explicit)] if explicit else _mounted(patterns, mounts_file)
        if len(found) > 1:
            drive.only_one(found, _either(), "", BootDriveError)  # raises, naming them
        for path in found:
            try:
                board_id(path)
                return path
            except BootDriveError:
                pass
        if deadline is not None and time.monotonic() >= deadline:
            what = f"{explicit} is no UF2 bootloader drive" if explicit else f"no {_either()} drive appeared"
            raise BootDriveError(
                f"waited {timeout:g} s: {what} (hold BOOTSEL while plugging the board in)"
            )
        time.sleep(poll)


def read_image(image_path):
    """The parsed image, if it is one for a chip some board profile has."""
    image = uf2.read(image_path)
    known = {fam: label for label, fams in chips().items() for fam in fams}
    if image.family not in known:
        fam = "none" if image.family is None else f"0x{image.family:08x}"
        raise uf2.UF2Error(f"{image_path} is not a UF2 for {_either()} (family {fam})")
    return image


def chip_of(image):
    """The bootloader drive name of the chip ``image`` is for."""
    return next(label for label, fams in chips().items() if image.family in fams)


def check(image, drive_path):
    """``image`` (``read_image``'s), once the drive is right for it."""
    found = board_id(drive_path)
    fams = chips().get(found, {})
    if image.family not in fams:
        which = ", ".join(f"topper-table-{p.board}.uf2" for ps in fams.values() for p in ps)
        instead = f": pass --uf2 with its image ({which})" if which else ""
        raise BootDriveError(
            f"{drive_path} is the bootloader of a {found} board; this image is for {chip_of(image)}{instead}"
        )
    return image


def images_for(drive_path, folder):
    """The images in ``folder`` (topper-table-BOARD.uf2) of the boards whose chip the
    drive's bootloader is."""
    fams = chips().get(board_id(drive_path), {})
    names = [f"topper-table-{p.board}.uf2" for ps in fams.values() for p in ps]
    return [Path(folder) / n for n in names if (Path(folder) / n).is_file()]


def copy(image_path, drive_path):
    """Copy the image onto the drive and make sure it reached the device: the bootloader
    flashes as the blocks arrive and restarts the board after the last one."""
    target = Path(drive_path) / Path(image_path).name
    with open(image_path, "rb") as src, open(target, "wb") as dst:
        shutil.copyfileobj(src, dst, 64 * 1024)
        dst.flush()
        os.fsync(dst.fileno())
    return target
