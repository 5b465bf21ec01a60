// PIO state machines stepped from the emulated clock.
//
// Stock rp2040js 1.3.3 runs PIO in its own loop (`RPPIO.run`: 1000 steps per
// setTimeout), unrelated to emulated time; every step runs one instruction on all four
// machines, enabled or not; the clock divider and instruction delays only feed a
// `cycles` counter nobody reads. A NeoPixel bit then takes 0 ns of emulated time and a
// PIO capture loop counts in host-loop steps instead of microseconds.
//
// installPioClock replaces that loop: it wraps `clock.tick`, and while the emulated
// clock moves from t0 to t1 it runs every *enabled* machine's cycles that fall in
// (t0, t1], in time order across machines, at sys_clk / (INT + FRAC/256) and with each
// instruction's delay (and a stall on WAIT, blocking PUSH/PULL and autopull) costing
// cycles. Pins that changed are reported to GPIO listeners with the clock set to the
// exact cycle time, so a listener reading `mcu.clock.nanos` sees the edge's time.
// Timer alarms inside the window fire in order with the PIO cycles; when a PIO
// interrupt wakes a core sleeping in WFI, the tick ends there so the CPU runs at once.

const NO_MACHINE = Infinity;
// rp2040js's WaitType values (peripherals/pio.js) of the two stalls on an empty TX FIFO:
// a blocking PULL, and an OUT waiting for its autopull.
const WAIT_TX_FIFO = 3;
const WAIT_OUT = 5;

// A machine stalled on an empty TX FIFO does nothing until the CPU or a DMA channel
// writes the FIFO, and rp2040js ends such a stall in the write itself (writeFIFO calls
// checkWait). Its cycles until then are skipped instead of run one by one: the slap
// gate keeps its ring machine enabled at 12.8 MHz, stalled between frames, and stepping
// it made a board idling in the menu several times slower. When it runs again, its next
// cycle is the first of its own clock after the write, as when stepped.
function parked(sm) {
  return (
    sm.waiting &&
    (sm.waitType === WAIT_TX_FIFO || sm.waitType === WAIT_OUT) &&
    sm.txFIFO.empty &&
    sm.__busy === 0 &&
    sm.cycles === sm.__seen
  );
}

/**
 * @param mcu the RP2040 (simulator.rp2040)
 * @param simulator optional: the Simulator (only used for its clock when given)
 * @param options park: skip the cycles of a machine stalled on an empty TX FIFO (the
 *   default; false steps them, for the test that holds both to the same pin edges)
 * @returns a handle: { uninstall(), stats: {cycles} }
 */
