"""Topper Table: the device application.

``make_app`` builds the drivers from settings.toml and an ``App`` over them;
``topper_app.main.run`` calls ``App.step(now)`` for ever. Tests build an ``App`` over
recording fakes and call ``step`` with a scripted clock (tests/host/test_firmware*.py);
the emulated board runs it frozen into the firmware image (tests/board/).

One step: read the buttons (presses keep the stamp the scanner took) and the card
pad, feed them to the menu or to the referee, let the referee's timers run to now,
then draw the ring and the OLED and move the buzzer along, and last answer the serial
link and write the journal. A step that opened a slap race draws nothing: the next
step, straight after it, ranks the race and lights the winner (``settling``). The
referee is imported only when a game starts. No input can stop the loop: an error is
shown and played, and the device goes on.

Every game takes one path (``topper_app.play``): its registry record
(``topper.games``) names its referee's module and its drawing, and the shell asks the
referee only what ``topper.referee`` defines.

The shell's parts, one job each, in modules of their own: ``route`` (buttons and tags
to the mode's handler), ``show`` (the OLED, the ring, the buzzer, and how often they
are drawn), ``logqueue`` (the log's fan-out: an object of the App's), ``referees``
(making a game's referee, dropping its modules at its end), ``play`` (a game: its
start, its inputs and the fan-out of its rulings), and, imported only when they are
needed, ``enroll`` (the enrollment mode), ``resume`` (a game the power cut, at boot)
and ``linksetup`` (a game set up by the host). ``modes`` names the modes. What stays
here is the loop, a shortage of memory, a game's end and the serial link's questions;
``wholesave`` saves a game whole for a power cut.
"""

import gc
import os
import sys

from topper_hw import devices
from topper import games
from topper.inputs import PRESS
from topper_view import effects, screen, sounds
from topper_view.menu import Menu

from topper_app import gatearm, route, show, wholesave
from topper_app.heapwatch import free_heap
from topper_app.logqueue import LogQueue
from topper_app.modes import GAME, MENU, MODE_NAMES, NOTICE, QUIT
from topper_app.referees import drop_game_modules, forget
from topper_app.show import due
from topper_app.stepview import StepView

MAX_FAILS = 5  # unexpected errors in a row before a game is given up
LOW_MEMORY_STOP = 3  # shortages close together before a game is stopped (saved)
LOW_MEMORY_CLEAR_MS = 2000  # this long without one and the count starts again
# Free heap after collecting below which a game cannot go on (a slap and its rulings,
# the view, the OLED's lines take a few KB): it stops at once, saved.
LOW_MEMORY_FLOOR = 8192


