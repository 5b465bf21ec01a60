// A 128x64 SSD1306 OLED controller on I2C (address 0x3C), as an I2C device for i2c.mjs.
//
// Protocol (SSD1306 datasheet, 8.1.5): every write starts with a control byte. Co (bit
// 7) = 0: the rest of the transaction is one stream; Co = 1: one byte follows, then
// another control byte. D/C# (bit 6) = 0: command bytes, 1: display RAM data.
//
// Decoded commands: display on/off (AE/AF), contrast (81), entire display on (A4/A5),
// inverse (A6/A7), memory addressing mode (20: horizontal, vertical, page), column and
// page address windows (21, 22), page-mode page and column start (B0-B7, 00-0F, 10-1F),
// display start line (40-7F), segment remap (A0/A1), COM scan direction (C0/C8),
// multiplex ratio (A8), display offset (D3), COM pins (DA), clock (D5), pre-charge
// (D9), VCOMH (DB), charge pump (8D), scrolling (26/27/29/2A/2E/2F/A3: kept, not
// animated), NOP (E3). A command's argument bytes may arrive in later control bytes or
// transactions, as on the chip.
//
// The RAM is 8 pages x 128 columns, bit 0 of a byte at the top of its page. The glass
// picture (frame()) applies segment remap, COM scan direction, start line, offset,
// multiplex, inverse and entire-on; with A1 + C8 (the usual 128x64 module's upright
// setting, topper_hw/oled.py's _UPRIGHT) RAM column x and row y appear at glass x, y.
// `mountedFlipped: true` models a module mounted upside down: frame() is then what a
// viewer sees, rotated 180 degrees.

import { deflateSync } from 'node:zlib';

export const W = 128;
export const H = 64;
const PAGES = H / 8;

// Argument bytes each command takes.
const ARGS = {
  0x20: 1, 0x21: 2, 0x22: 2, 0x26: 6, 0x27: 6, 0x29: 5, 0x2a: 5, 0x81: 1, 0x8d: 1,
  0xa3: 2, 0xa8: 1, 0xd3: 1, 0xd5: 1, 0xd9: 1, 0xda: 1, 0xdb: 1,
};

export class SSD1306 {
  constructor({ mountedFlipped = false } = {}) {
    this.mountedFlipped = mountedFlipped;
    this.ram = new Uint8Array(W * PAGES);
    this.updates = 0; // write transactions that carried display data
    this.dataBytes = 0;
    this.commands = 0;
    this.listeners = new Set();
    this.reset();
  }

  /** Power-on reset values (datasheet, section 10). */
  reset() {
    this.displayOn = false;
    this.contrastLevel = 0x7f;
    this.entireOn = false;
    this.inverse = false;
    this.addressingMode = 2; // page addressing
    this.colStart = 0;
    this.colEnd = W - 1;
    this.pageStart = 0;
    this.pageEnd = PAGES - 1;
    this.col = 0;
    this.page = 0;
    this.startLine = 0;
    this.segRemap = false;
    this.comScanDec = false;
    this.mux = H;
    this.offset = 0;
    this.comPins = 0x12;
    this.chargePump = false;
    this.scrolling = false;
    this._cmd = null; // command waiting for arguments
    this._args = [];
    this._ctrl = true; // the next byte is a control byte
  }

  /** True when the firmware asked for the 180-degree turn (A0 + C0). */
  get flipped() {
    return !this.segRemap && !this.comScanDec;
  }

  onUpdate(cb) {
    this.listeners.add(cb);
    return () => this.listeners.delete(cb);
  }

  // ---- the I2C device interface ----
  start(isRead) {
    this._ctrl = true;
    this._sawData = false;
    this._stream = false;
    this._reading = isRead;
    return true;
  }

  write(byte) {
    if (this._ctrl) {
      this._co = (byte & 0x80) !== 0;
      this._dc = (byte & 0x40) !== 0;
      this._ctrl = false;
      return true;
    }
    if (this._dc) {
      this.data(byte);
      this._sawData = true;
    } else {
      this.command(byte);
    }
    if (this._co) this._ctrl = true;
    return true;
  }

