"""Crazy Job with the buttons (docs/games/crazy-job.md, "Without the card pad"): every
rule is on paper, written with a short press (a rule the physical table stores is the
paper's words, judged by the dealt game as its owner would). The dealer turns up the
starting cards and presses the table button (the dealt game turns them up by itself:
``after``). A play is one press of the player per card laid, then the table button;
"no legal card" is the player's long press. The owner says right (short) or wrong
(long): for a stored rule the dealt game judged the play itself, and the owner's press
follows from its ruling (``after``); after a wrong claim the owner moves a card to the
line and presses (short). The table button deals the next hand."""

from topper.games.crazy.engine import PAPER, Act

from topper_host.sim.moves import LONG, SHORT, TABLE


def inputs(ref, seat, action):
    kind = action[0]
    if kind == Act.RULE:
        return [(SHORT, seat)]
    if kind == Act.PLAY:
        return [(SHORT, seat)] * (len(action) - 1) + [(TABLE,)]
    if kind == Act.NONE:
        return [(LONG, seat)]
    if kind == Act.RIGHT:
        return [(SHORT, seat)]
    if kind == Act.WRONG:
        return [(LONG, seat)]
    if kind == Act.PICK:
        return [(SHORT, seat)]
    return [(TABLE,)]  # NEXT


def after(ref, events):
    m = ref.match
    out = []
    for e in events:
        r = e["r"]
        if r == "deal":
            out.append((TABLE,))  # every line's start turned up
        elif r in ("play", "none") and m.rules[e["owner"]] != PAPER:
            out.append((SHORT if e["ok"] else LONG, e["owner"]))  # its owner's word
    return out
