// A WS2812-style NeoPixel strip on one GPIO, decoded from the data pin's waveform.
//
// Each bit is a high pulse: short (about 0.4 us) for 0, long (about 0.8 us) for 1; the
// strip takes 24 bits a pixel, green, red, blue, most significant bit first, and
// shows what it received once the line stays low for the latch gap (WS2812B: at least
// 50 us; CircuitPython waits at least 300 us between writes). Pixels that received no
// bits keep their colour, as on a real strip.
//
// CircuitPython's neopixel_write drives the pin from a PIO state machine at 12.8 MHz,
// so pulse widths only mean something with installPioClock (pio_clock.mjs): then a 0
// is 4 cycles (312.5 ns) high and a 1 is 9 cycles (703.1 ns). Without it every pulse
// is 0 ns wide and every bit would read 0; `.zeroWidthPulses` counts such pulses so a
// harness can tell.

// rp2040js GPIOPinState: Low = 0, High = 1, then the input (undriven) states.
const HIGH = 1;

const ONE_NS = 550; // a high pulse longer than this is a 1 (WS2812B: T0H 0.4 us, T1H 0.8 us)

export function attachNeoPixel(mcu, { gpio, count, latchNs = 50_000 } = {}) {
  const pin = mcu.gpio[gpio];
  const clock = mcu.clock;
  let pixels = Array.from({ length: count }, () => [0, 0, 0]);
  let bits = [];
  let high = pin.value === HIGH;
  let roseAt = 0;
  let fellAt = 0;
  let startAt = 0; // the rise of an update's first bit
  const listeners = new Set();
  const latch = clock.createAlarm(() => finish());

  const strip = {
    gpio,
    count,
    updates: 0,
    zeroWidthPulses: 0,
    lastUpdateNanos: null,
    lastStartNanos: null,
    pixels() {
      return pixels.map((p) => p.slice());
    },
    onUpdate(cb) {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    state() {
      return { pixels: strip.pixels(), updates: strip.updates };
    },
    load(state) {
      pixels = state.pixels.map((p) => p.slice());
    },
  };

  function finish() {
    if (bits.length < 24) {
      bits = [];
      return;
    }
    const n = Math.min(count, Math.floor(bits.length / 24));
    for (let i = 0; i < n; i++) {
      const byte = (k) => {
        let v = 0;
        for (let b = 0; b < 8; b++) v = (v << 1) | bits[i * 24 + k * 8 + b];
        return v;
      };
      const g = byte(0);
      const r = byte(1);
      const b = byte(2);
      pixels[i] = [r, g, b];
    }
    bits = [];
    strip.updates++;
    strip.lastUpdateNanos = fellAt;
    strip.lastStartNanos = startAt;
    const copy = strip.pixels();
    for (const cb of listeners) cb(copy, fellAt);
  }

  pin.addListener((value) => {
    const now = clock.nanos;
    const isHigh = value === HIGH;
    if (isHigh === high) return;
    high = isHigh;
    if (isHigh) {
      if (bits.length && now - fellAt >= latchNs) {
        // The gap already latched (the alarm may not have fired yet at this tick).
        latch.cancel();
        finish();
      }
      roseAt = now;
      if (!bits.length) startAt = now;
      latch.cancel();
    } else {
      const width = now - roseAt;
      if (width <= 0) strip.zeroWidthPulses++;
      bits.push(width > ONE_NS ? 1 : 0);
      fellAt = now;
      latch.schedule(latchNs);
    }
  });
  return strip;
}
