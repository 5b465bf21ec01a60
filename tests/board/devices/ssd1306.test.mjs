import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { H, SSD1306, W } from './ssd1306.mjs';

// The exact writes topper_hw/oled.py makes for one screen (fixtures/make_oled_fixtures.py
// records them from the firmware's own driver under CPython).
const fixture = (name) =>
  JSON.parse(readFileSync(new URL(`./fixtures/oled_${name}.json`, import.meta.url), 'utf8'));

function feed(oled, writes) {
  for (const [addr, hex] of writes) {
    assert.equal(addr, 0x3c);
    assert.equal(oled.start(false), true);
    for (const b of Buffer.from(hex, 'hex')) assert.equal(oled.write(b), true);
    oled.stop();
  }
}

const litRows = (frame, y0, y1) => {
  let n = 0;
  for (let y = y0; y < y1; y++) for (let x = 0; x < W; x++) n += frame[y * W + x];
  return n;
};

test('oled.py init + first frame: display on, horizontal addressing, RAM = the driver frame', () => {
  const f = fixture('upright');
  const oled = new SSD1306();
  feed(oled, f.writes);
  assert.equal(oled.displayOn, true);
  assert.equal(oled.addressingMode, 0);
  assert.equal(oled.contrastLevel, 0xcf);
  assert.equal(oled.chargePump, true);
  assert.equal(oled.flipped, false);
  assert.equal(oled.updates, 2, 'the blank frame at init, then the screen');
  assert.equal(Buffer.from(oled.ram).toString('hex'), f.frame);
});

test('upright: the inverted title bar is at the top of the glass, text reads left to right', () => {
  const oled = new SSD1306();
  feed(oled, fixture('upright').writes);
  const frame = oled.frame();
  assert.ok(litRows(frame, 0, 8) > 600, 'title bar lit');
  assert.ok(litRows(frame, 56, 64) < 300);
  // glass = RAM orientation with A1 + C8
  assert.deepEqual(frame, oled.ramFrame());
  const text = oled.toText().split('\n');
  assert.equal(text.length, H);
  assert.equal(text[0].length, W);
});

test('flipped setting (A0 + C0): the picture turns 180 degrees; a flipped mount shows it upright', () => {
  const up = new SSD1306();
  feed(up, fixture('upright').writes);
  const fl = new SSD1306();
  feed(fl, fixture('flipped').writes);
  assert.equal(fl.flipped, true);
  const turned = fl.frame();
  assert.ok(litRows(turned, 56, 64) > 600, 'title bar at the bottom of an upright-mounted glass');
  assert.deepEqual(Array.from(turned).reverse(), Array.from(up.frame()));
  const mounted = new SSD1306({ mountedFlipped: true });
  feed(mounted, fixture('flipped').writes);
  assert.deepEqual(mounted.frame(), up.frame());
});

test('display off shows nothing; inverse and entire-on; Co=1 single commands across transactions', () => {
  const oled = new SSD1306();
  feed(oled, fixture('upright').writes);
  feed(oled, [[0x3c, '00ae']]);
  assert.equal(oled.displayOn, false);
  assert.equal(litRows(oled.frame(), 0, H), 0);
  // Co=1 control bytes (0x80) before each command byte; contrast's argument in its own write
  feed(oled, [[0x3c, '80af80a7'], [0x3c, '8081'], [0x3c, '8010']]);
  assert.equal(oled.displayOn, true);
  assert.equal(oled.inverse, true);
  assert.equal(oled.contrastLevel, 0x10);
  const inv = oled.frame();
  const ram = oled.ramFrame();
  for (let i = 0; i < W * H; i++) assert.equal(inv[i], ram[i] ^ 1);
  feed(oled, [[0x3c, '00a6a5']]);
  assert.equal(litRows(oled.frame(), 0, H), W * H);
});

test('page addressing and column/page windows place bytes where the datasheet says', () => {
  const oled = new SSD1306();
  // page mode (the reset default): page 2, column 0x7E; past column 127 the pointer goes
  // back to the start column set by 00-0F/10-1F, on the same page.
  feed(oled, [[0x3c, '00b2' + '0e' + '17'], [0x3c, '40010203']]);
  assert.equal(oled.ram[2 * W + 0x7f], 2);
  assert.equal(oled.ram[2 * W + 0x7e], 3, 'the third byte wrapped to column 0x7E');
  assert.equal(oled.ram[3 * W + 0], 0, 'and did not move to the next page');
  // horizontal mode with a 2x2 window at column 10, pages 5..6
  feed(oled, [[0x3c, '002000' + '210a0b' + '220506'], [0x3c, '40aabbccdd']]);
  assert.deepEqual([oled.ram[5 * W + 10], oled.ram[5 * W + 11], oled.ram[6 * W + 10], oled.ram[6 * W + 11]], [0xaa, 0xbb, 0xcc, 0xdd]);
  // vertical mode: page first
  feed(oled, [[0x3c, '002001' + '211415' + '220001'], [0x3c, '4011223344']]);
  assert.deepEqual([oled.ram[0 * W + 20], oled.ram[1 * W + 20], oled.ram[0 * W + 21], oled.ram[1 * W + 21]], [0x11, 0x22, 0x33, 0x44]);
});

test('framePng is a PNG of the glass; state/load round-trips', () => {
  const oled = new SSD1306();
  feed(oled, fixture('upright').writes);
  const png = oled.framePng({ scale: 2 });
  assert.equal(png.subarray(1, 4).toString('ascii'), 'PNG');
  assert.equal(png.readUInt32BE(16), 256);
  assert.equal(png.readUInt32BE(20), 128);
  const copy = new SSD1306();
  copy.load(JSON.parse(JSON.stringify(oled.state())));
  assert.deepEqual(copy.frame(), oled.frame());
});
