import assert from 'node:assert/strict';
import { test } from 'node:test';

import { FRAM } from './fram.mjs';

// adafruit_fram 1.3.29's FRAM_I2C traffic at the device level
function writeThenRead(dev, out, n) {
  dev.start(false);
  for (const b of out) dev.write(b);
  dev.start(true); // repeated start, no stop in between
  const r = [];
  for (let i = 0; i < n; i++) r.push(dev.read());
  dev.stop();
  return r;
}

test('Device ID: manufacturer 0x00A, product 0x510, as adafruit_fram checks it', () => {
  const f = new FRAM();
  const [b0, b1, b2] = f.deviceId;
  assert.equal((b0 << 4) + (b1 >> 4), 0x00a);
  assert.equal(((b1 & 0x0f) << 8) + b2, 0x510);
});

test('byte writes (one 3-byte write each), slice reads with a 2-byte address', () => {
  const f = new FRAM();
  const data = [0xde, 0xad, 0xbe, 0xef];
  data.forEach((v, i) => {
    const a = 0x1234 + i;
    f.start(false);
    [a >> 8, a & 0xff, v].forEach((b) => f.write(b));
    f.stop();
  });
  assert.deepEqual(writeThenRead(f, [0x12, 0x34], 4), data);
  assert.equal(f.writes, 4);
  assert.deepEqual([...f.bytes.subarray(0x1234, 0x1238)], data);
});

test('sequential access rolls over from the last address to 0', () => {
  const f = new FRAM({ size: 32768 });
  f.start(false);
  [0x7f, 0xff, 1, 2].forEach((b) => f.write(b));
  f.stop();
  assert.equal(f.bytes[0x7fff], 1);
  assert.equal(f.bytes[0], 2);
  assert.deepEqual(writeThenRead(f, [0x7f, 0xff], 2), [1, 2]);
});

test('state/load round-trip keeps every byte (a power cut keeps FRAM)', () => {
  const f = new FRAM();
  f.bytes[100] = 7;
  const g = new FRAM();
  g.load(JSON.parse(JSON.stringify(f.state())));
  assert.equal(g.bytes[100], 7);
  const h = new FRAM();
  h.load(f.bytes);
  assert.equal(h.bytes[100], 7);
});
