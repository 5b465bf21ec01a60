"""Board profiles: firmware/boards/<CircuitPython board name>.toml, one per board.

A profile is the only place that names a board's pins and its chip's facts (docs/boards.md).
From it the build makes what the device needs, since the device cannot read the host's
TOML: the frozen ``topper_hw/board_profile.py`` (the settings' defaults) and the drive's
settings.toml (the pins a maker edits). Both are rendered here, and tests check that the
copies kept in firmware/ for the default board equal their rendering.
"""

import json
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

# Profile pin role -> settings.toml key (and board_profile.py name).
PIN_KEYS = {
    "seats": "TOPPER_SEAT_PINS",
    "table": "TOPPER_TABLE_PIN",
    "buzzer": "TOPPER_BUZZER_PIN",
    "sda": "TOPPER_SDA",
    "scl": "TOPPER_SCL",
    "cardpad_reset": "TOPPER_CARDPAD_RESET",
    "cardpad_irq": "TOPPER_CARDPAD_IRQ",
    "pixel": "TOPPER_PIXEL_PIN",
}
FLASH_KEYS = ("uf2_family", "boot_drive", "flash_bytes", "firmware_region", "nvm_bytes", "drive_offset")
FEATURES = ("slap_gate", "pio_capture")
SEATS = 8


class ProfileError(Exception):
    """A profile is missing or does not hold together; the message says which and why."""


@dataclass(frozen=True)
class Profile:
    board: str  # CircuitPython's board folder name, and the profile's file name
    title: str
    chip: str
    pins: dict  # role -> pin name, "seats" -> list of 8
    gpio: dict  # pin name -> GPIO number
    flash: dict
    features: dict
    path: Path

    def seat_gpios(self):
        return [self.gpio[p] for p in self.pins["seats"]]

    def used_pins(self):
        """Every pin the profile names, seats first, in role order."""
        out = list(self.pins["seats"])
        out += [self.pins[role] for role in PIN_KEYS if role != "seats"]
        return out


def folder(firmware_dir):
    return Path(firmware_dir) / "boards"


def names(firmware_dir):
    return sorted(p.stem for p in folder(firmware_dir).glob("*.toml"))


def load(firmware_dir, board):
    path = folder(firmware_dir) / f"{board}.toml"
    if not path.is_file():
        known = ", ".join(names(firmware_dir)) or "none"
        raise ProfileError(f"no profile for board {board!r} in {folder(firmware_dir)} (profiles: {known})")
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise ProfileError(f"{path}: {e}")
    try:
        profile = Profile(
            board=board,
            title=str(raw["title"]),
            chip=str(raw["chip"]),
            pins={role: raw["pins"][role] for role in PIN_KEYS},
            gpio={str(k): int(v) for k, v in raw["gpio"].items()},
            flash={key: raw["flash"][key] for key in FLASH_KEYS},
            features={key: bool(raw["features"][key]) for key in FEATURES},
            path=path,
        )
    except KeyError as e:
        raise ProfileError(f"{path}: missing {e}")
    _check(profile)
    return profile


def _check(p):
    """What the firmware relies on: 8 seat pins, each pin named once and given a GPIO,
    and seats on consecutive GPIOs where the PIO capture is on (``in pins, 8``)."""
    where = p.path
    seats = p.pins["seats"]
    if not isinstance(seats, list) or len(seats) != SEATS:
        raise ProfileError(f"{where}: pins.seats must list {SEATS} pins")
    used = p.used_pins()
    twice = sorted({n for n in used if used.count(n) > 1})
    if twice:
        raise ProfileError(f"{where}: pins used twice: {', '.join(twice)}")
    missing = [n for n in used if n not in p.gpio]
    if missing:
        raise ProfileError(f"{where}: no [gpio] entry for {', '.join(missing)}")
    if p.features["pio_capture"]:
        g = p.seat_gpios()
        if g != list(range(g[0], g[0] + SEATS)):
            raise ProfileError(f"{where}: the PIO capture needs the seats on 8 consecutive GPIOs, not {g}")
    if p.flash["drive_offset"] < p.flash["firmware_region"] + p.flash["nvm_bytes"]:
        raise ProfileError(f"{where}: the drive overlaps the firmware region and nvm")


# ----- what the build writes -------------------------------------------------------------


def settings_values(p):
    """The settings.toml keys the profile decides, with their values."""
    values = {PIN_KEYS[role]: pin for role, pin in p.pins.items() if role != "seats"}
    values["TOPPER_SEAT_PINS"] = ",".join(p.pins["seats"])
    values["TOPPER_SLAP_GATE"] = 1 if p.features["slap_gate"] else 0
    return values


def render_settings(p, template):
    """settings.toml's text with the profile's keys set; every key must be in it."""
    text = template
    for key, value in sorted(settings_values(p).items()):
        line = f"{key} = {json.dumps(value)}"
        text, n = re.subn(rf"^{key}\s*=.*$", line, text, flags=re.M)
        if n != 1:
            raise ProfileError(f"settings.toml has {n} lines for {key}, not one")
    return text


def render_module(p):
    """topper_hw/board_profile.py for the profile's board."""
    lines = [
        f'"""The {p.title}\'s defaults, written by `topper build` from',
        f'firmware/boards/{p.board}.toml (edit that, not this file)."""',
        "",
        f"BOARD = {json.dumps(p.board)}",
        f"CHIP = {json.dumps(p.chip)}",
    ]
    for role, key in PIN_KEYS.items():
        value = ",".join(p.pins["seats"]) if role == "seats" else p.pins[role]
        lines.append(f"{key.removeprefix('TOPPER_')} = {json.dumps(value)}")
    lines.append(f"SLAP_GATE = {p.features['slap_gate']!r}")
    lines.append(f"PIO_CAPTURE = {p.features['pio_capture']!r}")
    lines.append(f"NVM_BYTES = {p.flash['nvm_bytes']!r}")
    return "\n".join(lines) + "\n"


def pin_gpio(p):
    """{pin name: GPIO} of the pins in use: the emulated board's harness wires by it."""
    return {name: p.gpio[name] for name in p.used_pins()}


def by_boot_drive(firmware_dir, board_id):
    """The profiles whose bootloader drive says ``Board-ID: board_id``."""
    out = []
    for name in names(firmware_dir):
        p = load(firmware_dir, name)
        if p.flash["boot_drive"] == board_id:
            out.append(p)
    return out
