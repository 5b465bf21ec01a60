// An NXP PN532 NFC reader in I2C mode (address 0x24), as adafruit_pn532 talks to it,
// with ISO/IEC 14443A tags that a test lays on the pad and lifts off.
//
// Host protocol (PN532 User Manual UM0701-02, 6.2): the host writes a normal
// information frame
//     00 00 FF LEN LCS D4 CMD params... DCS 00     (LEN + LCS = 0, D4 + CMD + ... + DCS = 0)
// and the PN532 answers with an ACK frame (00 00 FF 00 FF 00), then with a response
// frame D5 CMD+1 data... (same layout). Over I2C every read the host makes starts with
// a status byte, 0x01 when a frame is ready (RDY) and 0x00 when not, followed by the
// frame; the IRQ pin (active low) goes low when a frame is ready and back high once the
// host has read it. adafruit_pn532 polls the status with 1-byte reads, then reads the
// status again with the frame in one read: a read of just the status byte leaves the
// frame in place, a longer read takes it. Bytes read past the frame are 0x00.
//
// Commands answered: GetFirmwareVersion (PN532 v1.6: 32 01 06 07), SAMConfiguration,
// InListPassiveTarget for 106 kbps type A (answered when a tag is in the field: at once
// if one is there, else when one is laid; the command waits like a real PN532 with
// MxRtyPassiveActivation = FFh), GetGeneralStatus, RFConfiguration, InRelease,
// InDeselect, PowerDown, and InDataExchange for MIFARE Classic/Ultralight reads (the
// tag's memory, zeros unless given). Others get the PN532's application error frame
// (00 00 FF 01 FF 7F 81 00). A host ACK frame aborts a waiting command; a NACK frame
// asks for the last response again. Frames with a bad checksum are ignored (no ACK).
//
// Two tags at once: InListPassiveTarget with MaxTg = 1 (adafruit_pn532 always sends 1)
// makes the PN532 resolve the collision and list one tag, so a real reader reports
// one card, never "two". The model picks the tag a bitwise anticollision selects when
// the reader takes the 1 at the first colliding bit (UID bytes in order, least
// significant bit first); which one a real PN532 picks is not documented. With
// `{ twoTags: 'both' }` it reports NbTg = 2 instead (as with MaxTg = 2), so the
// firmware's "More than one card" path can be driven.
//
// Pins: `resetGpio` (RSTPDN, driven by the MCU): low holds the chip in reset, where it
// does not ACK its address and forgets everything but the tags in the field. `irqGpio`
// (P70_IRQ): driven by the model.

const ACK = [0x00, 0x00, 0xff, 0x00, 0xff, 0x00];
const NACK = [0x00, 0x00, 0xff, 0xff, 0x00, 0x00];
const ERROR_FRAME = [0x00, 0x00, 0xff, 0x01, 0xff, 0x7f, 0x81, 0x00];
const FIRMWARE = [0x32, 0x01, 0x06, 0x07]; // IC PN532, version 1.6, support: ISO18092, ISO14443A/B

function frame(data) {
  const len = data.length;
  let sum = 0;
  for (const b of data) sum += b;
  return [0x00, 0x00, 0xff, len & 0xff, (0x100 - len) & 0xff, ...data, (0x100 - (sum & 0xff)) & 0xff, 0x00];
}

function hex(bytes) {
  return Buffer.from(bytes).toString('hex');
}

/** Bits of the CL1 anticollision stream, in transmission order (LSB first per byte). */
function cl1Bits(uid) {
  const cl1 = uid.length === 4 ? uid : [0x88, uid[0], uid[1], uid[2]];
  const bits = [];
  for (const b of cl1) for (let i = 0; i < 8; i++) bits.push((b >> i) & 1);
  return bits;
}

export class PN532 {
  constructor({
    mcu = null,
    irqGpio = null,
    resetGpio = null,
    ackNs = 500_000, // command received -> ACK ready
    responseNs = 1_000_000, // ACK read -> response ready
    detectNs = 5_000_000, // tag laid while listening -> response ready
    twoTags = 'anticollision',
  } = {}) {
    this.mcu = mcu;
    this.irqGpio = irqGpio;
    this.resetGpio = resetGpio;
    this.ackNs = ackNs;
    this.responseNs = responseNs;
    this.detectNs = detectNs;
    this.twoTags = twoTags;
    this.field = []; // tags on the pad: {uid:[...], sensRes:[2], selRes, memory}
    this.commands = []; // every command code received, in order (for tests)
    this.firmwareReads = 0;
    this.tagReads = 0;
    this.samConfigured = false;
    this._alarm = mcu ? mcu.clock.createAlarm(() => this._fire()) : null;
    this._timed = null;
    this._powerOn();
    this.inReset = false;
    if (mcu && resetGpio !== null && resetGpio !== undefined) {
      const pin = mcu.gpio[resetGpio];
      const watch = () => {
        const low = pin.outputEnable && !pin.outputValue;
        if (low && !this.inReset) {
          this.inReset = true;
          this._powerOn();
        } else if (!low && this.inReset) {
          this.inReset = false;
        }
      };
      pin.addListener(watch);
      watch();
    }
    this._irq();
  }

