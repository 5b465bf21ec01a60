// Flash erase and program, done in JavaScript.
//
// rp2040js serves XIP reads from mcu.flash but its SSI model ignores the SPI commands that
// erase and program a flash chip, so whatever CircuitPython writes to its drive or NVM would
// vanish (on a blank flash it cannot even format CIRCUITPY and stops in safe mode). Every
// flash write CircuitPython makes goes through two bootrom routines, flash_range_erase and
// flash_range_program. We put a BKPT instruction over the first instruction of each, and
// when the core stops there we do the operation on mcu.flash and return to the caller.

export const BKPT_ERASE = 0xe0;
export const BKPT_PROGRAM = 0xe1;

// The bootrom's function table: a 16-bit pointer at 0x14 to pairs of 16-bit (code, address),
// ending with code 0; a code is two ASCII letters, the first in the low byte.
export function romFunction(mcu, name) {
  const code = name.charCodeAt(0) | (name.charCodeAt(1) << 8);
  const half = (a) => (mcu.bootrom[a >>> 2] >>> ((a & 2) * 8)) & 0xffff;
  for (let p = half(0x14); ; p += 4) {
    const c = half(p);
    if (c === 0) throw new Error(`bootrom has no function ${name}`);
    if (c === code) return half(p + 2);
  }
}

function patchHalfword(mcu, addr, value) {
  const w = addr >>> 2, shift = (addr & 2) * 8;
  mcu.bootrom[w] = (mcu.bootrom[w] & ~(0xffff << shift)) | (value << shift);
}

// Installs the stand-in. `flashSize` bounds the writes to the chip on the board (a Pico has
// 2 MiB). Returns counters of what was done. `other(imm)` gets any other BKPT.
export function installFlashWrites(mcu, { flashSize = 2 * 1024 * 1024, other = () => {} } = {}) {
  const stats = { erases: 0, erasedBytes: 0, programs: 0, programmedBytes: 0 };
  const erase = romFunction(mcu, 'RE') & ~1;   // flash_range_erase(addr, count, block_size, cmd)
  const program = romFunction(mcu, 'RP') & ~1; // flash_range_program(addr, data, count)
  patchHalfword(mcu, erase, 0xbe00 | BKPT_ERASE);
  patchHalfword(mcu, program, 0xbe00 | BKPT_PROGRAM);
  const check = (addr, count) => {
    if (addr + count > flashSize) throw new Error(`flash write 0x${addr.toString(16)}+${count} past the ${flashSize}-byte chip`);
  };
  mcu.onBreak = (imm) => {
    const core = mcu.core, r = core.registers;
    if (imm === BKPT_ERASE) {
      const addr = r[0] >>> 0, count = r[1] >>> 0;
      check(addr, count);
      mcu.flash.fill(0xff, addr, addr + count);
      stats.erases++; stats.erasedBytes += count;
    } else if (imm === BKPT_PROGRAM) {
      const addr = r[0] >>> 0, src = r[1] >>> 0, count = r[2] >>> 0;
      check(addr, count);
      // NOR flash programming can only clear bits.
      for (let i = 0; i < count; i++) mcu.flash[addr + i] &= mcu.readUint8(src + i);
      stats.programs++; stats.programmedBytes += count;
    } else {
      other(imm);
      return;
    }
    core.PC = r[14] & ~1; // both routines return void: back to the caller
  };
  return stats;
}
