"""Topper Table: the device application.

``make_app`` builds the drivers from settings.toml and an ``App`` over them;
``topper_app.main.run`` calls ``App.step(now)`` for ever. Tests build an ``App`` over
recording fakes and call ``step`` with a scripted clock (tests/host/test_firmware*.py);
the emulated board runs it frozen into the firmware image (tests/board/).

One step: read the buttons (presses keep the stamp the scanner took) and the card
pad, feed them to the menu or to the referee, let the referee's timers run to now,
then draw the ring and the OLED and move the buzzer along. The referee is imported
only when a game starts. No input can stop the loop: an error is shown and played,
and the device goes on.

A slap game (World War 3, Armageddon) is judged by ``topper.games.slap.pad`` (or the blind
referee); a turn-based game (``topper.games``) by its ``topper.turnref`` referee,
which takes short and long seat presses, the table's short press, chords and the
pad's cards, and is drawn by ``topper_view.turns``.
"""

import gc
import os
import sys

from topper_hw import buttons as btn
from topper_hw import devices
from topper_hw.nvstore import StoreError, uid_key
from topper_view import effects, ring, screen, sounds
from topper.games import is_turn
from topper_view.menu import ENROLL, START, Menu
from topper_app.heapwatch import free_heap

MENU = 0
STARTER = 1  # waiting for the first starter's seat button
GAME = 2
QUIT = 3  # "end the game?" asked
ENROLL_MODE = 4
NOTICE = 5  # a message screen until the table button is pressed
MODE_NAMES = ("menu", "starter", "game", "quit", "enroll", "notice")  # for the serial link

OLED_MS = 100  # the screen is redrawn at most this often (a full frame is ~25 ms of I2C)
RING_MS = 20
RACE_QUIET_MS = 4  # after a seat's press: no OLED frame, no log JSON (App._racing)
MAX_FAILS = 5  # unexpected errors in a row before a game is given up
LOW_MEMORY_STOP = 3  # shortages close together before a game is stopped (saved)
LOW_MEMORY_CLEAR_MS = 2000  # this long without one and the count starts again
# Free heap after collecting below which a game cannot go on (a slap and its rulings,
# the view, the OLED's lines take a few KB): it stops at once, saved.
LOW_MEMORY_FLOOR = 8192
# The serial link's session (made when a host first opens the port) outlives games.
LINK_MODULES = ("topper.session", "topper.gamelog", "topper.protocol")


def make_referee(cfg, seed):
    """The referee for the chosen game, imported only now (heap: one game at a time).

    With the card pad the full-knowledge ``SlapReferee`` judges every card the pad
    reads. Without it (RULES.md section 8) the device cannot see cards: the blind
    referee ranks slaps, keeps turns, lockouts and timers, and the table judges each
    slap with the table button."""
    if cfg["cardpad"]:
        from topper.games.slap.pad import SlapReferee
        from topper.games.slap.engine import SlapGame

        g = SlapGame(cfg["game"], cfg["seats"], cfg["jokers"])
        ref = SlapReferee(g, seed=seed, hurry_ms=cfg["hurry_ms"])
        ref.recycle = True  # its slap rulings are reused records: App._log copies them
        return ref
    from topper.games.slap.blind import BlindSlapReferee

    blind = BlindSlapReferee(cfg["game"], cfg["seats"], seed=seed, hurry_ms=cfg["hurry_ms"])
    blind.recycle = True  # as the card referee's
    return blind


def turn_module(game):
    """``topper.turn_<game>``, imported only now (heap: one game at a time), without
    importlib (CircuitPython has none): ``__import__`` gives the package, the module
    itself is in ``sys.modules``."""
    import sys

    from topper import games

    name = games.find(game)[4]
    __import__(name)
    return sys.modules[name]


def turn_seats(game):
    from topper import games

    return games.find(game)[2]


def make_turn_referee(cfg, seed):
    """The chosen turn game's referee, not started: the pad's cards when it is on,
    else the buttons (topper.gamekit.Entry)."""
    from topper.gamekit import Entry

    control = None
    if cfg["control"] is not None:
        from topper.clock import TimeControl

        kind, base, extra = cfg["control"]
        control = TimeControl(kind, base, extra)
    entry = Entry.PAD if cfg["cardpad"] else Entry.BUTTONS
    mod = turn_module(cfg["game"])
    if getattr(mod, "SECRETS", False):
        # The seed is the start press's stamp, which the log shows: the seals' salts
        # come from a key nobody can see instead (topper.commit.KeyedSalts).
        return mod.make(cfg["seats"], entry, seed, control, cfg["options"], salt_key())
    return mod.make(cfg["seats"], entry, seed, control, cfg["options"])


def salt_key():
    """16 bytes from the board's true random generator as hex, or None (salts from the
    seed, as in the simulator) on a port without one."""
    from topper.commit import to_hex

    try:
        return to_hex(os.urandom(16))
    except (AttributeError, NotImplementedError, OSError):
        return None


