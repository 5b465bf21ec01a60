// Register-level stimulus shared by the device tests: a bare RP2040 (no firmware), and
// small helpers to program PIO, I2C, pads and GPIO functions the way the Pico SDK does.

import { RP2040 } from 'rp2040js';

export const PIO0_BASE = 0x50200000;
export const I2C0_BASE = 0x40044000;
export const PWM_BASE = 0x40050000;

// PIO register offsets (RP2040 datasheet, 3.7)
export const PIO = {
  CTRL: 0x000,
  FSTAT: 0x004,
  FDEBUG: 0x008,
  TXF0: 0x010,
  RXF0: 0x020,
  INSTR_MEM0: 0x048,
  SM0_CLKDIV: 0x0c8,
  SM0_EXECCTRL: 0x0cc,
  SM0_SHIFTCTRL: 0x0d0,
  SM0_ADDR: 0x0d4,
  SM0_INSTR: 0x0d8,
  SM0_PINCTRL: 0x0dc,
  SM_STRIDE: 0x18,
};

export const FUNC_I2C = 3;
export const FUNC_PWM = 4;
export const FUNC_SIO = 5;
export const FUNC_PIO0 = 6;

export function bareMcu() {
  const mcu = new RP2040();
  mcu.logger = { debug() {}, info() {}, warn() {}, error() {} };
  return mcu;
}

/** Advance emulated time by `ns` in steps of `step` ns, as a running CPU would. */
export function advance(mcu, ns, step = 8, each = null) {
  const end = mcu.clock.nanos + ns;
  while (mcu.clock.nanos < end) {
    mcu.clock.tick(Math.min(step, end - mcu.clock.nanos));
    if (each) each();
  }
}

export function setFunction(mcu, gpio, func) {
  mcu.gpio[gpio].ctrl = func;
  mcu.gpio[gpio].checkForUpdates();
}

/** Loads `program` at offset 0 of PIO0 and configures state machine `sm` (not enabled). */
export function loadPio(mcu, { program, sm = 0, clkdiv = [1, 0], execctrl = 0, shiftctrl = 0, pinctrl = 0 }) {
  const pio = mcu.pio[0];
  program.forEach((op, i) => pio.writeUint32(PIO.INSTR_MEM0 + 4 * i, op));
  const base = sm * PIO.SM_STRIDE;
  pio.writeUint32(PIO.SM0_CLKDIV + base, (clkdiv[0] << 16) | (clkdiv[1] << 8));
  pio.writeUint32(PIO.SM0_EXECCTRL + base, execctrl);
  pio.writeUint32(PIO.SM0_SHIFTCTRL + base, shiftctrl);
  pio.writeUint32(PIO.SM0_PINCTRL + base, pinctrl);
  return pio;
}

export function pioExec(mcu, sm, opcode) {
  mcu.pio[0].writeUint32(PIO.SM0_INSTR + sm * PIO.SM_STRIDE, opcode);
}

export function i2cWrite(mcu, offset, value) {
  mcu.writeUint32(I2C0_BASE + offset, value);
}

export function i2cRead(mcu, offset) {
  return mcu.readUint32(I2C0_BASE + offset);
}

// ---- the Pico SDK's blocking I2C transfers, register for register ----
// DW_apb_i2c registers used by the Pico SDK
export const I2C_REG = {
  IC_CON: 0x00,
  IC_TAR: 0x04,
  IC_DATA_CMD: 0x10,
  IC_FS_SCL_HCNT: 0x1c,
  IC_FS_SCL_LCNT: 0x20,
  IC_RAW_INTR_STAT: 0x34,
  IC_CLR_INTR: 0x40,
  IC_ENABLE: 0x6c,
  IC_STATUS: 0x70,
  IC_TX_ABRT_SOURCE: 0x80,
};
const { IC_CON, IC_TAR, IC_DATA_CMD, IC_FS_SCL_HCNT, IC_FS_SCL_LCNT, IC_RAW_INTR_STAT, IC_CLR_INTR, IC_ENABLE, IC_STATUS, IC_TX_ABRT_SOURCE } = I2C_REG;
const R_TX_EMPTY = 1 << 4;
const R_STOP_DET = 1 << 9;
const CMD_READ = 1 << 8;
const CMD_STOP = 1 << 9;
const CMD_RESTART = 1 << 10;

/** The Pico SDK's i2c_init + set_baudrate(400 kHz) in short. */
export function i2cInitBlock(mcu, sda = 4, scl = 5) {
  setFunction(mcu, sda, FUNC_I2C);
  setFunction(mcu, scl, FUNC_I2C);
  i2cWrite(mcu, IC_ENABLE, 0);
  i2cWrite(mcu, IC_CON, (1 << 8) | (1 << 6) | (1 << 5) | (2 << 1) | 1); // TX_EMPTY_CTRL, fast, master
  i2cWrite(mcu, IC_FS_SCL_HCNT, 126); // period 313 = 125 MHz / 400 kHz; lcnt = 3/5
  i2cWrite(mcu, IC_FS_SCL_LCNT, 187);
  i2cWrite(mcu, IC_ENABLE, 1);
}

/**
 * Writes `bytes` to `address` the way the SDK's i2c_write_blocking does (`nostop`: leave
 * the transfer open for a repeated start); returns how it ended and how long it took.
 */
export function sdkWrite(mcu, address, bytes, timeoutNs = 2e9, { nostop = false } = {}) {
  i2cWrite(mcu, IC_ENABLE, 0);
  i2cWrite(mcu, IC_TAR, address);
  i2cWrite(mcu, IC_ENABLE, 1);
  const t0 = mcu.clock.nanos;
  for (let i = 0; i < bytes.length; i++) {
    const last = i === bytes.length - 1;
    i2cWrite(mcu, IC_DATA_CMD, (last && !nostop ? CMD_STOP : 0) | bytes[i]);
    while (!(i2cRead(mcu, IC_RAW_INTR_STAT) & R_TX_EMPTY)) {
      if (mcu.clock.nanos - t0 > timeoutNs) return { result: 'timeout', ns: mcu.clock.nanos - t0 };
      advance(mcu, 1000, 1000);
    }
    const abort = i2cRead(mcu, IC_TX_ABRT_SOURCE);
    if (abort || (last && !nostop)) {
      while (!(i2cRead(mcu, IC_RAW_INTR_STAT) & R_STOP_DET)) advance(mcu, 1000, 1000);
      i2cRead(mcu, IC_CLR_INTR);
    }
    if (abort) return { result: abort & 1 ? 'nack' : 'abort', abort, ns: mcu.clock.nanos - t0 };
  }
  return { result: 'ok', ns: mcu.clock.nanos - t0 };
}

/** Reads `count` bytes like i2c_read_blocking (`restart`: after a `nostop` write). */
export function sdkRead(mcu, address, count, { restart = false } = {}) {
  i2cWrite(mcu, IC_ENABLE, 0);
  i2cWrite(mcu, IC_TAR, address);
  i2cWrite(mcu, IC_ENABLE, 1);
  const out = [];
  for (let i = 0; i < count; i++) {
    const first = i === 0 && restart ? CMD_RESTART : 0;
    i2cWrite(mcu, IC_DATA_CMD, first | CMD_READ | (i === count - 1 ? CMD_STOP : 0));
    while (!(i2cRead(mcu, IC_STATUS) & (1 << 3))) advance(mcu, 1000, 1000);
    out.push(i2cRead(mcu, IC_DATA_CMD) & 0xff);
  }
  while (!(i2cRead(mcu, IC_RAW_INTR_STAT) & R_STOP_DET)) advance(mcu, 1000, 1000);
  return out;
}

