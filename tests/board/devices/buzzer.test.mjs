import assert from 'node:assert/strict';
import { test } from 'node:test';

import { attachBuzzer } from './buzzer.mjs';
import { FUNC_PWM, PWM_BASE, advance, bareMcu, setFunction } from './helpers.mjs';

const BUZZER = 15; // slice 7, channel B
const slice = (off) => PWM_BASE + 7 * 0x14 + off;

test('tone from the slice registers and from the pin agree; history records changes', () => {
  const mcu = bareMcu();
  const bz = attachBuzzer(mcu, { gpio: BUZZER });
  assert.deepEqual(bz.state().on, false);
  // 125 MHz / 5 / 56818 = 440.0 Hz, channel B level 28409 = 50 %
  mcu.writeUint32(slice(0x04), 5 << 4);
  mcu.writeUint32(slice(0x10), 56817);
  mcu.writeUint32(slice(0x0c), 28409 << 16);
  setFunction(mcu, BUZZER, FUNC_PWM);
  mcu.writeUint32(slice(0x00), 1);
  const s = bz.state();
  assert.equal(s.on, true);
  assert.ok(Math.abs(s.freqHz - 440.0) < 0.01, `${s.freqHz}`);
  assert.ok(Math.abs(s.duty - 0.5) < 0.001);
  advance(mcu, 25_000_000, 100_000);
  assert.ok(Math.abs(bz.pinFreqHz() - 440.0) < 0.1, `pin ${bz.pinFreqHz()}`);
  mcu.writeUint32(slice(0x0c), 0); // duty 0: a rest
  assert.equal(bz.state().on, false);
  const h = bz.history.map(([, f, d]) => [Math.round(f), d]);
  assert.deepEqual(h.at(-2), [440, 0.5]);
  assert.deepEqual(h.at(-1), [0, 0]);
});
