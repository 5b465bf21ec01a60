// The computer's side of the USB cable, for CircuitPython's two CDC serial ports.
//
// rp2040js emulates the RP2040's USB controller in device mode and leaves the host to us
// through four hooks on mcu.usbCtrl: onUSBEnabled (the firmware switched the controller
// on), onResetReceived (it acknowledged a bus reset), onEndpointWrite(ep, bytes) (it sent an
// IN packet) and onEndpointRead(ep, size) (it armed an OUT buffer: it is ready for bytes);
// we answer with resetDevice(), sendSetupPacket(bytes) and endpointReadDone(ep, bytes).
//
// rp2040js's own USBCDC helper is written for one CDC port, and does not fit this board:
// - it keeps the bulk endpoints of the *last* CDC data interface in the configuration, so
//   with boot.py's usb_cdc.enable(console=True, data=True) it hears the data port and
//   the REPL console goes silent;
// - it raises DTR on interface 0 only; CircuitPython counts a port as open while DTR is up;
// - it answers every OUT read at once, with zero bytes when it has nothing to send, so the
//   firmware gets a packet every few microseconds and never sleeps (time.sleep then runs
//   at about 0.3x real time);
// - it holds host input in a 512-byte FIFO and drops the rest.
// This host enumerates the device, finds every CDC port (console first, data second), raises
// DTR on each, queues whatever the test sends without limit, and leaves an OUT read
// pending (a NAK on the bus) until it has bytes for it.

const EP0_PACKET = 64;
const GAP_NS = 50_000; // between control transfers, as a host's scheduler would leave

const REQ_OUT_STD_DEVICE = 0x00, REQ_IN_STD_DEVICE = 0x80, REQ_OUT_CLASS_INTERFACE = 0x21;
const SET_ADDRESS = 5, GET_DESCRIPTOR = 6, SET_CONFIGURATION = 9;
const CDC_SET_CONTROL_LINE_STATE = 0x22;
const DESC_DEVICE = 1, DESC_CONFIGURATION = 2, DESC_STRING = 3, DESC_INTERFACE = 4, DESC_ENDPOINT = 5;
const CLASS_CDC = 2, SUBCLASS_ACM = 2, CLASS_CDC_DATA = 10;
export const DTR = 1, RTS = 2;

function setup(bmRequestType, bRequest, wValue, wIndex, wLength) {
  return Uint8Array.of(bmRequestType, bRequest, wValue & 0xff, wValue >> 8, wIndex & 0xff, wIndex >> 8,
    wLength & 0xff, wLength >> 8);
}

// The CDC ports of a configuration descriptor, in interface order: each pairs a communication
// interface (where DTR goes) with the data interface after it (its bulk IN/OUT endpoints).
export function cdcPorts(desc) {
  const ports = [];
  let iface = null, comm = null;
  for (let i = 0; i + 2 <= desc.length;) {
    const len = desc[i], type = desc[i + 1];
    if (len < 2 || i + len > desc.length) break;
    if (type === DESC_INTERFACE && len >= 9) {
      iface = { number: desc[i + 2], cls: desc[i + 5], sub: desc[i + 6], nameIndex: desc[i + 8], in: -1, out: -1 };
      if (iface.cls === CLASS_CDC && iface.sub === SUBCLASS_ACM) comm = iface;
      if (iface.cls === CLASS_CDC_DATA) ports.push({ comm: comm ? comm.number : null, data: iface.number,
        nameIndex: comm ? comm.nameIndex : iface.nameIndex, ep: iface });
    } else if (type === DESC_ENDPOINT && len >= 7 && iface && iface.cls === CLASS_CDC_DATA) {
      const addr = desc[i + 2], bulk = (desc[i + 3] & 3) === 2;
      if (bulk) { if (addr & 0x80) iface.in = addr & 0x0f; else iface.out = addr & 0x0f; }
    }
    i += len;
  }
  return ports.map((p) => ({ comm: p.comm, data: p.data, in: p.ep.in, out: p.ep.out, nameIndex: p.nameIndex }));
}

