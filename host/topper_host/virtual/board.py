"""The device's ``topper_app.App`` wired to virtual parts, and a clock to step it by.

``VirtualBoard(settings)`` reads the same TOPPER_* settings as settings.toml (through
``topper_hw.settings``) and builds what ``topper_hw.devices.build`` builds on the
board, with the firmware's own drivers over ``topper_host.virtual.parts``: the buttons
on two virtual ``keypad`` scanners (seats, table), the ring on a NeoPixel strip, the
buzzer on a PWM pin, the OLED on an I2C bus, the card pad on a PN532, the deck map
and the power-cut saves in a 4 KB nvm. Then ``App`` is the firmware's, unchanged.

A host is always listening: the event log goes to ``log`` (a line sink), and after
every step to each of ``watchers`` (the simulator's bots, its commentary).

The owner holds the clock: ``press``, ``table``, ``chord`` and ``tap`` schedule what a
hand does at a stamp, ``run(until)`` steps the app every ``STEP_MS`` up to it, as the
board's loop does, and ``lines``, ``screen``, ``ring`` and ``tone`` read what the
device shows. The nvm can live in a file (``nvm_path``): a game cut off by closing
the simulator resumes when it starts again, as on the board after a power cut; or
its bytes are handed in (``nvm``) by an owner that keeps them elsewhere.
"""

import os

from topper import games
from topper.rng import Rng
from topper.games.slap.engine import Phase
from topper_app.modes import ENROLL_MODE, GAME, MENU

from topper_host.virtual import deck, keypad, parts


STEP_MS = 5  # the board's loop takes a few ms a turn; the keypad stamps each press itself
TAP_MS = 80  # a seat or table press
LONG_MS = 900  # held past the buttons' long-press time (700 ms)
NVM_SIZE = 4096  # microcontroller.nvm on the RP2040

# The settings a table gets from settings.toml when it writes nothing else.
DEFAULTS = {"TOPPER_SEATS": 4, "TOPPER_CARDPAD": 1}


class LogSink:
    """The event log's line sink (``usb_cdc.data`` on the board): every line to
    ``write`` (a file's, or a list's ``append``), as if a host were listening, and to
    ``heard`` for the board's watchers."""

    def __init__(self, write):
        self.write = write
        self.lines = 0
        self.heard = []

    def connected(self):
        return True

    def __call__(self, line):
        self.lines += 1
        self.heard.append(line)
        if self.write is not None:
            self.write(line)


