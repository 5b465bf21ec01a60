// PIO stepped by the run loop, until the pio_clock model (devices/pio_clock.mjs) is there.
//
// Stock rp2040js steps a PIO block under setTimeout, 1000 steps a tick, as soon as one of
// its state machines is enabled (and it steps the disabled ones too). Under our run loop
// that makes the board depend on the wall clock: CircuitPython waits for the NeoPixel
// state machine to drain its FIFO, so how much emulated time a ring update takes depends
// on how often Node's event loop got in. Here the run loop steps each enabled machine
// once per CPU instruction instead: no better timing (neither honours the clock divider
// or delays), but the same every run. The pio_clock model replaces both.

export function stepPioWithCpu(mcu, loop) {
  for (const pio of mcu.pio) {
    pio.run = () => {}; // CTRL still sets pio.stopped; the loop does the stepping
  }
  loop.afterInstruction = () => {
    for (const pio of mcu.pio) {
      if (pio.stopped) continue;
      for (const m of pio.machines) if (m.enabled) m.step();
      pio.checkChangedPins();
    }
  };
}
