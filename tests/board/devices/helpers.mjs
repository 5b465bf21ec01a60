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
