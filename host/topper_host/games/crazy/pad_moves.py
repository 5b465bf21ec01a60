"""Crazy Job at the card pad (docs/games/crazy-job.md).

A rule on paper is the seat's short press; a stored rule is entered with its button (a
long press opens the entry; at each step short presses move the highlight and a long
press chooses; a last long press stores it). The dealer reads each line's starting
card (the dealt game turns them up by itself: ``after``). A play is its cards read,
then the player's button; "no legal card" is a long press, the whole hand read, then
the table button. The rule maker judges right (short) or wrong (long) and reads the
card it moves to the line; the table button starts the next hand.
"""

from topper.games.crazy import rules
from topper.games.crazy.engine import PAPER, Act

from topper_host.sim.moves import LONG, SHORT, TABLE, TAP, taps


def inputs(ref, seat, action):
    kind = action[0]
    if kind == Act.RULE:
        if action[1] == PAPER:
            return [(SHORT, seat)]
        return [(LONG, seat)] + rule_presses(seat, action[1])
    if kind == Act.PLAY:
        return taps(action[1:]) + [(SHORT, seat)]
    if kind == Act.NONE:
        return [(LONG, seat)] + taps(ref.match.hands[seat]) + [(TABLE,)]
    if kind == Act.RIGHT:
        return [(SHORT, seat)]
    if kind == Act.WRONG:
        return [(LONG, seat)]
    if kind == Act.PICK:
        return [(TAP, action[1])]
    return [(TABLE,)]  # NEXT


def rule_presses(seat, code):
    """The presses that enter the stored rule ``code`` (``rules.RuleEntry``'s picks are
    the clauses' parts and the join), once its entry is open."""
    first = code % rules.CLAUSES
    join, second = divmod(code // rules.CLAUSES, rules.CLAUSES)
    picks = list(rules.clause_parts(first)) + [join]
    if join != rules.ONLY:
        picks.extend(rules.clause_parts(second))
    out = []
    for p in picks:
        out.extend([(SHORT, seat)] * p)
        out.append((LONG, seat))
    out.append((LONG, seat))  # "Store this rule?"
    return out


def after(ref, events):
    for e in events:
        if e["r"] == "deal":
            m = ref.match
            n = ref.seats
            return [(TAP, m.lines[(m.dealer + 1 + i) % n][0]) for i in range(n)]
    return []
