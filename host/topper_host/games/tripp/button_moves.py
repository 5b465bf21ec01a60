"""Tripp Jokes with the buttons (docs/games/tripp-jokes.md, "Without the card pad"): the
device keeps the turn order and the clock. The face-up cards of the setup are chosen at
the table alone. A turn ends with the seat's button; playing again (a 2, a 10, three of
a kind) is the same turn, so no press until it ends. A pickup (a failed face-down card
too) is the table button, then the seat's. A seat with no cards left is out: the chord.
A stalemate ends the game at the table (END GAME?): a draw."""

from topper.games.tripp.engine import Act

from topper_host.sim.moves import CHORD, END, preview
from topper_host.sim.moves import SHORT, TABLE


def inputs(ref, seat, action):
    if action[0] == Act.FACEUP:
        return []
    ahead, events = preview(ref, action)
    kinds = [e["r"] for e in events]
    if "stalled" in kinds:
        return [(END,)]
    out = []
    if "pickup" in kinds:
        out.append((TABLE,))
    if "out" in kinds:
        out.append((CHORD, seat))  # on its turn: the device passes the turn on
    elif ahead.is_over() or ahead.state.current_player() != seat:
        out.append((SHORT, seat))
    return out


def after(ref, events):
    return []