  read() {
    // Status byte: bit 6 = display off.
    return this.displayOn ? 0x00 : 0x40;
  }

  stop() {
    if (this._sawData) {
      this.updates++;
      for (const cb of this.listeners) cb(this);
    }
  }

  // ---- command decoder ----
  command(byte) {
    if (this._cmd !== null) {
      this._args.push(byte);
      if (this._args.length === ARGS[this._cmd]) {
        this.apply(this._cmd, this._args);
        this._cmd = null;
        this._args = [];
      }
      return;
    }
    this.commands++;
    if (ARGS[byte]) {
      this._cmd = byte;
      this._args = [];
      return;
    }
    this.apply(byte, []);
  }

  apply(cmd, a) {
    if (cmd <= 0x0f) {
      this.col = (this.col & 0xf0) | cmd;
      if (this.addressingMode === 2) this.colStart = this.col;
    } else if (cmd <= 0x1f) {
      this.col = ((cmd & 0x0f) << 4) | (this.col & 0x0f);
      if (this.addressingMode === 2) this.colStart = this.col;
    } else if (cmd === 0x20) {
      this.addressingMode = a[0] & 3;
    } else if (cmd === 0x21) {
      this.colStart = a[0] & 0x7f;
      this.colEnd = a[1] & 0x7f;
      this.col = this.colStart;
    } else if (cmd === 0x22) {
      this.pageStart = a[0] & 7;
      this.pageEnd = a[1] & 7;
      this.page = this.pageStart;
    } else if (cmd === 0x2e) {
      this.scrolling = false;
    } else if (cmd === 0x2f) {
      this.scrolling = true;
    } else if (cmd >= 0x40 && cmd <= 0x7f) {
      this.startLine = cmd & 0x3f;
    } else if (cmd === 0x81) {
      this.contrastLevel = a[0];
    } else if (cmd === 0x8d) {
      this.chargePump = (a[0] & 0x04) !== 0;
    } else if (cmd === 0xa0 || cmd === 0xa1) {
      this.segRemap = cmd === 0xa1;
    } else if (cmd === 0xa4 || cmd === 0xa5) {
      this.entireOn = cmd === 0xa5;
    } else if (cmd === 0xa6 || cmd === 0xa7) {
      this.inverse = cmd === 0xa7;
    } else if (cmd === 0xa8) {
      this.mux = Math.max(16, (a[0] & 0x3f) + 1);
    } else if (cmd === 0xae || cmd === 0xaf) {
      this.displayOn = cmd === 0xaf;
    } else if (cmd >= 0xb0 && cmd <= 0xb7) {
      this.page = cmd & 7;
    } else if (cmd === 0xc0 || cmd === 0xc8) {
      this.comScanDec = cmd === 0xc8;
    } else if (cmd === 0xd3) {
      this.offset = a[0] & 0x3f;
    } else if (cmd === 0xda) {
      this.comPins = a[0];
    }
    // D5, D9, DB, E3, scroll set-up: accepted, nothing to show.
  }

  // ---- display RAM writes ----
  data(byte) {
    this.dataBytes++;
    this.ram[this.page * W + this.col] = byte;
    if (this.addressingMode === 0) {
      // horizontal: column first, then page, both within their windows
      if (this.col >= this.colEnd) {
        this.col = this.colStart;
        this.page = this.page >= this.pageEnd ? this.pageStart : this.page + 1;
      } else {
        this.col++;
      }
    } else if (this.addressingMode === 1) {
      // vertical: page first, then column
      if (this.page >= this.pageEnd) {
        this.page = this.pageStart;
        this.col = this.col >= this.colEnd ? this.colStart : this.col + 1;
      } else {
        this.page++;
      }
    } else {
      // page mode: the column wraps within the page
      this.col = this.col >= W - 1 ? this.colStart : this.col + 1;
    }
  }

