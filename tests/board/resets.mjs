// Block resets for the I2C controllers.
//
// On the RP2040, asserting a block's bit in RESETS (0x4000c000) puts that peripheral's
// registers back to their reset values. rp2040js 1.3.3 only stores the bit: the RPI2C
// keeps IC_ENABLE = 1. The pico-sdk's i2c_deinit() is nothing but that reset, and
// CircuitPython's busio.I2C refuses a controller whose IC_ENABLE is set ("I2C peripheral
// in use"), so after a soft reload (Ctrl-D, or an auto-reload when CIRCUITPY changes)
// code.py came back without its OLED and card pad on the emulated board only. Here a
// rising I2C0/I2C1 reset bit clears the controller's state as the silicon would.

export const RESETS_BASE = 0x4000c000;
const RESET_I2C = [1 << 3, 1 << 4]; // RESETS bits of I2C0, I2C1 (RP2040 datasheet 2.14.3)

function resetI2C(i2c) {
  i2c.enable = 0;
  i2c.txFIFO.reset();
  i2c.rxFIFO.reset();
  i2c.busy = false;
  i2c.stop = false;
  i2c.pendingRestart = false;
  i2c.firstByte = false;
  i2c.abortSource = 0;
  i2c.intRaw = 0;
  i2c.intEnable = 0;
  i2c.rxThreshold = 0;
  i2c.txThreshold = 0;
  i2c.checkInterrupts();
}

/** Makes a write that asserts I2C0's or I2C1's reset bit clear that controller. */
export function installBlockResets(mcu) {
  const resets = mcu.findPeripheral(RESETS_BASE);
  const write = resets.writeUint32.bind(resets);
  resets.writeUint32 = (offset, value) => {
    const before = resets.reset;
    write(offset, value);
    if (offset !== 0) return;
    RESET_I2C.forEach((bit, n) => {
      if (resets.reset & bit && !(before & bit)) resetI2C(mcu.i2c[n]);
    });
  };
}