  _powerOn() {
    this.ready = null; // the frame the host can read now
    this.queue = []; // frames to make ready after the current one is read
    this.waiting = null; // a command waiting for a tag: {maxTg}
    this.lastResponse = null;
    this.samConfigured = false;
    this.poweredDown = false;
    this._rx = [];
    this._readPos = 0;
    this._isRead = false;
    if (this._alarm) this._alarm.cancel();
    this._timed = null;
    this.resets = (this.resets || 0) + 1;
  }

  // ---- time ----
  _after(ns, fn) {
    if (!this._alarm) {
      fn();
      return;
    }
    this._timed = fn;
    this._alarm.schedule(ns);
  }

  _fire() {
    const fn = this._timed;
    this._timed = null;
    if (fn) fn();
  }

  _setReady(f) {
    this.ready = f;
    this._irq();
  }

  _irq() {
    if (this.mcu && this.irqGpio !== null && this.irqGpio !== undefined) {
      // P70_IRQ is low while a frame waits for the host.
      this.mcu.gpio[this.irqGpio].setInputValue(this.ready === null);
    }
  }

  // ---- the tags ----
  lay(uid, { sensRes = null, selRes = null, memory = null } = {}) {
    this.layMany([{ uid, sensRes, selRes, memory }]);
  }

  /** Puts several tags in the field at once (each a UID or {uid, sensRes, selRes}). */
  layMany(tags) {
    this.field = tags.map((t) => {
      const o = Array.isArray(t) || ArrayBuffer.isView(t) || typeof t === 'string' ? { uid: t } : t;
      let uid = typeof o.uid === 'string' ? [...Buffer.from(o.uid.replace(/[^0-9a-f]/gi, ''), 'hex')] : [...o.uid];
      const seven = uid.length === 7;
      return {
        uid,
        // MIFARE Classic 1K (4-byte UID) or NTAG/Ultralight (7-byte UID) answers
        sensRes: o.sensRes || (seven ? [0x00, 0x44] : [0x00, 0x04]),
        selRes: o.selRes ?? (seven ? 0x00 : 0x08),
        memory: o.memory || new Uint8Array(seven ? 180 : 1024),
      };
    });
    if (this.waiting && this.field.length) {
      const w = this.waiting;
      this.waiting = null;
      this._after(this.detectNs, () => this._found(w.maxTg));
    }
  }

  /** The end of a detection: the tags still in the field are listed. A tag lifted
   * while it was being read is no answer: the reader goes on waiting, as a real PN532
   * with MxRtyPassiveActivation 0xFF does (it never answers NbTg = 0 to a type A scan). */
  _found(maxTg) {
    if (this.field.length) this._respond(0x4a, this._listing(maxTg));
    else this.waiting = { maxTg };
  }

  lift() {
    this.field = [];
  }

  _listing(maxTg) {
    let tags = this.field;
    if (tags.length > 1 && !(this.twoTags === 'both' || maxTg >= 2)) {
      // bitwise anticollision, taking the 1 at the first colliding bit
      let alive = tags.map((t) => ({ t, bits: cl1Bits(t.uid) }));
      for (let i = 0; i < 32 && alive.length > 1; i++) {
        const ones = alive.filter((a) => a.bits[i] === 1);
        if (ones.length && ones.length < alive.length) alive = ones;
      }
      tags = [alive[0].t];
    }
    tags = tags.slice(0, this.twoTags === 'both' ? 2 : Math.max(1, Math.min(2, maxTg)));
    const out = [tags.length];
    tags.forEach((t, i) => out.push(i + 1, ...t.sensRes, t.selRes, t.uid.length, ...t.uid));
    this.listed = tags;
    return out;
  }

  // ---- frames from the host ----
  _command(bytes) {
    // find the start code 00 FF
    let i = 0;
    while (i < bytes.length && bytes[i] === 0x00) i++;
    if (i === 0 || bytes[i] !== 0xff) return;
    i++;
    const len = bytes[i];
    const lcs = bytes[i + 1];
    if (len === 0x00 && lcs === 0xff) {
      // ACK from the host: abort the command in progress
      this.waiting = null;
      this.queue = [];
      if (this._alarm) this._alarm.cancel();
      this._timed = null;
      this._setReady(null);
      return;
    }
    if (len === 0xff && lcs === 0x00) {
      // NACK: send the last response again
      if (this.lastResponse) this._after(this.ackNs, () => this._setReady(this.lastResponse));
      return;
    }
    if (((len + lcs) & 0xff) !== 0) return;
    const data = bytes.slice(i + 2, i + 2 + len);
    if (data.length !== len) return;
    let sum = bytes[i + 2 + len];
    for (const b of data) sum += b;
    if ((sum & 0xff) !== 0 || data[0] !== 0xd4) return;
    const cmd = data[1];
    const params = data.slice(2);
    this.commands.push(cmd);
    // A new command replaces one still waiting for a tag.
    this.waiting = null;
    this.queue = [];
    if (this._alarm) this._alarm.cancel();
    this._timed = null;
    this.poweredDown = false;
    this._after(this.ackNs, () => {
      this._setReady(ACK);
      this._afterAck = () => this._execute(cmd, params);
    });
  }

