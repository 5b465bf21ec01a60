// The table's peripherals, attached from the pin map. The models live in ./devices/ (one
// module each, written against the contract in docs/emulated-board.md); a module that is
// not there is skipped, so the harness runs with whatever models exist.

const NAMES = ['i2c', 'ssd1306', 'pn532', 'fram', 'neopixel', 'pio_clock', 'buzzer'];
export const PN532_ADDR = 0x24;
export const FRAM_ADDR = 0x50;

export async function loadDeviceModules() {
  const mods = {};
  for (const name of NAMES) {
    const url = new URL(`./devices/${name}.mjs`, import.meta.url);
    mods[name] = await import(url).catch((e) => {
      // Only "no such module" means "not written yet"; a broken model must fail loudly.
      if (e.code === 'ERR_MODULE_NOT_FOUND' && String(e.message).includes(`${name}.mjs`)) return null;
      throw e;
    });
  }
  return mods;
}

// I2C0 carries SDA on GP0, 4, 8, ..., I2C1 on GP2, 6, 10, ...
export const i2cIndex = (sda) => (sda >> 1) & 1;

// Builds the devices on a freshly made board. `saved` holds the state() of the devices
// that keep it across a power cut (FRAM, card pad).
export function attachDevices({ mods, mcu, simulator, pins, map, fram = 0, saved = {} }) {
  const d = { present: [] };
  if (mods.pio_clock) { d.pioClock = mods.pio_clock.installPioClock(mcu, simulator); d.present.push('pio_clock'); }
  if (map.sda != null && map.scl != null) {
    if (mods.i2c) {
      pins.release(map.sda); pins.release(map.scl);
      d.bus = mods.i2c.attachI2C(mcu, { index: i2cIndex(map.sda), sda: map.sda, scl: map.scl });
      d.present.push('i2c');
      if (mods.ssd1306) {
        d.oled = new mods.ssd1306.SSD1306();
        d.bus.add(map.oledAddr, d.oled);
        d.present.push('ssd1306');
      }
      if (mods.pn532 && map.cardpad) {
        if (map.cardpadIrq != null) pins.release(map.cardpadIrq);
        d.pn532 = new mods.pn532.PN532({ mcu, irqGpio: map.cardpadIrq, resetGpio: map.cardpadReset });
        if (saved.pn532) d.pn532.load(saved.pn532);
        d.bus.add(PN532_ADDR, d.pn532);
        d.present.push('pn532');
      }
      if (mods.fram && fram > 0) {
        d.fram = new mods.fram.FRAM({ size: fram });
        if (saved.fram) d.fram.load(saved.fram);
        d.bus.add(FRAM_ADDR, d.fram);
        d.present.push('fram');
      }
    } else {
      // No bus model: the board's pull-up resistors still hold both lines high, so
      // busio.I2C starts (and finds no device).
      pins.pullExternally(map.sda, 1);
      pins.pullExternally(map.scl, 1);
    }
  }
  if (mods.neopixel && map.pixel != null && map.pixels > 0) {
    d.ring = mods.neopixel.attachNeoPixel(mcu, { gpio: map.pixel, count: map.pixels });
    d.present.push('neopixel');
  }
  if (mods.buzzer && map.buzzer != null) {
    d.buzzer = mods.buzzer.attachBuzzer(mcu, { gpio: map.buzzer });
    d.present.push('buzzer');
  }
  return d;
}

// What survives a power cut besides the flash.
export function keptState(d) {
  const s = {};
  if (d.fram) s.fram = d.fram.state();
  if (d.pn532) s.pn532 = d.pn532.state();
  return s;
}
