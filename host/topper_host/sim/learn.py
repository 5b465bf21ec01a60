"""Learner mode (``topper sim --learn``): the rule behind every ruling of a slap game,
in words a new player can check against the cards ("slap: Red-Black-Red: the top 3
cards share their color", "too late: 212 ms after P3").

``Learner.batch`` is given every batch of rulings in turn. A slap is judged on the pot
as it was before the batch that holds the ruling (a won slap gathers the pot at once),
so the learner keeps the top of the pot from the end of each batch.
"""

from topper import cards
from topper.games.slap import rules as slaprules

# The rule ids of the rulings (topper.games.slap.rules), as a player would say them.
PATTERNS = {
    slaprules.WW3_PAIR: "the top 2 cards share two of number, color and suit",
    slaprules.WW3_RUN3: "the top 3 cards share one of number, color and suit",
    slaprules.WW3_JOKER: "a joker on a pile with a value copies the card under it",
    slaprules.ARM_TRIPLE: "the top 2 cards share number, color and suit",
    slaprules.ARM_DOUBLE3: "the top 3 cards share the same two of number, color and suit",
    slaprules.ARM_SINGLE4: "the top 4 cards share one of number, color and suit",
}
WHAT_WINS = {
    slaprules.WW3: "a slap needs 2 cards sharing two values or 3 sharing one",
    slaprules.ARMAGEDDON: "a slap needs 2 cards sharing all three values, 3 sharing two or 4 sharing one",
}
_NAMES = {cards.NUMBER: None, cards.COLOR: cards.COLOR_NAMES, cards.SUIT: cards.SUIT_NAMES}


def value_word(code, var):
    """One card's value in one variable as a word: "Red", "Circle", "3", "Joker"."""
    if code == cards.JOKER:
        return "Joker"
    v = cards.value(code, var)
    names = _NAMES[var]
    if names is None:
        return "?" if v == cards.WILD else str(v)
    return names[v].capitalize()


def pattern(top, var_names):
    """The shared values of the top cards, bottom to top: "Red-Black-Red"."""
    out = []
    for code in top:
        words = [value_word(code, cards.VARIABLE_NAMES.index(v)) for v in var_names]
        out.append(" ".join(words))
    return "-".join(out)


def _seat(s):
    return "P%d" % (s + 1)


class Learner:
    def __init__(self, variant):
        self.variant = variant
        self.pot = []  # the pot's cards at the end of the last batch
        self.combo = None  # what the referee found slappable then

    def batch(self, ref, rulings):
        """One explanation (or None) for each ruling of a batch of the referee ``ref``,
        in order."""
        out = [self.explain(ref, r) for r in rulings]
        if not ref.racing():
            # The pile a race's presses slapped: kept until the race closes, since the
            # device may write a slap's line a step or two after it ruled and changed it.
            g = ref.game
            self.pot = list(g.pot)
            self.combo = g.slappable()
        return out

    def explain(self, ref, r):
        kind = r["r"]
        if kind == "slap":
            return self._slap(r)
        if kind == "late":
            race = ref.last_race
            first = race["order"][0][0] if race and race["order"] else -1
            ms = (r["margin_us"] + 500) // 1000
            return "too late: %s, %d ms after %s" % (_seat(r["seat"]), ms, _seat(first))
        if kind == "locked":
            if ref.game.penalty_top == r["seat"]:
                why = "their own penalty card is on top"
            else:
                why = "after a wrong slap without cards, until another player slaps"
            return "locked out: %s may not slap: %s" % (_seat(r["seat"]), why)
        if kind == "hurry":
            secs = ref.hurry_ms / 1000.0
            return "hurry-up: %s took over %.1f s: the next card is a penalty card" % (_seat(r["seat"]), secs)
        if kind == "lay" and "control" in r:
            how = "color or suit" if self.variant == slaprules.WW3 else "two values"
            return "control: %s's card matches the one under it in %s; %d chance%s to answer" % (
                _seat(r["control"]),
                how,
                r["chances"],
                "" if r["chances"] == 1 else "s",
            )
        return None

    def _slap(self, r):
        if r["by"] < 0:
            return "no slap: only locked-out seats pressed"
        if r["ok"]:
            combo = self.combo
            if combo is None:
                return "slap: %s (%s)" % (r["rule"], PATTERNS.get(r["rule"], ""))
            rule, n, var_ids = combo
            names = [cards.VARIABLE_NAMES[v] for v in var_ids]
            shared = "the top %d cards share their %s" % (n, " and ".join(names))
            if rule == slaprules.WW3_JOKER:
                shared += ": a joker copies the card under it"
            return "slap: %s: %s (%s: %s)" % (pattern(self.pot[-n:], names), shared, rule, PATTERNS[rule])
        top = " on ".join([cards.format_card(c) for c in reversed(self.pot[-3:])]) or "an empty pile"
        cost = "pays %d face down" % r["paid"] if r["paid"] else "is locked out (no cards to pay)"
        return "wrong slap: %s on top makes no pattern; %s; %s" % (top, WHAT_WINS[self.variant], cost)