// One serial port as the host sees it: bytes from the board, bytes queued for it.
export class Port {
  constructor(name) {
    this.name = name;
    this.received = [];   // Buffers from the board, not yet taken
    this.receivedBytes = 0;
    this.totalIn = 0;
    this.queue = [];      // Buffers for the board, oldest first
    this.queued = 0;
    this.dtr = false;
    this.onData = null;
  }
  write(bytes) { if (bytes.length) { this.queue.push(Buffer.from(bytes)); this.queued += bytes.length; } }
  take(max) {
    const n = Math.min(max, this.queued), out = Buffer.alloc(n);
    let at = 0;
    while (at < n) {
      const head = this.queue[0], k = Math.min(head.length, n - at);
      head.copy(out, at, 0, k); at += k;
      if (k === head.length) this.queue.shift(); else this.queue[0] = head.subarray(k);
    }
    this.queued -= n;
    return out;
  }
  read() {
    const out = Buffer.concat(this.received);
    this.received = []; this.receivedBytes = 0;
    return out;
  }
}

export class CdcHost {
  constructor(mcu, { log = () => {} } = {}) {
    this.mcu = mcu;
    this.usb = mcu.usbCtrl;
    this.log = log;
    this.console = new Port('console');
    this.data = new Port('data');
    this.ports = [];            // [{comm, data, in, out, port}] once configured
    this.configuration = null;  // the configuration descriptor's bytes
    this.state = 'detached';
    this.transfers = [];        // control transfers waiting their turn
    this.current = null;        // the one on the bus
    this.ep0OutArmed = false;
    this.pendingOut = new Map(); // OUT endpoint -> size the firmware is ready for (we NAK)
    this.stats = { setups: 0, inPackets: 0, outPackets: 0, statusStages: 0, statusSkipped: 0 };
    this.onData = null;         // (port) => void, after bytes arrive
    // (rp2040js's clock leaves an alarm's `scheduled` set after it fired: keep our own flag.)
    this.gapPending = false;
    this.gap = mcu.clock.createAlarm(() => { this.gapPending = false; this.next(); });
    // A firmware that never asks for the status stage of an IN request still gets the next one.
    this.statusWait = mcu.clock.createAlarm(() => {
      if (this.current && this.current.complete) {
        this.stats.statusSkipped++;
        this.finish(Uint8Array.from(this.current.data.slice(0, this.current.length)));
      }
    });

    this.usb.onUSBEnabled = () => { this.state = 'reset'; this.usb.resetDevice(); };
    this.usb.onResetReceived = () => this.enumerate();
    this.usb.onEndpointWrite = (ep, bytes) => this.fromDevice(ep, bytes);
    this.usb.onEndpointRead = (ep, size) => this.deviceReady(ep, size);
  }

  // ----- control transfers -----------------------------------------------------------

  control(packet, { length = 0, done = () => {} } = {}) {
    this.transfers.push({ packet, length, in: (packet[0] & 0x80) !== 0, done, data: [] });
    if (!this.current && !this.gapPending) this.next();
  }

  next() {
    this.current = this.transfers.shift() || null;
    if (!this.current) return;
    this.stats.setups++;
    this.ep0OutArmed = false;
    this.usb.sendSetupPacket(this.current.packet);
  }

  finish(result) {
    if (this.statusWait.scheduled) this.statusWait.cancel();
    const t = this.current;
    this.current = null;
    // The next request goes out after a gap, also one that done() itself queues.
    this.gapPending = true;
    this.gap.schedule(GAP_NS);
    t.done(result);
  }

  enumerate() {
    this.state = 'enumerating';
    this.transfers = [];
    this.current = null;
    this.gapPending = false;
    if (this.gap.scheduled) this.gap.cancel();
    this.pendingOut.clear();
    this.control(setup(REQ_OUT_STD_DEVICE, SET_ADDRESS, 1, 0, 0));
    this.control(setup(REQ_IN_STD_DEVICE, GET_DESCRIPTOR, DESC_DEVICE << 8, 0, 18), {
      length: 18, done: (d) => { this.device = d; },
    });
    this.control(setup(REQ_IN_STD_DEVICE, GET_DESCRIPTOR, DESC_CONFIGURATION << 8, 0, 9), {
      length: 9,
      done: (head) => {
        const total = head[2] | (head[3] << 8);
        this.control(setup(REQ_IN_STD_DEVICE, GET_DESCRIPTOR, DESC_CONFIGURATION << 8, 0, total), {
          length: total, done: (desc) => this.configure(desc),
        });
      },
    });
  }

