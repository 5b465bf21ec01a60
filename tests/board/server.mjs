#!/usr/bin/env node
// The emulated board as a process: one JSON command a line on stdin, one JSON reply a line
// on stdout (docs/emulated-board.md lists the ops). Everything else goes to stderr.
//
//   node tests/board/server.mjs            (TOPPER_UF2, TOPPER_BOOTROM, TOPPER_SETTINGS)
import fs from 'node:fs';
import readline from 'node:readline';
import { Board } from './board.mjs';
import { loadBootrom, settingsPath, uf2Path } from './paths.mjs';
import { readPinMap } from './settings.mjs';
import { loadDeviceModules } from './devices.mjs';

// stdout carries replies only: anything printed by a library goes to stderr.
const reply = (obj) => process.stdout.write(JSON.stringify(obj) + '\n');
console.log = console.info = console.debug = (...a) => console.error(...a);
const log = (s) => process.stderr.write(`[board] ${s}\n`);

const wall0 = Date.now();
const { bootrom, path: bootromPath } = await loadBootrom();
const map = readPinMap(settingsPath(), process.env.TOPPER_GPIO || null);
const mods = await loadDeviceModules();
const board = new Board({ uf2: uf2Path(), bootrom, map, mods, log });
log(`uf2 ${uf2Path()}, bootrom ${bootromPath}, models: ${Object.keys(mods).filter((k) => mods[k]).join(', ') || 'none'}`);

function seatPin(seat) {
  if (seat === 'table') return map.table;
  const n = Number(seat);
  if (!Number.isInteger(n) || n < 1 || n > map.seats.length) {
    throw new Error(`seat must be 1..${map.seats.length} (P1 is 1) or "table", not ${JSON.stringify(seat)}`);
  }
  return map.seats[n - 1];
}

function need(d, what, module) {
  if (!d) throw new Error(`no ${what} on this board (model tests/board/devices/${module}.mjs not loaded or not fitted)`);
  return d;
}

// 128x64 of 0/1, row-major -> hex of 1024 bytes, each byte 8 pixels left to right (MSB first).
function packFrame(frame, width, height) {
  const out = Buffer.alloc((width * height) >> 3);
  for (let i = 0; i < width * height; i++) if (frame[i]) out[i >> 3] |= 0x80 >> (i & 7);
  return out.toString('hex');
}

function bytesOf(cmd) {
  if (cmd.hex != null) return Buffer.from(cmd.hex, 'hex');
  if (cmd.text != null) return Buffer.from(String(cmd.text), 'utf8');
  throw new Error('give "text" or "hex"');
}

function uidBytes(uid) {
  const hex = String(uid).replace(/[^0-9a-fA-F]/g, '');
  if (!hex || hex.length % 2) throw new Error(`card_uid must be hex bytes, not ${JSON.stringify(uid)}`);
  return Array.from(Buffer.from(hex, 'hex'));
}

