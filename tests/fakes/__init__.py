"""Recording fakes of the CircuitPython modules the firmware imports.

``install()`` puts fresh fake ``board``, ``digitalio``, ``keypad``, ``neopixel``,
``busio``, ``pwmio``, ``usb_cdc``, ``microcontroller``, ``supervisor`` and
``adafruit_pn532`` modules into ``sys.modules`` (as KMK's tests do), forgets any
firmware module imported against earlier fakes, and returns a ``Rig``: the test's
handle on the clock and on what every fake was given. The firmware's own SSD1306
driver writes to the fake I2C bus, which keeps every byte, so tests read back the very
frames a display would get (``fakes.oledread`` turns them into text again).

The fakes record, they do not accept anything: keypad events come out only once the
clock reaches their stamp, the queue overflows like the real one (the newest event
is dropped and ``overflowed`` set), an I2C write to an address with no device raises
OSError, and the PN532 answers only what the test scripted.
"""

import importlib
import pathlib
import sys

from fakes import circuitpython as cp
from fakes import gate as fakegate
from fakes.rig import Rig

ROOT = pathlib.Path(__file__).resolve().parents[2]
FIRMWARE = ROOT / "firmware"
LIB = FIRMWARE / "lib"
if str(LIB) not in sys.path:
    sys.path.insert(0, str(LIB))

_FIRMWARE_PREFIXES = ("topper_hw", "topper_view", "topper_app")


_saved = None  # the sys.modules entries the fakes replaced, to put back


def install(oled=True, pn532=False, usb_data=False, nvm_size=4096, gate=False):
    """Fresh fakes; returns the Rig. ``oled``/``pn532``: whether those I2C devices
    answer; ``usb_data``: a connected second USB serial port; ``gate``: the image has
    the slap gate (``fakes.gate``). Call ``uninstall()``
    after the test (``teardown_function``) so other tests see the real modules."""
    global _saved
    _forget_firmware()
    rig = Rig(nvm_size)
    if oled:
        rig.i2c_present.add(0x3C)
    if pn532:
        rig.i2c_present.add(0x24)
    rig.usb_connected = usb_data
    cp.bind(rig)
    fakegate.bind(rig)
    fresh = cp.modules()
    gate_modules = fakegate.modules()
    if gate:
        fresh.update(gate_modules)
    else:
        for name in gate_modules:  # absent, as on a stock image: put back at uninstall
            fresh[name] = None
    if _saved is None:
        _saved = {}
        for name in fresh:
            _saved[name] = sys.modules.get(name)
    for name, module in fresh.items():
        if module is None:
            sys.modules.pop(name, None)
        else:
            sys.modules[name] = module
    return rig


def uninstall():
    """Put back the modules the fakes replaced and forget firmware built on them."""
    global _saved
    _forget_firmware()
    if _saved is None:
        return
    for name, module in _saved.items():
        if module is None:
            sys.modules.pop(name, None)
        else:
            sys.modules[name] = module
    _saved = None


def _forget_firmware():
    for name in list(sys.modules):
        if name.startswith(_FIRMWARE_PREFIXES):
            del sys.modules[name]


def load_code():
    """The device application module (``topper_app.app``, what code.py starts), imported
    afresh against the fakes that ``install()`` put in place."""
    return importlib.import_module("topper_app.app")
