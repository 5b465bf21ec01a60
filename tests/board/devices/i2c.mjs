// An I2C bus on one of the RP2040's I2C blocks, with device models at 7-bit addresses.
//
// A device is any object with
//   start(isRead) -> bool   address phase: true to ACK (a repeated start calls it again)
//   write(byte)   -> bool   a byte from the controller: true to ACK
//   read()        -> byte   the next byte for the controller
//   stop()                  end of the transaction
// and optionally `deviceId` (3 bytes), answered through the reserved Device ID address
// 0x7C (F8h/F9h) as I2C-bus devices such as Fujitsu's FRAMs do.
//
// Transfers through the I2C block reach the devices via rp2040js's hooks
// (onStart/onConnect/onWriteByte/onReadByte/onStop and their complete* calls). Four
// things rp2040js 1.3.3 gets wrong under CircuitPython 10 are stood in for here:
//  (a) pull-ups: the pads' pulls are not modelled, so an undriven SDA/SCL reads 0 and
//      busio.I2C() says "No pull up found on SDA or SCL". The bus models the two
//      open-drain lines (high unless the MCU or a device pulls low) and feeds that
//      level to the pins' inputs.
//  (b) probes: CircuitPython does 0-byte writes (i2c.probe, i2c.scan, I2CDevice's
//      constructor) by bit-banging the pins as GPIOs, because the DW_apb_i2c block cannot.
//      Those never reach the hooks; the bus decodes START, address, data and STOP from
//      the pin levels and ACKs the present addresses (NACKs the rest), at bit level.
//  (c) NACK: after an address NACK rp2040js aborts but never raises TX_EMPTY, so the Pico
//      SDK's write loop waits for it until its 1 s timeout (ETIMEDOUT, not ENODEV). The
//      bus raises TX_EMPTY at every stop when the TX FIFO is at or below its threshold,
//      which is what the hardware's level-triggered flag would show.
//  (d) bus time: rp2040js completes each byte at once. The bus completes each phase
//      after its bit times at the configured SCL rate (IC_FS_SCL_HCNT + LCNT system
//      clocks a bit: 2.5 us at 400 kHz), so a 1,025-byte OLED frame takes ~23 ms.

const R_TX_EMPTY = 1 << 4;
const DEVICE_ID_ADDRESS = 0x7c; // reserved Device ID address (F8h write / F9h read)

