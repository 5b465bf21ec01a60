"""A board's wiring table (Markdown) and wiring picture (Graphviz) made from its profile,
so that the hardware docs name the pins the firmware uses (scripts/board-docs writes
them to hardware/boards/; tests/host/test_board_docs.py keeps them in step). The
Raspberry Pi Pico, the reference board, keeps its hand-drawn hardware/pinmap.md and
wiring.dot, which tests/host/test_pinmap.py checks against its settings."""

from topper_host import boards

# role -> (signal, wire to, notes), in table order; the seats are rows of their own.
PARTS = {
    "table": ("Table button", "button contact; other to GND", "held at power-up: device-writable drive"),
    "buzzer": ("Buzzer", "1 kΩ to the base of the 2N3904", "PWM tone; piezo from 5 V to the collector"),
    "sda": ("I2C SDA", "OLED SDA, PN532 SDA, FRAM SDA", "4.7 kΩ pull-up to 3V3"),
    "scl": ("I2C SCL", "OLED SCL, PN532 SCL, FRAM SCL", "4.7 kΩ pull-up to 3V3"),
    "cardpad_reset": ("PN532 RSTPDN", "PN532 breakout RSTPDN", 'optional; `""` when not wired'),
    "cardpad_irq": ("PN532 IRQ", "PN532 breakout IRQ", 'optional; `""` when not wired'),
    "pixel": ("NeoPixel data", "74AHCT125 1A; 1Y → 390 Ω → ring DIN", "1OE to GND, VCC 5 V"),
}


def rows(p):
    """(signal, pin, GPIO, settings key, wire to, notes) for every pin of the profile."""
    out = []
    for i, pin in enumerate(p.pins["seats"]):
        notes = "internal pull-up, pressed = low" if i == 0 else "〃"
        out.append(
            (
                f"Seat P{i + 1} button",
                pin,
                p.gpio[pin],
                f"TOPPER_SEAT_PINS[{i}]",
                "button contact; other to GND",
                notes,
            )
        )
    for role, (signal, wire, notes) in PARTS.items():
        pin = p.pins[role]
        out.append((signal, pin, p.gpio[pin], boards.PIN_KEYS[role], wire, notes))
    return out


def markdown(p):
    lines = [
        f"# Wiring: {p.title} ({p.chip})",
        "",
        f"Made from `firmware/boards/{p.board}.toml` by `python scripts/board-docs`: edit the",
        "profile, then run it again. The parts and their wiring are those of the reference",
        "board ([../pinmap.md](../pinmap.md), [../assembly.md](../assembly.md)); only the pins differ.",
        f"Pin = the name on the board and in CircuitPython's `board` module (`board.{p.pins['seats'][0]}`).",
        "",
        f"![Wiring]({p.board}.png)",
        "",
        "| Signal | Pin | GPIO | settings.toml | Wire to | Notes |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for signal, pin, gpio, key, wire, notes in rows(p):
        lines.append(f"| {signal} | {pin} | {gpio} | `{key}` | {wire} | {notes} |")
    g = p.seat_gpios()
    lines += [
        "",
        f"The seats sit on GPIO{g[0]} to GPIO{g[-1]}, eight in a row, so that the PIO capture"
        if p.features["pio_capture"]
        else "The seats are read by keypad (this board has no PIO capture).",
    ]
    if p.features["pio_capture"]:
        lines.append('(`TOPPER_SLAP_CAPTURE = "pio"`) reads them as one group.')
    if not p.features["slap_gate"]:
        lines += [
            "",
            "This board's image has no slap gate (docs/slap-gate.md): the winner of a race is",
            "lit by the main loop, 8-20 ms after the edge.",
        ]
    lines += [
        "",
        "Power: the ring, the 74AHCT125, the PN532 and the piezo from the board's USB 5 V pin;",
        "the OLED, the FRAM and the I2C pull-ups from its 3V3 pin; every ground joined.",
    ]
    return "\n".join(lines) + "\n"


def dot(p):
    """The wiring picture's Graphviz source."""
    port = {}
    cells = []
    for signal, pin, gpio, _key, _wire, _notes in rows(p):
        name = f"g{gpio}"
        port[signal] = name
        cells.append(f'      <TR><TD>{pin} (GPIO{gpio})</TD><TD PORT="{name}">{signal}</TD></TR>')
    out = [
        f"// Made from firmware/boards/{p.board}.toml by scripts/board-docs: do not edit.",
        "digraph wiring {",
        '  graph [rankdir=LR, fontname="Helvetica", fontsize=11, nodesep=0.25, ranksep=1.1,',
        f'         label="Topper Table wiring ({p.title})   blue = I2C, green = signals", labelloc=t];',
        '  node  [shape=box, style="rounded,filled", fillcolor="#f4f4f4",',
        '         fontname="Helvetica", fontsize=10];',
        '  edge  [fontname="Helvetica", fontsize=9, arrowhead=none];',
        "  mcu [shape=plain, label=<",
        '    <TABLE BORDER="1" CELLBORDER="1" CELLSPACING="0" CELLPADDING="4" BGCOLOR="#dff0d8">',
        f'      <TR><TD COLSPAN="2"><B>{p.title}</B></TD></TR>',
        *cells,
        "    </TABLE>>];",
        '  seats [label="8 seat buttons\\neach to GND"];',
        '  table [label="Table button\\nto GND"];',
        '  i2c [label="I2C: SSD1306 OLED 0x3C,\\nPN532 0x24 (optional), FRAM 0x50 (optional)\\n'
        '4.7 kΩ pull-ups to 3V3"];',
        '  pn532 [label="PN532 RSTPDN, IRQ"];',
        '  ring [label="74AHCT125 → 390 Ω →\\nNeoPixel Ring 24 DIN (5 V)"];',
        '  buzzer [label="1 kΩ → 2N3904 base\\npiezo from 5 V"];',
    ]
    green, blue = 'color="#2e7d32"', 'color="#1565c0"'
    for i in range(boards.SEATS):
        out.append(f"  mcu:{port[f'Seat P{i + 1} button']}:e -> seats [{green}];")
    out += [
        f"  mcu:{port['Table button']}:e -> table [{green}];",
        f'  mcu:{port["I2C SDA"]}:e -> i2c [{blue}, label="SDA"];',
        f'  mcu:{port["I2C SCL"]}:e -> i2c [{blue}, label="SCL"];',
        f"  mcu:{port['PN532 RSTPDN']}:e -> pn532 [{green}];",
        f"  mcu:{port['PN532 IRQ']}:e -> pn532 [{green}];",
        f"  mcu:{port['NeoPixel data']}:e -> ring [{green}];",
        f"  mcu:{port['Buzzer']}:e -> buzzer [{green}];",
        "}",
    ]
    return "\n".join(out) + "\n"
