// UF2 images: every block of the file goes to flash at its target address, the firmware
// blocks and, in an image made with `folder2uf2 --combine`, the CIRCUITPY drive's blocks too.
import fs from 'node:fs';

export const XIP_BASE = 0x10000000;
const MAGIC0 = 0x0a324655;
const MAGIC1 = 0x9e5d5157;
const MAGIC_END = 0x0ab16f30;
const FLAG_NOT_MAIN_FLASH = 0x1;

// Writes the blocks into `flash` (a Uint8Array whose index 0 is XIP_BASE) and says what it did.
export function loadUF2(path, flash) {
  const data = fs.readFileSync(path);
  if (data.length % 512) throw new Error(`${path}: ${data.length} bytes is not a whole number of UF2 blocks`);
  let blocks = 0, bytes = 0, lowest = Infinity, highest = 0;
  for (let off = 0; off < data.length; off += 512) {
    const dv = new DataView(data.buffer, data.byteOffset + off, 512);
    if (dv.getUint32(0, true) !== MAGIC0 || dv.getUint32(4, true) !== MAGIC1 ||
        dv.getUint32(508, true) !== MAGIC_END) {
      throw new Error(`${path}: block ${off / 512} is not a UF2 block`);
    }
    if (dv.getUint32(8, true) & FLAG_NOT_MAIN_FLASH) continue;
    const addr = dv.getUint32(12, true), size = dv.getUint32(16, true);
    const at = addr - XIP_BASE;
    if (size > 476 || at < 0 || at + size > flash.length) {
      throw new Error(`${path}: block ${off / 512} writes ${size} bytes at 0x${addr.toString(16)}, outside flash`);
    }
    flash.set(data.subarray(off + 32, off + 32 + size), at);
    blocks++; bytes += size;
    lowest = Math.min(lowest, at); highest = Math.max(highest, at + size);
  }
  if (!blocks) throw new Error(`${path}: no UF2 blocks`);
  return { blocks, bytes, lowest, highest };
}
