"""A turn game's moves made at the device without the card pad, as the players make
them with the buttons (docs/games/*.md, "Without the card pad"): one module a game,
with the same two functions as ``pad_moves``' modules:

- ``inputs(ref, seat, action)``: the presses for ``seat``'s ``action`` of the physical
  table (the game's dealt referee), before it is applied;
- ``after(ref, events)``: what the table still tells the device once the physical table
  applied a move (or started) and said ``events``: what the dealt game did by itself
  (a trick turned up and reported, a stored rule's judgement given by its owner).

The device sees no card, so an input is a press: ``pad_moves``' ``("short", seat)``,
``("long", seat)``, ``("table",)``, and two of its own: ``("chord", seat)`` (the table
button held while the seat presses: a Tripp Jokes seat out) and ``("end",)`` (the table
button held twice: END GAME?, then ended; a Tripp Jokes stalemate, a draw).
"""

import copy
import importlib

CHORD = "chord"
END = "end"


def for_game(key):
    """The module of game ``key`` (a turn game of ``topper.games``)."""
    return importlib.import_module("topper_host.sim.button_moves." + key)


def preview(ref, action):
    """What ``action`` would do at the physical table: its rulings and the referee
    after it, on a copy (the cards move only once the device took the move)."""
    ahead = copy.deepcopy(ref)
    return ahead, ahead.act(action, 0)
