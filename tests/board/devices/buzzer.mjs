// The piezo buzzer on a PWM pin: what tone the firmware asked for, read from the PWM
// slice registers (rp2040js models PWM well enough: the README measured 440 Hz asked as
// 442.3 Hz at 50.00 % on the pin, CircuitPython's own divider choice).
//
// GPIO n is PWM slice (n >> 1) & 7, channel A for even n, B for odd. The counter runs at
// clk_sys / (INT + FRAC/16) and wraps at TOP (phase-correct mode counts up and down, so
// half the rate); the channel's compare level over TOP + 1 is the duty. The tone is on
// when the slice is enabled, the level is above 0, and the pin's function is PWM.
// Every register write that changes (freqHz, duty, on) adds [nanos, freqHz, duty] to
// `history` (duty 0 when off). `pinFreqHz()` measures the pin itself (rising edges).

const FUNC_PWM = 4;

export function attachBuzzer(mcu, { gpio }) {
  const slice = (gpio >> 1) & 7;
  const channelB = (gpio & 1) === 1;
  const ch = mcu.pwm.channels[slice];
  const pin = mcu.gpio[gpio];
  const rises = [];
  let last = null;

  const buzzer = {
    gpio,
    slice,
    history: [],
    state() {
      const div = ((ch.div >> 4) & 0xff || 256) + (ch.div & 0xf) / 16;
      const top = ch.top;
      const phaseCorrect = (ch.csr & 2) !== 0;
      const freqHz = mcu.clkSys / div / (top + 1) / (phaseCorrect ? 2 : 1);
      const level = channelB ? ch.cc >>> 16 : ch.cc & 0xffff;
      const duty = Math.min(1, level / (top + 1));
      const enabled = (ch.csr & 1) !== 0;
      const on = enabled && level > 0 && pin.functionSelect === FUNC_PWM;
      return { freqHz, duty, on };
    },
    pinFreqHz() {
      if (rises.length < 2) return 0;
      const span = rises[rises.length - 1] - rises[0];
      return ((rises.length - 1) * 1e9) / span;
    },
  };

  function check() {
    const s = buzzer.state();
    const key = s.on ? `${s.freqHz.toFixed(3)}/${s.duty.toFixed(4)}` : 'off';
    if (key !== last) {
      last = key;
      buzzer.history.push([mcu.clock.nanos, s.on ? s.freqHz : 0, s.on ? s.duty : 0]);
    }
  }

  const write = ch.writeRegister.bind(ch);
  ch.writeRegister = (offset, value) => {
    write(offset, value);
    check();
  };
  const en = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(ch), 'en');
  if (en && en.set) {
    Object.defineProperty(ch, 'en', {
      set(v) {
        en.set.call(ch, v);
        check();
      },
      configurable: true,
    });
  }
  pin.addListener((value) => {
    if (value === 1) {
      rises.push(mcu.clock.nanos);
      if (rises.length > 9) rises.shift();
    }
    check();
  });
  check();
  return buzzer;
}
