"""A turn game played by bots at a physical table, its moves fed straight to the
device's referee (the card pad's or the buttons'), without a board: what the power-cut
save of a whole game looks like, move by move (bench/bench_saves.py, the save tests).

The physical table is the game's dealt referee, dealt from the seed; each bot's move
becomes the taps and presses the game's ``pad_moves`` (or ``button_moves``:
``sim.moves``) say a table makes, handed to the device's referee as the firmware hands
them (``card``, ``button``), each at its own stamp. After every move the device's
snapshot is made as the App makes it (``{"game", "cfg", "ref": ref.save(t)}``) and
measured as ``topper.turnsave`` writes it: packed JSON, plus the slot's head and CRC.
"""

import importlib

from topper import games, intpack, jsonl
from topper.clock import TimeControl
from topper.gamekit import Entry
from topper.inputs import CHORD, LONG, SHORT, TABLE

from topper_host.sim import moves
from topper_host.sim.turn_table import bot_seed

SLOT_BYTES = 1664  # an nvm slot (topper_hw.journal_store)
FRAME = 8  # a snapshot's magic, sequence number, length and CRC in its slot (turnsave)
CONTROL = [1, 180000, 5000]  # Fischer, 3 minutes plus 5 s a move: a clock in every save
STEP_MS = 700  # between two inputs
SALT_KEY = "5a" * 16  # a fixed salt key: the device's is random, the same length


def saved_bytes(snap):
    """What ``topper.turnsave`` writes for ``snap``, in bytes, its slot frame included."""
    return len(jsonl.dumps(intpack.pack(snap)).encode()) + FRAME


class Refused(Exception):
    """The device's referee refused an input the table made: a bug."""


class Game:
    """One seeded game: ``physical`` (the dealt referee) and ``device`` (the pad's or
    the buttons' referee) kept in step by ``step``."""

    def __init__(self, game, seats, seed, pad, options=None, control=CONTROL):
        mod = importlib.import_module(games.find(game).referee)
        self.mod = mod
        self.opts = games.options(game, options)
        self.physical = mod.referee(seats, Entry.DEALT, seed, None, self.opts)
        self.bots = [self.physical.bot(s, bot_seed(seed, s)) for s in range(seats)]
        self.moves = moves.for_game(game, pad)
        tc = TimeControl(control[0], control[1], control[2]) if control else None
        entry = Entry.PAD if pad else Entry.BUTTONS
        if getattr(mod, "SECRETS", False):
            self.device = mod.referee(seats, entry, seed, tc, self.opts, SALT_KEY)
        else:
            self.device = mod.referee(seats, entry, seed, tc, self.opts)
        self.cfg = {
            "game": game,
            "seats": seats,
            "options": dict(self.opts),
            "control": list(control) if control else None,
            "cardpad": pad,
        }
        self.t = 1000
        self.plays = 0
        self.ended = False  # the table ended the game with the buttons (a stalemate)
        self.device.start(self.t)
        self._feed(self.moves.after(self.physical, self.physical.start(self.t)))

    @property
    def over(self):
        return self.ended or self.physical.is_over()

    def snapshot(self):
        """The device's save as the App makes it now."""
        return {"game": self.cfg["game"], "cfg": self.cfg, "ref": self.device.save(self.t)}

    def step(self):
        """One move of the physical table, made at the device."""
        ph = self.physical
        seat = ph.view(0)["turn"]
        action = self.bots[seat].choose(ph)
        if self._feed(self.moves.inputs(ph, seat, action)):
            self.ended = True
            return
        events = ph.act(action, self.t)
        if events and events[0]["r"] == "error":
            raise Refused("the physical table refused its own bot: %r" % (events,))
        self.plays += 1
        self._feed(self.moves.after(ph, events))

    def _feed(self, inputs):
        """Each input to the device; True when the table ended the game."""
        dev = self.device
        for what in inputs:
            self.t += STEP_MS
            kind = what[0]
            if kind == moves.TAP:
                out = dev.card(what[1], self.t)
            elif kind == moves.SHORT:
                out = dev.button(SHORT, what[1], self.t)
            elif kind == moves.LONG:
                out = dev.button(LONG, what[1], self.t)
            elif kind == moves.TABLE:
                out = dev.button(TABLE, -1, self.t)
            elif kind == moves.CHORD:
                out = dev.button(CHORD, what[1], self.t)
            elif kind == moves.END:
                return True
            else:
                raise ValueError("no input %r" % (what,))
            if out and out[0]["r"] == "error":
                raise Refused("%r refused: %s" % (what, out[0]["why"]))
        return False


def sizes(game, seats, seed, pad, options=None, control=CONTROL):
    """The bytes written after each move of one whole game, and the game at its end."""
    g = Game(game, seats, seed, pad, options, control)
    out = []
    while not g.over:
        g.step()
        out.append(saved_bytes(g.snapshot()))
    return out, g
