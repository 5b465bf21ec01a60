// Pad pulls and the outside world's drive on GPIO inputs.
//
// rp2040js keeps a pad's pull-up/pull-down bits (mcu.gpio[n].pullupEnabled/pulldownEnabled)
// but never lets them set the input level: an input that nothing drives reads 0. Every seat
// button closes to GND over the firmware's pull-up, so on stock rp2040js every seat would
// read "pressed". Here each pin's input level is worked out as on the board:
//   1. something outside drives it (a test pressing a button): that level;
//   2. an external resistor on the board (e.g. I2C pull-ups): its level;
//   3. the pad's own pull-up / pull-down: high / low;
//   4. nothing: the level it had (a floating CMOS input keeps its last charge, roughly).
// A pin handed to a device model (`release`) is left to that model alone.

export class Pins {
  constructor(mcu) {
    this.mcu = mcu;
    this.drive = new Map();     // gpio -> 0/1, set by tests
    this.external = new Map();  // gpio -> 0/1, resistors fitted on the board
    this.owned = new Set();     // gpio handled by a device model
    this.unlisten = mcu.gpio.map((pin, n) => pin.addListener(() => this.update(n)));
    for (let n = 0; n < mcu.gpio.length; n++) this.update(n);
  }

  level(n) {
    const pin = this.mcu.gpio[n];
    if (this.drive.has(n)) return this.drive.get(n);
    if (this.external.has(n)) return this.external.get(n);
    if (pin.pullupEnabled && !pin.pulldownEnabled) return 1;
    if (pin.pulldownEnabled && !pin.pullupEnabled) return 0;
    return pin.rawInputValue ? 1 : 0;
  }

  update(n) {
    if (this.owned.has(n)) return;
    const pin = this.mcu.gpio[n];
    const v = this.level(n) === 1;
    if (pin.rawInputValue !== v) pin.setInputValue(v);
  }

  // A test drives the pin (0/1), or lets go of it (null).
  set(n, level) {
    if (level == null) this.drive.delete(n); else this.drive.set(n, level ? 1 : 0);
    this.update(n);
  }

  pullExternally(n, level) { this.external.set(n, level ? 1 : 0); this.update(n); }

  release(n) { this.owned.add(n); }

  // For the `pins` op: what the firmware made of each pin and what it reads.
  describe(n) {
    const pin = this.mcu.gpio[n];
    return {
      gp: n, function: pin.functionSelect, output: pin.outputEnable, out: pin.outputValue ? 1 : 0,
      in: pin.inputValue ? 1 : 0, pull: pin.pullupEnabled ? (pin.pulldownEnabled ? 'keeper' : 'up') : (pin.pulldownEnabled ? 'down' : 'none'),
      driven: this.drive.has(n) ? this.drive.get(n) : null, device: this.owned.has(n),
    };
  }

  detach() { this.unlisten.forEach((f) => f()); }
}
