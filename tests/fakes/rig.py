"""The test's side of the fakes: a clock, scripting helpers and what was recorded."""

from fakes import oledread

SEAT_PINS = ("GP6", "GP7", "GP8", "GP9", "GP10", "GP11", "GP12", "GP13")
TABLE_PIN = "GP14"


class Rig:
    def __init__(self, nvm_size):
        self.now = 0
        self.keys = []  # every fake keypad.Keys made
        self.early_keys = []  # key changes scripted before their scanner existed
        self.strips = []  # every fake NeoPixel
        self.gates = []  # every fake slapgate.Gate
        self.pwms = []
        self.buses = []
        self.pn532s = []
        self.pins = {}  # DigitalInOut by pin name
        self.i2c_present = set()
        self.usb_connected = False
        self.usb_lines = []
        self.nvm = None
        self.nvm_size = nvm_size
        # PN532 script: UIDs the reader will report, one per completed read
        self.tags = []
        self.pad_error = None  # an exception the next reader call raises

    # ----- time -------------------------------------------------------------------

    def run(self, app, until, every=5):
        """Step ``app`` every ``every`` ms from now up to ``until`` (inclusive)."""
        while self.now < until:
            self.now = min(until, self.now + every)
            app.step(self.now)

    # ----- buttons -----------------------------------------------------------------

    def _key(self, pin):
        for keys in reversed(self.keys):  # the newest scanner (an app made again)
            for i, p in enumerate(keys.pins):
                if p.name == pin:
                    return keys, i
        raise AssertionError("no keypad.Keys scans pin %s" % pin)

    def key(self, pin, pressed, t):
        """Script a key change at ``t``. Before the firmware has made its scanners
        (a button held at power-up), the change waits for the scanner of that pin."""
        if pressed:
            for g in self.gates:
                g.edge(pin, t)
        for keys in reversed(self.keys):  # the newest scanner (an app made again)
            for i, p in enumerate(keys.pins):
                if p.name == pin:
                    keys.events.schedule(i, pressed, t)
                    return
        self.early_keys.append((pin, pressed, t))

    def press(self, seat, t, hold=80):
        """Seat ``seat`` (0-based) goes down at ``t`` and up ``hold`` ms later."""
        self.key(SEAT_PINS[seat], True, t)
        if hold is not None:
            self.key(SEAT_PINS[seat], False, t + hold)

    def table(self, t, hold=100):
        self.key(TABLE_PIN, True, t)
        if hold is not None:
            self.key(TABLE_PIN, False, t + hold)

    def keys_for(self, pin):
        return self._key(pin)[0]

    # ----- card pad ---------------------------------------------------------------

    def tap(self, uid, reads=1):
        """A tag on the pad for ``reads`` consecutive reads (a card resting there)."""
        for _ in range(reads):
            self.tags.append(bytes(uid))

    # ----- what was shown ---------------------------------------------------------

    def strip(self):
        assert self.strips, "no NeoPixel strip was made"
        return self.strips[-1]

    def ring(self):
        """The colours the ring showed last (as sent at show())."""
        shows = self.strip().shows
        assert shows, "the ring was never shown"
        return list(shows[-1][1])

    def oled_writes(self):
        out = []
        for bus in self.buses:
            for addr, data in bus.writes:
                if addr == 0x3C:
                    out.append(data)
        return out

    def oled_frames(self):
        """The display's RAM (1024 pixel bytes) after each data write: the driver
        sends a whole frame at first, then only the pages of the lines that changed,
        so each is read through a model of the panel's RAM and its address window."""
        from topper_host.virtual.parts import Ssd1306Ram

        panel = Ssd1306Ram()
        out = []
        for w in self.oled_writes():
            panel.write(w)
            if w[:1] == b"\x40":
                out.append(bytes(panel.ram))
        return out

    def screen(self):
        """The OLED's last frame read back as 8 lines of text."""
        frames = self.oled_frames()
        assert frames, "nothing was sent to the OLED"
        return oledread.text(frames[-1])

    def screens(self):
        return [oledread.text(f) for f in self.oled_frames()]

    def pwm(self):
        assert self.pwms, "no PWMOut was made"
        return self.pwms[-1]

    def tones(self, since=0):
        """Frequencies that sounded (duty on) at or after ``since`` ms, in order."""
        out = []
        pwm = self.pwm()
        for t, freq, duty in pwm.history:
            if t >= since and duty > 0 and (not out or out[-1] != freq):
                out.append(freq)
        return out