class App:
    def __init__(self, cfg, dev, now, problems=()):
        problems = list(problems)
        cfg["game"] = games.offered(cfg["game"], problems)  # the menu's first game
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
        self.ref = None  # its referee (topper.referee)
        self.drawing = None  # and its drawing (the view module's Drawing: topper.games)
        # topper_app.play while a game is on, imported with its first game (an import
        # in a step would allocate), dropped with its modules at its end
        self.play = None
        self.deck = None  # tag key -> card code
        self.enrolling = None
        self.notice = None
        self.after = MENU
        self.fails = 0
        self.short = 0  # shortages of memory close together (low_memory)
        self._short_t = 0
        self._save_warned = 0  # how many save failures the table has been told of
        self._save_due = None  # a ruling's time when the game is to be saved whole
        self.logq = LogQueue(dev)  # the step's events and rulings for the host's log
        self._oled_at = None
        self._ring_at = None
        # the slap gate's seat frames are marked on a copy of the table's (gatearm.arm)
        self._gate_px = [0] * cfg["pixels"] if dev.gate is not None else None
        self._race_at = None  # when a seat was last pressed (show.racing)
        self.settling = False  # the last step left a slap race to rank (step)
        self.ruled = 0  # how many steps' rulings so far (topper_app.gatearm)
        self.views = StepView()  # the game's view, built once a step
        # A step that ruled makes garbage at each stage (the referee and its view, the
        # OLED's lines, the log's JSON, the whole save): collected between them, the
        # heap holds one stage's garbage at a time instead of their sum (step). Set to
        # gc.collect by the device's loop (topper_app.main; CPython frees by reference
        # counting and the host's tests step thousands of times), to a collect that
        # first reads the free heap by topper_app.heapwatch while it watches.
        self.collect = None
        # A step that starts or ends a game (play.begin, _end_game) is no race
        # either: it collects between its stages too, and before its ring and OLED.
        self.heavy = False
        # The power-cut journal and the serial link (docs/power-cut.md, serial-protocol.md).
        from topper_app import gamesave
        from topper_hw import journal_store, link

        nvm = dev.store.nvm if dev.store is not None else None
        self.save = gamesave.GameSave(journal_store.open_store(dev.i2c, nvm))
        self.link = link.open_link(self, self.save.kind)
        if self.link is not None:
            dev.log = self.link  # the link keeps the game's log and streams it
        self.decks_changed()
        problems = list(problems) + dev.problems
        if dev.buttons is None:
            self._notice("NO BUTTONS", "; ".join(problems), MENU, "check wiring")
        elif problems:
            self._notice("CHECK SETUP", "; ".join(problems), MENU)
        self._resident = set(sys.modules)  # what a game leaves loaded is dropped at its end
        if dev.buttons is not None:
            from topper_app import resume

            resume.resume(self, now)
            del resume
            forget("topper_app.resume")  # needed once: its functions go back to the heap

    # ----- the loop ----------------------------------------------------------------

    def step(self, now):
        rulings_before = self.ruled
        try:
            route.poll(self, now)
            if self.mode == GAME or self.mode == QUIT:
                self.play.tick(self, now)
            self.fails = 0
        except MemoryError:
            raise  # topper_app.main lets go of its reserve, then low_memory()
        except Exception as e:  # never let an input end the loop
            self._failed(e, now)
        # A slap race opened and not yet ranked (its settle tick is due within the
        # millisecond): nothing is drawn or saved, and the loop comes straight back
        # (topper_app.main skips its sleep), so that the step that rules follows at once
        # and the ring's first frame after a press is the ruling. Bounded by the race's
        # quiet (show.racing): a referee that never settled cannot freeze the table.
        self.settling = (
            self.mode == GAME
            and self.ref is not None
            and self.ref.settling()
            and show.racing(self, now)
        )
        # A ruling of a game without races can wait for a collection before its ring and
        # OLED (a slap's winner cannot: its collections come after the ring). There a
        # step whose rulings were errors alone collects between its stages too.
        calm = self.ref is not None and not self.ref.uses(PRESS)
        ruled = self._save_due is not None or self.heavy or (calm and self.ruled != rulings_before)
        ruled = ruled and self.collect is not None
        if ruled and (self.heavy or calm):
            self.collect()
        if not self.settling:
            try:
                show.output(self, now)
            except MemoryError:
                raise
            except Exception as e:
                self.fx.fail("display: %s" % (e,), now)
            self.views.forget()  # the view is not kept through the log's and the save's stages
            if self.dev.gate is not None and self.dev.ring is not None:
                try:
                    gatearm.step(self, now)
                except MemoryError:
                    raise
                except Exception as e:
                    self.fx.fail("slap gate: %s" % (e,), now)
            # After the ring and the OLED: the link's questions and the journal's
            # once-a-second write can wait a step, a slap's winner should not.
            try:
                self.save.step(now)
                wholesave.trouble(self, now)
                if self.link is not None:
                    self.link.step(now)
            except MemoryError:
                raise
            except Exception as e:
                self.fx.fail("link: %s" % (e,), now)
        try:
            if self.logq.copy:
                self.logq.keep()
            if self.logq.due and not show.racing(self, now):
                if ruled:
                    self.collect()
                self.logq.flush()
        except MemoryError:
            raise
        except Exception as e:
            self.fx.fail("link: %s" % (e,), now)
        if self._save_due is not None and not self.settling:
            if ruled:
                self.collect()
            wholesave.after_rulings(self)
            if ruled:
                # And the save's own garbage (kilobytes of JSON): collected now, in a
                # step that already took tens of ms, the heap is not left to fill up
                # and collect itself in the middle of the next race.
                self.collect()
        self.heavy = False
        if self.short and due(self._short_t, now, LOW_MEMORY_CLEAR_MS):
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
            wholesave.at_once(self, now)
        if self.link is not None:
            self.link.notice({"k": "low_memory", "t": now, "free": free_heap()})
        if self.ref is not None and (self.short >= LOW_MEMORY_STOP or free_heap() < LOW_MEMORY_FLOOR):
            self._drop_game()
            self._notice("LOW MEMORY", "Game saved. Switch off and on to play on.", MENU)
        elif playing:
            self.fx.fail("LOW MEMORY: game saved", now)
        else:
            back = self.after if self.mode == NOTICE else self.mode
            self._notice("LOW MEMORY", "The board is short of memory.", back)
        self._sound(sounds.ERROR, now)

    def _failed(self, e, now):
        self.fails += 1
        self.fx.fail("error: %s" % (e,), now)
        self._sound(sounds.ERROR, now)
        if self.fails >= MAX_FAILS:
            self.fails = 0
            self._drop_game()
            self._notice("ERROR", "%s: %s" % (type(e).__name__, e), MENU)

    # ----- games ---------------------------------------------------------------------

    def _start(self, now, seed=None):
        """The menu's "Start game" (topper_app.play, imported with the game)."""
        from topper_app import play

        self.play = play
        play.start(self, now, seed)

    def decks_changed(self):
        """The menu's word on the decks the pad knows, read again after an enrollment
        (or a restore from the host)."""
        self.menu.decks = [] if self.dev.store is None else self.dev.store.known()

    def _end_game(self):
        self.mode = MENU
        self.heavy = True
        self.ref = None
        self.between()
        self.save.forget()
        self.between()
        self.logq.flush()  # the game's last lines go into its own log
        if self.link is not None:
            self.link.end_game()
        self._drop_game()

    def _drop_game(self):
        """No game now: its referee, drawing and modules go (the buttons stop telling a
        seat's short press from its long one)."""
        self.ref = None
        self.drawing = None
        self.deck = None
        self.play = None
        if self.dev.buttons is not None:
            self.dev.buttons.holds = False
        drop_game_modules(self._resident)

    def between(self):
        """Between two stages of a step that starts or ends a game: its garbage so far
        collected (the device's loop sets ``collect``), so that the heap holds one
        stage's at a time."""
        if self.collect is not None:
            self.collect()

    # ----- the serial link: what the host may ask (topper.session) ------------------

    def _asked(self):
        return self.link is not None and self.link.asking() is not None

    def link_status(self, now):
        return MODE_NAMES[self.mode], self._view(now)

    def link_settings(self):
        return self.menu.config()

    def link_playing(self, now):
        view = self._view(now)
        return view is not None and not view["over"]

    def link_setup(self, cfg, now):
        """A game set up from the host (the table has agreed if one was running): the
        menu takes the settings, and the starter's seat button begins as usual."""
        from topper_app import linksetup

        return linksetup.setup(self, cfg, now)

    def link_mem_size(self, area):
        """A backup's areas (topper_app.linkmem): their size, their bytes, a restore."""
        from topper_app import linkmem

        return linkmem.size(self, area)

    def link_mem_read(self, area, at, n):
        from topper_app import linkmem

        return linkmem.read(self, area, at, n)

    def link_mem_write(self, area, at, data, now):
        from topper_app import linkmem

        return linkmem.write(self, area, at, data, now)

    # ----- what the table shows now (topper_app.show) --------------------------------

    def lines(self, now):
        """What the OLED shows now (8 lines of text)."""
        return show.lines(self, now)

    def frame(self, now):
        """What the ring shows now."""
        return show.frame(self, now)

    def _notice(self, title, text, after, hint="table: OK"):
        self.notice = screen.message(title, text, hint)
        self.after = after
        self.mode = NOTICE

    def _warn(self, text, t):
        self.fx.fail(text, t)
        self._sound(sounds.ERROR, t)

    def _sound(self, seq, now):
        if seq is not None and self.dev.buzzer is not None:
            self.dev.buzzer.play(seq, now)

    def _view(self, now):
        """The game's view at ``now`` (``step_view``); None outside a game."""
        if self.mode != GAME and self.mode != QUIT:
            return None
        return self.step_view(now)

    def step_view(self, now):
        """The referee's view at ``now``, built once a step where the drawing keeps it."""
        if self.drawing.ONE_VIEW:
            return self.views.of(self.ref, now, self.ruled)
        return self.ref.view(now)


def make_app(getenv=None, now=0):
    """Settings -> drivers -> app; used by ``run`` and by the host tests (which pass a
    dict's ``get`` instead of ``os.getenv``)."""
    from topper_hw import settings

    cfg, problems = settings.load(getenv or os.getenv)
    # The parser is needed once: drop it so that its bytecode goes back to the heap.
    del settings
    sys.modules.pop("topper_hw.settings", None)
    dev = devices.build(cfg, now, screen.paint)  # the screen's painter: the OLED knows no view
    return App(cfg, dev, now, problems)
