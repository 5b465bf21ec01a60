"""A card game that survives a reset or a power cut (docs/power-cut.md).

``GameSave`` owns the journal's store (``topper_hw.journal_store``). At boot it
resumes a journaled game; when a game starts it wraps the referee in ``Saved``, so
that every press, card and ruling tick is in the journal before the referee applies
it (``topper.journal``); when the table ends a game it forgets it. A game that moves
a few times a minute, a turn-based game (``topper.turnref``) or blind slap play
(``topper.games.slap.blind``), is instead saved whole after every ruling (``topper.turnsave``),
in the same store and slots.

A broken store (a full slot, an I2C error) must never cost the game: journaling stops,
the game goes on, and ``problem`` says why for the screen.
"""

# (topper.slots reads a slot's kind without importing the journal, and with it the
# referee, on a board that is only going to the menu.)
from topper import slots

PILE_RULINGS = ("collect", "win")  # the rulings that end a pile: the nvm store writes now


class Saved:
    """A journaled referee seen through its journal: the whole ``topper.referee``
    interface, every input journaled ahead."""

    JOURNALED = True
    HOLDS = False

    def __init__(self, ref, journal, save):
        self.ref = ref
        self.journal = journal
        self.save = save

    @property
    def game(self):
        return self.ref.game

    def settings(self):
        """The settings the game was made from, as the menu gives them (a resume)."""
        r = self.ref
        g = r.game
        return {"game": g.variant, "seats": g.seats, "jokers": g.jokers, "hurry_ms": r.hurry_ms,
                "cardpad": True}

    # The referee's own members, read only: nothing journaled.
    def uses(self, kind):
        return self.ref.uses(kind)

    def logged(self, kind, seat, us, card):
        return self.ref.logged(kind, seat, us, card)

    def secret_input(self):
        return False

    @property
    def recycle(self):
        return self.ref.recycle

    @recycle.setter
    def recycle(self, on):
        self.ref.recycle = on

    @property
    def message(self):
        return self.ref.message

    @message.setter
    def message(self, text):
        self.ref.message = text

    def take(self, kind, seat, t, us=0, card=None):
        """One input (``topper.inputs``), journaled ahead (``topper.journal``)."""
        j = self._journal()
        if j is not None:
            try:
                return self._after(j.take(self.ref, kind, seat, t, us, card), t)
            except MemoryError:
                # Out of heap is not a broken journal: forgetting would throw the saved
                # game away. What it holds stays, one event behind at most, as after a
                # power cut; the app stops the game (App.low_memory).
                raise
            except Exception as e:  # noqa: BLE001 - the write failed: play on unjournaled
                # (A tick's journal entry is written after the referee ticked: that
                # tick's rulings are lost to the screen, never to the game.)
                self.save._broken(e, t)
        return self._after(self.ref.take(kind, seat, t, us, card), t)

    def view(self, t):
        return self.ref.view(t)

    def settling(self):
        return self.ref.settling()

    # what the slap gate is armed from (topper_app.gatearm): read only, nothing journaled
    def racing(self):
        return self.ref.racing()

    def can_race(self, seat):
        return self.ref.can_race(seat)

    def tie_picks(self, into):
        return self.ref.tie_picks(into)

    def finish(self, t):
        return self.ref.finish(t)

    def _journal(self):
        return self.journal if self.save.problem is None else None

    def _after(self, rulings, t):
        boundary = False
        for r in rulings:
            if r["r"] in PILE_RULINGS:
                boundary = True
        self.save.step(t, boundary)
        return rulings


