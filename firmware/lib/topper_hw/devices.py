"""Builds every driver from the settings; a part that is missing or broken is left out
and described in ``problems`` instead of stopping the device.

Only the buttons are essential: without them nothing can be played, and the screen
says so. The OLED, the ring, the buzzer and the card pad each fail alone.

A library missing from lib/ (``topper flash`` installs them: docs/flashing.md) is named
in ``problems``, which the App shows on the OLED at boot and the link's ``hello`` sends
to the host. That covers every library a setting needs, also where the firmware could
go on without it: ``TOPPER_SLAP_CAPTURE = "pio"`` without ``adafruit_pioasm`` falls
back to keypad, and an FRAM chip fitted at 0x50 without ``adafruit_fram`` leaves the
power-cut saves on the flash; the table is told rather than left to find out.
"""

from topper_hw import buttons, buzzer, cardpad, nvstore, oled, pixels


class Devices:
    def __init__(self):
        self.buttons = None
        self.ring = None
        self.gate = None  # topper_hw.gate.SeatGate, where the image has the slap gate
        self.oled = None
        self.buzzer = None
        self.pad = None
        self.store = None
        self.i2c = None
        self.log = None  # the event log's line sink (usb_cdc.data), when connected
        self.problems = []
        self.settle_ms = 1  # how long a slap race stays open (race_settle_ms)


FRAM_ADDR = 0x50  # the Adafruit FRAM breakout's address; adafruit_fram's default


def race_settle_ms(cfg, capture):
    """How long a slap referee keeps a race open after the first press the buttons
    report (its ``settle_ms``): long enough that a press whose contact touched before
    the race's fastest one always reaches the referee before the ranking.

    Both capture modes apply the first-touch rule (docs/slap-gate.md): a press is
    stamped at its first touch and reported once confirmed, so a contact that chatters
    is reported later than a clean one behind it. The window covers the longest delay
    from a first touch to its report, and a millisecond more for the whole-ms stamp of
    the race's start (``t0``):

    - pio: confirmed ``confirm_us`` after a closing begun at most ``bounce_us`` after
      the first touch, and known at the first drain ``GUARD_MS`` past that (a word
      still unread may be stamped up to that much before the drain's ``now``).
    - keypad: confirmed at the poll ``debounce`` scans after a closed run begun at most
      ``bounce_us`` after the first closed scan; with the gate, that scan is up to one
      scan after the touch the gate ranks by, so one scan more is counted.

    The same with or without the gate: without it the referee ranks the capture's own
    first-touch stamps, reported as late."""
    bounce = cfg["gate_bounce_us"]
    if capture == "pio":
        from topper.pio_decode import GUARD_MS

        return (bounce + cfg["gate_confirm_us"] + 999) // 1000 + GUARD_MS + 1
    us = bounce + (cfg["debounce"] + 1) * cfg["scan_us"]
    return (us + 999) // 1000 + 1


def _why(e):
    if isinstance(e, ImportError):
        return _missing_lib(e)
    text = str(e) or type(e).__name__
    return text[:40]


def _missing_lib(e):
    """"neopixel not in lib/" from "no module named 'neopixel'" (CircuitPython and
    CPython both put the name in quotes; a nested import names the one missing)."""
    text = str(e)
    parts = text.split("'")
    name = parts[1] if len(parts) >= 3 else text
    return "%s not in lib/" % name[:28]


def _lib_problem(module, what):
    """None when ``module`` imports, else a problem line naming it and its use."""
    try:
        __import__(module)
        return None
    except ImportError as e:
        return "%s: %s" % (what, _missing_lib(e))


def fram_problem(i2c):
    """None, or why an FRAM that answers at 0x50 will not hold the saves: its driver is
    not in lib/ (journal_store.open_store then falls back to the nvm without a word)."""
    problem = _lib_problem("adafruit_fram", "FRAM")
    if problem is None:
        return None
    present = False
    if i2c.try_lock():
        try:
            present = FRAM_ADDR in i2c.scan()
        finally:
            i2c.unlock()
    if not present:
        return None  # no chip: the nvm is the store meant
    return problem + ", saves on flash"


def open_gate(d, board, cfg):
    """The slap gate and the ring's strip through it (``d.gate``), or None on an image
    without the gate's C module (the ring then goes through ``neopixel``)."""
    try:
        import slapgate  # noqa: F401 (only asked whether the image has it)
    except ImportError:
        return None
    from topper_hw import gate

    d.gate, strip = gate.open_gate(
        board,
        cfg["seat_pins"],
        cfg["pixel_pin"],
        cfg["pixels"],
        cfg["brightness"],
        cfg["gate_confirm_us"],
        cfg["gate_bounce_us"],
    )
    return strip


