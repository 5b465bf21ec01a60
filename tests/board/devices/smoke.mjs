#!/usr/bin/env node
// End-to-end smoke check of the device models on the real firmware: boots a Topper Table
// UF2 (CircuitPython 10 + a CIRCUITPY drive) in rp2040js with the OLED, card pad, ring,
// buzzer (and optionally a FRAM) attached, runs it for a while of emulated time, and
// prints what the devices saw. The boot here is deliberately minimal (no USB host); the
// harness core (tests/board/board.mjs) owns the real one.
//
//   node tests/board/devices/smoke.mjs [--uf2 FILE] [--seconds N] [--cardpad] [--fram]
//                                      [--png FILE] [--lay UIDHEX]
//   --settings F  where the wiring comes from (default firmware/settings.toml: pins and
//                 addresses are hardware facts, kept there and in hardware/pinmap.md)
//   --cardpad   expect the PN532 to be initialised (needs a drive whose settings.toml
//               has TOPPER_CARDPAD = 1)
//   --enroll    walk the menu to "Enroll deck" with the table button (7 short presses and
//               a long one), so that the firmware reads the pad
//   --start     long-press the table button on "Start game", then press P1's seat button
//               (the first starter): the game screen shows if seat presses arrive (with
//               TOPPER_SLAP_CAPTURE = "pio", through the PIO capture machine and its DMA)
//   --lay HEX   lay a tag with this UID on the pad once the firmware is up (and enrolling)
// Exit status 0 when every expectation held.
//
// The bootrom comes from TOPPER_BOOTROM, else <repo>/../shared/circuitpython/bootrom.mjs
// (or two levels up, for a worktree under /work/wt); it is not part of this repository.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { Simulator } from 'rp2040js';

import { attachBuzzer } from './buzzer.mjs';
import { FRAM } from './fram.mjs';
import { attachI2C } from './i2c.mjs';
import { attachNeoPixel } from './neopixel.mjs';
import { installPioClock } from './pio_clock.mjs';
import { PN532 } from './pn532.mjs';
import { SSD1306 } from './ssd1306.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../../..');

function parseArgs(argv) {
  const a = { settings: path.join(repo, 'firmware/settings.toml'), uf2: '/tmp/topper-warm.uf2', seconds: 12, cardpad: false, fram: false, png: null, lay: null };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i];
    const v = () => argv[++i];
    if (k === '--uf2') a.uf2 = v();
    else if (k === '--seconds') a.seconds = Number(v());
    else if (k === '--cardpad') a.cardpad = true;
    else if (k === '--fram') a.fram = true;
    else if (k === '--png') a.png = v();
    else if (k === '--lay') a.lay = v();
    else if (k === '--enroll') a.enroll = true;
    else if (k === '--start') a.start = true;
    else if (k === '--settings') a.settings = v();
    else throw new Error(`unknown argument ${k}`);
  }
  return a;
}

async function loadBootrom() {
  const candidates = [
    process.env.TOPPER_BOOTROM,
    path.resolve(repo, '../shared/circuitpython/bootrom.mjs'),
    path.resolve(repo, '../../shared/circuitpython/bootrom.mjs'),
  ].filter(Boolean);
  for (const p of candidates) {
    if (fs.existsSync(p)) return (await import(pathToFileURL(p).href)).bootromB1;
  }
  throw new Error(`no bootrom.mjs (set TOPPER_BOOTROM); tried ${candidates.join(', ')}`);
}

// ---- the board: flash, bootrom, the two rp2040js gaps a boot needs ----
const FLASH_BASE = 0x10000000;

function loadUf2(mcu, file) {
  const data = fs.readFileSync(file);
  let blocks = 0;
  for (let off = 0; off + 512 <= data.length; off += 512) {
    const dv = new DataView(data.buffer, data.byteOffset + off, 512);
    if (dv.getUint32(0, true) !== 0x0a324655 || dv.getUint32(4, true) !== 0x9e5d5157) continue;
    const target = dv.getUint32(12, true);
    const size = dv.getUint32(16, true);
    mcu.flash.set(data.subarray(off + 32, off + 32 + size), target - FLASH_BASE);
    blocks++;
  }
  return blocks;
}

/** Address of a bootrom function from its two-letter code (RP2040 datasheet 2.8.3). */
function romFunction(mcu, code) {
  const tag = code.charCodeAt(0) | (code.charCodeAt(1) << 8);
  for (let p = mcu.readUint16(0x14); ; p += 4) {
    const c = mcu.readUint16(p);
    if (c === 0) throw new Error(`no ROM function ${code}`);
    if (c === tag) return mcu.readUint16(p + 2);
  }
}

/**
 * rp2040js's SSI only serves XIP reads: flash erase and program commands are lost.
 * Put BKPTs over the entries of the bootrom's flash_range_erase ('RE') and
 * flash_range_program ('RP') and do the work on mcu.flash, returning to LR.
 */
