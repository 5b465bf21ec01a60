"""Tricky Dick at the card pad (docs/games/tricky-dick.md): each card the pad reads is
the next one laid, starting with the four turned-up 16th cards of a hand (the dealt
game turns them up by itself: ``after``); between hands the table button deals on."""

from topper_host.sim.moves import TABLE, TAP


def inputs(ref, seat, action):
    return [(TAP, action)]  # a card alone


def after(ref, events):
    out = []
    for e in events:
        if e["r"] == "deal" and e["hand"] > 1:
            out.append((TABLE,))  # the device paused on the hand's points
        elif e["r"] == "trick" and e["trick"] == 1:
            out.extend([(TAP, card) for _, card in e["plays"]])
    return out