export function attachI2C(mcu, { index = 0, sda, scl, busTime = true, trace = false } = {}) {
  const i2c = mcu.i2c[index];
  const clock = mcu.clock;
  const devices = new Map();
  const bus = {
    index,
    devices,
    transactions: 0,
    probes: 0,
    nacks: 0,
    trace: trace ? [] : null,
    add(address, device) {
      devices.set(address, device);
      return device;
    },
    remove(address) {
      devices.delete(address);
    },
    /** Nanoseconds per SCL bit at the block's current settings. */
    bitNanos() {
      const cycles = i2c.sclHighPeriod + i2c.sclLowPeriod;
      return (cycles * 1e9) / mcu.clkSys;
    },
  };

  // ---- the reserved Device ID address, answered for every device with a deviceId ----
  const idResponder = {
    target: null,
    pos: 0,
    start(isRead) {
      this.pos = 0;
      if (!isRead) this.target = undefined;
      for (const d of devices.values()) if (d.deviceId) return true;
      return false;
    },
    write(byte) {
      if (this.target !== undefined) return false;
      const d = devices.get(byte >> 1); // R/W bit of the device address word: don't care
      this.target = d && d.deviceId ? d : null;
      return this.target !== null;
    },
    read() {
      if (!this.target) return 0xff;
      const v = this.target.deviceId[this.pos % 3]; // after 3 bytes it starts again
      this.pos++;
      return v;
    },
    stop() {},
  };

  function lookup(address) {
    const d = devices.get(address);
    if (d) return d;
    if (address === DEVICE_ID_ADDRESS) return idResponder;
    return null;
  }

  // ---- (a) the two open-drain lines ----
  const sdaPin = mcu.gpio[sda];
  const sclPin = mcu.gpio[scl];
  let deviceHoldsSda = false;
  let sdaLevel = true;
  let sclLevel = true;
  const mcuPullsLow = (pin) => pin.outputEnable && !pin.outputValue;

  function lines() {
    const newScl = !mcuPullsLow(sclPin);
    const newSda = !mcuPullsLow(sdaPin) && !deviceHoldsSda;
    if (sclPin.rawInputValue !== newScl) sclPin.setInputValue(newScl);
    if (sdaPin.rawInputValue !== newSda) sdaPin.setInputValue(newSda);
    const oldScl = sclLevel;
    const oldSda = sdaLevel;
    sclLevel = newScl;
    sdaLevel = newSda;
    if (oldScl !== newScl || oldSda !== newSda) bitLevel(oldScl, oldSda);
  }

  // ---- (b) the bit-level decoder for transfers bit-banged on the pins ----
  const IDLE = 0;
  const BYTE_IN = 1; // address or data bits from the controller
  const ACK_OUT = 2; // the device's ACK bit
  const BYTE_OUT = 3; // data bits to the controller
  const ACK_IN = 4; // the controller's ACK bit after a byte we sent
  const IGNORE = 5; // NACKed: wait for STOP or START
  let state = IDLE;
  let bits = 0;
  let shift = 0;
  let addressPhase = false;
  let reading = false;
  let acked = false;
  let bbDevice = null;
  let controllerAcked = false;

  function bitLevel(oldScl, oldSda) {
    if (oldScl && sclLevel && oldSda !== sdaLevel) {
      if (!sdaLevel) {
        // START (or repeated START)
        state = BYTE_IN;
        bits = 0;
        shift = 0;
        addressPhase = true;
      } else {
        // STOP
        if (bbDevice) bbDevice.stop();
        bbDevice = null;
        deviceHoldsSda = false;
        state = IDLE;
      }
      return;
    }
    if (!oldScl && sclLevel) {
      // SCL rising: sample
      if (state === BYTE_IN) {
        shift = ((shift << 1) | (sdaLevel ? 1 : 0)) & 0xff;
        bits++;
      } else if (state === ACK_IN) {
        controllerAcked = !sdaLevel;
      }
      return;
    }
    if (oldScl && !sclLevel) {
      // SCL falling: the device changes SDA now
      if (state === BYTE_IN && bits === 8) {
        if (addressPhase) {
          const address = shift >> 1;
          reading = (shift & 1) === 1;
          bus.probes++;
          if (bbDevice && bbDevice !== lookup(address)) bbDevice.stop();
          bbDevice = lookup(address);
          acked = bbDevice ? bbDevice.start(reading) !== false : false;
          if (!acked) {
            bus.nacks++;
            bbDevice = null;
          }
          record(address, reading ? 'R' : 'W', acked, 'bitbang');
        } else {
          acked = bbDevice.write(shift) !== false;
        }
        deviceHoldsSda = acked;
        state = ACK_OUT;
        applySda();
      } else if (state === ACK_OUT) {
        deviceHoldsSda = false;
        if (!acked) {
          state = IGNORE;
        } else if (reading) {
          shift = bbDevice.read() & 0xff;
          bits = 0;
          deviceHoldsSda = !(shift & 0x80);
          state = BYTE_OUT;
        } else {
          state = BYTE_IN;
          addressPhase = false;
          bits = 0;
          shift = 0;
        }
        applySda();
      } else if (state === BYTE_OUT) {
        bits++;
        if (bits < 8) {
          deviceHoldsSda = !((shift << bits) & 0x80);
        } else {
          deviceHoldsSda = false;
          state = ACK_IN;
        }
        applySda();
      } else if (state === ACK_IN) {
        if (controllerAcked) {
          shift = bbDevice.read() & 0xff;
          bits = 0;
          deviceHoldsSda = !(shift & 0x80);
          state = BYTE_OUT;
        } else {
          state = IGNORE;
        }
        applySda();
      }
    }
  }

  // SDA driven by the device changes while SCL is low; apply it now (not re-entrantly
  // inside the level decode: the decode above already ran for this edge).
  let applying = false;
  function applySda() {
    if (applying) return;
    applying = true;
    const newSda = !mcuPullsLow(sdaPin) && !deviceHoldsSda;
    if (sdaPin.rawInputValue !== newSda) sdaPin.setInputValue(newSda);
    sdaLevel = newSda;
    applying = false;
  }

  sdaPin.addListener(lines);
  sclPin.addListener(lines);
  lines();

  // ---- the I2C block's hooks, with (c) and (d) ----
  let current = null;
  const alarm = clock.createAlarm(() => {
    const fn = pending;
    pending = null;
    if (fn) fn();
  });
  let pending = null;
  function after(bitsCount, fn) {
    if (!busTime) {
      fn();
      return;
    }
    pending = fn;
    alarm.schedule(bitsCount * bus.bitNanos());
  }
  let txBytes = null;
  let txAddress = 0;
  let txRead = false;

  function record(address, rw, ack, via, bytes = null) {
    if (bus.trace) bus.trace.push({ t: clock.nanos, address, rw, ack, via, bytes });
  }
  function flushRecord() {
    if (txBytes) record(txAddress, txRead ? 'R' : 'W', true, 'i2c', txBytes);
    txBytes = null;
  }

  i2c.onStart = () => after(1, () => i2c.completeStart());
  i2c.onConnect = (address, mode) => {
    flushRecord();
    const isRead = mode === 1;
    if (current && current !== lookup(address)) current.stop();
    current = lookup(address);
    const ack = current ? current.start(isRead) !== false : false;
    if (!ack) {
      current = null;
      bus.nacks++;
      record(address, isRead ? 'R' : 'W', false, 'i2c');
    } else {
      bus.transactions++;
      txBytes = [];
      txAddress = address;
      txRead = isRead;
    }
    after(9, () => i2c.completeConnect(ack));
  };
  i2c.onWriteByte = (value) => {
    const ack = current ? current.write(value) !== false : false;
    if (txBytes) txBytes.push(value);
    after(9, () => i2c.completeWrite(ack));
  };
  i2c.onReadByte = () => {
    const value = current ? current.read() & 0xff : 0xff;
    if (txBytes) txBytes.push(value);
    after(9, () => i2c.completeRead(value));
  };
  i2c.onStop = () => {
    flushRecord();
    if (current) current.stop();
    current = null;
    after(1, () => {
      // (c): the hardware's TX_EMPTY is a level: FIFO at or below IC_TX_TL.
      if (i2c.txFIFO.itemCount <= i2c.txThreshold) i2c.setInterrupts(R_TX_EMPTY);
      i2c.completeStop();
    });
  };

  return bus;
}
