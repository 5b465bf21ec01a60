// The board's pin map and options, read from firmware/settings.toml (the file the firmware
// itself reads with os.getenv), so the harness wires the same pins the firmware claims.
import fs from 'node:fs';

// CircuitPython's settings.toml subset: a root table of KEY = "string" or KEY = integer,
// with # comments. Anything else is an error here, as it would be a surprise on the board.
export function parseSettings(text) {
  const out = {};
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.replace(/^\s+/, '');
    if (!line || line.startsWith('#')) return;
    const m = /^([A-Za-z_][A-Za-z0-9_]*)\s*=\s*("(?:[^"\\]|\\.)*"|-?[0-9]+)\s*(#.*)?$/.exec(line);
    if (!m) throw new Error(`settings.toml line ${i + 1}: cannot read ${JSON.stringify(raw)}`);
    out[m[1]] = m[2].startsWith('"') ? JSON.parse(m[2]) : parseInt(m[2], 10);
  });
  return out;
}

// A pin name -> its GPIO: "GP6" -> 6, or a board's own name ("D5") through `gpio`, the map
// the build writes from the board's profile (firmware/boards/, docs/boards.md); "" or
// undefined -> null.
export function gpioNumber(name, gpio = {}) {
  if (name == null || name === '') return null;
  const key = String(name).trim();
  if (Object.hasOwn(gpio, key)) return Number(gpio[key]);
  const m = /^GP(\d+)$/.exec(key);
  if (!m) throw new Error(`not a GPIO pin name: ${name}`);
  return Number(m[1]);
}

// What the harness needs to know about the board, by job.
export function pinMap(settings, gpio = {}) {
  const s = settings;
  const pin = (name) => gpioNumber(name, gpio);
  const seats = String(s.TOPPER_SEAT_PINS || '').split(',').filter((p) => p.trim()).map(pin);
  return {
    seats,                                        // seat P1 is seats[0]
    table: pin(s.TOPPER_TABLE_PIN),
    sda: pin(s.TOPPER_SDA),
    scl: pin(s.TOPPER_SCL),
    pixel: pin(s.TOPPER_PIXEL_PIN),
    pixels: Number(s.TOPPER_PIXELS || 0),
    buzzer: pin(s.TOPPER_BUZZER_PIN),
    oledAddr: Number(s.TOPPER_OLED_ADDR ?? 0x3c),
    cardpad: Number(s.TOPPER_CARDPAD || 0) === 1,
    cardpadReset: pin(s.TOPPER_CARDPAD_RESET),
    cardpadIrq: pin(s.TOPPER_CARDPAD_IRQ),
  };
}

// `gpioPath`: a build's topper-table-BOARD.json, whose "gpio" maps the board's pin names.
export function readPinMap(path, gpioPath = null) {
  const gpio = gpioPath ? JSON.parse(fs.readFileSync(gpioPath, 'utf8')).gpio || {} : {};
  return pinMap(parseSettings(fs.readFileSync(path, 'utf8')), gpio);
}
