"""With the buttons the device sees no card: when a card ends a round, the seat that
takes it presses its button."""

from topper_host.sim.moves import SHORT, preview


def inputs(ref, seat, action):
    _, events = preview(ref, action)
    return [(SHORT, r["seat"]) for r in events if r["r"] == "round"]


def after(ref, events):
    return []