function emulateFlashWrites(mcu) {
  const traps = { 0xe0: romFunction(mcu, 'RE'), 0xe1: romFunction(mcu, 'RP') };
  for (const [imm, fn] of Object.entries(traps)) {
    const at = fn & ~1;
    const word = at >> 2;
    const shift = (at & 2) * 8;
    mcu.bootrom[word] = (mcu.bootrom[word] & ~(0xffff << shift)) | ((0xbe00 | Number(imm)) << shift);
  }
  const stats = { erased: 0, programmed: 0 };
  mcu.onBreak = (imm) => {
    const r = mcu.core.registers;
    if (imm === 0xe0) {
      mcu.flash.fill(0xff, r[0], r[0] + r[1]); // (offset, count, ...)
      stats.erased += r[1];
    } else if (imm === 0xe1) {
      for (let i = 0; i < r[2]; i++) mcu.flash[r[0] + i] &= mcu.readUint8(r[1] + i); // (offset, data, count)
      stats.programmed += r[2];
    } else {
      throw new Error(`unexpected BKPT #${imm} at 0x${mcu.core.PC.toString(16)}`);
    }
    mcu.core.PC = r[14] & ~1;
  };
  return stats;
}

/** Buttons to ground with the MCU's pull-up: a released button reads high when pulled up. */
function pullUpButtons(mcu, pins) {
  const pressed = new Set();
  for (const n of pins) {
    const pin = mcu.gpio[n];
    const update = () => pin.setInputValue(!pressed.has(n) && pin.pullupEnabled);
    pin.addListener(update);
    update();
  }
  return {
    press(n) {
      pressed.add(n);
      mcu.gpio[n].setInputValue(false);
    },
    release(n) {
      pressed.delete(n);
      mcu.gpio[n].setInputValue(mcu.gpio[n].pullupEnabled);
    },
  };
}

/** Runs the CPU until `nanos` of emulated time have passed or `until()` is true. */
function run(mcu, nanos, until = () => false) {
  const clock = mcu.clock;
  const end = clock.nanos + nanos;
  const core = mcu.core;
  const cycleNs = 1e9 / mcu.clkSys;
  let n = 0;
  while (clock.nanos < end) {
    if (core.waiting) {
      const dt = clock.nanosToNextAlarm;
      clock.tick(dt > 0 ? Math.min(dt, end - clock.nanos) : end - clock.nanos);
    } else {
      clock.tick(core.executeInstruction() * cycleNs);
    }
    if (++n % 100000 === 0 && until()) return true;
  }
  return until();
}

/** The root-table `KEY = value` lines of a settings.toml (strings unquoted). */
function readSettings(file) {
  const out = {};
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const m = line.match(/^\s*([A-Z0-9_]+)\s*=\s*("([^"]*)"|(-?\d+))/);
    if (m) out[m[1]] = m[3] !== undefined ? m[3] : Number(m[4]);
  }
  return out;
}
const gp = (name) => {
  const m = /^GP(\d+)$/.exec(String(name));
  if (!m) throw new Error(`not a GPn pin: ${name}`);
  return Number(m[1]);
};

// ---- main ----
const args = parseArgs(process.argv.slice(2));
const wall0 = Date.now();
const wall = () => `${((Date.now() - wall0) / 1000).toFixed(1)} s`;
const simulator = new Simulator();
const mcu = simulator.rp2040;
mcu.logger = { debug() {}, info() {}, warn() {}, error: (...m) => console.error('[rp2040js]', ...m) };
mcu.loadBootrom(await loadBootrom());
const blocks = loadUf2(mcu, args.uf2);
const flashStats = emulateFlashWrites(mcu);
// CircuitPython reads BOOTSEL by floating QSPI_SS; rp2040js reads it low ("held").
Object.defineProperty(mcu.qspi[1], 'inputValue', { get: () => true });

// the Topper Table's wiring, from settings.toml
const cfg = readSettings(args.settings);
const seats = cfg.TOPPER_SEAT_PINS.split(',').map((p) => gp(p.trim()));
const TABLE_BUTTON = gp(cfg.TOPPER_TABLE_PIN);
const pio = installPioClock(mcu, simulator);
const bus = attachI2C(mcu, { index: 0, sda: gp(cfg.TOPPER_SDA), scl: gp(cfg.TOPPER_SCL) });
const oled = bus.add(cfg.TOPPER_OLED_ADDR, new SSD1306());
const pad = bus.add(
  0x24, // the PN532's fixed I2C address
  new PN532({ mcu, irqGpio: gp(cfg.TOPPER_CARDPAD_IRQ), resetGpio: gp(cfg.TOPPER_CARDPAD_RESET) }),
);
const fram = args.fram ? bus.add(0x50, new FRAM({ size: 32768 })) : null; // adafruit_fram's default address
const ring = attachNeoPixel(mcu, { gpio: gp(cfg.TOPPER_PIXEL_PIN), count: cfg.TOPPER_PIXELS });
const buzzer = attachBuzzer(mcu, { gpio: gp(cfg.TOPPER_BUZZER_PIN) });
const buttons = pullUpButtons(mcu, [...seats, TABLE_BUTTON]);

