"""The fake modules themselves. ``bind(rig)`` points them at the current test's Rig;
``modules()`` returns fresh module objects to put into ``sys.modules``."""

import sys
import types

from topper_host.virtual import keypad as vkeypad

_rig = None


def bind(rig):
    global _rig
    _rig = rig


# ----- board, microcontroller, digitalio, supervisor ---------------------------------


class Pin:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "board.%s" % self.name


class Nvm:
    """4 KB like RP2040's ``microcontroller.nvm``; keeps the writes, and counts those
    that erase the flash sector on the board: CircuitPython programs a write whose
    bytes all still read 0xFF without an erase."""

    def __init__(self, size):
        self.data = bytearray(b"\xff" * size)  # erased flash reads 0xFF
        self.writes = []
        self.erases = 0

    def __len__(self):
        return len(self.data)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return bytearray(self.data[i])
        return self.data[i]

    def __setitem__(self, i, v):
        if isinstance(i, slice):
            start, stop, step = i.indices(len(self.data))
            if step != 1 or stop - start != len(v):
                raise ValueError("nvm: slice and value lengths differ")
            if any(b != 0xFF for b in self.data[i]):
                self.erases += 1
            self.data[i] = v
            self.writes.append((start, stop))
        else:
            if self.data[i] != 0xFF:
                self.erases += 1
            self.data[i] = v
            self.writes.append((i, i + 1))


class Direction:
    INPUT = "input"
    OUTPUT = "output"


class Pull:
    UP = "up"
    DOWN = "down"


class DigitalInOut:
    def __init__(self, pin):
        self.pin = pin
        self.direction = Direction.INPUT
        self.pull = None
        self.value = True
        _rig.pins[pin.name] = self

    def switch_to_input(self, pull=None):
        self.direction = Direction.INPUT
        self.pull = pull
        self.value = pull != Pull.DOWN

    def switch_to_output(self, value=False, drive_mode=None):
        self.direction = Direction.OUTPUT
        self.value = value

    def deinit(self):
        pass


def ticks_ms():
    return _rig.now & ((1 << 29) - 1)


# ----- keypad -----------------------------------------------------------------------


# The virtual board's queue (topper_host.virtual.keypad), its clock the rig's: a change
# scripted at a stamp happens when the test's clock reaches it.
Event = vkeypad.Event


class EventQueue(vkeypad.EventQueue):
    def _now(self):
        self.arrive(_rig.now)

    def get_into(self, event):
        self._now()
        return vkeypad.EventQueue.get_into(self, event)

    def clear(self):
        self._now()
        vkeypad.EventQueue.clear(self)

    def __len__(self):
        self._now()
        return vkeypad.EventQueue.__len__(self)

    def __bool__(self):
        return len(self) > 0

    @property
    def overflowed(self):
        self._now()
        return self._overflowed


class Keys:
    def __init__(
        self,
        pins,
        *,
        value_when_pressed,
        pull=True,
        interval=0.02,
        max_events=64,
        debounce_threshold=1,
    ):
        self.pins = list(pins)
        self.value_when_pressed = value_when_pressed
        self.pull = pull
        self.interval = interval
        self.max_events = max_events
        self.debounce_threshold = debounce_threshold
        self.events = EventQueue(max_events)
        self.key_count = len(self.pins)
        _rig.keys.append(self)
        for pin, pressed, t in list(_rig.early_keys):
            for i, p in enumerate(self.pins):
                if p.name == pin:
                    self.events.schedule(i, pressed, t)
                    _rig.early_keys.remove((pin, pressed, t))

    def reset(self):
        raise AssertionError("reset() would re-report held keys as new presses")

    def deinit(self):
        pass


# ----- neopixel, pwmio ----------------------------------------------------------------