class App:
    def __init__(self, cfg, dev, now, problems=()):
        self.cfg = cfg
        self.dev = dev
        self.menu = Menu(
            cfg["game"],
            cfg["seats"],
            cfg["jokers"],
            cfg["hurry_ms"],
            cfg["cardpad"] and dev.pad is not None,
        )
        self.fx = effects.Effects()
        self.mode = MENU
        self.game = None  # the settings of the game being played (menu.config())
        self.ref = None
        self.cards = None  # topper.cards, imported with the game
        self.deck = None  # tag key -> card code
        self.enrolling = None
        self.notice = None
        self.after = MENU
        self.fails = 0
        self.short = 0  # shortages of memory close together (low_memory)
        self._short_t = 0
        self.blind = False
        self.turn = False  # the game being played is a turn-based one (topper.turnref)
        self._turn_was = (-1, False)  # its view's (turn, over) after the last rulings
        self._quit_armed = False  # blind play: a long press asks to quit on release
        self._save_warned = 0  # how many save failures the table has been told of
        # each seat's slap reaction times, for the game-over screen (pad slap games only:
        # blind play cannot tell a slappable pile); since the start or the last resume
        self.reactions = None
        self._oled_at = None
        self._ring_at = None
        self._px = [ring.OFF] * cfg["pixels"]  # a slap game's ring frame, rewritten each time
        self._screen = [""] * screen.LINES  # and its slap screens' lines (screen.game's out)
        self._save_due = None  # a ruling's time when the game is to be saved whole
        self._log_due = []  # log objects waiting for the end of the step (_flush_log)
        self._log_copy = False  # a slap ruling among them is still the referee's record
        self._race_at = None  # when a seat was last pressed (_racing)
        self._hurry_left = -1
        self._enroll_last = ""
        self._card_name = None  # enrollment: a card's code and its words (the deck's kind)
        self._card_text = None
        # The power-cut journal and the serial link (docs/power-cut.md, serial-protocol.md).
        from topper_app import gamesave
        from topper_hw import journal_store, link

        nvm = dev.store.nvm if dev.store is not None else None
        self.save = gamesave.GameSave(journal_store.open_store(dev.i2c, nvm))
        self.link = link.open_link(self, self.save.kind)
        if self.link is not None:
            dev.log = self.link  # the link keeps the game's log and streams it
        problems = list(problems) + dev.problems
        if dev.buttons is None:
            self._notice("NO BUTTONS", "; ".join(problems), MENU, "check wiring")
        elif problems:
            self._notice("CHECK SETUP", "; ".join(problems), MENU)
        self._resident = set(sys.modules)  # what a game leaves loaded is dropped at its end
        if dev.buttons is not None:
            self._resume(now)

    # ----- the loop ----------------------------------------------------------------

    def step(self, now):
        try:
            self._input(now)
            if self.turn and (self.mode == GAME or self.mode == QUIT):
                self._turn_rulings(self.ref.tick(now), now, event="tick")
            elif self.mode == GAME or self.mode == QUIT:
                self._rulings(self.ref.tick(now), now, "tick")
            self.fails = 0
        except MemoryError:
            raise  # topper_app.main lets go of its reserve, then low_memory()
        except Exception as e:  # never let an input end the loop
            self._failed(e, now)
        try:
            self.save.step(now)  # the nvm journal's once-a-second write
            self._save_trouble(now)
            if self.link is not None:
                self.link.step(now)
        except MemoryError:
            raise
        except Exception as e:
            self.fx.fail("link: %s" % (e,), now)
        try:
            self._output(now)
        except MemoryError:
            raise
        except Exception as e:
            self.fx.fail("display: %s" % (e,), now)
        try:
            if self._log_copy:
                self._keep_log()
            if not self._racing(now):
                self._flush_log()
        except MemoryError:
            raise
        except Exception as e:
            self.fx.fail("link: %s" % (e,), now)
        if self._save_due is not None:
            self._save_rulings()
        if self.short and _due(self._short_t, now, LOW_MEMORY_CLEAR_MS):
            self.short = 0  # steps have gone through for a while: memory is back

    def low_memory(self, now):
        """The heap ran out during a step (topper_app.main has collected and let go of
        its reserve). The game is saved as it stands and the table and the host are
        told. Memory still short after collecting (under LOW_MEMORY_FLOOR), or short
        again and again (LOW_MEMORY_STOP times, each within LOW_MEMORY_CLEAR_MS of the
        last): the game stops, still saved, so that a restart resumes it."""
        self.short += 1
        self._short_t = now
        # Nothing cached is worth dropping (views, lines and frames are made afresh each
        # step): what comes back is the step's garbage and the reserve main let go.
        gc.collect()
        playing = self.ref is not None and (self.mode == GAME or self.mode == QUIT)
        if playing:
            self._save_now(now)
        if self.link is not None:
            self.link.notice({"k": "low_memory", "t": now, "free": free_heap()})
        if self.ref is not None and (self.short >= LOW_MEMORY_STOP or free_heap() < LOW_MEMORY_FLOOR):
            self.ref = None
            self.deck = None
            self._turn_off()
            self._drop_game_modules()
            self._notice("LOW MEMORY", "Game saved. Switch off and on to play on.", MENU)
        elif playing:
            self.fx.fail("LOW MEMORY: game saved", now)
        else:
            back = self.after if self.mode == NOTICE else self.mode
            self._notice("LOW MEMORY", "The board is short of memory.", back)
        self._sound(sounds.ERROR, now)

    def _save_rulings(self):
        """A blind or turn game is saved whole after the step that ruled, once its ring
        and OLED are out: a save writes flash (tens of ms), and a slap's winner should
        not wait for it. A cut in between loses only that step."""
        t, self._save_due = self._save_due, None
        if self.ref is None or not (self.mode == GAME or self.mode == QUIT):
            return
        try:
            if self.turn:
                self.save.save_whole(self._snapshot(t), t)
            elif self.blind:
                self.save.save_whole(self._blind_snapshot(t), t)
        except MemoryError:
            raise
        except Exception as e:
            self.fx.fail("save: %s" % (e,), t)

    def _save_now(self, now):
        """A blind or turn game is saved whole now; a card game's journal already holds
        every event (topper_app.gamesave)."""
        try:
            if self.turn:
                self.save.save_whole(self._snapshot(now), now)
            elif self.blind:
                self.save.save_whole(self._blind_snapshot(now), now)
        except MemoryError:
            gc.collect()  # the last save stands

    def _failed(self, e, now):
        self.fails += 1
        self.fx.fail("error: %s" % (e,), now)
        self._sound(sounds.ERROR, now)
        if self.fails >= MAX_FAILS:
            self.fails = 0
            self.ref = None
            self._turn_off()
            self._notice("ERROR", "%s: %s" % (type(e).__name__, e), MENU)

    def _input(self, now):
        if self.dev.buttons is not None:
            for kind, seat, t, us in self.dev.buttons.poll(now):
                self._button(kind, seat, t, us, now)
        reading = self.mode == ENROLL_MODE or (self.mode == GAME and not self.blind and self.deck is not None)
        if self.dev.pad is not None and reading:
            e = self.dev.pad.poll(now)
            if e is not None:
                self._pad(e, now)

    # ----- buttons -------------------------------------------------------------------

    def _button(self, kind, seat, t, us, now):
        if kind == btn.OVERFLOW:
            self._warn("busy: presses lost", t)
            return
        if kind == btn.STUCK:
            who = "table" if seat < 0 else "P%d" % (seat + 1)
            self._warn("%s button held down" % who, t)
            return
        if kind == btn.CHATTER:
            self._warn("P%d button faulty: muted" % (seat + 1), t)
            return
        if self._asked() and (kind == btn.TABLE_SHORT or kind == btn.TABLE_LONG):
            self.link.answer(kind == btn.TABLE_SHORT, now)  # the host's question
            return
        mode = self.mode
        if kind == btn.CHORD and not (mode == GAME and (self.blind or self.turn)):
            kind = btn.SEAT  # a chord only means something in blind play and turn games
        if (kind == btn.SEAT_SHORT or kind == btn.SEAT_LONG) and not (mode == GAME and self.turn):
            return  # a turn game's presses; the buttons report them only while one is on
        if mode == MENU:
            self._menu_button(kind, seat, now)
        elif mode == STARTER:
            if kind == btn.SEAT and seat < self.game["seats"]:
                self._begin(seat, t)
            elif kind == btn.TABLE_LONG:
                self.mode = MENU
        elif mode == GAME:
            self._game_button(kind, seat, t, us, now)
        elif mode == QUIT:
            if kind == btn.TABLE_LONG:
                self._end_game()
            elif kind == btn.TABLE_SHORT or kind == btn.SEAT:
                self.mode = GAME
                if self.turn:
                    self._log_event("resume", t)
                    self._turn_rulings(self.ref.resume(t), t)
                elif kind == btn.SEAT:
                    self._game_button(kind, seat, t, us, now)
        elif mode == ENROLL_MODE:
            self._enroll_button(kind, seat, now)
        elif mode == NOTICE:
            if kind == btn.TABLE_SHORT or kind == btn.TABLE_LONG:
                self.mode = self.after
                self._sound(sounds.CLICK, now)

    def _menu_button(self, kind, seat, now):
        m = self.menu
        if kind == btn.TABLE_SHORT:
            m.short()
        elif kind == btn.SEAT:
            m.seat(seat)
        elif kind == btn.TABLE_LONG:
            act = m.long()
            if act == START:
                self._start(now)
                return
            if act == ENROLL:
                self._enroll(now)
                return
        self._sound(sounds.CLICK, now)

    def _game_button(self, kind, seat, t, us, now):
        if self.turn:
            self._turn_button(kind, seat, t, now)
            return
        ref = self.ref
        if kind == btn.SEAT:
            if seat < self.game["seats"]:
                if self._race_at is None:
                    # a race may be open: keep the next steps short. The quiet starts at
                    # the first press of a burst and is not pushed back by later ones,
                    # so a chattering button cannot starve the screen and the log.
                    self._race_at = now
                if self._logging():  # (the call's keywords would make a dict)
                    self._log_event("press", t, seat=seat, us=us)
                self._rulings(ref.press(seat, t, us), now)
            return
        over = ref.view(now)["winner"] >= 0
        if self.blind and not over:
            self._blind_button(kind, seat, t, now)
        elif kind == btn.TABLE_SHORT:
            if self.fx.slap is not None:
                self.fx.slap_t = now  # show the last slap's ruling again
        elif kind == btn.TABLE_LONG:
            if over:
                self._end_game()
            else:
                self.mode = QUIT

    def _blind_button(self, kind, seat, t, now):
        ref = self.ref
        if kind == btn.TABLE_SHORT:
            self._log_event("table", t)
            self._rulings(ref.table(t), now)
        elif kind == btn.TABLE_LONG:
            if ref.pending >= 0:
                self._log_event("table", t, long=True)
                self._rulings(ref.table(t, long=True), now)
            else:
                self._quit_armed = True
        elif kind == btn.TABLE_END:
            if self._quit_armed:
                self._quit_armed = False
                self.mode = QUIT
        elif kind == btn.CHORD and seat < self.game["seats"]:
            self._quit_armed = False
            self._log_event("out", t, seat=seat)
            self._rulings(ref.toggle_out(seat, t), now)

    # ----- card pad ------------------------------------------------------------------

    def _pad(self, e, now):
        what, data, t = e
        if what == "error":
            self._warn(data, t)
            return
        if self.mode == ENROLL_MODE:
            self._enroll_tag(data, now)
            return
        card = self.deck.get(uid_key(data))
        if card is None:
            self._warn("unknown card tag", t)
            return
        if self.turn:
            # The log names a card only where the game lays it face up for all to see
            # (public_card); elsewhere it says a card was read, never which: a pad card
            # may be a secret (docs/event-log.md).
            name = self.ref.public_card(card)
            if name is None:
                self._log_event("card", t)
            else:
                self._log_event("card", t, card=name)
            self._turn_rulings(self.ref.card(card, t), t)
            return
        self._log_event("lay", t, card=self.cards.format_card(card))
        self._rulings(self.ref.lay(t, card=card), now)

    # ----- games ---------------------------------------------------------------------

    def _start(self, now, seed=None):
        cfg = self.menu.config()
        if is_turn(cfg["game"]):
            self._start_turn(cfg, now, seed)
            return
        self.game = cfg
        self.blind = not cfg["cardpad"]
        if self.blind:
            self.mode = STARTER
            return
        if self.dev.pad is None and not devices.open_pad(self.dev, self.cfg):
            self._notice("CARD PAD", self.dev.problems[-1], MENU)
            self._sound(sounds.ERROR, now)
            return
        try:
            deck, finished = self.dev.store.load()
        except StoreError as e:
            self._notice("CARD PAD", "%s. Menu: Enroll deck." % (e,), MENU)
            self._sound(sounds.ERROR, now)
            return
        from topper import cards

        self.cards = cards
        need = cards.squares_deck(0) if cfg["game"] == "ww3" else cards.full_deck(0)
        have = {}
        for k in deck:
            have[deck[k]] = True
        missing = len([c for c in need if c not in have])
        self.deck = deck
        self.mode = STARTER
        if missing or not finished:
            self._notice(
                "CARD PAD",
                "The enrolled deck lacks %d cards of this game; they will read as unknown." % missing,
                STARTER,
            )

    def _begin(self, seat, t):
        cfg = self.game
        self.ref = make_referee(cfg, t if cfg.get("seed") is None else cfg["seed"])
        if self.cards is None:
            from topper import cards

            self.cards = cards
        self.fx = effects.Effects()
        self.mode = GAME
        self._hurry_left = -1
        self._quit_armed = False
        if self.dev.log is not None and self.dev.log.connected():
            from topper import jsonl

            if self.blind:
                # "blind": the blind referee judges it (docs/event-log.md), rebuilt by
                # a replay from this header. Its format and version are
                # topper.eventlog's FORMAT and VERSION, written out: importing eventlog
                # would load the card referee (about 39 KB of heap) that blind play
                # never needs.
                ref = self.ref
                head = {
                    "log": "topper-table",
                    "v": 2,
                    "game": cfg["game"],
                    "seats": cfg["seats"],
                    # The referee's own seed (the host's, else the press's stamp): a
                    # header built apart from the referee once logged the stamp here.
                    "seed": ref.seed,
                    "blind": True,
                    "hurry_ms": ref.hurry_ms,
                    "settle_ms": ref.settle_ms,
                    "race_ms": ref.race_ms,
                    "confirm_ms": ref.confirm_ms,
                }
            else:
                from topper import eventlog  # (heap: only when a host listens)

                head = eventlog.header(self.ref)
            self._flush_log()  # the last game's lines first
            self.dev.log(jsonl.dumps(head))
        self._log_event("start", t, seat=seat)
        if self.blind:
            rulings = self.ref.start(t, starter=seat)
            # Saved whole from here, after every ruling (a few a minute: no journal).
            self.save.begin_whole(self._blind_snapshot(t), t)
            self._rulings(rulings, t, saved=True)
            return
        self._rulings(self.ref.start(t, starter=seat), t)
        self.ref = self.save.begin(self.ref, t)  # from now on every event is journaled

    def _end_game(self):
        self.ref = None
        self.reactions = None
        self.deck = None
        self.cards = None
        self._turn_off()
        self.mode = MENU
        self.save.forget()
        self._flush_log()  # the game's last lines go into its own log
        if self.link is not None:
            self.link.end_game()
        self._drop_game_modules()

    def _drop_game_modules(self):
        """Forget the core modules the game imported (its rules, referee, view) and
        collect: a board keeps every module it ever imported, so without this a table
        that plays World War 3 and then Crazy Job would hold both (about 50 KB more;
        bench/mp_firmware_heap.mjs --then crazy). The next game imports its own. The
        serial link's session, once made, lives on: its modules stay."""
        for name in list(sys.modules):
            if name in self._resident or name in LINK_MODULES:
                continue
            if name.startswith("topper.") or name.startswith("topper_view."):
                del sys.modules[name]
                # The package holds its submodules too: forget it there as well.
                pkg, _, child = name.rpartition(".")
                if pkg in sys.modules and hasattr(sys.modules[pkg], child):
                    delattr(sys.modules[pkg], child)
        gc.collect()

    def _resume(self, now):
        """A game the journal holds goes on where the power went, instead of the menu."""
        snap = self.save.resume_whole()
        if snap is not None:
            if "blind" in snap:
                self._resume_blind(snap, now)
            else:
                self._resume_turn(snap, now)
            return
        ref = self.save.resume(now)
        if ref is None:
            return
        g = ref.game
        if self.dev.pad is None:
            devices.open_pad(self.dev, self.cfg)
        try:
            self.deck = self.dev.store.load()[0]
        except (StoreError, AttributeError):
            self.deck = {}  # no deck map: cards read as unknown, the table sees why
        from topper import cards

        self.cards = cards
        self.game = {
            "game": g.variant,
            "seats": g.seats,
            "jokers": g.jokers,
            "hurry_ms": ref.ref.hurry_ms,
            "cardpad": True,
        }
        self.blind = False
        self.ref = ref
        self.mode = GAME
        ref.ref.recycle = True  # as make_referee's (the journal replayed it without)
        ref.ref.message = "Resumed game"
        if self.link is not None:
            self.link.resumed(g.variant, now)

    def _blind_snapshot(self, t):
        return {"game": self.game["game"], "cfg": self.game, "blind": self.ref.to_dict(t)}

    def _resume_blind(self, snap, now):
        """Blind play goes on as it was saved at its last ruling: turn, out and
        locked seats, a slap waiting for the table, the hurry-up with the time it had."""
        from topper.games.slap import blind as blindref

        try:
            ref = blindref.restore(snap["blind"], now)
        except Exception as e:  # noqa: BLE001 - a save this firmware cannot read is no game
            self.save.problem = "save: %s" % (e,)
            self.save.forget(now)
            return
        if ref.winner >= 0:
            self.save.forget(now)  # a won game is not resumed, as for the card games
            return
        ref.recycle = True  # as make_referee's
        if self.cards is None:
            from topper import cards

            self.cards = cards
        self.game = snap["cfg"]
        self.blind = True
        self.ref = ref
        self.fx = effects.Effects()
        self.mode = GAME
        self._hurry_left = -1
        self._quit_armed = False
        ref.message = "Resumed game"
        if self.link is not None:
            self.link.resumed(self.game["game"], now)

    # ----- turn-based games (topper.turnref) -----------------------------------------

    def _start_turn(self, cfg, now, seed=None):
        """A turn game starts at once (its referee knows who begins), seeded from the
        stamp of the press that started it, as the slap games are."""
        deck = None
        if cfg["cardpad"]:
            deck = self._turn_deck(cfg["game"], now)
            if deck is None:
                return
        try:
            ref = make_turn_referee(cfg, now if seed is None else seed)
        except ImportError as e:
            self._notice("NOT INSTALLED", "%s: %s" % (cfg["game"], e), MENU)
            self._sound(sounds.ERROR, now)
            return
        self.game = cfg
        self.deck = deck
        self.blind = False
        self.turn = True
        self.ref = ref
        self.fx = effects.Effects()
        self.mode = GAME
        self._quit_armed = False
        self.dev.buttons.holds = True  # short and long seat presses from now on
        if self.dev.log is not None and self.dev.log.connected():
            from topper import jsonl

            # The one header shape of every game's log (docs/event-log.md, version 2):
            # what a replay needs to rebuild this referee. The seed is public (the
            # start press's stamp, or the host's); the seals' key is not in it.
            head = {"log": "topper-table", "v": 2, "game": cfg["game"], "seats": cfg["seats"]}
            head["seed"] = ref.seed
            head["entry"] = "pad" if cfg["cardpad"] else "buttons"
            head["options"] = cfg["options"]
            clock = None
            if cfg["control"] is not None:
                from topper.clock import CONTROL_NAMES  # (loaded with the game's clock)

                kind, base, extra = cfg["control"]
                clock = {"control": CONTROL_NAMES[kind], "base_ms": base, "extra_ms": extra}
            head["clock"] = clock
            self._flush_log()  # the last game's lines first
            self.dev.log(jsonl.dumps(head))
        self._log_event("start", now)
        rulings = ref.start(now)
        self.save.begin_whole(self._snapshot(now), now)
        self._turn_rulings(rulings, now, saved=True)

    def _turn_deck(self, game, now):
        """The enrolled deck map of the kind the game plays with (Tripp Jokes: a
        standard deck; the others: the Triple Topper deck), or None after a notice."""
        if self.dev.pad is None and not devices.open_pad(self.dev, self.cfg):
            self._notice("CARD PAD", self.dev.problems[-1], MENU)
            self._sound(sounds.ERROR, now)
            return None
        try:
            return self.dev.store.load(standard=game == "tripp")[0]
        except StoreError as e:
            self._notice("CARD PAD", "%s. Menu: Enroll deck." % (e,), MENU)
            self._sound(sounds.ERROR, now)
            return None

    def _turn_button(self, kind, seat, t, now):
        from topper import turnref

        if kind == btn.TABLE_LONG:
            if self.ref.is_over():
                self._end_game()
            else:
                self.mode = QUIT  # "END GAME?" is also the table's pause: the clock stops
                self._log_event("pause", t)
                self._turn_rulings(self.ref.pause(t), t)
            return
        if kind == btn.SEAT_SHORT:
            press = turnref.SHORT
        elif kind == btn.SEAT_LONG:
            press = turnref.LONG
        elif kind == btn.CHORD:
            press = turnref.CHORD
        elif kind == btn.TABLE_SHORT:
            press = turnref.TABLE
        else:
            return  # the plain press-down: a turn game waits for its short or long press
        if press != turnref.TABLE and seat >= self.game["seats"]:
            return
        ref = self.ref
        if ref.secret_input():
            # A secret is being entered with the buttons (a stored Crazy Job rule): its
            # presses would spell it, so the log holds none of them, only one "secret"
            # event where the entry ends (stored, or left), with that press's rulings.
            rulings = ref.button(press, seat, t)
            ended = not ref.secret_input()
            if ended:
                self._log_event("secret", t)
            self._turn_rulings(rulings, t, log=ended)
            return
        self._log_event("button", t, press=turnref.PRESS_NAMES[press], seat=seat)
        self._turn_rulings(ref.button(press, seat, t), t)

    def _turn_rulings(self, rulings, t, saved=False, event=None, log=True):
        """A turn referee's rulings: logged (after a ``tick`` event when the clock
        ruled, so that a replay meets them at their time), sounded, and the game saved
        when it moved (a batch of errors alone changed nothing)."""
        if not rulings:
            return
        if event == "tick":
            self._log_event("tick", t)
        if log:
            for r in rulings:
                self._log(r)
        moved = False
        for r in rulings:
            if r["r"] != "error":
                moved = True
        if moved and not saved:
            self._save_due = t  # after this step's ring and OLED (step)
        self._ring_at = None  # the ring shows the rulings in this very step
        view = self.ref.view(t)
        seq = sounds.for_turn(rulings, self._turn_was, view)
        self._turn_was = (view["turn"], view["over"])
        self._sound(seq, t)

    def _snapshot(self, t):
        ref = self.ref
        return {
            "game": self.game["game"],
            "cfg": self.game,
            "ref": ref.to_dict(),
            "clock": ref.clock_state(t),
        }

    def _resume_turn(self, snap, now):
        """A turn game the store holds goes on as it was (its clock with the time it
        had at the last action: the dark seconds count for nobody)."""
        cfg = snap["cfg"]
        try:
            ref = turn_module(cfg["game"]).restore(snap["ref"])
            ref.restore_clock(snap["clock"], now)
        except Exception as e:  # noqa: BLE001 - a save this firmware cannot read is no game
            self.save.problem = "save: %s" % (e,)
            self.save.forget(now)
            return
        self.deck = None
        if cfg["cardpad"]:
            if self.dev.pad is None:
                devices.open_pad(self.dev, self.cfg)
            try:
                self.deck = self.dev.store.load(standard=cfg["game"] == "tripp")[0]
            except (StoreError, AttributeError):
                self.deck = {}  # no deck map: cards read as unknown, the table sees why
        self.game = cfg
        self.blind = False
        self.turn = True
        self.ref = ref
        self.mode = GAME
        self.dev.buttons.holds = True
        view = ref.view(now)
        self._turn_was = (view["turn"], view["over"])
        if self.link is not None:
            self.link.resumed(cfg["game"], now)
        if ref.clock is not None and ref.clock.paused:
            # Cut while "END GAME?" stood: the game comes back, so its clock runs again.
            self._turn_rulings(ref.resume(now), now)
        ref.message = "Resumed game"

    def _turn_off(self):
        if self.turn and self.dev.buttons is not None:
            self.dev.buttons.holds = False
        self.turn = False

    # ----- the serial link: what the host may ask (topper.session) ------------------

    def _asked(self):
        return self.link is not None and self.link.asking() is not None

    def link_status(self, now):
        return MODE_NAMES[self.mode], self._view(now)

    def link_settings(self):
        return self.menu.config()

    def link_playing(self, now):
        view = self._view(now)
        if view is not None and self.turn:
            return not view["over"]
        return view is not None and view["winner"] < 0

    def link_setup(self, cfg, now):
        """A game set up from the host (the table has agreed if one was running): the
        menu takes the settings, and the starter's seat button begins as usual."""
        if self.mode == ENROLL_MODE:
            return "enrolling a deck: finish it first"
        if self.mode == GAME or self.mode == QUIT:
            self._end_game()
        m = self.menu
        m.game = cfg["game"]
        m.cardpad = cfg["cardpad"]
        if is_turn(m.game):
            # Its options and clock are the menu's; the host sets seats, pad and seed.
            m.seats = cfg["seats"]
            lo, hi = turn_seats(m.game)
            if not lo <= m.seats <= hi:
                return "%s is for %d to %d players" % (m.game, lo, hi)
            self._start(now, cfg["seed"])
            return None
        m.seats = cfg["seats"]
        # Settings a turn game's menu has not (the host changed the game): the menu's.
        m.jokers = cfg.get("jokers", m.jokers)
        hurry_ms = cfg.get("hurry_ms", m.limit if m.hurry_on else 0)
        m.hurry_on = hurry_ms > 0
        if m.hurry_on:
            m.limit = hurry_ms
        self._start(now)
        if self.game is not None:
            self.game["seed"] = cfg["seed"]
        return None

    def _rulings(self, rulings, now, event=None, saved=False):
        if not rulings:
            return
        if self.blind and not saved:
            self._save_due = now  # after this step's ring and OLED (step)
        self._ring_at = None  # the ring shows the rulings in this very step
        if not self.blind:
            if self.reactions is None:
                from topper.reactions import Reactions

                self.reactions = Reactions(self.game["seats"])
            for r in rulings:
                self.reactions.ruling(r)
        if event == "tick" and self._logging():
            self._log_event("tick", now)
        for r in rulings:
            self._log(r)
        self.fx.note(rulings)
        self._sound(sounds.for_rulings(rulings), now)

    def _log_event(self, kind, t, **fields):
        if fields.get("us") == 0:
            del fields["us"]
        fields["ev"] = kind
        fields["t"] = t
        self._log(fields)

    def _logging(self):
        return self.dev.log is not None and self.dev.log.connected()

    def _log(self, obj):
        """An event or a ruling for the host's log, written after this step's ring and
        OLED (``_flush_log``): turning it into JSON takes milliseconds on the board, and
        a slap's winner should not wait for it."""
        if self._logging():
            if obj.get("r") == "slap":
                self._log_copy = True  # (_keep_log, after the ring and the OLED)
            self._log_due.append(obj)

    def _keep_log(self):
        """A slap ruling may be a record the referee reuses at its next race
        (``recycle``), which may settle before the line is written (the log waits while
        a race may be open): the log keeps a copy, made at the end of the step that
        ruled, once the ring and the OLED are out (no race settles before the next
        step)."""
        self._log_copy = False
        due = self._log_due
        for i in range(len(due)):
            if due[i].get("r") == "slap":
                due[i] = _ruling_copy(due[i])

    def _racing(self, now):
        """A seat was pressed less than RACE_QUIET_MS ago: the race it opened settles at
        one of the next ticks, so the slow work (an OLED frame, about 25 ms of I2C; the
        log's JSON) waits, and the tick that rules comes at once."""
        if self._race_at is None:
            return False
        if _due(self._race_at, now, RACE_QUIET_MS):
            self._race_at = None
            return False
        return True

    def _flush_log(self):
        due = self._log_due
        if not due:
            return
        self._log_due = []
        from topper import jsonl

        for obj in due:
            self.dev.log(jsonl.dumps(obj))

    # ----- enrollment ----------------------------------------------------------------

    def _enroll(self, now):
        if self.dev.store is None:
            self._notice("ENROLL", "no nvm on this board", MENU)
            return
        if self.dev.pad is None and not devices.open_pad(self.dev, self.cfg):
            self._notice("CARD PAD", self.dev.problems[-1], MENU)
            self._sound(sounds.ERROR, now)
            return
        from topper import cards
        from topper_app.enroll import Enrollment

        self.cards = cards
        cfg = self.menu.config()
        self._card_name = cards.format_card
        self._card_text = _topper_card_text
        if cfg["game"] == "tripp":
            # A standard deck (two of them for 5 or more players), saved as one.
            from topper import stdcards

            decks = 2 if cfg["seats"] >= 5 else 1
            order = stdcards.deck(cfg["options"]["jokers"]) * decks
            self._card_name = self._card_text = stdcards.format_card
            self.enrolling = Enrollment(order, self.dev.store, standard=True)
            self._enroll_last = ""
            self.mode = ENROLL_MODE
            return
        if cfg["game"] == "ww3":
            order = cards.squares_deck(cfg["jokers"])
        else:
            order = cards.full_deck(cfg.get("jokers", 2))
        self.enrolling = Enrollment(order, self.dev.store)
        self._enroll_last = ""
        self.mode = ENROLL_MODE

    def _enroll_tag(self, uid, now):
        en = self.enrolling
        card, why = en.tap(uid)
        name = self._card_name(card) if card is not None else "?"
        if why:
            self._enroll_last = "tag is %s already" % name if card is not None else why
            self._sound(sounds.ERROR, now)
            return
        self._enroll_last = "last: %s ok" % name
        self._sound(sounds.CARD_OK, now)
        if en.done():
            self._enroll_finish(now)

    def _enroll_button(self, kind, seat, now):
        en = self.enrolling
        if kind == btn.TABLE_SHORT:
            en.skip()
            self._enroll_last = "skipped"
            if en.done():
                self._enroll_finish(now)
        elif kind == btn.TABLE_LONG:
            self._enroll_finish(now)
        elif kind == btn.SEAT and seat == 0:
            en.undo()
            self._enroll_last = "undone"
        self._sound(sounds.CLICK, now)

    def _enroll_finish(self, now):
        en = self.enrolling
        en.save(True)
        self.enrolling = None
        self.menu.cursor = 0  # back on "Start game": playing is what comes next
        kind = "standard " if en.standard else ""
        self._notice("ENROLL DECK", "Saved %d %scard tags." % (len(en.entries), kind), MENU)
        self._sound(sounds.CONFIRM, now)

    # ----- output --------------------------------------------------------------------

    def _notice(self, title, text, after, hint="table: OK"):
        self.notice = screen.message(title, text, hint)
        self.after = after
        self.mode = NOTICE

    def _save_trouble(self, now):
        """Saving for a power cut stopped during this game: the table hears it once,
        since the game goes on but a cut would now lose it."""
        save = self.save
        if save.failures == self._save_warned or save.problem is None or self.mode != GAME:
            return
        self._save_warned = save.failures
        if save.full:
            self._warn("save full: a cut now loses the game", now)  # (2 lines of 21)
        else:
            self._warn("not saved for power cuts: " + save.problem, now)

    def _warn(self, text, t):
        self.fx.fail(text, t)
        self._sound(sounds.ERROR, t)

    def _sound(self, seq, now):
        if seq is not None and self.dev.buzzer is not None:
            self.dev.buzzer.play(seq, now)

    def _view(self, now):
        if self.mode == GAME or self.mode == QUIT:
            return self.ref.view(now)
        return None

    def lines(self, now, view=None):
        """What the OLED shows now (8 lines of text)."""
        if self._asked():
            return screen.message("HOST ASKS", self.link.asking(), "table=yes  hold=no")
        mode = self.mode
        if mode == NOTICE:
            return self.notice
        if mode == MENU:
            return self.menu.lines()
        if mode == STARTER:
            return screen.starter(self.game["game"], self.game["seats"], not self.blind)
        if mode == ENROLL_MODE:
            en = self.enrolling
            nxt = en.next_card()
            name = ""
            if nxt is not None:
                name = self._card_text(nxt)
            return screen.enroll(en.pos, len(en.order), name, self._enroll_last)
        if mode == QUIT:
            text = "Hold the table button to end this game."
            if self.turn and self.ref.clock is not None:
                text = "The clock is stopped. " + text
            return screen.message("END GAME?", text, "short: play on")
        if self.turn:
            return self._turn_lines(view or self.ref.view(now), now)
        view = view or self.ref.view(now)
        if self.reactions is not None and view["phase"] == "over":
            # A copy: the referee's view is one dict it rewrites (the link reads it too).
            view = dict(view)
            view["reactions"] = self.reactions.lines()
        return screen.game(view, now, self.fx, self.cards.format_card, self._screen)

    def _turn_lines(self, view, now):
        from topper_view import turns

        out = turns.lines(view)
        fx = self.fx
        if effects.active(fx.error_t, now, effects.ERROR_MS):
            # A problem outside the game (a stuck button, an unknown tag) over the hint.
            err = screen.wrap("! " + fx.error)[:2]
            out[screen.LINES - len(err) :] = err
        return out

    def frame(self, now, view=None):
        """What the ring shows now."""
        n = self.cfg["pixels"]
        mode = self.mode
        if (mode == GAME or mode == QUIT) and self.turn:
            from topper_view import turns

            return turns.frame(view or self.ref.view(now), now, n)
        if mode == GAME or mode == QUIT:
            return ring.game(view or self.ref.view(now), now, self.fx, n, self._px, ring.packed)
        if mode == STARTER:
            return ring.waiting(self.game["seats"], now, n)
        if mode == ENROLL_MODE:
            return ring.progress(self.enrolling.pos, len(self.enrolling.order), now, n)
        if mode == NOTICE:
            return ring.alert(now, n)
        return ring.idle(self.menu.config()["seats"], now, n)

    def _output(self, now):
        d = self.dev
        ring_due = d.ring is not None and _due(self._ring_at, now, RING_MS)
        oled_due = d.oled is not None and _due(self._oled_at, now, OLED_MS) and not self._racing(now)
        if ring_due or oled_due:
            view = self._view(now)  # one view a step (the referee's own dict, rewritten)
            if view is not None and d.buzzer is not None and not self.turn:
                left = view["hurry_left"]
                tick = sounds.hurry_tick(self._hurry_left, left)
                if tick is not None:
                    d.buzzer.play(tick, now, if_idle=True)
                self._hurry_left = left
            if ring_due:
                self._ring_at = now
                d.ring.show(self.frame(now, view))
            if oled_due:
                self._oled_at = now
                d.oled.draw(self.lines(now, view))
        if d.buzzer is not None:
            d.buzzer.update(now)


def _ruling_copy(r):
    """A slap ruling's copy that its referee's next race cannot change (the lists of
    ``[seat, margin]`` too)."""
    c = dict(r)
    for k in ("order", "tie", "locked"):
        v = c.get(k)
        if v is not None:
            c[k] = [list(e) if isinstance(e, list) else e for e in v]
    return c


def _topper_card_text(card):
    from topper import cards

    return "%s %s" % (cards.format_card(card), cards.describe(card))


def _due(last, now, every):
    if last is None:
        return True
    d = now - last
    return d >= every or d < 0  # d < 0: the ticks wrapped


def make_app(getenv=None, now=0):
    """Settings -> drivers -> app; used by ``run`` and by the host tests (which pass a
    dict's ``get`` instead of ``os.getenv``)."""
    import sys

    from topper_hw import settings

    cfg, problems = settings.load(getenv or os.getenv)
    # The parser is needed once: drop it so that its bytecode goes back to the heap.
    del settings
    sys.modules.pop("topper_hw.settings", None)
    dev = devices.build(cfg, now, screen.paint)  # the screen's painter: the OLED knows no view
    return App(cfg, dev, now, problems)
