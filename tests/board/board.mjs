// One emulated Topper Table: CircuitPython on rp2040js with the stand-ins it needs, the
// table's buttons and devices, a USB host on both serial ports, and emulated time.
//
// A Board outlives power cuts: `boot()` builds a fresh RP2040 (emulated time starts at 0
// again), `cut()` throws it away and keeps what a real board keeps (its 2 MiB flash and
// the state of the devices that hold it), and the next `boot()` starts from that.
import fs from 'node:fs';
import { Simulator } from 'rp2040js';
import { loadUF2, XIP_BASE } from './uf2.mjs';
import { installFlashWrites } from './flash.mjs';
import { bootselReleased } from './bootsel.mjs';
import { Pins } from './pulls.mjs';
import { CdcHost } from './usbhost.mjs';
import { RunLoop } from './runloop.mjs';
import { attachDevices, keptState } from './devices.mjs';
import { stepPioWithCpu } from './pio_step.mjs';
import { installBlockResets } from './resets.mjs';

export const PICO_FLASH_BYTES = 2 * 1024 * 1024;

// rp2040js's default logger prints debug lines to stdout (our protocol channel) and throws
// on errors. Count its warnings (CircuitPython's clock set-up alone touches a few hundred
// unimplemented PLL registers) and show the first errors on stderr.
function stderrLogger(counts) {
  const say = (level, show) => (component, message) => {
    counts[level] = (counts[level] || 0) + 1;
    if (show && counts[level] <= 20) process.stderr.write(`[rp2040js ${level}] [${component}] ${message}\n`);
  };
  return { debug() {}, info() {}, warn: say('warn', false), error: say('error', true) };
}

// Text from a port, decoded as UTF-8 as it arrives and kept until a test takes it.
class Transcript {
  constructor() { this.text = ''; this.decoder = new TextDecoder('utf-8'); }
  add(bytes) { this.text += this.decoder.decode(bytes, { stream: true }); }
  unread() { return this.text; }
  // Hands out the text up to `upto` and forgets it (a long soak must not pile it up).
  take(upto = this.text.length) {
    const s = this.text.slice(0, upto);
    this.text = this.text.slice(upto);
    return s;
  }
}

export class Board {
  constructor({ uf2, bootrom, map, mods = {}, log = () => {} }) {
    this.uf2 = uf2;
    this.bootrom = bootrom;
    this.map = map;
    this.mods = mods;
    this.log = log;
    this.kept = null;        // { flash, devices } after a cut
    this.drives = new Map(); // gpio -> level the outside world holds, across power cuts
    this.boots = 0;
    this.on = false;
  }

  // Power on. `flash`: a saved image to start from (else the kept one after a cut, else the
  // UF2 on a blank chip); `fresh`: ignore what was kept; `fram`: bytes of FRAM fitted.
  boot({ flash = null, fresh = false, fram = this.fram || 0 } = {}) {
    if (this.on) this.cut();
    this.fram = fram;
    const sim = new Simulator();
    const mcu = sim.rp2040;
    this.loggerCounts = {};
    mcu.logger = stderrLogger(this.loggerCounts);
    mcu.loadBootrom(this.bootrom); // also resets the core and blanks the flash
    let from;
    if (flash) {
      const img = flash instanceof Uint8Array ? flash : new Uint8Array(fs.readFileSync(flash));
      mcu.flash.set(img.subarray(0, PICO_FLASH_BYTES));
      from = typeof flash === 'string' ? flash : 'image';
    } else if (this.kept && !fresh) {
      mcu.flash.set(this.kept.flash);
      from = 'kept flash';
    } else {
      if (!fs.existsSync(this.uf2)) throw new Error(`no UF2 at ${this.uf2}: build one or set TOPPER_UF2`);
      const r = loadUF2(this.uf2, mcu.flash);
      from = `${this.uf2} (${r.blocks} blocks)`;
    }
    this.breaks = [];
    this.flashStats = installFlashWrites(mcu, { flashSize: PICO_FLASH_BYTES, other: (imm) => this.breaks.push(imm) });
    bootselReleased(mcu);
    installBlockResets(mcu);
    this.sim = sim;
    this.mcu = mcu;
    this.clock = sim.clock;
    this.loop = new RunLoop(mcu, sim.clock);
    this.pins = new Pins(mcu);
    this.usb = new CdcHost(mcu, { log: this.log });
    this.console = new Transcript();
    this.data = new Transcript();
    this.usb.onData = (port) => {
      (port === this.usb.console ? this.console : this.data).add(port.read());
      this.loop.poked = true;
    };
    const saved = (!fresh && !flash && this.kept) ? this.kept.devices : {};
    this.devices = attachDevices({ mods: this.mods, mcu, simulator: sim, pins: this.pins, map: this.map, fram, saved });
    if (!this.mods.pio_clock) stepPioWithCpu(mcu, this.loop);
    for (const [gp, level] of this.drives) this.pins.set(gp, level);
    // Start at the second-stage bootloader at the start of flash, as the bootrom would.
    mcu.core.PC = XIP_BASE;
    this.boots++;
    this.on = true;
    this.log(`boot ${this.boots} from ${from}; devices: ${this.devices.present.join(', ') || 'none'}`);
    return { from, boots: this.boots, devices: this.devices.present };
  }

