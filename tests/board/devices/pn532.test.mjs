import assert from 'node:assert/strict';
import { test } from 'node:test';

import { FUNC_SIO, advance, bareMcu, setFunction } from './helpers.mjs';
import { PN532 } from './pn532.mjs';

// The I2C traffic of adafruit_pn532 2.4.9 (adafruit_pn532.py + i2c.py), step for step:
// _write_frame, _wait_ready (1-byte status reads), _read_data (status read, then status +
// data in one read), _read_frame's parse.
class AdafruitHost {
  constructor(dev, { tick = () => {} } = {}) {
    this.dev = dev;
    this.tick = tick;
    this.log = [];
  }
  writeto(bytes) {
    assert.equal(this.dev.start(false), true);
    for (const b of bytes) this.dev.write(b);
    this.dev.stop();
    this.log.push(['W', Buffer.from(bytes).toString('hex')]);
  }
  readfrom(n) {
    assert.equal(this.dev.start(true), true);
    const out = [];
    for (let i = 0; i < n; i++) out.push(this.dev.read());
    this.dev.stop();
    return out;
  }
  writeFrame(data) {
    const len = data.length;
    let sum = 0x00 + 0x00 + 0xff;
    for (const b of data) sum += b;
    this.writeto([0x00, 0x00, 0xff, len, (~len + 1) & 0xff, ...data, ~sum & 0xff, 0x00]);
  }
  waitReady(tries = 200) {
    for (let i = 0; i < tries; i++) {
      if (this.readfrom(1)[0] === 0x01) return true;
      this.tick();
    }
    return false;
  }
  readData(count) {
    const status = this.readfrom(1);
    if (status[0] !== 0x01) throw new Error('BusyError');
    return this.readfrom(count + 1).slice(1);
  }
  readFrame(length) {
    const r = this.readData(length + 7);
    let o = 0;
    while (r[o] === 0x00) o++;
    assert.equal(r[o], 0xff, 'preamble');
    o++;
    const n = r[o];
    assert.equal((n + r[o + 1]) & 0xff, 0, 'length checksum');
    let sum = 0;
    for (let k = o + 2; k < o + 2 + n + 1; k++) sum += r[k];
    assert.equal(sum & 0xff, 0, 'data checksum');
    return r.slice(o + 2, o + 2 + n);
  }
  sendCommand(cmd, params = []) {
    this.writeFrame([0xd4, cmd, ...params]);
    if (!this.waitReady()) return false;
    assert.deepEqual(this.readData(6), [0x00, 0x00, 0xff, 0x00, 0xff, 0x00], 'ACK');
    return true;
  }
  processResponse(cmd, responseLength = 0, tries = 200) {
    if (!this.waitReady(tries)) return null;
    const r = this.readFrame(responseLength + 2);
    assert.equal(r[0], 0xd5);
    assert.equal(r[1], cmd + 1);
    return r.slice(2);
  }
  call(cmd, responseLength = 0, params = []) {
    if (!this.sendCommand(cmd, params)) return null;
    return this.processResponse(cmd, responseLength);
  }
  // the library's own calls
  firmwareVersion() {
    return this.call(0x02, 4);
  }
  samConfiguration() {
    return this.call(0x14, 0, [0x01, 0x14, 0x01]);
  }
  listen() {
    return this.sendCommand(0x4a, [0x01, 0x00]);
  }
  getPassiveTarget(tries = 1) {
    const r = this.processResponse(0x4a, 64, tries);
    if (r === null) return null;
    if (r[0] !== 0x01) throw new Error('More than one card detected!');
    if (r[5] > 7) throw new Error('Found card with unexpectedly long UID!');
    return r.slice(6, 6 + r[5]);
  }
}