def build(cfg, now, paint, log=print):
    """Every device ``cfg`` names; ``paint(surface, lines)`` draws a screen on the OLED
    (the app's, so that no driver imports the view)."""
    import board

    d = Devices()
    try:
        table = buttons.open_keys(board, [cfg["table_pin"]], cfg["scan_us"], cfg["debounce"], 16)
        pins = cfg["seat_pins"]

        def keypad_seats():
            # every scan's change an event (debounce 1): KeypadSeats applies the
            # first-touch rule with the debounce scans and the bounce window
            keys = buttons.open_keys(board, pins, cfg["scan_us"], 1)
            return buttons.KeypadSeats(keys, cfg["scan_us"], cfg["debounce"], cfg["gate_bounce_us"])

        if cfg["capture"] == "pio":
            from topper_hw.pio_seats import open_seats

            lib = _lib_problem("adafruit_pioasm", "pio capture")
            if lib is not None:
                d.problems.append(lib + ", using keypad")

            src = open_seats(
                "pio",
                pins,
                len(pins),
                keypad_seats,
                log=log,
                confirm_us=cfg["gate_confirm_us"],
                bounce_us=cfg["gate_bounce_us"],
            )
        else:
            src = keypad_seats()
        d.buttons = buttons.Buttons(src, table, len(pins), now)
    except Exception as e:
        d.problems.append("buttons: %s" % _why(e))
    strip = None
    if cfg["gate"]:
        try:
            strip = open_gate(d, board, cfg)
        except Exception as e:
            d.problems.append("slap gate: %s" % _why(e))
    if d.buttons is not None:
        d.settle_ms = race_settle_ms(cfg, d.buttons.src.capture)
    try:
        if strip is None:
            strip = pixels.open_strip(board, cfg["pixel_pin"], cfg["pixels"], cfg["brightness"])
        d.ring = pixels.Ring(strip, cfg["pixels"], cfg["ring_offset"], cfg["ring_reverse"])
    except Exception as e:
        d.problems.append("ring: %s" % _why(e))
    try:
        d.buzzer = buzzer.Buzzer(buzzer.open_pwm(board, cfg["buzzer_pin"]), cfg["sound"])
    except Exception as e:
        d.problems.append("buzzer: %s" % _why(e))
    try:
        import busio

        d.i2c = busio.I2C(getattr(board, cfg["scl"]), getattr(board, cfg["sda"]), frequency=cfg["i2c_hz"])
    except Exception as e:
        d.problems.append("I2C bus: %s" % _why(e))
    if d.i2c is not None:
        try:
            d.oled = oled.Oled(d.i2c, paint, cfg["oled_addr"], cfg["oled_flip"])
        except Exception as e:
            d.problems.append("OLED at 0x%02X: %s" % (cfg["oled_addr"], _why(e)))
        if cfg["cardpad"]:
            open_pad(d, cfg)
        try:
            problem = fram_problem(d.i2c)
        except Exception as e:
            problem = "FRAM check: %s" % _why(e)
        if problem is not None:
            d.problems.append(problem)
    try:
        import microcontroller

        d.store = nvstore.DeckStore(microcontroller.nvm)
    except Exception as e:
        d.problems.append("nvm: %s" % _why(e))
    d.log = open_log()
    return d


def open_pad(d, cfg):
    """Open the card pad (also when the menu turns it on later). True on success."""
    if d.pad is not None:
        return True
    if d.i2c is None:
        d.problems.append("card pad: no I2C bus")
        return False
    try:
        import board

        pn, irq = cardpad.open_pn532(d.i2c, board, cfg["cardpad_reset"], cfg["cardpad_irq"])
        d.pad = cardpad.CardPad(pn, irq)
        return True
    except Exception as e:
        d.problems.append("card pad: %s" % _why(e))
        return False


class LogSink:
    """Event-log lines to the second USB serial port. It writes only while a host has
    the port open and never waits (write_timeout 0): the game must not stall on a full
    buffer, so a slow host may miss lines."""

    def __init__(self, port):
        self.port = port
        port.write_timeout = 0

    def connected(self):
        return self.port.connected

    def __call__(self, line):
        if self.port.connected:
            self.port.write(line.encode() + b"\n")


def open_log():
    """A LogSink on ``usb_cdc.data`` (enabled by boot.py), or None."""
    try:
        import usb_cdc

        port = usb_cdc.data
    except ImportError:
        return None
    if port is None:
        return None
    return LogSink(port)
