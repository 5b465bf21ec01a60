"""hardware/pinmap.md and firmware/settings.toml must describe the same wiring, and
settings.toml must stay inside the TOML subset CircuitPython's os.getenv reads."""

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SETTINGS = ROOT / "firmware" / "settings.toml"
PINMAP = ROOT / "hardware" / "pinmap.md"

# Raspberry Pi Pico header: GPIO -> physical pin (from the Pico pinout).
PICO_PIN = {
    "GP0": 1, "GP1": 2, "GP2": 4, "GP3": 5, "GP4": 6, "GP5": 7, "GP6": 9, "GP7": 10,
    "GP8": 11, "GP9": 12, "GP10": 14, "GP11": 15, "GP12": 16, "GP13": 17, "GP14": 19,
    "GP15": 20, "GP16": 21, "GP17": 22, "GP18": 24, "GP19": 25, "GP20": 26, "GP21": 27,
    "GP22": 29, "GP26": 31, "GP27": 32, "GP28": 34,
}  # fmt: skip

# settings.toml keys whose value is a pin name (or a list of them).
PIN_KEYS = (
    "TOPPER_SEAT_PINS",
    "TOPPER_TABLE_PIN",
    "TOPPER_BUZZER_PIN",
    "TOPPER_SDA",
    "TOPPER_SCL",
    "TOPPER_CARDPAD_RESET",
    "TOPPER_CARDPAD_IRQ",
    "TOPPER_PIXEL_PIN",
)


def settings():
    return tomllib.loads(SETTINGS.read_text(encoding="utf-8"))


def settings_pins():
    """{"TOPPER_SEAT_PINS[0]": "GP6", ..., "TOPPER_TABLE_PIN": "GP14", ...}"""
    pins = {}
    for key in PIN_KEYS:
        value = settings()[key]
        if key.endswith("_PINS"):
            for i, name in enumerate(value.split(",")):
                pins[f"{key}[{i}]"] = name.strip()
        elif value:
            pins[key] = value
    return pins


def pinmap_rows():
    """Rows of the Signals table: {settings key: (gpio, pico pin)}."""
    rows = {}
    row = re.compile(r"^\|\s*([^|]+?)\s*\|\s*(GP\d+)\s*\|\s*(\d+)\s*\|\s*`([^`]+)`\s*\|")
    for line in PINMAP.read_text(encoding="utf-8").splitlines():
        m = row.match(line)
        if m:
            assert m.group(4) not in rows, f"pinmap lists {m.group(4)} twice"
            rows[m.group(4)] = (m.group(2), int(m.group(3)))
    return rows


def test_pinmap_and_settings_agree():
    rows = pinmap_rows()
    pins = settings_pins()
    assert {k: gpio for k, (gpio, _) in rows.items()} == pins


def test_pinmap_header_pins_match_the_pico():
    for key, (gpio, pin) in pinmap_rows().items():
        assert PICO_PIN[gpio] == pin, f"{key}: {gpio} is Pico pin {PICO_PIN[gpio]}, not {pin}"


def test_every_pin_is_used_once_and_exists_on_the_header():
    used = list(settings_pins().values())
    assert len(used) == len(set(used)), f"a GPIO is assigned twice: {used}"
    assert set(used) <= set(PICO_PIN)


def test_seat_pins_are_eight_consecutive_gpios_for_the_pio_capture():
    seats = [int(p.strip()[2:]) for p in settings()["TOPPER_SEAT_PINS"].split(",")]
    assert len(seats) == 8
    assert seats == list(range(seats[0], seats[0] + 8))


def test_i2c_pins_form_one_rp2040_i2c_pair():
    sda = int(settings()["TOPPER_SDA"][2:])
    scl = int(settings()["TOPPER_SCL"][2:])
    # RP2040: SDA on GPIO 4k (I2C0) or 4k+2 (I2C1), SCL on the next GPIO.
    assert sda % 2 == 0 and scl == sda + 1


def test_settings_defaults_are_sane():
    s = settings()
    assert 2 <= s["TOPPER_SEATS"] <= 8
    assert s["TOPPER_GAME"] in ("ww3", "armageddon")
    assert s["TOPPER_SLAP_CAPTURE"] in ("keypad", "pio")
    assert s["TOPPER_CARDPAD"] in (0, 1)
    assert s["TOPPER_OLED_ADDR"] == 0x3C
    assert s["TOPPER_PIXELS"] == 24
    # USB budget (hardware/assembly.md): 24 px x 60 mA x brightness stays under 300 mA.
    assert 0 < s["TOPPER_BRIGHTNESS"] <= 20
    assert s["TOPPER_HURRY_MS"] == 3000


def test_settings_toml_stays_in_circuitpythons_subset():
    text = SETTINGS.read_text(encoding="utf-8")
    previous = ""
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        assert not stripped.startswith("["), (
            f"line {number}: CircuitPython reads the root table only"
        )
        if stripped and not stripped.startswith("#"):
            key, _, value = stripped.partition("=")
            key, value = key.strip(), value.split("#", 1)[0].strip()
            assert re.fullmatch(r"TOPPER_[A-Z0-9_]+", key), f"line {number}: key {key!r}"
            assert re.fullmatch(r'"[^"\\]*"|0|[1-9][0-9]*', value), (
                f"line {number}: {key} must be a plain string or an int without _ or leading 0"
            )
            assert previous.startswith("#") or re.match(r"TOPPER_\w+ =", previous), (
                f"line {number}: {key} needs a comment above it"
            )
        previous = stripped


def test_wiring_diagram_names_every_pin_in_settings():
    dot = (ROOT / "hardware" / "wiring.dot").read_text(encoding="utf-8")
    for key, gpio in settings_pins().items():
        assert re.search(rf"\b{gpio}\b[^()<]*\({PICO_PIN[gpio]}\)", dot), (
            f"{key} ({gpio}) is missing from hardware/wiring.dot"
        )