mcu.core.PC = FLASH_BASE; // start at boot2, as the bootrom would after finding it
console.log(`smoke: ${args.uf2}: ${blocks} UF2 blocks; running up to ${args.seconds} s of emulated time`);
const lit = () => ring.pixels().filter(([r, g, b]) => r || g || b).length;
const padReady = () => pad.samConfigured && pad.firmwareReads > 0;
const menuShown = () => oled.displayOn && oled.updates >= 2;
const done = () => menuShown() && ring.updates > 0 && lit() > 0 && (!args.cardpad || padReady());
run(mcu, args.seconds * 1e9, done);
// a little longer, so the loop has drawn its first screens for good
run(mcu, 0.5e9);
const t1 = mcu.clock.nanos;
const hexRgb = ([r, g, b]) => [r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('');
const bootText = oled.toText({ half: true });
const bootMenu = menuShown();
const bootLit = lit();
const bootPixels = ring.pixels().map(hexRgb).join(' ');
const bootRingUpdates = ring.updates;

const press = (pinNo, ms) => {
  buttons.press(pinNo);
  run(mcu, ms * 1e6);
  buttons.release(pinNo);
  run(mcu, 150e6);
};
let screenBeforeSeat = null;
if (args.start) {
  press(TABLE_BUTTON, 1000);
  run(mcu, 0.5e9);
  screenBeforeSeat = oled.toText();
  press(seats[0], 200); // P1
  run(mcu, 1e9);
}
if (args.enroll) {
  for (let i = 0; i < 7; i++) press(TABLE_BUTTON, 100);
  press(TABLE_BUTTON, 1000);
  run(mcu, 1e9);
}
if (args.lay) {
  pad.lay(args.lay);
  run(mcu, 2e9, () => pad.tagReads > 0);
  run(mcu, 0.5e9);
  pad.lift();
}

console.log(`emulated ${(t1 / 1e9).toFixed(2)} s in ${wall()} wall; PIO cycles ${pio.stats.cycles}; flash erased ${flashStats.erased} B, programmed ${flashStats.programmed} B`);
console.log(`OLED: display ${oled.displayOn ? 'on' : 'off'}, ${oled.updates} frames, flipped=${oled.flipped}, contrast 0x${oled.contrastLevel.toString(16)}`);
console.log(`after boot (${(t1 / 1e9).toFixed(2)} s):`);
console.log(bootText);
console.log(`ring after boot: ${bootRingUpdates} updates, ${bootLit} of ${ring.count} lit: ${bootPixels}`);
if (args.enroll || args.lay || args.start) {
  console.log(`at the end (${(mcu.clock.nanos / 1e9).toFixed(2)} s):`);
  console.log(oled.toText({ half: true }));
  console.log(`ring: ${ring.updates} updates, ${lit()} of ${ring.count} lit`);
}
const tone = buzzer.state();
const tones = buzzer.history
  .slice(0, 8)
  .map(([t, f, d]) => `${(t / 1e9).toFixed(3)}s:${d ? `${Math.round(f)}Hz` : 'rest'}`)
  .join(' ');
console.log(`buzzer: ${buzzer.history.length} changes (${tones}); now ${tone.on ? `${tone.freqHz.toFixed(1)} Hz at ${(tone.duty * 100).toFixed(1)} %` : 'off'}`);
console.log(`I2C: ${bus.transactions} transactions, ${bus.probes} bit-banged probes, ${bus.nacks} NACKs`);
const st = pad.state();
console.log(`PN532: firmware reads ${st.firmwareReads}, tags read ${st.tagReads}, SAM configured ${st.samConfigured}, listening ${st.listening}, commands [${st.commands.map((c) => c.toString(16)).join(' ')}]`);
if (fram) console.log(`FRAM: ${fram.writes} bytes written, ${fram.reads} read; device ID read through 0x7C: ${bus.probes > 0}`);
if (args.png) {
  fs.writeFileSync(args.png, oled.framePng({ scale: 4 }));
  console.log(`OLED frame written to ${args.png}`);
}

const checks = [
  ['OLED on with a menu frame after boot', bootMenu],
  ['ring has lit pixels after boot', bootLit > 0],
];
if (args.cardpad) checks.push(['PN532 initialised (firmware version read, SAM configured)', padReady()]);
if (args.start) checks.push(['a seat press changed the screen', screenBeforeSeat !== null && oled.toText() !== screenBeforeSeat]);
if (args.lay && args.enroll) checks.push(['the firmware read the tag laid on the pad', pad.tagReads > 0]);
let ok = true;
for (const [what, good] of checks) {
  console.log(`${good ? 'PASS' : 'FAIL'}: ${what}`);
  ok &&= good;
}
process.exit(ok ? 0 : 1);
