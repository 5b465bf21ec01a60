import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';

import { attachNeoPixel } from './neopixel.mjs';
import { installPioClock } from './pio_clock.mjs';
import { FUNC_PIO0, PIO, advance, bareMcu, loadPio, pioExec, setFunction } from './helpers.mjs';

// CircuitPython 10's neopixel_write program (ports/raspberrypi/common-hal/neopixel_write),
// one side-set pin, 12.8 MHz: out x 1 side 0 [6]; jmp !x 3 side 1 [3];
// jmp 0 side 1 [4]; nop side 0 [4].
const NEOPIXEL_PROGRAM = [0x6621, 0x1323, 0x1400, 0xa442];
const PIXEL_PIN = 22;

function neopixelMachine(mcu) {
  loadPio(mcu, {
    program: NEOPIXEL_PROGRAM,
    clkdiv: [9, 196], // 125 MHz / 12.8 MHz = 9.765625 = 9 + 196/256
    execctrl: (3 << 12) | (0 << 7), // wrap 3 -> 0
    shiftctrl: (1 << 17) | (8 << 25), // autopull at 8 bits, shift left (MSB first)
    pinctrl: (1 << 29) | (PIXEL_PIN << 10) | (1 << 26) | (PIXEL_PIN << 5),
  });
  setFunction(mcu, PIXEL_PIN, FUNC_PIO0);
  pioExec(mcu, 0, 0xe081); // set pindirs, 1: the data pin is an output
  mcu.pio[0].writeUint32(PIO.CTRL, (1 << 4) | 1); // restart and enable SM0
}

/** Feeds `bytes` into SM0's TX FIFO as they drain, the way neopixel_write's DMA does. */
function send(mcu, bytes) {
  const sm = mcu.pio[0].machines[0];
  let i = 0;
  advance(mcu, bytes.length * 8 * 1250 + 400_000, 8, () => {
    while (i < bytes.length && !sm.txFIFO.full) {
      mcu.pio[0].writeUint32(PIO.TXF0, bytes[i++] << 24); // narrow writes land in the top byte
    }
  });
}

test('stand-in drift: stock rp2040js runs PIO in a host timer, with no emulated time passing', async () => {
  const mcu = bareMcu();
  neopixelMachine(mcu);
  const pio = mcu.pio[0];
  assert.notEqual(pio.runTimer, null, 'stock RPPIO.run schedules itself with setTimeout');
  await sleep(5);
  assert.equal(mcu.clock.nanos, 0);
  assert.ok(pio.machines[0].cycles > 0, 'instructions ran while emulated time stood still');
  pio.stop();
});

test('stand-in drift: stock rp2040js steps disabled state machines too', () => {
  const mcu = bareMcu();
  const pio = mcu.pio[0];
  pio.writeUint32(PIO.INSTR_MEM0, 0xa042); // nop
  const sm1 = pio.machines[1];
  assert.equal(sm1.enabled, false);
  const before = sm1.cycles;
  pio.step();
  assert.ok(sm1.cycles > before, 'a disabled machine executed an instruction');
});

test('stand-in drift: stock rp2040js ignores CLKDIV and delays (one instruction per step)', () => {
  const mcu = bareMcu();
  // set x, 1 [7]; set x, 2 [7] at CLKDIV 10: a board spends 80 system clocks on each
  loadPio(mcu, { program: [0xe721, 0xe722], clkdiv: [10, 0], execctrl: (1 << 12) | (0 << 7) });
  const pio = mcu.pio[0];
  const sm = pio.machines[0];
  sm.enabled = true;
  pio.step();
  assert.equal(sm.x, 1);
  pio.step();
  assert.equal(sm.x, 2, 'the next instruction ran on the very next step');
});

test('PIO clock: NeoPixel bits are 312.5 / 703.1 ns high and decode to exact GRB', () => {
  const mcu = bareMcu();
  const clock = installPioClock(mcu);
  const strip = attachNeoPixel(mcu, { gpio: PIXEL_PIN, count: 3 });
  const highs = [];
  let rose = null;
  mcu.gpio[PIXEL_PIN].addListener((v) => {
    if (v === 1) rose = mcu.clock.nanos;
    else if (rose !== null) highs.push(mcu.clock.nanos - rose);
  });
  const seen = [];
  strip.onUpdate((px, t) => seen.push([px, t]));
  neopixelMachine(mcu);
  assert.equal(mcu.pio[0].runTimer, null, 'the stock loop did not start');
  // GRB on the wire: pixel 0 red 255, pixel 1 green 128, pixel 2 blue 1.
  send(mcu, [0x00, 0xff, 0x00, 0x80, 0x00, 0x00, 0x00, 0x00, 0x01]);
  const widths = [...new Set(highs.map((w) => w.toFixed(1)))].sort();
  assert.deepEqual(widths, ['312.5', '703.1']);
  assert.equal(strip.updates, 1);
  assert.deepEqual(strip.pixels(), [
    [255, 0, 0],
    [0, 128, 0],
    [0, 0, 1],
  ]);
  assert.equal(seen.length, 1);
  assert.equal(strip.zeroWidthPulses, 0);
  assert.ok(clock.stats.cycles > 0);
  // 72 bits of 16 cycles at 12.8 MHz: the last falling edge lands near 90 us.
  assert.ok(Math.abs(seen[0][1] - 72 * 1250) < 2000, `frame ended at ${seen[0][1]} ns`);
});