  configure(desc) {
    this.configuration = desc;
    const found = cdcPorts(desc);
    const ports = [this.console, this.data];
    this.ports = found.slice(0, 2).map((p, i) => ({ ...p, port: ports[i] }));
    this.log(`usb: ${found.length} CDC port(s): ` + this.ports.map((p) =>
      `${p.port.name} if${p.comm}/${p.data} in ${p.in} out ${p.out}`).join(', '));
    for (const p of this.ports) {
      if (p.nameIndex) {
        this.control(setup(REQ_IN_STD_DEVICE, GET_DESCRIPTOR, (DESC_STRING << 8) | p.nameIndex, 0x0409, 255), {
          length: 255, done: (s) => { p.port.interfaceName = Buffer.from(s.slice(2)).toString('utf16le'); },
        });
      }
    }
    this.control(setup(REQ_OUT_STD_DEVICE, SET_CONFIGURATION, 1, 0, 0), {
      done: () => {
        this.state = 'configured';
        for (const p of this.ports) this.setLines(p.port, DTR | RTS);
      },
    });
  }

  // DTR/RTS on a port's communication interface: CircuitPython's usb_cdc counts a port
  // as connected while DTR is up.
  setLines(port, lines) {
    const p = this.ports.find((q) => q.port === port);
    if (!p || p.comm == null) throw new Error(`no ${port.name} port on the board`);
    this.control(setup(REQ_OUT_CLASS_INTERFACE, CDC_SET_CONTROL_LINE_STATE, lines, p.comm, 0), {
      done: () => { port.dtr = !!(lines & DTR); },
    });
  }

  // ----- the device's side of the hooks ------------------------------------------------

  fromDevice(ep, bytes) {
    if (ep === 0) {
      const t = this.current;
      if (!t) return;
      if (!t.in) { if (bytes.length === 0) this.finish(); return; } // status stage of a no-data request
      t.data.push(...bytes);
      if (t.data.length >= t.length || bytes.length < EP0_PACKET) {
        t.complete = true;
        // Status stage: the host's zero-length OUT packet, once the firmware asks for it.
        if (this.ep0OutArmed) this.statusOut(); else this.statusWait.schedule(1_000_000);
      }
      return;
    }
    const p = this.ports.find((q) => q.in === ep);
    if (!p) return; // e.g. a CDC notification endpoint
    this.stats.inPackets++;
    const port = p.port;
    port.received.push(Buffer.from(bytes));
    port.receivedBytes += bytes.length;
    port.totalIn += bytes.length;
    if (this.onData) this.onData(port);
  }

  statusOut() {
    this.ep0OutArmed = false;
    this.stats.statusStages++;
    const t = this.current;
    this.usb.endpointReadDone(0, new Uint8Array(0));
    this.finish(Uint8Array.from(t.data.slice(0, t.length)));
  }

  deviceReady(ep, size) {
    if (ep === 0) {
      this.ep0OutArmed = true;
      if (this.current && this.current.complete) this.statusOut();
      return;
    }
    this.pendingOut.set(ep, size);
    this.feed(ep);
  }

  // Sends queued bytes to an OUT endpoint the firmware has armed; with nothing queued the
  // read stays pending, which is what a NAK looks like to the firmware.
  feed(ep) {
    const size = this.pendingOut.get(ep);
    if (size === undefined) return;
    const p = this.ports.find((q) => q.out === ep);
    if (!p || !p.port.queued) return;
    this.pendingOut.delete(ep);
    this.stats.outPackets++;
    this.usb.endpointReadDone(ep, p.port.take(size));
  }

  write(port, bytes) {
    port.write(bytes);
    const p = this.ports.find((q) => q.port === port);
    if (p) this.feed(p.out);
  }

  describe() {
    const d = this.device;
    return {
      state: this.state,
      vid: d && d.length >= 12 ? d[8] | (d[9] << 8) : null,
      pid: d && d.length >= 12 ? d[10] | (d[11] << 8) : null,
      ports: this.ports.map((p) => ({ name: p.port.name, interface: p.port.interfaceName || null, comm: p.comm,
        data: p.data, in: p.in, out: p.out, dtr: p.port.dtr, queued: p.port.queued, received: p.port.totalIn })),
      stats: this.stats,
    };
  }
}
