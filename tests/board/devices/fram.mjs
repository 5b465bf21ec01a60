// A Fujitsu MB85RC256V I2C FRAM (32 KB, address 0x50), as adafruit_fram's FRAM_I2C talks
// to it. Datasheet (DS501-00017): after the device address word come two address bytes
// (the upper bits beyond the size are ignored), then data bytes written or read at
// consecutive addresses; both roll over from the last address to 0. A write needs no
// erase and no wait. The Device ID (reserved address F8h/F9h, answered by i2c.mjs for
// every device with `deviceId`) is manufacturer 00Ah (Fujitsu), density 5, product
// 510h: bytes 00 A5 10. adafruit_fram 1.3.29 reads it in FRAM_I2C's constructor
// (probing 0x7C first) and refuses the chip when neither ID matches.

export class FRAM {
  constructor({ size = 32768, deviceId = [0x00, 0xa5, 0x10], bytes = null } = {}) {
    this.size = size;
    this.bytes = bytes ? Uint8Array.from(bytes) : new Uint8Array(size);
    this.deviceId = deviceId;
    this.writes = 0; // data bytes written
    this.reads = 0;
    this._addr = 0;
    this._phase = 0;
  }

  start(isRead) {
    if (!isRead) this._phase = 0; // the next two bytes are the address
    return true;
  }

  write(byte) {
    if (this._phase === 0) {
      this._hi = byte;
      this._phase = 1;
    } else if (this._phase === 1) {
      this._addr = ((this._hi << 8) | byte) % this.size;
      this._phase = 2;
    } else {
      this.bytes[this._addr] = byte;
      this._addr = (this._addr + 1) % this.size;
      this.writes++;
    }
    return true;
  }

  read() {
    const v = this.bytes[this._addr];
    this._addr = (this._addr + 1) % this.size;
    this.reads++;
    return v;
  }

  stop() {}

  state() {
    return { size: this.size, bytes: Buffer.from(this.bytes).toString('base64') };
  }

  load(bytes) {
    const b = typeof bytes === 'string' ? Buffer.from(bytes, 'base64') : bytes.bytes ? Buffer.from(bytes.bytes, 'base64') : bytes;
    this.bytes.fill(0);
    this.bytes.set(b.subarray ? b.subarray(0, this.size) : b.slice(0, this.size));
  }
}