class NeoPixel:
    def __init__(self, pin, n, *, bpp=3, brightness=1.0, auto_write=True, pixel_order=None):
        self.pin = pin
        self.n = n
        self.bpp = bpp
        self.brightness = brightness
        self.auto_write = auto_write
        self._px = [(0, 0, 0)] * n
        self.shows = []  # (ms, tuple of colours) at each show()
        _rig.strips.append(self)

    def __len__(self):
        return self.n

    def __setitem__(self, i, c):
        if isinstance(i, slice):  # pixelbuf: one colour an index of the slice, no fewer
            at = range(*i.indices(self.n))
            if len(c) != len(at):
                raise ValueError("expected %d colours, got %d" % (len(at), len(c)))
            auto, self.auto_write = self.auto_write, False
            for k, v in zip(at, c):
                self[k] = v
            self.auto_write = auto
            if auto:
                self.show()
            return
        if not (0 <= i < self.n):
            raise IndexError(i)
        if isinstance(c, int) and self.bpp == 3:  # 0xRRGGBB, as pixelbuf takes it
            c = ((c >> 16) & 255, (c >> 8) & 255, c & 255)
        c = tuple(c)
        if len(c) != self.bpp or not all(isinstance(x, int) and 0 <= x <= 255 for x in c):
            raise ValueError("bad colour %r" % (c,))
        self._px[i] = c
        if self.auto_write:
            self.show()

    def __getitem__(self, i):
        return self._px[i]

    def fill(self, c):
        for i in range(self.n):
            self._px[i] = tuple(c)
        if self.auto_write:
            self.show()

    def show(self):
        self.shows.append((_rig.now, tuple(self._px)))

    def deinit(self):
        pass


class PWMOut:
    def __init__(self, pin, *, duty_cycle=0, frequency=500, variable_frequency=False):
        self.pin = pin
        self.variable_frequency = variable_frequency
        self._freq = frequency
        self._duty = duty_cycle
        self.history = [(_rig.now, frequency, duty_cycle)]
        _rig.pwms.append(self)

    @property
    def frequency(self):
        return self._freq

    @frequency.setter
    def frequency(self, hz):
        if not self.variable_frequency:
            raise ValueError("frequency is fixed (variable_frequency=False)")
        if not isinstance(hz, int) or hz <= 0:
            raise ValueError("bad frequency %r" % (hz,))
        self._freq = hz
        self.history.append((_rig.now, self._freq, self._duty))

    @property
    def duty_cycle(self):
        return self._duty

    @duty_cycle.setter
    def duty_cycle(self, d):
        if not (0 <= d <= 0xFFFF):
            raise ValueError("bad duty %r" % (d,))
        self._duty = d
        self.history.append((_rig.now, self._freq, self._duty))

    def deinit(self):
        pass


# ----- busio -------------------------------------------------------------------------


class I2C:
    def __init__(self, scl, sda, *, frequency=100000, timeout=255):
        self.scl = scl
        self.sda = sda
        self.frequency = frequency
        self.writes = []  # (address, bytes) in order
        self._locked = False
        _rig.buses.append(self)

    def try_lock(self):
        if self._locked:
            return False
        self._locked = True
        return True

    def unlock(self):
        self._locked = False

    def scan(self):
        return sorted(_rig.i2c_present)

    def _check(self, addr):
        if addr not in _rig.i2c_present:
            raise OSError(19, "No device at 0x%02x" % addr)

    def writeto(self, addr, buf, *, start=0, end=sys.maxsize):
        # Ints, as busio's own: CircuitPython raises a TypeError for end=None.
        if not isinstance(start, int) or not isinstance(end, int):
            raise TypeError("can't convert NoneType to int")
        self._check(addr)
        self.writes.append((addr, bytes(buf[start:end])))

    def readfrom_into(self, addr, buf, *, start=0, end=None):
        self._check(addr)

    def writeto_then_readfrom(self, addr, out_buf, in_buf, **kw):
        self._check(addr)

    def deinit(self):
        pass


class SPI:
    """Only named: adafruit_bus_device's type hints refer to busio.SPI."""


class UART:
    """Only named, like SPI."""


# ----- usb_cdc ---------------------------------------------------------------------


class Serial:
    def __init__(self):
        self.write_timeout = None
        self._buf = b""

    @property
    def connected(self):
        return _rig.usb_connected

    def write(self, data):
        if self.write_timeout is None:
            raise AssertionError("write_timeout None would block the game without a host")
        self._buf += bytes(data)
        while b"\n" in self._buf:
            line, self._buf = self._buf.split(b"\n", 1)
            _rig.usb_lines.append(line.decode())
        return len(data)


