"""Matching, control and slap combinations of World War 3 and Armageddon.

RULES.md sections 2 and 3. Everything here works on *effective values*: one tuple
``(number, color, suit)`` per pot card, computed bottom to top as the cards are laid:

- a natural value is itself;
- a wild value (and every variable of a joker) takes the effective value of the card
  directly beneath it; with nothing beneath it stays the variant's "bottom" value.

The bottom value is what makes the two games differ at the start of a pile:
World War 3 has ``NOVALUE`` (a joker on an undefined pot matches nothing, not even
another joker), Armageddon has ``UNDECLARED`` (two undeclared wilds of a variable match
each other, never a natural value).
"""

from topper import cards

WW3 = "ww3"
ARMAGEDDON = "armageddon"
VARIANTS = (WW3, ARMAGEDDON)

NOVALUE = -1
UNDECLARED = 0

# Slap rule ids as they appear in rulings and logs.
WW3_PAIR = "pair"  # 2.7a: top two match in at least two variables
WW3_RUN3 = "run3"  # 2.7b: top three share one value in one variable
WW3_JOKER = "joker"  # 2.7c: a joker on a defined pot (reported when the top is one)
ARM_TRIPLE = "triple"  # 3.5a: top two match in all three variables
ARM_DOUBLE3 = "double3"  # 3.5b: top three match in the same two variables
ARM_SINGLE4 = "single4"  # 3.5c: top four match in the same variable


def check_variant(variant):
    if variant not in VARIANTS:
        raise ValueError("unknown slap game %r (expected one of %s)" % (variant, ", ".join(VARIANTS)))
    return variant


def effective(variant, card, beneath):
    """The effective values of ``card`` laid on a card whose effective values are
    ``beneath`` (None when it starts the sequence)."""
    bottom = NOVALUE if variant == WW3 else UNDECLARED
    if card == cards.JOKER:
        if beneath is None:
            return (bottom, bottom, bottom)
        return beneath
    out = []
    for var in cards.VARIABLES:
        v = cards.value(card, var)
        if v == cards.WILD:
            v = beneath[var] if beneath is not None else bottom
        out.append(v)
    return (out[0], out[1], out[2])


def matches(a, b, var):
    """Do effective values ``a`` and ``b`` match in variable ``var``?"""
    return a[var] == b[var] and a[var] != NOVALUE


def _run(eff, var, n):
    """Do the top ``n`` effective values all match in ``var``?"""
    k = len(eff)
    if k < n:
        return False
    i = k - n
    while i < k - 1:
        if not matches(eff[i], eff[i + 1], var):
            return False
        i += 1
    return True


def _run_vars(eff, n):
    """The variables (in order) in which the top ``n`` cards all match."""
    return [v for v in cards.VARIABLES if _run(eff, v, n)]


def takes_control(variant, eff):
    """Does the top card take control over the card beneath it?"""
    if len(eff) < 2:
        return False
    a = eff[-2]
    b = eff[-1]
    if variant == WW3:
        return matches(a, b, cards.COLOR) or matches(a, b, cards.SUIT)
    return len(_run_vars(eff, 2)) >= 2


def chances_for(eff_top):
    """How many cards the next player may answer with: the controlling card's
    effective number; in Armageddon an undeclared ``?`` gives 5."""
    # World War 3 never gets here with no number: the Squares deck has no ``?`` and
    # a joker can only take control on a defined pot, where it copies a number.
    n = eff_top[cards.NUMBER]
    return n if n > 0 else 5


def slap_combination(variant, pot, eff):
    """Is the top of the pot slappable? None, or ``(rule, n_cards, vars)`` with the
    rule id, how many top cards form the combination and the variables they share."""
    if variant == WW3:
        pair = _run_vars(eff, 2)
        if len(pair) >= 2:
            rule = WW3_JOKER if pot[-1] == cards.JOKER else WW3_PAIR
            return (rule, 2, pair)
        run3 = _run_vars(eff, 3)
        if run3:
            return (WW3_RUN3, 3, run3)
        return None
    pair = _run_vars(eff, 2)
    if len(pair) == 3:
        return (ARM_TRIPLE, 2, pair)
    three = _run_vars(eff, 3)
    if len(three) >= 2:
        return (ARM_DOUBLE3, 3, three)
    four = _run_vars(eff, 4)
    if four:
        return (ARM_SINGLE4, 4, four)
    return None
