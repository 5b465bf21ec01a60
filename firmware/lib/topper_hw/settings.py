"""Reads the TOPPER_* keys of settings.toml into one plain dict, never failing.

``os.getenv`` gives ints or strings depending on the CircuitPython version and on how
the value is written, so every number is parsed from either. A value that cannot be
used falls back to its default and leaves a line in ``problems`` for the screen: a
typo in settings.toml must show up on the device, not stop it.

``getenv`` is passed in (``os.getenv`` on the board, a dict's ``get`` in tests). The
pins' defaults are the board's, from ``board_profile`` (written by the build from the
board's profile, docs/boards.md).
"""

from topper_hw import board_profile as board

CAPTURES = ("keypad", "pio")

DEFAULT_SEAT_PINS = board.SEAT_PINS


def _int(getenv, key, default, lo, hi, problems):
    raw = getenv(key)
    if raw is None or raw == "":
        return default
    try:
        v = raw if isinstance(raw, int) else int(str(raw).strip(), 0)
    except ValueError:
        problems.append("%s=%r: not a number" % (key, raw))
        return default
    if v < lo or v > hi:
        problems.append("%s=%d: not in %d..%d" % (key, v, lo, hi))
        return default
    return v


def _str(getenv, key, default):
    raw = getenv(key)
    if raw is None:
        return default
    return str(raw).strip()


def _flag(getenv, key, default, problems):
    raw = getenv(key)
    if raw is None or raw == "":
        return default
    s = str(raw).strip().lower()
    if s in ("1", "on", "yes", "true"):
        return True
    if s in ("0", "off", "no", "false"):
        return False
    problems.append("%s=%r: use 1 or 0" % (key, raw))
    return default


def _brightness(getenv, problems):
    """Percent 0..100; a fraction like "0.15" is read as 15 %."""
    raw = getenv("TOPPER_BRIGHTNESS")
    if raw is None or raw == "":
        return 15
    try:
        v = float(raw)
    except ValueError:
        problems.append("TOPPER_BRIGHTNESS=%r: not a number" % (raw,))
        return 15
    if 0 < v < 1 and not isinstance(raw, int):
        v = v * 100
    if v < 0 or v > 100:
        problems.append("TOPPER_BRIGHTNESS=%r: not in 0..100" % (raw,))
        return 15
    return int(v + 0.5)


def load(getenv):
    """``(cfg, problems)``: every setting the firmware uses, parsed, with defaults."""
    p = []
    pins = [s.strip() for s in _str(getenv, "TOPPER_SEAT_PINS", DEFAULT_SEAT_PINS).split(",")]
    pins = [s for s in pins if s]
    if len(pins) < 2 or len(pins) > 8:
        p.append("TOPPER_SEAT_PINS: need 2 to 8 pins")
        pins = DEFAULT_SEAT_PINS.split(",")
    seats = _int(getenv, "TOPPER_SEATS", 4, 2, 8, p)
    if seats > len(pins):
        p.append("TOPPER_SEATS=%d but only %d seat pins" % (seats, len(pins)))
        seats = len(pins)
    # The menu's first game: the app checks it against the games it offers (topper.games).
    game = _str(getenv, "TOPPER_GAME", "").lower()
    capture = _str(getenv, "TOPPER_SLAP_CAPTURE", "keypad").lower()
    if capture not in CAPTURES:
        p.append("TOPPER_SLAP_CAPTURE=%r: use keypad or pio" % (capture,))
        capture = "keypad"
    if capture == "pio" and not board.PIO_CAPTURE:
        p.append("TOPPER_SLAP_CAPTURE: no PIO capture on the %s, keypad used" % board.CHIP)
        capture = "keypad"
    gate = _flag(getenv, "TOPPER_SLAP_GATE", board.SLAP_GATE, p)
    if gate and not board.SLAP_GATE:
        # The gate's C is written for the RP2040's registers; its image leaves it out.
        p.append("TOPPER_SLAP_GATE: no slap gate on the %s, off" % board.CHIP)
        gate = False
    cfg = {
        "seats": seats,
        "seat_pins": pins,
        "table_pin": _str(getenv, "TOPPER_TABLE_PIN", board.TABLE_PIN),
        "capture": capture,
        "scan_us": _int(getenv, "TOPPER_SCAN_US", 1000, 250, 20000, p),
        "debounce": _int(getenv, "TOPPER_DEBOUNCE_SCANS", 3, 1, 20, p),
        # The slap gate (docs/slap-gate.md): lights a race's winner from an interrupt.
        # A press is a contact held confirm_us without a break (glitch rejection), begun
        # within bounce_us of the seat's first touch, which is its stamp.
        "gate": gate,
        "gate_confirm_us": _int(getenv, "TOPPER_GATE_CONFIRM_US", 500, 0, 5000, p),
        "gate_bounce_us": _int(getenv, "TOPPER_GATE_BOUNCE_US", 5000, 0, 20000, p),
        "game": game,
        "jokers": _int(getenv, "TOPPER_JOKERS", 2, 0, 8, p),
        "hurry_ms": _int(getenv, "TOPPER_HURRY_MS", 3000, 0, 60000, p),
        "sda": _str(getenv, "TOPPER_SDA", board.SDA),
        "scl": _str(getenv, "TOPPER_SCL", board.SCL),
        "i2c_hz": _int(getenv, "TOPPER_I2C_HZ", 400000, 10000, 1000000, p),
        "oled_addr": _int(getenv, "TOPPER_OLED_ADDR", 0x3C, 0x08, 0x77, p),
        "oled_flip": _flag(getenv, "TOPPER_OLED_FLIP", False, p),
        "cardpad": _flag(getenv, "TOPPER_CARDPAD", False, p),
        "cardpad_reset": _str(getenv, "TOPPER_CARDPAD_RESET", ""),
        "cardpad_irq": _str(getenv, "TOPPER_CARDPAD_IRQ", ""),
        "pixel_pin": _str(getenv, "TOPPER_PIXEL_PIN", board.PIXEL_PIN),
        "pixels": _int(getenv, "TOPPER_PIXELS", 24, 1, 256, p),
        "brightness": _brightness(getenv, p),
        "ring_offset": _int(getenv, "TOPPER_RING_OFFSET", 0, 0, 255, p),
        "ring_reverse": _flag(getenv, "TOPPER_RING_REVERSE", False, p),
        "buzzer_pin": _str(getenv, "TOPPER_BUZZER_PIN", board.BUZZER_PIN),
        "sound": _flag(getenv, "TOPPER_SOUND", True, p),
    }
    return cfg, p