  _respond(cmd, data) {
    const f = frame([0xd5, cmd + 1, ...data]);
    if (cmd === 0x4a && data[0] > 0) this._tagFrame = f;
    this.lastResponse = f;
    this._setReady(f);
  }

  _execute(cmd, p) {
    const later = (data) => this._after(this.responseNs, () => this._respond(cmd, data));
    switch (cmd) {
      case 0x02: // GetFirmwareVersion
        this.firmwareReads++;
        return later(FIRMWARE);
      case 0x14: // SAMConfiguration: mode, timeout, IRQ use
        this.samConfigured = true;
        this.samMode = p[0];
        return later([]);
      case 0x04: {
        // GetGeneralStatus: Err, Field, NbTg, [Tg, BrRx, BrTx, Type], SAM status
        const listed = this.listed || [];
        const out = [0x00, 0x00, listed.length];
        listed.forEach((_, k) => out.push(k + 1, 0x00, 0x00, 0x00));
        out.push(0x00);
        return later(out);
      }
      case 0x32: // RFConfiguration
      case 0x12: // SetParameters
        return later([]);
      case 0x52: // InRelease
      case 0x44: // InDeselect
        this.listed = [];
        return later([0x00]);
      case 0x16: // PowerDown
        this.poweredDown = true;
        return later([0x00]);
      case 0x4a: {
        // InListPassiveTarget: MaxTg, BrTy (0 = 106 kbps type A), [initiator data]
        const maxTg = p[0] || 1;
        if (p[1] !== 0x00) return later([0x00]); // other baud rates: nothing found
        if (this.field.length) {
          this._after(this.responseNs, () => this._found(maxTg));
        } else {
          this.waiting = { maxTg };
        }
        return undefined;
      }
      case 0x40: {
        // InDataExchange: Tg, then a MIFARE command
        const tag = (this.listed || [])[p[0] - 1];
        if (!tag) return later([0x27]); // not a valid target
        if (p[1] === 0x30) {
          const block = p[2];
          const size = tag.uid.length === 7 ? 4 : 16;
          const out = [];
          for (let k = 0; k < 16; k++) out.push(tag.memory[(block * size + k) % tag.memory.length]);
          return later([0x00, ...out]);
        }
        return later([0x00]); // authenticate, write: accepted
      }
      default:
        this._after(this.responseNs, () => {
          this.lastResponse = ERROR_FRAME;
          this._setReady(ERROR_FRAME);
        });
        return undefined;
    }
  }

  // ---- the I2C device interface ----
  start(isRead) {
    if (this.inReset) return false;
    this._isRead = isRead;
    this._readPos = 0;
    this._rx = [];
    return true;
  }

  write(byte) {
    this._rx.push(byte);
    return true;
  }

  read() {
    const pos = this._readPos++;
    if (pos === 0) return this.ready ? 0x01 : 0x00;
    if (!this.ready) return 0x00;
    return pos - 1 < this.ready.length ? this.ready[pos - 1] : 0x00;
  }

  stop() {
    if (this._isRead) {
      if (this._readPos > 1 && this.ready) {
        // the host took the frame
        const was = this.ready;
        this._setReady(null);
        if (was === this._tagFrame) {
          this.tagReads++; // the host took a listing of a tag
          this._tagFrame = null;
        }
        if (was === ACK && this._afterAck) {
          const go = this._afterAck;
          this._afterAck = null;
          go();
        }
      }
    } else if (this._rx.length) {
      this._command(this._rx);
    }
    this._rx = [];
    this._readPos = 0;
  }

  state() {
    return {
      field: this.field.map((t) => ({ uid: hex(t.uid), sensRes: hex(t.sensRes), selRes: t.selRes })),
      samConfigured: this.samConfigured,
      listening: this.waiting !== null,
      frameReady: this.ready !== null,
      inReset: this.inReset,
      firmwareReads: this.firmwareReads,
      tagReads: this.tagReads,
      commands: this.commands.slice(),
    };
  }

  load(s) {
    this.layMany(
      (s.field || []).map((t) => ({
        uid: t.uid,
        sensRes: [...Buffer.from(t.sensRes, 'hex')],
        selRes: t.selRes,
      })),
    );
    this.samConfigured = !!s.samConfigured;
  }
}

export const PN532_FRAMES = { ACK, NACK, ERROR_FRAME, frame };
