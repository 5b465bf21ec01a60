"""A turn game's moves made at the device as the players make them (docs/games/*.md,
"With the card pad"): one module a game, with

- ``inputs(ref, seat, action)``: what the hands do for ``seat``'s ``action`` (an
  action of the physical table, the game's dealt referee, before it is applied): a
  list of inputs, in order;
- ``after(ref, events)``: what the table still does at the device once the physical
  table applied a move (or started) and said ``events``: cards a dealer turns up,
  which the dealt game turned up by itself. [] for most moves.

An input is a tuple: ``("tap", card)`` (the card laid on the pad), ``("short", seat)``,
``("long", seat)`` (a seat's button, released early or held), ``("table",)`` (the
table button, short). A move with no inputs is one the device never sees (a card
thrown to the trash in Guess My Card's dealt game) or makes by itself (an answer it
counts from a card it read).

Only the simulator uses these: the device never needs to turn a move into presses.
"""

import importlib

TAP = "tap"
SHORT = "short"
LONG = "long"
TABLE = "table"


def for_game(key):
    """The module of game ``key`` (a turn game of ``topper.games``)."""
    return importlib.import_module("topper_host.sim.pad_moves." + key)


def taps(cards):
    return [(TAP, c) for c in cards]
