"""A library missing from the board's lib/ is named at boot, on the OLED (CHECK SETUP)
and in the link's hello, never left to a silent fallback: the FRAM driver with a chip
at 0x50, adafruit_pioasm with the pio slap capture, neopixel, adafruit_pn532."""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

import fakes  # noqa: E402
from _link_fakes import HostPort, ask, install_fram, remove_fram  # noqa: E402
from fakes import scenario  # noqa: E402


class _Missing:
    """A meta-path finder for which some modules are not on the board."""

    def __init__(self, names):
        self.names = set(names)

    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in self.names:
            raise ModuleNotFoundError("no module named '%s'" % name, name=name)
        return None


_blocker = None


def _without(*names):
    global _blocker
    for name in list(sys.modules):
        if name.split(".")[0] in names:
            del sys.modules[name]
    _blocker = _Missing(names)
    sys.meta_path.insert(0, _blocker)


def teardown_function(function):
    global _blocker
    if _blocker is not None:
        sys.meta_path.remove(_blocker)
        _blocker = None
    remove_fram()
    fakes.uninstall()


def _boot(env, missing=(), fram_chip=False, fram_driver=False, pn532=True):
    rig = fakes.install(oled=True, pn532=pn532, usb_data=True)
    scenario.enroll(rig)
    if fram_driver:
        install_fram(rig)
    if fram_chip:
        rig.i2c_present.add(0x50)
    blocked = tuple(missing) + (() if fram_driver else ("adafruit_fram",))
    if blocked:
        _without(*blocked)
    port = HostPort()
    sys.modules["usb_cdc"].data = port
    code = fakes.load_code()
    settings = {"TOPPER_CARDPAD": 1 if pn532 else 0}
    settings.update(env)
    app = code.make_app(settings.get, 0)
    rig.run(app, 100)
    hello = ask(rig, app, port, {"cmd": "hello"})[0]
    return rig, app, hello


def _screen_text(rig):
    return " ".join(s.strip() for s in rig.screen())


def test_an_fram_chip_without_its_driver_is_told_not_silently_left_for_flash():
    rig, app, hello = _boot({}, fram_chip=True)
    assert hello["journal"] == "nvm"
    assert hello["problems"] == ["FRAM: adafruit_fram not in lib/, saves on flash"]
    s = rig.screen()
    assert s[0] == "CHECK SETUP", s
    assert "FRAM: adafruit_fram not in lib/, saves on flash" in _screen_text(rig), s


def test_an_fram_with_its_driver_or_no_chip_at_all_is_no_problem():
    rig, app, hello = _boot({}, fram_chip=True, fram_driver=True)
    assert hello["journal"] == "fram" and hello["problems"] == []
    fakes.uninstall()
    remove_fram()
    rig, app, hello = _boot({})  # no chip, no driver: the nvm is the store meant
    assert hello["journal"] == "nvm" and hello["problems"] == []
    assert rig.screen()[0].startswith("TOPPER TABLE")


def test_pio_capture_without_adafruit_pioasm_says_it_uses_keypad():
    rig, app, hello = _boot({"TOPPER_SLAP_CAPTURE": "pio"}, missing=("adafruit_pioasm",))
    assert "pio capture: adafruit_pioasm not in lib/, using keypad" in hello["problems"]
    assert rig.screen()[0] == "CHECK SETUP"
    assert app.dev.buttons is not None  # the keypad took over: the table still plays


def test_the_ring_and_card_pad_libraries_are_named():
    rig, app, hello = _boot({}, missing=("neopixel", "adafruit_pn532"))
    assert "ring: neopixel not in lib/" in hello["problems"]
    assert "card pad: adafruit_pn532 not in lib/" in hello["problems"]
    assert rig.screen()[0] == "CHECK SETUP"