  // Power off now: keep the flash and the devices' own memories, drop everything else.
  cut() {
    if (!this.on) return { cut_at_us: null };
    const t = this.nowUs();
    this.kept = { flash: this.mcu.flash.slice(0, PICO_FLASH_BYTES), devices: keptState(this.devices) };
    this.pins.detach();
    // Stop a stock PIO's own timer, if it runs one.
    for (const pio of this.mcu.pio) if (typeof pio.stop === 'function') pio.stop();
    this.on = false;
    this.sim = this.mcu = this.clock = this.loop = this.usb = null;
    return { cut_at_us: t };
  }

  flashImage() {
    return this.on ? this.mcu.flash.subarray(0, PICO_FLASH_BYTES) : this.kept && this.kept.flash;
  }

  requireOn() { if (!this.on) throw new Error('the board is off: boot it first'); }

  nowNs() { return this.on ? this.clock.nanos : 0; }
  nowUs() { return Math.floor(this.nowNs() / 1000); }

  async runUs(us) { this.requireOn(); await this.loop.run(this.clock.nanos + us * 1000); return this.nowUs(); }
  async runUntilUs(us) { this.requireOn(); await this.loop.run(us * 1000); return this.nowUs(); }

  // Runs until `pattern` (a string or RegExp) shows up in the unread text of a port, or the
  // timeout passes. Takes the text up to the end of the match when found.
  async until(which, pattern, timeoutUs) {
    this.requireOn();
    const t = which === 'console' ? this.console : this.data;
    const find = () => {
      const rest = t.unread();
      if (typeof pattern === 'string') {
        const i = rest.indexOf(pattern);
        return i < 0 ? null : { end: i + pattern.length, match: pattern };
      }
      pattern.lastIndex = 0;
      const m = pattern.exec(rest);
      return m ? { end: m.index + m[0].length, match: m[0], groups: m.slice(1) } : null;
    };
    let hit = null;
    await this.loop.run(this.clock.nanos + timeoutUs * 1000, () => (hit = find()) !== null);
    if (!hit) return { found: false, text: t.unread() };
    return { found: true, text: t.take(hit.end), match: hit.match, groups: hit.groups };
  }

  write(which, bytes) {
    this.requireOn();
    this.usb.write(which === 'console' ? this.usb.console : this.usb.data, bytes);
  }

  read(which) { this.requireOn(); return (which === 'console' ? this.console : this.data).take(); }

  // ----- the outside world on the pins ---------------------------------------------

  // Sets gpio `gp` to `level` (0, 1, or null to let go) at emulated time `atUs`
  // (now when null). A drive outlasts a power cut, like a finger on a button.
  // While the board is off only "now" makes sense: the drive waits for the next boot.
  pinAt(gp, level, atUs = null) {
    if (!(Number.isInteger(gp) && gp >= 0 && gp < 30)) throw new Error(`no GPIO ${gp}`);
    const apply = () => {
      if (level == null) this.drives.delete(gp); else this.drives.set(gp, level ? 1 : 0);
      if (this.on) this.pins.set(gp, level);
    };
    if (!this.on) {
      if (atUs != null && atUs !== 0) throw new Error('the board is off: only a drive from now on (no at_us) can wait for it');
      apply();
      return 0;
    }
    if (atUs == null) { apply(); return this.nowUs(); }
    const atNs = atUs * 1000;
    // The current microsecond counts as now; anything earlier has passed.
    if (this.clock.nanos - atNs >= 1000) throw new Error(`at_us ${atUs} has passed (now ${this.nowUs()})`);
    if (atNs <= this.clock.nanos) { apply(); return atUs; }
    this.loop.at(atNs, apply);
    return atUs;
  }

  // A button to GND: pressed is low, released lets the pull-up have it. `bounceUs` is the
  // contact's chatter after the edge, the lengths of its states in turn: the new state,
  // the old one, the new one, ...; after the last the pin stays in the new state.
  // `holdUs` schedules the release too (a clean one).
  button(gp, pressed, { atUs = null, bounceUs = [], holdUs = null } = {}) {
    if (!this.on && (bounceUs.length || holdUs != null)) this.requireOn();
    const t0 = atUs == null ? this.nowUs() : atUs;
    const settled = pressed ? 0 : null;
    const other = pressed ? null : 0;
    let t = t0;
    bounceUs.forEach((d, i) => {
      this.pinAt(gp, i % 2 === 0 ? settled : other, t);
      t += d;
    });
    if (bounceUs.length % 2 === 0) this.pinAt(gp, settled, t);
    else t -= bounceUs[bounceUs.length - 1];
    if (pressed && holdUs != null) this.button(gp, false, { atUs: t0 + holdUs });
    return { at_us: t0, settled_us: t };
  }

  status() {
    const s = {
      on: this.on, boots: this.boots, t_us: this.nowUs(),
      drives: Object.fromEntries(this.drives),
    };
    if (this.on) {
      Object.assign(s, {
        usb: this.usb.describe(), flash: this.flashStats, breaks: this.breaks,
        devices: this.devices.present, rp2040js_log: this.loggerCounts,
        instructions: this.loop.instructions, slept_us: Math.round(this.loop.sleptNs / 1000),
      });
    }
    return s;
  }
}
