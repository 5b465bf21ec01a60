import assert from 'node:assert/strict';
import { test } from 'node:test';

import { attachI2C } from './i2c.mjs';
import {
  FUNC_SIO,
  I2C_REG,
  advance,
  bareMcu,
  i2cInitBlock as initBlock,
  i2cRead,
  sdkRead,
  sdkWrite,
  setFunction,
} from './helpers.mjs';

const SDA = 4;
const SCL = 5;
const { IC_RAW_INTR_STAT } = I2C_REG;
const R_TX_EMPTY = 1 << 4;
const R_TX_ABRT = 1 << 6;
class Recorder {
  constructor() {
    this.log = [];
    this.out = [0x12, 0x34, 0x56];
    this.pos = 0;
  }
  start(isRead) {
    this.log.push(isRead ? 'S+R' : 'S+W');
    this.pos = 0;
    return true;
  }
  write(b) {
    this.log.push(b);
    return true;
  }
  read() {
    return this.out[this.pos++ % this.out.length];
  }
  stop() {
    this.log.push('P');
  }
}

// ---- bit-banged I2C on the pins, as CircuitPython's bitbangio does for 0-byte writes ----
const SIO = 0xd0000000;
function od(mcu, gpio, high) {
  // open drain: high = release (output disabled), low = drive 0
  if (high) mcu.writeUint32(SIO + 0x28, 1 << gpio);
  else {
    mcu.writeUint32(SIO + 0x18, 1 << gpio);
    mcu.writeUint32(SIO + 0x24, 1 << gpio);
  }
}
function bbSetup(mcu) {
  for (const p of [SDA, SCL]) {
    setFunction(mcu, p, FUNC_SIO);
    mcu.gpio[p].padValue |= 0x40;
    mcu.gpio[p].refreshInput();
    od(mcu, p, true);
  }
}
function bbByte(mcu, byte) {
  for (let i = 7; i >= 0; i--) {
    od(mcu, SDA, (byte >> i) & 1);
    od(mcu, SCL, true);
    od(mcu, SCL, false);
  }
  od(mcu, SDA, true);
  od(mcu, SCL, true);
  const ack = !mcu.gpio[SDA].inputValue;
  od(mcu, SCL, false);
  return ack;
}
function bbReadByte(mcu, ack) {
  let v = 0;
  for (let i = 0; i < 8; i++) {
    od(mcu, SCL, true);
    v = (v << 1) | (mcu.gpio[SDA].inputValue ? 1 : 0);
    od(mcu, SCL, false);
  }
  od(mcu, SDA, !ack);
  od(mcu, SCL, true);
  od(mcu, SCL, false);
  od(mcu, SDA, true);
  return v;
}
function bbStart(mcu) {
  od(mcu, SDA, true);
  od(mcu, SCL, true);
  od(mcu, SDA, false);
  od(mcu, SCL, false);
}
function bbStop(mcu) {
  od(mcu, SDA, false);
  od(mcu, SCL, true);
  od(mcu, SDA, true);
}
function bbProbe(mcu, address) {
  bbStart(mcu);
  const ack = bbByte(mcu, address << 1);
  bbStop(mcu);
  return ack;
}

test('stand-in drift: rp2040js reads an undriven pin with its pull-up on as 0', () => {
  const mcu = bareMcu();
  setFunction(mcu, SDA, FUNC_SIO);
  mcu.gpio[SDA].padValue = 0x40 | 0x08; // input enable + pull-up enable
  assert.equal(mcu.gpio[SDA].pullupEnabled, true);
  assert.equal(mcu.gpio[SDA].inputValue, false);
});

test('stand-in drift: after an address NACK rp2040js never raises TX_EMPTY', () => {
  const mcu = bareMcu();
  initBlock(mcu);
  const r = sdkWrite(mcu, 0x3c, [0x00], 50_000);
  assert.equal(r.result, 'timeout', 'the SDK would wait out its 1 s timeout');
  assert.ok(i2cRead(mcu, IC_RAW_INTR_STAT) & R_TX_ABRT);
  assert.equal(i2cRead(mcu, IC_RAW_INTR_STAT) & R_TX_EMPTY, 0);
});

test('stand-in drift: bit-banged pins never reach the I2C block hooks', () => {
  const mcu = bareMcu();
  let hooked = 0;
  mcu.i2c[0].onConnect = () => hooked++;
  bbSetup(mcu);
  bbProbe(mcu, 0x3c);
  assert.equal(hooked, 0);
});