test('PIO clock: a machine stalled on an empty FIFO is skipped, with the same edges as stepped', () => {
  // The slap gate's ring machine stays enabled between frames. Parked (the default) its
  // stalled cycles are skipped; stepped one by one (park: false) they are run. Two
  // frames with an idle gap that is no whole number of PIO cycles between them: the pin
  // must give the same edges at the same nanoseconds either way.
  function run(park) {
    const mcu = bareMcu();
    const clock = installPioClock(mcu, null, { park });
    const edges = [];
    mcu.gpio[PIXEL_PIN].addListener((v) => edges.push([mcu.clock.nanos, v]));
    neopixelMachine(mcu);
    send(mcu, [0x12, 0x34, 0x56]);
    const idleCycles = clock.stats.cycles;
    advance(mcu, 333_333, 24); // the CPU's ticks, idle between frames
    const idle = clock.stats.cycles - idleCycles;
    advance(mcu, 5, 5);
    send(mcu, [0xff, 0x00, 0x81]);
    return { edges, idle };
  }
  const parked = run(true);
  const stepped = run(false);
  assert.ok(parked.edges.length > 40, `${parked.edges.length} edges`);
  assert.deepEqual(parked.edges, stepped.edges);
  assert.equal(parked.idle, 0, 'no cycle run while stalled');
  assert.ok(stepped.idle > 4000, `${stepped.idle} cycles stepped while stalled`);
});

test('PIO clock: a disabled machine does not run, and CLKDIV sets the pace', () => {
  const mcu = bareMcu();
  installPioClock(mcu);
  // SM0: "jmp 0" forever at clkdiv 10 -> one instruction every 80 ns.
  loadPio(mcu, { program: [0x0000], clkdiv: [10, 0] });
  const pio = mcu.pio[0];
  pio.writeUint32(PIO.CTRL, 1);
  advance(mcu, 80_000, 40);
  assert.equal(pio.machines[0].cycles, 1000);
  // and a delay costs cycles: set x, 1 [7]; set x, 2 [7] alternate every 8 cycles (640 ns)
  const mcu2 = bareMcu();
  installPioClock(mcu2);
  loadPio(mcu2, { program: [0xe721, 0xe722], clkdiv: [10, 0], execctrl: (1 << 12) | (0 << 7) });
  mcu2.pio[0].writeUint32(PIO.CTRL, 1);
  const sm = mcu2.pio[0].machines[0];
  advance(mcu2, 80, 8); // first cycle: set x, 1
  assert.equal(sm.x, 1);
  advance(mcu2, 640 - 8, 8);
  assert.equal(sm.x, 1, 'still in the delay');
  advance(mcu2, 8, 8);
  assert.equal(sm.x, 2, 'the next instruction came 8 PIO cycles later');
  assert.equal(pio.machines[1].cycles, 0, 'SM1 is disabled and was never stepped');
});

// topper_hw/pio_seats.py's capture program (assembled by adafruit_pioasm 1.3.8):
// a 10-cycle loop at 10 MHz that counts X down once a microsecond and pushes
// snapshot << 22 | count whenever the 8 seat pins change.
const SEATS_PROGRAM = [
  0xa0e1, 0x4008, 0xa026, 0x00a6, 0xa2c3, 0x0009, 0xa041, 0x40f6, 0x8100, 0xa027, 0x0040,
];
const SEATS_INIT = [0xa02b, 0xa04b, 0xa0c3];
const FIRST_SEAT = 6;

test('PIO clock: the seat capture machine stamps two presses 3.250 ms apart as 3.250 ms', () => {
  const mcu = bareMcu();
  installPioClock(mcu);
  for (let p = FIRST_SEAT; p < FIRST_SEAT + 8; p++) {
    mcu.gpio[p].padValue |= 0x40; // input enable, as CircuitPython sets the pads
    mcu.gpio[p].setInputValue(true); // released buttons read high
  }
  loadPio(mcu, {
    program: SEATS_PROGRAM,
    clkdiv: [12, 128], // 125 MHz / 10 MHz = 12.5
    execctrl: (10 << 12) | (0 << 7),
    shiftctrl: 0, // shift left, no autopush
    pinctrl: FIRST_SEAT << 15,
  });
  for (const op of SEATS_INIT) pioExec(mcu, 0, op);
  const pio = mcu.pio[0];
  pio.writeUint32(PIO.CTRL, (1 << 4) | 1);
  const words = [];
  const drain = () => {
    const sm = pio.machines[0];
    while (!sm.rxFIFO.empty) words.push(pio.readUint32(PIO.RXF0));
  };
  advance(mcu, 100_000, 1000, drain);
  mcu.gpio[FIRST_SEAT + 2].setInputValue(false); // P3 pressed
  advance(mcu, 3_250_000, 1000, drain);
  mcu.gpio[FIRST_SEAT].setInputValue(false); // P1 pressed 3.250 ms later
  advance(mcu, 100_000, 1000, drain);
  assert.equal(words.length, 3, 'baseline, P3, P1');
  const count = (w) => w & 0x3fffff;
  const snap = (w) => (w >>> 22) & 0xff;
  assert.equal(snap(words[0]), 0xff);
  assert.equal(snap(words[1]), 0xff & ~(1 << 2));
  assert.equal(snap(words[2]), 0xff & ~(1 << 2) & ~1);
  const us = count(words[1]) - count(words[2]); // the counter steps down once a microsecond
  assert.equal(us, 3250);
});
