"""Test stand-ins for the serial link tests: the data port with a host at its far end,
an I2C FRAM with the real driver's habits, and boot/cut helpers for the real App."""

import sys

import fakes
from fakes import scenario
from topper import jsonl

MASK = (1 << 29) - 1


class HostPort:
    """``usb_cdc.data`` as the device sees it (in_waiting, read, write, connected,
    timeout, write_timeout) and the host's end of the cable (send, take). ``room``:
    bytes the host's side buffers before the device's writes are refused, as a host
    that does not read makes a real port refuse them."""

    def __init__(self, room=None):
        self.connected = True
        self.timeout = None
        self.write_timeout = None
        self.room = room
        self.to_device = bytearray()
        self.from_device = bytearray()
        self.written = 0

    # ----- the device's side ----------------------------------------------------------

    @property
    def in_waiting(self):
        return len(self.to_device)

    def read(self, n=1):
        if self.timeout != 0:
            raise AssertionError("timeout %r would make the device wait for the host" % self.timeout)
        data = bytes(self.to_device[:n])
        del self.to_device[:n]
        return data

    def write(self, data):
        if self.write_timeout != 0:
            raise AssertionError("write_timeout %r would block the game" % self.write_timeout)
        n = len(data)
        if self.room is not None:
            n = max(0, min(n, self.room - len(self.from_device)))
        self.from_device += data[:n]
        self.written += n
        return n

    # ----- the host's side ------------------------------------------------------------

    def send(self, cmd):
        self.to_device += cmd if isinstance(cmd, bytes) else jsonl.dumps(cmd).encode() + b"\n"

    def take(self):
        """Every complete line the device wrote since the last call, as objects."""
        out = []
        while b"\n" in self.from_device:
            i = self.from_device.index(b"\n")
            out.append(jsonl.loads(bytes(self.from_device[:i]).decode()))
            del self.from_device[: i + 1]
        return out


class FakeFram:
    """The ``adafruit_fram.FRAM_I2C`` API over memory that outlives the App (the chip),
    with the driver's quirks: an index reads a 1-byte bytearray, a slice read includes
    its stop address, and a chip that is not on the bus raises ValueError."""

    chip = None  # the 32 KB that survive a power cut

    def __init__(self, i2c, address=0x50, write_protect=False, wp_pin=None):
        if address not in fakes.cp._rig.i2c_present:
            raise ValueError("No I2C device at address: 0x%x" % address)
        self.writes = 0

    def __len__(self):
        return len(FakeFram.chip)

    def __getitem__(self, i):
        if isinstance(i, int):
            return bytearray(FakeFram.chip[i : i + 1])
        stop = i.stop + 1  # the driver's inclusive slice
        if stop > len(FakeFram.chip):
            raise ValueError("Address slice out of range")
        return bytearray(FakeFram.chip[i.start : stop])

    def __setitem__(self, i, value):
        if isinstance(i, int):
            FakeFram.chip[i] = value
        else:
            if len(value) < i.stop - i.start:
                raise ValueError("Cannot set values with a list smaller than the number of indexes")
            FakeFram.chip[i.start : i.start + len(value)] = bytes(value)
        self.writes += 1


def install_fram(rig):
    """An FRAM chip at 0x50 and a driver module for it (``remove_fram`` after)."""
    import types

    FakeFram.chip = bytearray(32768)
    rig.i2c_present.add(0x50)
    sys.modules["adafruit_fram"] = types.ModuleType("adafruit_fram")
    sys.modules["adafruit_fram"].FRAM_I2C = FakeFram


def remove_fram():
    sys.modules.pop("adafruit_fram", None)


def boot(env=None, port=None, fram=False, now=0, jokers=2):
    """The real code.py App over the fakes with ``port`` as usb_cdc.data; the deck is
    enrolled. Returns rig, app, port, settings (for a reboot), code."""
    rig = fakes.install(oled=True, pn532=True, usb_data=True)
    scenario.enroll(rig, jokers)
    if fram:
        install_fram(rig)
    port = HostPort() if port is None else port
    sys.modules["usb_cdc"].data = port
    code = fakes.load_code()
    settings = {"TOPPER_CARDPAD": 1}
    settings.update(env or {})
    rig.now = now
    app = code.make_app(settings.get, now)
    rig.run(app, now + 100)
    return rig, app, port, settings, code


def power_cut(rig, code, settings, port, now=0):
    """The power goes and comes back: the App object is gone, the nvm (and FRAM) keep
    their bytes, the clock starts again from ``now``; returns the new App."""
    rig.tags.clear()
    rig.now = now
    port.to_device.clear()
    app = code.make_app(settings.get, now)
    rig.run(app, now + 100)
    return app


def ask(rig, app, port, cmd, wait=50):
    """Send one command, let the device run ``wait`` ms, return what it wrote."""
    port.send(cmd)
    rig.run(app, rig.now + wait)
    return port.take()


def replies(lines):
    return [x for x in lines if "k" in x]


def log_lines(lines):
    return [x for x in lines if "k" not in x]
