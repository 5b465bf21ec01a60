"""Tripp Jokes at the card pad (docs/games/tripp-jokes.md): in setup a seat taps its 3
face-up cards, and the dealer taps the starting card after the last seat's; in play
the seat on turn taps the cards of one play and presses its button to lay them, its
button alone picks the pile up, a face-down card is turned and tapped (played at once)."""

from topper.games.tripp.engine import Act

from topper_host.sim.moves import SHORT, TAP, taps


def inputs(ref, seat, action):
    s = ref.state
    kind = action[0]
    if kind == Act.FACEUP:
        out = taps(action[1:])
        if s.chosen == ref.seats - 1:
            out.append((TAP, s.deck[-1]))  # the dealer turns up the deck's top card
        return out
    if kind == Act.PLAY:
        return taps(action[1:]) + [(SHORT, seat)]
    if kind == Act.FLIP:
        return [(TAP, s.facedown[seat][action[1]])]
    return [(SHORT, seat)]  # the pickup


def after(ref, events):
    return []