test('adafruit_pn532 start-up: firmware version 1.6 and SAM configuration, exact frames', () => {
  const pn = new PN532();
  const host = new AdafruitHost(pn);
  // PN532_I2C.__init__ -> reset() -> _wakeup() -> SAM_configuration, then firmware_version
  assert.deepEqual(host.samConfiguration(), []);
  assert.deepEqual(host.firmwareVersion(), [0x32, 0x01, 0x06, 0x07]);
  assert.deepEqual(host.log, [
    ['W', '0000ff05fbd4140114010200'],
    ['W', '0000ff02fed4022a00'],
  ]);
  assert.equal(pn.samConfigured, true);
  assert.deepEqual(pn.commands, [0x14, 0x02]);
});

test('InListPassiveTarget waits for a tag; laying one answers with its UID', () => {
  const pn = new PN532();
  const host = new AdafruitHost(pn);
  host.samConfiguration();
  assert.equal(host.listen(), true);
  assert.equal(host.getPassiveTarget(), null, 'nothing on the pad yet');
  assert.equal(pn.state().listening, true);
  pn.lay([0xde, 0xad, 0xbe, 0xef]);
  assert.deepEqual(host.getPassiveTarget(), [0xde, 0xad, 0xbe, 0xef]);
  // a card resting on the pad is read again by the next listen
  host.listen();
  assert.deepEqual(host.getPassiveTarget(), [0xde, 0xad, 0xbe, 0xef]);
  pn.lift();
  host.listen();
  assert.equal(host.getPassiveTarget(), null);
  // a 7-byte UID (NTAG) and an "unknown" card: just a UID the deck map lacks
  pn.lay('04:11:22:33:44:55:66');
  assert.deepEqual(host.getPassiveTarget(), [0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66]);
  assert.equal(pn.tagReads, 3);
});

test('the raw response frame: NbTg, Tg, SENS_RES, SEL_RES, UID length, UID, checksums', () => {
  const pn = new PN532();
  const host = new AdafruitHost(pn);
  pn.lay([0x01, 0x02, 0x03, 0x04]);
  host.listen();
  assert.equal(host.waitReady(), true);
  const raw = host.readfrom(1 + 20);
  assert.deepEqual(raw.slice(0, 20), [
    0x01, // status: ready
    0x00, 0x00, 0xff, 0x0c, 0xf4, // preamble, start code, LEN 12, LCS
    0xd5, 0x4b, 0x01, 0x01, 0x00, 0x04, 0x08, 0x04, 0x01, 0x02, 0x03, 0x04, // MIFARE Classic 1K
    0xc4, 0x00, // DCS, postamble
  ]);
  assert.equal(raw[20], 0x00, 'bytes past the frame read 0');
  assert.equal(host.readfrom(1)[0], 0x00, 'the frame was taken: not ready any more');
});

test('two cards with MaxTg = 1: the reader lists one (anticollision); twoTags "both" reports two', () => {
  const pn = new PN532();
  const host = new AdafruitHost(pn);
  pn.layMany([
    [0x10, 0x00, 0x00, 0x00],
    [0x11, 0x00, 0x00, 0x00],
  ]);
  host.listen();
  // first differing bit (LSB of byte 0) is 1 for 0x11: that card wins
  assert.deepEqual(host.getPassiveTarget(), [0x11, 0x00, 0x00, 0x00]);
  const both = new PN532({ twoTags: 'both' });
  const h2 = new AdafruitHost(both);
  both.layMany([
    [0x10, 0x00, 0x00, 0x00],
    [0x11, 0x00, 0x00, 0x00],
  ]);
  h2.listen();
  assert.throws(() => h2.getPassiveTarget(), /More than one card/);
});

test('bad checksum: no ACK; unknown command: ACK then the error frame; host ACK aborts a wait', () => {
  const pn = new PN532();
  const host = new AdafruitHost(pn);
  host.writeto([0x00, 0x00, 0xff, 0x02, 0xfe, 0xd4, 0x02, 0x2b, 0x00]);
  assert.equal(host.waitReady(3), false);
  assert.equal(host.sendCommand(0x58, [0x00]), true);
  assert.equal(host.waitReady(), true);
  assert.deepEqual(host.readData(8), [0x00, 0x00, 0xff, 0x01, 0xff, 0x7f, 0x81, 0x00]);
  host.listen();
  assert.equal(pn.state().listening, true);
  host.writeto([0x00, 0x00, 0xff, 0x00, 0xff, 0x00]);
  assert.equal(pn.state().listening, false);
});

