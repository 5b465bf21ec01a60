"""Guess My Card with the buttons (docs/games/guess-my-card.md, "Without the card
pad"): the device knows no card. The player due picks the seat to ask with short
presses (from the first seat on their left it may ask), then asks with a long press (the
card shown at the table) or guesses with the table button (the card said aloud); the
asked player counts the matches with short presses and the table button; the guessed
player says right (short) or wrong (long); the dealer's press deals the next hand. The
cards a player throws down after the deal are the table's alone."""

from topper.games.guess.engine import Act

from topper_host.sim.moves import LONG, SHORT, TABLE
from topper_host.games.guess.pad_moves import pick_presses


def inputs(ref, seat, action):
    kind = action[0]
    if kind == Act.DISCARD:
        return []
    if kind == Act.ASK:
        return pick_presses(ref, action[1]) + [(LONG, seat)]
    if kind == Act.GUESS:
        return pick_presses(ref, action[1]) + [(TABLE,)]
    if kind == Act.ANSWER:
        return [(SHORT, seat)] * action[1] + [(TABLE,)]
    if kind == Act.RIGHT:
        return [(SHORT, seat)]
    if kind == Act.WRONG:
        return [(LONG, seat)]
    return [(SHORT, seat)]  # NEXT: the dealer has dealt


def after(ref, events):
    return []
