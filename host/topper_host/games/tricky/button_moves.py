"""Tricky Dick with the buttons (docs/games/tricky-dick.md, "Without the card pad"):
each player lays their card and presses their button; after the fourth card (at once
for the dealer's turned-up first trick, which the dealt game turns up by itself) the
table reports the trick: who won, the circles, the squares, who else laid the winner's
color, who broke the match rule (not on a first trick), a table press after each list,
and one to confirm the points. Between hands the table button deals on."""

from topper.games.tricky import report
from topper.games.tricky.engine import pack_report
from topper.games.tricky.score import CIRCLE, SQUARE, suit

from topper_host.sim.moves import SHORT, TABLE


def inputs(ref, seat, action):
    return [(SHORT, seat)]  # the card laid, then the button


def after(ref, events):
    out = []
    for e in events:
        if e["r"] == "deal" and e["hand"] > 1:
            out.append((TABLE,))  # the device paused on the hand's points
        elif e["r"] == "trick":
            out.extend(trick_report(e))
    return out


def trick_report(trick):
    """The presses that report ``trick`` (the dealt game's ruling) and confirm it."""
    plays = trick["plays"]
    circles = [s for s, card in plays if suit(card) == CIRCLE]
    squares = [s for s, card in plays if suit(card) == SQUARE]
    record = pack_report(trick["winner"], circles, squares, trick["scorers"], trick["broke"])
    first = trick["trick"] == 1
    presses = report.presses(record, trick["leader"], first, SHORT, TABLE)
    if not first:
        presses = presses[4:]  # the lay presses are the players' own moves
    out = [(SHORT, seat) if press == SHORT else (TABLE,) for press, seat in presses]
    return out + [(TABLE,)]  # the points shown: confirmed