test('with the MCU: emulated delays, IRQ low while a frame waits, RSTPDN low = no ACK', () => {
  const mcu = bareMcu();
  const IRQ = 2;
  const RST = 3;
  setFunction(mcu, RST, FUNC_SIO);
  const pn = new PN532({ mcu, irqGpio: IRQ, resetGpio: RST });
  const host = new AdafruitHost(pn, { tick: () => advance(mcu, 100_000, 100_000) });
  const irqHigh = () => mcu.gpio[IRQ].rawInputValue;
  assert.equal(irqHigh(), true);
  host.writeFrame([0xd4, 0x02]);
  assert.equal(host.readfrom(1)[0], 0x00, 'ACK not ready at once');
  advance(mcu, 500_000, 100_000);
  assert.equal(irqHigh(), false, 'IRQ low: ACK ready');
  assert.deepEqual(host.readData(6), [0x00, 0x00, 0xff, 0x00, 0xff, 0x00]);
  assert.equal(irqHigh(), true, 'IRQ back high once read');
  const t0 = mcu.clock.nanos;
  assert.deepEqual(host.processResponse(0x02, 4), [0x32, 0x01, 0x06, 0x07]);
  assert.ok(mcu.clock.nanos - t0 >= 1_000_000, 'response after the processing time');
  // hold RSTPDN low: the chip does not answer its address
  mcu.writeUint32(0xd0000018, 1 << RST); // GPIO_OUT_CLR
  mcu.writeUint32(0xd0000024, 1 << RST); // GPIO_OE_SET
  assert.equal(pn.start(false), false);
  mcu.writeUint32(0xd0000014, 1 << RST); // GPIO_OUT_SET
  assert.equal(pn.start(false), true);
  pn.stop();
  assert.equal(pn.state().samConfigured, false, 'a reset forgets the SAM configuration');
  // listening, then a tag laid: the response comes detectNs later, IRQ low
  host.call(0x14, 0, [0x01, 0x14, 0x01]);
  host.listen();
  assert.equal(irqHigh(), true);
  pn.lay([1, 2, 3, 4]);
  advance(mcu, 4_000_000, 100_000);
  assert.equal(irqHigh(), true);
  advance(mcu, 1_100_000, 100_000);
  assert.equal(irqHigh(), false);
  assert.deepEqual(host.getPassiveTarget(), [1, 2, 3, 4]);
  const st = JSON.parse(JSON.stringify(pn.state()));
  const copy = new PN532();
  copy.load(st);
  assert.deepEqual(copy.state().field, [{ uid: '01020304', sensRes: '0004', selRes: 8 }]);
});

test('a tag lifted while it is being detected: no answer (never NbTg 0), the next tag is read', () => {
  // adafruit_pn532 reads any NbTg other than 1 as "More than one card detected!", so a
  // card tapped briefly must not come back as a zero-target answer.
  const mcu = bareMcu();
  const pn = new PN532({ mcu });
  const host = new AdafruitHost(pn, { tick: () => advance(mcu, 100_000, 100_000) });
  host.call(0x14, 0, [0x01, 0x14, 0x01]);
  host.listen();
  pn.lay([1, 2, 3, 4]);
  advance(mcu, 1_000_000, 100_000); // part of the detection time
  pn.lift();
  advance(mcu, 10_000_000, 100_000);
  assert.equal(host.getPassiveTarget(), null, 'nothing listed: the reader still waits');
  assert.equal(pn.state().listening, true);
  pn.lay([5, 6, 7, 8]);
  advance(mcu, 10_000_000, 100_000);
  assert.deepEqual(host.getPassiveTarget(), [5, 6, 7, 8]);
});
