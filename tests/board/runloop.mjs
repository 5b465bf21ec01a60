// Running the emulated CPU against emulated time.
//
// rp2040js's Simulator.execute() runs in slices of a million instructions under
// setTimeout, for as long as it is left alone, so where it stops depends on the wall clock.
// Tests need the opposite: "run until 1.250000 s of board time", and a pin change at an
// exact microsecond. This loop does what execute() does for one instruction (execute it,
// advance the clock by its cycles at 125 MHz; while the core sleeps in WFI/WFE, jump the
// clock to the next alarm) but stops at a given time, or as soon as `stop()` says so.
// Timed events are clock alarms, so they fire at their exact nanosecond in both cases.

export const CYCLE_NS = 8; // 125 MHz clk_sys
const YIELD_MS = 50;

// rp2040js 1.3.3 wakes a sleeping core only when an interrupt *becomes* pending while it
// waits. On an RP2040, CircuitPython sleeps with interrupts masked and SCR.SEVONPEND set
// (ports/raspberrypi/supervisor/port.c): an interrupt that became pending in the few
// instructions between its checks and the WFE has set the event register, so the WFE
// returns at once. rp2040js has no SEVONPEND, so that WFE slept until some other
// interrupt came (a USB packet): the 1 ms tick stopped, keypad stopped scanning and
// button presses were lost (drift.test.mjs, "a WFE with an interrupt already pending").
// Here a sleeping core with an enabled interrupt pending wakes, as the chip's would.
export function wokenByPending(core) {
  return (core.pendingInterrupts & core.enabledInterrupts) !== 0;
}

export class RunLoop {
  constructor(mcu, clock) {
    this.mcu = mcu;
    this.clock = clock;
    this.poked = false; // something happened that a stop() condition may want to see
    this.afterInstruction = null; // e.g. PIO stepped with the CPU (pio_step.mjs)
    this.instructions = 0;
    this.sleptNs = 0;
  }

  // Runs until the clock reaches `untilNs` or `stop()` returns true (checked after a poke).
  // Returns true when stopped by the condition. It lets the event loop in every 50 ms of
  // wall time: a stock rp2040js PIO steps itself under setTimeout.
  async run(untilNs, stop = null) {
    const { mcu, clock } = this;
    const core = mcu.core;
    const after = this.afterInstruction;
    let lastYield = Date.now(), n = 0;
    if (stop && stop()) return true;
    while (clock.nanos < untilNs) {
      if (core.waiting && wokenByPending(core)) {
        core.waiting = false; // SEVONPEND: see wokenByPending
      } else if (core.waiting) {
        const next = clock.nextAlarm ? clock.nextAlarm.nanos : Infinity;
        const to = Math.min(next, untilNs);
        this.sleptNs += to - clock.nanos;
        clock.tick(to - clock.nanos);
      } else {
        clock.tick(core.executeInstruction() * CYCLE_NS);
        if (after) after();
        n++;
      }
      if (this.poked) {
        this.poked = false;
        if (stop && stop()) { this.instructions += n; return true; }
      }
      if ((n & 0x3ffff) === 0 && Date.now() - lastYield > YIELD_MS) {
        await new Promise((r) => setImmediate(r));
        lastYield = Date.now();
      }
    }
    this.instructions += n;
    return false;
  }

  // Calls fn at `atNs` of emulated time. Events due at the same nanosecond run in the
  // order they were scheduled (the clock's own alarm list would run them last-in first).
  at(atNs, fn) {
    if (!this.events) {
      this.events = [];
      this.seq = 0;
      this.alarm = this.clock.createAlarm(() => this.fire());
    }
    const ev = { atNs: Math.max(atNs, this.clock.nanos), seq: this.seq++, fn };
    let i = this.events.length;
    while (i > 0 && this.events[i - 1].atNs > ev.atNs) i--;
    this.events.splice(i, 0, ev);
    this.arm();
    return ev;
  }

  arm() {
    if (this.alarm.scheduled) this.alarm.cancel();
    if (this.events.length) this.alarm.schedule(this.events[0].atNs - this.clock.nanos);
  }

  fire() {
    while (this.events.length && this.events[0].atNs <= this.clock.nanos) this.events.shift().fn();
    this.arm();
  }
}