# ----- adafruit_pn532 ------------------------------------------------------------------


class PN532_I2C:
    """The reader at the API level of adafruit_pn532: it reports the UIDs the test put
    on ``rig.tags``, one per completed read, and records how long each call may wait."""

    def __init__(self, i2c, address=0x24, *, irq=None, reset=None, req=None, debug=False):
        if address not in _rig.i2c_present:
            raise ValueError("No I2C device at address: 0x%x" % address)
        self.i2c = i2c
        self.reset_pin = reset
        self.sam = 0
        self.listening = False
        self.waits = []  # (call, timeout)
        self.blocking_reads = 0
        _rig.pn532s.append(self)

    @property
    def firmware_version(self):
        return (0x32, 1, 6, 7)

    def SAM_configuration(self):
        self.sam += 1

    def _fault(self):
        e = _rig.pad_error
        if e is not None:
            _rig.pad_error = None
            raise e

    def listen_for_passive_target(self, card_baud=0, timeout=1):
        self.waits.append(("listen", timeout))
        self._fault()
        self.listening = True
        self._irq()
        return True

    def get_passive_target(self, timeout=1):
        self.waits.append(("get", timeout))
        self._fault()
        if not self.listening or not _rig.tags:
            return None
        self.listening = False
        uid = _rig.tags.pop(0)
        self._irq()
        return bytearray(uid)

    def read_passive_target(self, card_baud=0, timeout=1):
        self.blocking_reads += 1
        self.listen_for_passive_target(card_baud, timeout)
        return self.get_passive_target(timeout)

    def _irq(self):
        # The IRQ line goes low while a response (a found tag) is waiting.
        pin = _rig.pins.get("GP2")
        if pin is not None:
            pin.value = not (self.listening and _rig.tags)


# ----- modules ---------------------------------------------------------------------------


def _module(name, **attrs):
    m = types.ModuleType(name)
    for k, v in attrs.items():
        setattr(m, k, v)
    return m


def _quiet_pn532(name):
    """``topper_hw.quiet_pn532``'s one name: like the real module, there is none without
    adafruit_pn532 in lib/ (tests that take the library away see the card pad fail)."""
    if name != "QuietPN532":
        raise AttributeError(name)
    import adafruit_pn532.i2c

    return adafruit_pn532.i2c.PN532_I2C


def modules():
    board = _module("board")
    for i in range(30):
        setattr(board, "GP%d" % i, Pin("GP%d" % i))
    _rig.nvm = Nvm(_rig.nvm_size)
    usb = _module("usb_cdc", console=None, data=Serial() if _rig.usb_connected else None)
    pn = _module("adafruit_pn532")
    pn_i2c = _module("adafruit_pn532.i2c", PN532_I2C=PN532_I2C)
    pn.i2c = pn_i2c
    # The firmware's own frame layer under the library's API (topper_hw.quiet_pn532)
    # talks bytes on the bus: this API-level fake stands in for it too.
    quiet = _module("topper_hw.quiet_pn532", __getattr__=_quiet_pn532)
    return {
        "board": board,
        # the chip's names for the same pin objects (board.GP6 is microcontroller.pin.GPIO6)
        "microcontroller": _module(
            "microcontroller",
            Pin=Pin,
            nvm=_rig.nvm,
            pin=_module(
                "microcontroller.pin", **{"GPIO%d" % i: getattr(board, "GP%d" % i) for i in range(30)}
            ),
        ),
        "digitalio": _module(
            "digitalio", DigitalInOut=DigitalInOut, Direction=Direction, Pull=Pull
        ),
        "supervisor": _module("supervisor", ticks_ms=ticks_ms),
        "keypad": _module("keypad", Keys=Keys, Event=Event, EventQueue=EventQueue),
        "neopixel": _module("neopixel", NeoPixel=NeoPixel),
        "pwmio": _module("pwmio", PWMOut=PWMOut),
        "busio": _module("busio", I2C=I2C, SPI=SPI, UART=UART),
        "usb_cdc": usb,
        "adafruit_pn532": pn,
        "adafruit_pn532.i2c": pn_i2c,
        "topper_hw.quiet_pn532": quiet,
    }
