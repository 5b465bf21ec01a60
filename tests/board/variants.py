"""Images of the same firmware with other settings: the card pad on, PIO capture, six
seats... A board test asks for ``settings={...}`` and gets the project's firmware with a
drive whose settings.toml has those keys changed, and the harness reads the same file
for its pin map and devices (TOPPER_SETTINGS), so both sides agree.

Each variant is built once per run into build/board-variants/<hash>/ (folder2uf2 adds a
drive to the firmware-only UF2 in well under a second).
"""

import hashlib
import json
import pathlib
import re
import shutil

REPO = pathlib.Path(__file__).resolve().parents[2]
FIRMWARE = REPO / "firmware"
OUT = REPO / "build" / "board-variants"


def settings_text(base, overrides):
    """settings.toml's text with each KEY = value line replaced (or added)."""
    text = base
    for key, value in sorted(overrides.items()):
        line = "%s = %s" % (key, json.dumps(value) if isinstance(value, str) else int(value))
        pattern = re.compile(r"^%s\s*=.*$" % re.escape(key), re.M)
        text, n = pattern.subn(line, text)
        if not n:
            text += "\n" + line + "\n"
    return text


def variant(overrides, firmware_uf2=None):
    """(uf2 path, settings path) of the firmware with ``overrides`` in settings.toml."""
    from topper_host import image_build

    cfg = image_build.load_config(FIRMWARE)
    firmware_uf2 = pathlib.Path(
        firmware_uf2 or REPO / "build" / ("topper-table-%s-firmware.uf2" % cfg.board)
    )
    text = settings_text((FIRMWARE / "settings.toml").read_text(), overrides)
    key = hashlib.sha256(text.encode() + firmware_uf2.read_bytes()).hexdigest()[:12]
    folder = OUT / key
    uf2, settings = folder / "topper.uf2", folder / "drive" / "settings.toml"
    if not uf2.is_file():
        drive = folder / "drive"
        if drive.exists():
            shutil.rmtree(drive)
        drive.mkdir(parents=True)
        for name in cfg.drive_files:
            shutil.copyfile(FIRMWARE / name, drive / name)
        settings.write_text(text)
        image_build.combine(firmware_uf2, drive, cfg, uf2)
    return uf2, settings