class VirtualBoard:
    def __init__(self, settings=None, now=0, log=None, nvm_path=None, seed=1, nvm=None):
        keypad.install()  # before topper_hw.buttons is imported
        from topper_app.app import App
        from topper_hw import buttons, buzzer, cardpad, devices, nvstore, oled, pixels
        from topper_hw import settings as settings_parser
        from topper_view import screen

        env = dict(DEFAULTS)
        env.update(settings or {})
        cfg, problems = settings_parser.load(env.get)
        self.cfg = cfg
        self.now = now
        self.lines = [""] * screen.LINES  # what the OLED shows, as text
        seats = len(cfg["seat_pins"])
        self.seat_keys = keypad.Keys(seats)
        self.table_keys = keypad.Keys(1, 16)
        self.strip = parts.Strip(cfg["pixels"])
        self.pwm = parts.Pwm()
        self.i2c = parts.I2C(cfg["oled_addr"])
        self.pn532 = parts.Pn532()
        self.nvm_path = nvm_path
        self.nvm = bytearray(NVM_SIZE)
        if nvm_path is not None and os.path.exists(nvm_path):
            with open(nvm_path, "rb") as f:
                data = f.read(NVM_SIZE)
            self.nvm[0 : len(data)] = data
        elif nvm is not None:  # kept by its owner elsewhere (the browser page's storage)
            self.nvm[0 : min(len(nvm), NVM_SIZE)] = nvm[0:NVM_SIZE]
        self._nvm_kept = bytes(self.nvm)

        def paint(surface, lines, rows):
            self.lines = list(lines)
            screen.paint(surface, lines, rows)

        d = devices.Devices()
        d.buttons = buttons.Buttons(buttons.KeypadSeats(self.seat_keys), self.table_keys, seats, now)
        d.ring = pixels.Ring(self.strip, cfg["pixels"], cfg["ring_offset"], cfg["ring_reverse"])
        d.buzzer = buzzer.Buzzer(self.pwm, cfg["sound"])
        d.i2c = self.i2c
        d.oled = oled.Oled(self.i2c, paint, cfg["oled_addr"], cfg["oled_flip"])
        d.pad = cardpad.CardPad(self.pn532)
        d.store = nvstore.DeckStore(self.nvm)
        d.log = LogSink(log)
        # A race stays open as long as on the keypad board these settings describe, so
        # that its rulings are the board's to the ms.
        d.settle_ms = devices.race_settle_ms(cfg, "keypad")
        self.watchers = []  # f(lines, now) after every step: the log lines it wrote
        self.dev = d
        self.store = d.store
        self.enrolled = None  # the deck kind of the menu's game, whose tags are in hand
        self._tags = {}  # its tags: card -> the uid of each copy
        self._copies = {}  # card -> the copy tapped last (each copy is its own tag)
        self._draw = Rng(seed)  # tap_due's cards: a face-down hand's next card
        for kind in (deck.TRIPLE, deck.STANDARD):
            deck.enroll(d.store, kind)
        self._follow_menu(games.offered(cfg["game"], []))
        self.app = App(cfg, d, now, problems)

    # ----- the clock --------------------------------------------------------------

    def step(self, now):
        self.seat_keys.events.arrive(now)
        self.table_keys.events.arrive(now)
        if self.app.mode == MENU:  # the table takes the deck of the game chosen
            self._follow_menu(self.app.menu.game)
        self.app.step(now)
        self.now = now
        log = self.dev.log
        heard = log.heard
        log.heard = []
        for w in self.watchers:
            w(heard, now)

    def run(self, until, every=STEP_MS):
        """Step every ``every`` ms from now up to ``until`` (inclusive)."""
        while self.now < until:
            self.step(min(until, self.now + every))

    def wait(self, ms):
        self.run(self.now + ms)

    # ----- hands ------------------------------------------------------------------

    def press(self, seat, t=None, hold=TAP_MS):
        """Seat ``seat`` (0-based) goes down at ``t`` (default: the next ms) and up
        ``hold`` ms later."""
        t = self.now + 1 if t is None else t
        self.seat_keys.events.schedule(seat, True, t)
        self.seat_keys.events.schedule(seat, False, t + hold)
        return t

    def table(self, t=None, hold=TAP_MS):
        t = self.now + 1 if t is None else t
        self.table_keys.events.schedule(0, True, t)
        self.table_keys.events.schedule(0, False, t + hold)
        return t

    def chord(self, seat, t=None):
        """The table button held while ``seat`` presses (blind play: out / back in)."""
        t = self.now + 1 if t is None else t
        self.table_keys.events.schedule(0, True, t)
        self.press(seat, t + 60)
        self.table_keys.events.schedule(0, False, t + 60 + TAP_MS + 40)
        return t

    def tap(self, card):
        """The card ``card`` (a code of the enrolled deck's kind) tapped on the pad:
        each tap uses the next copy's tag, so that the same card twice in a row is two
        reads, not one card resting on the pad."""
        copies = self._tags.get(card)
        if not copies:
            raise ValueError("no such card in the enrolled deck: %r" % (card,))
        copy = (self._copies.get(card, -1) + 1) % len(copies)
        self._copies[card] = copy
        self.pn532.put(copies[copy])

    def tap_named(self, text):
        """The card named ``text`` ("3RC", "QH") tapped on the pad; ValueError (its
        message for the screen) for a name that is no card of the enrolled deck."""
        from topper import cards, stdcards

        parse = stdcards.parse if self.enrolled == deck.STANDARD else cards.parse
        self.tap(parse(text))

    def turn_game(self):
        """A turn game is on (or, in the menu, the last game was one)."""
        app = self.app
        return app.game is not None and games.is_turn(app.game["game"])

    def pad_slap_game(self):
        """A slap game judged from the card pad is on (not blind play, not a turn game):
        where ``tap_due`` lays cards and the bots play."""
        app = self.app
        if app.ref is None or app.mode != GAME:
            return False
        return app.game["cardpad"] and not games.is_turn(app.game["game"]) and app.deck is not None

    def due_seat(self):
        """In a slap game with the pad: the seat to lay next (after a won pot, its
        winner, who gathers it by leading)."""
        g = self.app.ref.game
        return g.award_to if g.phase == Phase.AWARDED else g.turn

    def tap_due(self):
        """Enrolling a deck: the card the screen asks for is tapped. A slap game with
        the pad: the seat due to lay turns up its top card and taps it. Which card: one
        of those not on the pile, drawn with the board's own seeded generator (the
        hands are face down: neither the device nor the table knows them). Returns
        None, or why no card was tapped (for the screen)."""
        app = self.app
        if app.mode == ENROLL_MODE and app.enrolling is not None:
            card = app.enrolling.next_card()
            if card is None:
                return "every card is enrolled"
            self._follow_menu(app.menu.game)  # the deck the enrollment asks for
            self.tap(card)
            return None
        if not self.pad_slap_game():
            return "t taps in a slap game with the card pad; ':' types any card"
        g = app.ref.game
        if g.phase == Phase.OVER:
            return "the game is over"
        seat = self.due_seat()
        if seat < 0 or not g.stacks[seat]:
            return "P%d has no cards to lay" % (seat + 1)
        pool = list(g.deck)
        for c in g.pot:
            if c in pool:
                pool.remove(c)
        self.tap(pool[self._draw.below(len(pool))])
        return None

    def _follow_menu(self, game):
        """The deck of the game ``game`` on the table: its tags in hand."""
        kind = deck.for_game(game)
        if kind != self.enrolled:
            self._tags = deck.tags(kind)
            self.enrolled = kind

    # ----- what the device shows ------------------------------------------------------

    def screen(self):
        """The OLED's picture: what the driver wrote into the display."""
        return parts.Screen(self.i2c.ram)

    def ring(self):
        """The ring's colours, pixel 0 facing P1 (the ring's mounting undone)."""
        shown = self.strip.colors()
        r = self.dev.ring
        return [shown[r.physical(i)] for i in range(r.n)]

    def tone(self):
        return self.pwm.tone()

    # ----- power ------------------------------------------------------------------

    def keep_nvm(self):
        """Write the nvm to ``nvm_path`` if it changed (the simulator calls it now and
        then and at the end: closing the window is a power cut)."""
        if self.nvm_path is None:
            return False
        data = bytes(self.nvm)
        if data == self._nvm_kept:
            return False
        tmp = self.nvm_path + ".tmp"
        with open(tmp, "wb") as f:
            f.write(data)
        os.replace(tmp, self.nvm_path)
        self._nvm_kept = data
        return True