class GameSave:
    def __init__(self, store):
        self.store = store
        self.kind = None if store is None else store.kind
        self.problem = None  # why journaling stopped, for the screen
        self.full = False  # it stopped because the game outgrew its slot
        self.failures = 0  # times journaling stopped since power-up: each is told once
        self._whole = None  # the TurnSave of a game saved whole

    def resume(self, now):
        """The journaled game as a ``Saved`` referee going on from ``now``, or None
        (no store, no game, a finished game, or a journal that cannot be read)."""
        if self.store is None or not slots.held(self.store, (slots.JOURNAL,)):
            return None
        from topper.journal import Journal

        j = Journal(self.store)
        try:
            ref = j.resume(now)
        except Exception as e:  # noqa: BLE001 - a damaged journal is no game
            self.problem = "journal: %s" % (e,)
            return None
        if ref is None or ref.game.winner >= 0:
            return None
        try:
            # The slot's records after this point carry the new clock's stamps, while
            # its snapshot was taken on the old clock: a later resume would replay them
            # at the wrong time. A fresh snapshot (into the other slot, committed last,
            # so a cut now still leaves the old one) puts the journal on the new clock.
            j._snapshot(ref)
            self.store.step(now, True)
        except Exception as e:  # noqa: BLE001
            self._broken(e, now)
        return Saved(ref, j, self)

    def begin(self, ref, now):
        """A card game just started: journal it from here (the referee itself when
        there is no store or it fails)."""
        if self.store is None:
            return ref
        from topper.journal import Journal

        j = Journal(self.store)
        self.problem = None
        try:
            j.start(ref)
            self.store.step(now, True)
        except Exception as e:  # noqa: BLE001
            self._broken(e, now)
            return ref
        return Saved(ref, j, self)

    # ----- games saved whole: one snapshot after each accepted action ---------------

    def resume_whole(self):
        """The snapshot of the turn game or blind game the store holds (a dict), or
        None."""
        if self.store is None or not slots.held(self.store, (slots.WHOLE,)):
            return None
        from topper.turnsave import TurnSave

        ts = TurnSave(self.store)
        try:
            snap = ts.load()
        except Exception as e:  # noqa: BLE001 - a damaged save is no game
            self.problem = "save: %s" % (e,)
            return None
        if snap is not None:
            self._whole = ts
        return snap

    def begin_whole(self, snap, now):
        """A turn game or a blind game started: save it from here."""
        if self.store is None:
            return
        from topper.turnsave import TurnSave

        self.problem = None
        self._whole = TurnSave(self.store)
        try:
            self._whole.start(snap)
            self.store.step(now, True)
        except MemoryError:
            raise  # the saved game stays (see press)
        except Exception as e:  # noqa: BLE001
            self._broken(e, now)

    def save_whole(self, snap, now):
        """The game after an accepted action; the nvm store writes it with the
        second's batch (``step``), the FRAM at once."""
        if self._whole is None or self.problem is not None:
            return
        try:
            self._whole.save(snap)
            self.store.step(now)
        except MemoryError:
            raise  # the saved game stays (see press)
        except Exception as e:  # noqa: BLE001
            self._broken(e, now)

    def forget(self, now=None):
        """The game was ended: the next boot goes to the menu. A slot whose first two
        bytes are not its magic holds no game (topper.slots)."""
        self._whole = None
        if self.store is None or not slots.held(self.store):
            return
        st = self.store
        try:
            # Each slot written alone (slots.clear says why).
            slots.clear(st, lambda: st.step(now, True))
        except Exception as e:  # noqa: BLE001
            self.problem = "journal: %s" % (e,)

    def step(self, now, boundary=False):
        """Let the store write what is due (the nvm store's once-a-second batch)."""
        if self.store is None:
            return
        try:
            self.store.step(now, boundary)
        except MemoryError:
            raise  # the saved game stays (see press)
        except Exception as e:  # noqa: BLE001
            self._broken(e, now)

    def _broken(self, e, now):
        self.failures += 1
        # turnsave.SaveFull and journal.JournalFull both say "... > slot of N"; matched by
        # their words so that a slap game's failure need not import topper.turnsave.
        self.full = "> slot" in str(e)
        self.problem = "journal: %s" % (e,)
        # What the journal holds is now older than the game: it must not come back.
        problem = self.problem
        self.forget(now)
        self.problem = problem