const ops = {
  status: () => board.status(),
  pinmap: () => ({ map }),
  boot: (c) => board.boot({ flash: c.flash || null, fresh: !!c.fresh, fram: c.fram ?? board.fram ?? 0 }),
  cut: async (c) => {
    if (c.at_us != null) await board.runUntilUs(Number(c.at_us));
    return board.cut();
  },
  run: async (c) => {
    if (c.until_us != null) await board.runUntilUs(Number(c.until_us));
    else await board.runUs(Number(c.us ?? 0));
    return {};
  },
  until: async (c) => {
    const which = c.console != null ? 'console' : c.data != null ? 'data' : null;
    if (!which) throw new Error('until needs "console" or "data": the text to wait for');
    const text = c[which];
    const pattern = c.regex ? new RegExp(text) : String(text);
    return board.until(which, pattern, Number(c.timeout_us ?? 10_000_000));
  },
  console_write: (c) => { board.write('console', bytesOf(c)); return {}; },
  console_read: () => ({ text: board.read('console') }),
  data_write: (c) => { board.write('data', bytesOf(c)); return {}; },
  data_read: () => ({ text: board.read('data') }),
  dtr: (c) => {
    board.requireOn();
    const port = c.port === 'console' ? board.usb.console : board.usb.data;
    board.usb.setLines(port, c.on === false ? 0 : 3);
    return {};
  },
  press: (c) => board.button(seatPin(c.seat), true, { atUs: c.at_us ?? null, bounceUs: c.bounce_us || [], holdUs: c.hold_us ?? null }),
  release: (c) => board.button(seatPin(c.seat), false, { atUs: c.at_us ?? null, bounceUs: c.bounce_us || [] }),
  pin: (c) => {
    const level = c.level == null ? null : Number(c.level);
    return { at_us: board.pinAt(Number(c.gp), level, c.at_us ?? null) };
  },
  pins: (c) => {
    board.requireOn();
    const list = c.gp != null ? [Number(c.gp)] : board.mcu.gpio.map((_, n) => n);
    return { pins: list.map((n) => board.pins.describe(n)) };
  },
  oled: () => {
    board.requireOn();
    const o = need(board.devices.oled, 'OLED', 'ssd1306');
    return { width: 128, height: 64, frame: packFrame(o.frame(), 128, 64), on: !!o.displayOn, flipped: !!o.flipped,
      updates: o.updates, text: typeof o.toText === 'function' ? o.toText() : null };
  },
  ring: () => {
    board.requireOn();
    const r = need(board.devices.ring, 'NeoPixel ring', 'neopixel');
    // updated_us: when the last update's final bit ended (the latch follows 50 us later);
    // started_us: when its first bit began.
    const at = r.lastUpdateNanos;
    const from = r.lastStartNanos;
    return { pixels: r.pixels(), updates: r.updates, updated_us: at == null ? null : Math.round(at / 1000),
      started_us: from == null ? null : Math.round(from / 1000) };
  },
  buzzer: (c) => {
    board.requireOn();
    const b = need(board.devices.buzzer, 'buzzer', 'buzzer');
    const history = b.history || [];
    return { ...b.state(), history: history.slice(-(c.last ?? 50)) };
  },
  lay: (c) => {
    board.requireOn();
    const p = need(board.devices.pn532, 'card pad', 'pn532');
    if (Array.isArray(c.card_uids)) p.layMany(c.card_uids.map(uidBytes)); else p.lay(uidBytes(c.card_uid));
    return {};
  },
  lift: () => { board.requireOn(); need(board.devices.pn532, 'card pad', 'pn532').lift(); return {}; },
  fram: () => {
    board.requireOn();
    const f = need(board.devices.fram, 'FRAM', 'fram');
    return { size: f.bytes.length, hex: Buffer.from(f.bytes).toString('hex') };
  },
  flash_save: (c) => {
    const img = board.flashImage();
    if (!img) throw new Error('no flash yet: boot first');
    fs.writeFileSync(c.path, img);
    return { path: c.path, bytes: img.length };
  },
  quit: () => ({ bye: true }),
};

const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of rl) {
  if (!line.trim()) continue;
  let cmd;
  const wall = Date.now();
  try {
    cmd = JSON.parse(line);
    if (typeof cmd !== 'object' || cmd === null || Array.isArray(cmd)) throw new Error('a command is a JSON object');
    const op = ops[cmd.op];
    if (!op) throw new Error(`unknown op ${JSON.stringify(cmd.op)} (known: ${Object.keys(ops).join(', ')})`);
    const result = await op(cmd);
    reply({ ok: true, ...(cmd.id != null ? { id: cmd.id } : {}), ...result, t_us: board.nowUs(), wall_ms: Date.now() - wall });
    if (cmd.op === 'quit') break;
  } catch (e) {
    reply({ ok: false, ...(cmd && cmd.id != null ? { id: cmd.id } : {}), error: String(e && e.message || e), t_us: board.nowUs() });
    if (!(e instanceof Error) || /RangeError|TypeError|ReferenceError/.test(e.name)) log(e && e.stack || String(e));
  }
}
log(`bye after ${((Date.now() - wall0) / 1000).toFixed(1)} s`);
process.exit(0);