export function installPioClock(mcu, simulator = null, { park = true } = {}) {
  const clock = simulator ? simulator.clock : mcu.clock;
  if (clock.__pioClock) {
    return clock.__pioClock;
  }
  const sysNs = 1e9 / mcu.clkSys; // 8 ns at 125 MHz
  const machines = [];
  for (const pio of mcu.pio) {
    // The stock loop must never start: the clock below is the only thing stepping PIO.
    pio.__stockRun = pio.run;
    pio.run = () => {};
    if (pio.runTimer) {
      clearTimeout(pio.runTimer);
      pio.runTimer = null;
    }
    for (const sm of pio.machines) {
      sm.__next = NaN; // emulated time (ns) of this machine's next cycle; NaN: not running
      sm.__busy = 0; // cycles still to wait (instruction delay) before the next instruction
      sm.__seen = sm.cycles; // sm.cycles as we last left it (to see delays added elsewhere)
      machines.push(sm);
    }
  }
  const stats = { cycles: 0 };

  function period(sm) {
    const div = (sm.clockDivInt === 0 ? 65536 : sm.clockDivInt) + sm.clockDivFrac / 256;
    return div * sysNs;
  }

  // One PIO cycle of `sm` at time `t`.
  function cycle(sm, t) {
    stats.cycles++;
    let extra = sm.cycles - sm.__seen;
    if (extra > 0) {
      // A WAIT or stalled PULL/OUT finished outside our step (a CPU write to the TX FIFO,
      // a GPIO input change): its delay was added to sm.cycles there.
      sm.__busy += extra;
    }
    sm.__seen = sm.cycles;
    if (sm.__busy > 0) {
      sm.__busy--;
      return;
    }
    const before = sm.cycles;
    if (sm.waiting) {
      sm.checkWait();
      if (!sm.waiting) {
        // The stalled instruction completes in this cycle; its delay follows.
        sm.__busy = Math.max(0, sm.cycles - before);
      }
      sm.__seen = sm.cycles;
      return;
    }
    sm.updatePC = true;
    sm.executeInstruction(sm.pio.instructions[sm.pc]);
    if (sm.updatePC) {
      sm.nextPC();
    }
    // executeInstruction adds 1 for the instruction and its delay (unless it stalled).
    sm.__busy = Math.max(0, sm.cycles - before - 1);
    sm.__seen = sm.cycles;
  }

  // Runs every enabled machine's cycles with time <= until and before the next timer
  // alarm (re-read after every cycle: a cycle may schedule one, e.g. a DMA transfer).
  // Returns early (with the time reached) when `stopWhenAwake` and the core left WFI.
  function runUntil(until, stopWhenAwake) {
    for (;;) {
      let best = null;
      let bestT = NO_MACHINE;
      for (let i = 0; i < machines.length; i++) {
        const sm = machines[i];
        if (!sm.enabled) {
          sm.__next = NaN;
          continue;
        }
        if (Number.isNaN(sm.__next)) {
          // Just enabled: its first cycle is one period from now.
          sm.__next = clock.nanosCounter + period(sm);
          sm.__seen = sm.cycles;
          sm.__parked = false;
        }
        if (park && parked(sm)) {
          sm.__parked = true;
          continue; // __next keeps its clock's phase
        }
        if (sm.__parked) {
          // Written while parked: its cycles up to now were stalls, nothing to run.
          sm.__parked = false;
          const p = period(sm);
          if (sm.__next <= clock.nanosCounter) {
            sm.__next += Math.floor((clock.nanosCounter - sm.__next) / p + 1) * p;
          }
        }
        if (sm.__next < bestT) {
          bestT = sm.__next;
          best = sm;
        }
      }
      const alarm = clock.nextAlarm;
      if (best === null || bestT > until || (alarm && alarm.nanos < bestT)) {
        return until;
      }
      clock.nanosCounter = bestT;
      cycle(best, bestT);
      best.__next = bestT + period(best);
      best.pio.checkChangedPins();
      if (stopWhenAwake && !mcu.core.waiting) {
        return bestT;
      }
    }
  }

  // Called for every CPU instruction: keep the idle path short.
  const pios = mcu.pio;
  function anyEnabled() {
    for (let p = 0; p < pios.length; p++) {
      if (!pios[p].stopped) {
        const ms = pios[p].machines;
        if (ms[0].enabled || ms[1].enabled || ms[2].enabled || ms[3].enabled) return true;
      }
    }
    return false;
  }

  // The earliest next cycle of a machine that has work (enabled, not parked; Infinity:
  // none), valid until a PIO register is written (`dirty`: a FIFO, CTRL, an instruction,
  // by the CPU or a DMA channel), which alone can wake a parked machine or start one.
  // A tick that ends before it, with no alarm inside, is the stock clock's: the
  // machines would only have stalled.
  let due = -Infinity;
  let dirty = true;
  for (const pio of pios) {
    const write = pio.writeUint32;
    pio.writeUint32 = function (offset, value) {
      dirty = true;
      return write.call(this, offset, value);
    };
  }
  function nextDue() {
    let t = NO_MACHINE;
    for (let i = 0; i < machines.length; i++) {
      const sm = machines[i];
      if (!sm.enabled || sm.pio.stopped || (park && parked(sm))) continue;
      if (Number.isNaN(sm.__next)) return -Infinity; // just enabled: runUntil starts it
      if (sm.__next < t) t = sm.__next;
    }
    return t;
  }

  let active = false;
  const stockTick = clock.tick;
  clock.tick = function tick(deltaNanos) {
    const target = this.nanosCounter + deltaNanos;
    if (!dirty && target < due) {
      const alarm = this.nextAlarm;
      if (!alarm || alarm.nanos > target) {
        this.nanosCounter = target; // the stock tick's work when no alarm falls due
        return;
      }
    }
    if (!anyEnabled()) {
      if (active) {
        active = false;
        for (let i = 0; i < machines.length; i++) machines[i].__next = NaN;
      }
      dirty = false;
      due = NO_MACHINE;
      return stockTick.call(this, deltaNanos);
    }
    active = true;
    dirty = false;
    try {
      advanceTo(this, target);
    } finally {
      due = nextDue();
    }
  };

  function advanceTo(clk, target) {
    const sleeping = mcu.core.waiting;
    for (;;) {
      const reached = runUntil(target, sleeping);
      if (sleeping && !mcu.core.waiting && reached < target) {
        // A PIO interrupt woke the core: end the tick here (alarms stay queued).
        clk.nanosCounter = reached;
        return;
      }
      const alarm = clk.nextAlarm;
      if (alarm && alarm.nanos <= target) {
        clk.nextAlarm = alarm.next;
        clk.nanosCounter = alarm.nanos;
        alarm.callback();
      } else {
        break;
      }
    }
    clk.nanosCounter = target;
  }

  const handle = {
    stats,
    uninstall() {
      clock.tick = stockTick;
      for (const pio of mcu.pio) {
        pio.run = pio.__stockRun;
      }
      delete clock.__pioClock;
    },
  };
  clock.__pioClock = handle;
  mcu.__pioClock = handle;
  return handle;
}