  /** RAM pixel (column x, row y) as 0/1, in RAM orientation. */
  ramPixel(x, y) {
    return (this.ram[(y >> 3) * W + x] >> (y & 7)) & 1;
  }

  /** The RAM as 128x64 0/1, row-major, in RAM orientation (no remap, display state ignored). */
  ramFrame() {
    const out = new Uint8Array(W * H);
    for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) out[y * W + x] = this.ramPixel(x, y);
    return out;
  }

  /** What the glass shows: 128x64 0/1 row-major, x left to right, y top to bottom. */
  frame() {
    const out = new Uint8Array(W * H);
    if (!this.displayOn) return out;
    for (let gy = 0; gy < H; gy++) {
      // Glass row gy is driven by COM pin `com`; with C8 (scan COM63..0) the top glass
      // row is COM63... The usual module is wired so that A1 + C8 is upright: take that
      // as the reference orientation.
      const row = this.comScanDec ? gy : H - 1 - gy; // the row counter for this COM
      if (row >= this.mux) continue; // beyond the multiplex ratio: not driven
      const y = (row + this.startLine + this.offset) % H;
      for (let gx = 0; gx < W; gx++) {
        const x = this.segRemap ? gx : W - 1 - gx;
        let v = this.entireOn ? 1 : this.ramPixel(x, y);
        if (this.inverse) v ^= 1;
        out[gy * W + gx] = v;
      }
    }
    if (this.mountedFlipped) out.reverse();
    return out;
  }

  /**
   * ASCII art of frame(): '#' lit, '.' dark, one line per pixel row. `{ half: true }`
   * packs two rows a line with Unicode half blocks (32 lines, for a terminal).
   */
  toText({ half = false, frame = this.frame() } = {}) {
    const lines = [];
    if (half) {
      const ch = [' ', '\u2580', '\u2584', '\u2588'];
      for (let y = 0; y < H; y += 2) {
        let s = '';
        for (let x = 0; x < W; x++) s += ch[frame[y * W + x] | (frame[(y + 1) * W + x] << 1)];
        lines.push(s.replace(/\s+$/, ''));
      }
    } else {
      for (let y = 0; y < H; y++) {
        let s = '';
        for (let x = 0; x < W; x++) s += frame[y * W + x] ? '#' : '.';
        lines.push(s);
      }
    }
    return lines.join('\n');
  }

  /** frame() as a PNG (8-bit grey, lit = white), each pixel `scale` x `scale`. */
  framePng({ scale = 4, frame = this.frame() } = {}) {
    return encodePng(frame, W, H, scale);
  }

  state() {
    return {
      ram: Buffer.from(this.ram).toString('base64'),
      displayOn: this.displayOn,
      contrast: this.contrastLevel,
      segRemap: this.segRemap,
      comScanDec: this.comScanDec,
      addressingMode: this.addressingMode,
      inverse: this.inverse,
      startLine: this.startLine,
      updates: this.updates,
    };
  }

  load(s) {
    this.ram.set(Buffer.from(s.ram, 'base64'));
    this.displayOn = s.displayOn;
    this.contrastLevel = s.contrast;
    this.segRemap = s.segRemap;
    this.comScanDec = s.comScanDec;
    this.addressingMode = s.addressingMode;
    this.inverse = s.inverse;
    this.startLine = s.startLine;
  }
}

// ---- a small PNG writer (grey 8-bit, no filter) ----
const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

export function encodePng(pixels, w, h, scale = 1) {
  const sw = w * scale;
  const sh = h * scale;
  const raw = Buffer.alloc((sw + 1) * sh);
  for (let y = 0; y < sh; y++) {
    raw[y * (sw + 1)] = 0; // filter: none
    for (let x = 0; x < sw; x++) {
      raw[y * (sw + 1) + 1 + x] = pixels[Math.floor(y / scale) * w + Math.floor(x / scale)] ? 255 : 0;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(sw, 0);
  ihdr.writeUInt32BE(sh, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
