// The device models behind the real I2C block: the Pico SDK's register sequences (as
// CircuitPython's busio uses them) reach them through attachI2C, with bus time.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { FRAM } from './fram.mjs';
import { advance, bareMcu, i2cInitBlock, sdkRead, sdkWrite } from './helpers.mjs';
import { attachI2C } from './i2c.mjs';
import { PN532 } from './pn532.mjs';
import { SSD1306 } from './ssd1306.mjs';

const board = () => {
  const mcu = bareMcu();
  const bus = attachI2C(mcu, { sda: 4, scl: 5 });
  i2cInitBlock(mcu);
  return { mcu, bus };
};

test('oled.py start-up through the I2C block: the glass shows the screen, the frame takes ~23 ms', () => {
  const { mcu, bus } = board();
  const oled = bus.add(0x3c, new SSD1306());
  const f = JSON.parse(readFileSync(new URL('./fixtures/oled_upright.json', import.meta.url), 'utf8'));
  const times = [];
  for (const [addr, hex] of f.writes) {
    const r = sdkWrite(mcu, addr, [...Buffer.from(hex, 'hex')]);
    assert.equal(r.result, 'ok');
    times.push(r.ns);
  }
  assert.equal(Buffer.from(oled.ram).toString('hex'), f.frame);
  assert.equal(oled.displayOn, true);
  const frameWrite = Math.max(...times); // 0x40 + 1,024 bytes
  assert.ok(frameWrite > 23.0e6 && frameWrite < 23.3e6, `${frameWrite} ns`);
});

test('adafruit_pn532 GetFirmwareVersion through the I2C block, polling the status byte', () => {
  const { mcu, bus } = board();
  const pn = bus.add(0x24, new PN532({ mcu }));
  assert.equal(sdkWrite(mcu, 0x24, [0x00, 0x00, 0xff, 0x02, 0xfe, 0xd4, 0x02, 0x2a, 0x00]).result, 'ok');
  const waitReady = () => {
    for (let i = 0; i < 100; i++) {
      if (sdkRead(mcu, 0x24, 1)[0] === 0x01) return true;
      advance(mcu, 100_000, 100_000);
    }
    return false;
  };
  assert.ok(waitReady());
  assert.deepEqual(sdkRead(mcu, 0x24, 1), [0x01]);
  assert.deepEqual(sdkRead(mcu, 0x24, 7), [0x01, 0x00, 0x00, 0xff, 0x00, 0xff, 0x00]);
  assert.ok(waitReady());
  sdkRead(mcu, 0x24, 1);
  const r = sdkRead(mcu, 0x24, 14);
  assert.deepEqual(r.slice(0, 14), [0x01, 0x00, 0x00, 0xff, 0x06, 0xfa, 0xd5, 0x03, 0x32, 0x01, 0x06, 0x07, 0xe8, 0x00]);
  assert.equal(pn.firmwareReads, 1);
});

test('adafruit_fram through the I2C block: Device ID via 0x7C with a repeated start, then data', () => {
  const { mcu, bus } = board();
  const fram = bus.add(0x50, new FRAM());
  // FRAM_I2C.__init__: write_then_readinto(bytearray([0x50 << 1]), 3 bytes) on 0x7C
  assert.equal(sdkWrite(mcu, 0x7c, [0xa0], 2e9, { nostop: true }).result, 'ok');
  assert.deepEqual(sdkRead(mcu, 0x7c, 3, { restart: true }), [0x00, 0xa5, 0x10]);
  // fram[0x0102] = 0x5a (one 3-byte write), then fram[0x0100:0x0104]
  assert.equal(sdkWrite(mcu, 0x50, [0x01, 0x02, 0x5a]).result, 'ok');
  assert.equal(sdkWrite(mcu, 0x50, [0x01, 0x00], 2e9, { nostop: true }).result, 'ok');
  assert.deepEqual(sdkRead(mcu, 0x50, 4, { restart: true }), [0x00, 0x00, 0x5a, 0x00]);
  assert.equal(fram.bytes[0x0102], 0x5a);
  // no FRAM: the Device ID address NACKs, so journal_store falls back to nvm
  bus.remove(0x50);
  assert.equal(sdkWrite(mcu, 0x7c, [0xa0], 2e9, { nostop: true }).result, 'nack');
});