test('stand-in drift: the rp2040js I2C block has no bus time of its own', () => {
  const mcu = bareMcu();
  const i2c = mcu.i2c[0];
  // hooks that answer at once, as a device model without bus time would
  i2c.onConnect = () => i2c.completeConnect(true);
  i2c.onWriteByte = () => i2c.completeWrite(true);
  initBlock(mcu);
  const t0 = mcu.clock.nanos;
  const r = sdkWrite(mcu, 0x3c, new Array(64).fill(0));
  assert.equal(r.result, 'ok');
  assert.equal(mcu.clock.nanos - t0, 0, '64 bytes and a stop in 0 ns of emulated time');
});

test('pull-ups: both lines read high once the bus is attached', () => {
  const mcu = bareMcu();
  attachI2C(mcu, { sda: SDA, scl: SCL });
  for (const p of [SDA, SCL]) {
    setFunction(mcu, p, FUNC_SIO);
    mcu.gpio[p].padValue = 0x40 | 0x08;
    mcu.gpio[p].refreshInput();
    assert.equal(mcu.gpio[p].inputValue, true);
  }
});

test('a write to an absent address fails fast with an address NACK (ENODEV)', () => {
  const mcu = bareMcu();
  const bus = attachI2C(mcu, { sda: SDA, scl: SCL });
  initBlock(mcu);
  const r = sdkWrite(mcu, 0x3d, [0x00, 0xaf]);
  assert.equal(r.result, 'nack');
  assert.ok(r.ns < 100_000, `${r.ns} ns`);
  assert.equal(bus.nacks, 1);
  // and the bus works afterwards
  const dev = bus.add(0x3d, new Recorder());
  assert.equal(sdkWrite(mcu, 0x3d, [0x00, 0xaf]).result, 'ok');
  assert.deepEqual(dev.log, ['S+W', 0x00, 0xaf, 'P']);
});

test('bytes take bus time: 9 SCL bits each at 400 kHz; a 1,025-byte frame is ~23 ms', () => {
  const mcu = bareMcu();
  const bus = attachI2C(mcu, { sda: SDA, scl: SCL, trace: true });
  const dev = bus.add(0x3c, new Recorder());
  initBlock(mcu);
  assert.equal(bus.bitNanos(), 2504);
  const frame = new Array(1025).fill(0x55);
  frame[0] = 0x40;
  const r = sdkWrite(mcu, 0x3c, frame);
  assert.equal(r.result, 'ok');
  assert.equal(dev.log.length, 1025 + 2);
  assert.ok(r.ns > 23.0e6 && r.ns < 23.3e6, `${r.ns} ns`);
  assert.equal(bus.trace.at(-1).bytes.length, 1025);
});

test('reads through the block come from the device', () => {
  const mcu = bareMcu();
  const bus = attachI2C(mcu, { sda: SDA, scl: SCL });
  const dev = bus.add(0x24, new Recorder());
  initBlock(mcu);
  assert.deepEqual(sdkRead(mcu, 0x24, 4), [0x12, 0x34, 0x56, 0x12]);
  assert.deepEqual(dev.log, ['S+R', 'P']);
});

test('bit-level probes: present addresses ACK, absent ones NACK, like i2c.scan()', () => {
  const mcu = bareMcu();
  const bus = attachI2C(mcu, { sda: SDA, scl: SCL });
  const dev = bus.add(0x3c, new Recorder());
  bus.add(0x24, new Recorder());
  bbSetup(mcu);
  const found = [];
  for (let a = 0x08; a < 0x78; a++) if (bbProbe(mcu, a)) found.push(a);
  assert.deepEqual(found, [0x24, 0x3c]);
  assert.deepEqual(dev.log, ['S+W', 'P']);
  assert.equal(mcu.gpio[SDA].inputValue, true, 'SDA released after the probes');
});

test('bit-level writes and reads, and the reserved Device ID address', () => {
  const mcu = bareMcu();
  const bus = attachI2C(mcu, { sda: SDA, scl: SCL });
  const dev = bus.add(0x50, new Recorder());
  dev.deviceId = [0x00, 0xa5, 0x10];
  bbSetup(mcu);
  bbStart(mcu);
  assert.equal(bbByte(mcu, 0x50 << 1), true);
  assert.equal(bbByte(mcu, 0x01), true);
  bbStop(mcu);
  assert.deepEqual(dev.log, ['S+W', 0x01, 'P']);
  // F8h, the device address word, Sr, F9h, three bytes
  bbStart(mcu);
  assert.equal(bbByte(mcu, 0xf8), true);
  assert.equal(bbByte(mcu, 0xa0), true);
  bbStart(mcu);
  assert.equal(bbByte(mcu, 0xf9), true);
  const id = [bbReadByte(mcu, true), bbReadByte(mcu, true), bbReadByte(mcu, false)];
  bbStop(mcu);
  assert.deepEqual(id, [0x00, 0xa5, 0x10]);
  bus.remove(0x50);
  assert.equal(bbProbe(mcu, 0x7c), false, 'no device with an ID: 0x7C NACKs');
});
