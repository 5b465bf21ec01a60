"""With the card pad a seat's move is its card, tapped."""

from topper_host.sim.moves import TAP


def inputs(ref, seat, action):
    return [(TAP, action[2])]


def after(ref, events):
    return []
