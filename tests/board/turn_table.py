"""A person at the emulated table, for the turn-game scenarios (test_turn_*.py): reads
the OLED as text, presses the buttons as the games take them (short, long, the table
button, the chord that undoes), walks the menu, enrolls a deck on the card pad and taps
cards. Every wait is in the board's emulated time.

Presses (docs/games/*.md): a seat press held under 700 ms is short, one held past it is
long; the table button likewise; a chord is a seat press while the table button is held.
"""

import oled_text

SHORT_HOLD = 100
LONG_HOLD = 800  # past the buttons' long_ms (700) with room for the 1 ms scans
SETTLE = 150  # the OLED is redrawn at most every 100 ms
GAP = 120  # up between two presses: a press at its release's instant is no press at all,
# and presses that crowd in are a chattering switch to the firmware (muted for 2 s)


class Table:
    def __init__(self, board):
        self.board = board
        self._free_at = 0.0  # board ms from which the next press may come

    def press(self, seat, hold_ms):
        """``seat`` (1 = P1, or "table") down now for ``hold_ms``, after waiting for the
        last press's release and a gap."""
        b = self.board
        if b.t_ms < self._free_at:
            b.run_ms(self._free_at - b.t_ms)
        b.press(seat, hold_ms=hold_ms)
        self._free_at = b.t_ms + hold_ms + GAP

    # ----- reading ---------------------------------------------------------------

    def screen(self):
        """The OLED's 8 lines of text, read when no frame is on its way (a frame read
        while the firmware sends one is half old, half new)."""
        last = oled_text.lines(self.board.oled_frame())
        for _ in range(5):
            self.board.run_ms(20)
            now = oled_text.lines(self.board.oled_frame())
            if now == last:
                return now
            last = now
        return last

    def ring(self, seat, seats):
        """The ring pixel facing ``seat`` (1 = P1) of a ``seats`` table, as [r, g, b]
        (topper_view.ring.seat_pixel; the settings' ring offset is 0)."""
        n = len(self.board.ring())
        s = seat - 1
        return self.board.ring()[(2 * s * n + seats) // (2 * seats)]

    def tones_since(self, t_us):
        """The buzzer's tones (Hz) started since board time ``t_us``."""
        history = self.board.buzzer()["history"]  # [ns, Hz, duty] at each change
        return [round(f) for at, f, duty in history if at >= t_us * 1000 and f > 0 and duty > 0]

    def text(self):
        return "\n".join(self.screen())

    def sees(self, words):
        return words in self.text()

    def wait_for(self, *words, within_ms=2000, step_ms=50):
        """Runs until every one of ``words`` is on the screen (the app paints a press's
        result when its loop gets to it: up to a few hundred ms); returns the screen."""
        waited = 0
        while True:
            s = self.screen()
            text = "\n".join(s)
            if all(w in text for w in words):
                return s
            if waited >= within_ms:
                raise AssertionError("no %r on the OLED within %d ms: %r" % (words, within_ms, s))
            self.board.run_ms(step_ms)
            waited += step_ms

    def changed(self, before, within_ms=1500, step_ms=50):
        """Runs until the screen differs from ``before``; returns the new screen. The app
        redraws when it gets to it (a busy step paints late): a menu walk that read the
        screen too early would press twice."""
        waited = 0
        while True:
            s = self.screen()
            if s != before:
                self.board.run_ms(step_ms)  # a frame read while it was being sent
                return self.screen()
            if waited >= within_ms:
                raise AssertionError("the screen did not change within %d ms: %r" % (within_ms, s))
            self.board.run_ms(step_ms)
            waited += step_ms

    # ----- pressing ---------------------------------------------------------------

    def short(self, seat, settle=SETTLE):
        """A short press of seat ``seat`` (1 = P1)."""
        self.press(seat, SHORT_HOLD)
        self.board.run_ms(SHORT_HOLD + settle)

    def long(self, seat, settle=SETTLE):
        self.press(seat, LONG_HOLD)
        self.board.run_ms(LONG_HOLD + settle)

    def table(self, settle=SETTLE):
        self.short("table", settle)

    def table_long(self, settle=SETTLE):
        self.long("table", settle)

    def chord(self, seat, settle=SETTLE):
        """Hold the table button, press ``seat``, let go of both: a turn game's undo."""
        b = self.board
        self.press("table", 400)
        b.press(seat, at_ms=b.t_ms + 150, hold_ms=SHORT_HOLD)
        b.run_ms(400 + settle)

    # ----- the menu (topper_view.menu) ---------------------------------------------

    @staticmethod
    def _menu_line(screen, label):
        for line in screen[1:7]:
            if line.startswith(label, 1):
                return line
        return None

    def to_line(self, label):
        """Short table presses until the cursor is on the menu line ``label``."""
        s = self.wait_for("short:next long:set")  # the menu is drawn: a change is ours
        for _ in range(16):
            line = self._menu_line(s, label)
            if line is not None and line.startswith(">"):
                return line
            self.press("table", SHORT_HOLD)
            s = self.changed(s)
        raise AssertionError("no menu line %r: %r" % (label, s))

    def set_value(self, label, shown, back=False):
        """P2's button steps the menu line ``label`` on until it shows ``shown`` (P1's
        steps it back, with ``back``)."""
        line = self.to_line(label)
        for _ in range(16):
            if line.endswith(" " + shown):
                return
            before = self.screen()
            self.press(1 if back else 2, SHORT_HOLD)
            line = self._menu_line(self.changed(before), label)
        raise AssertionError("%s never shows %r: %r" % (label, shown, self.screen()))

    def choose(self, title, settings=()):
        """Game ``title`` on the Game line, each (label, shown[, back]) of ``settings``, then a
        long table press on Start game. Returns the screen the game starts on."""
        self.set_value("Game", title)
        for setting in settings:
            self.set_value(*setting)
        self.to_line("Start game")
        self.table_long(settle=300)
        # A game's start takes a few hundred ms (its modules load, the heap is collected
        # between its stages), more while a host reads the log: wait for the menu to go.
        s, waited = self.screen(), 0
        while s[0].startswith("TOPPER TABLE") and waited < 1500:
            self.board.run_ms(50)
            waited += 50
            s = self.screen()
        return s

    def end_game(self):
        """Hold the table button (END GAME?), hold it again: back to the menu."""
        self.table_long(settle=300)
        if self.screen()[0] == "END GAME?":
            self.table_long(settle=300)
        return self.wait_for("TOPPER TABLE")

    # ----- the card pad ------------------------------------------------------------

    def tap(self, uid, settle=150):
        """Lay the tag ``uid`` (hex) on the pad long enough to be read, then lift it
        and wait past the pad's 800 ms memory of the last tag (the same card tapped
        again is a new tap)."""
        b = self.board
        b.lay(uid)
        b.run_ms(settle)  # the pad is polled every 40 ms
        b.lift()
        b.run_ms(100)

    def enroll(self, uids, title="TRIPP JOKES", whole_deck=False):
        """Menu: Enroll deck for the game ``title`` (the deck's kind follows the game),
        tap ``uids`` in the deck's order (None skips a card: a short table press), then
        a long table press saves what was tapped; with ``whole_deck`` the uids go to the
        deck's last card and the board saves on its own. Returns the notice's text."""
        self.set_value("Game", title)
        self.to_line("Enroll deck")
        self.table_long()
        self.wait_for("ENROLL DECK")
        for uid in uids:
            if uid is None:
                self.table()
            else:
                self.tap(uid)
        if not whole_deck:
            self.table_long(settle=300)
        said = self.wait_for("Saved")
        self.table()  # the notice's OK: back to the menu
        return "\n".join(said)
