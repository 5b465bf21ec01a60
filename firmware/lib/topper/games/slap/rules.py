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


# A joker (or a wild) laid where nothing is beneath: the variant's bottom value, shared.
_BOTTOM_WW3 = (NOVALUE, NOVALUE, NOVALUE)
_BOTTOM_ARM = (UNDECLARED, UNDECLARED, UNDECLARED)


def effective(variant, card, beneath):
    """The effective values of ``card`` laid on a card whose effective values are
    ``beneath`` (None when it starts the sequence)."""
    # This runs once a card laid: the variables are read inline (card codes are
    # ``number * 25 + color * 5 + suit``, see topper.cards) rather than through calls.
    if card == cards.JOKER:
        if beneath is None:
            return _BOTTOM_WW3 if variant == WW3 else _BOTTOM_ARM
        return beneath
    n = card // 25
    c = (card // 5) % 5
    s = card % 5
    if n and c and s:
        return (n, c, s)  # a natural card: nothing to copy
    if beneath is None:
        bottom = NOVALUE if variant == WW3 else UNDECLARED
        b0 = b1 = b2 = bottom
    else:
        b0 = beneath[0]
        b1 = beneath[1]
        b2 = beneath[2]
    return (n or b0, c or b1, s or b2)


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


def _vars(m0, m1, m2):
    """The variables whose flag is set, in order (built only for a combination)."""
    out = []
    if m0:
        out.append(cards.NUMBER)
    if m1:
        out.append(cards.COLOR)
    if m2:
        out.append(cards.SUIT)
    return out


def takes_control(variant, eff):
    """Does the top card take control over the card beneath it?"""
    k = len(eff)
    if k < 2:
        return False
    a = eff[k - 2]
    b = eff[k - 1]
    m1 = a[1] == b[1] and a[1] != NOVALUE
    m2 = a[2] == b[2] and a[2] != NOVALUE
    if variant == WW3:
        return m1 or m2
    # Armageddon: the top two match in at least two variables.
    if m1 and m2:
        return True
    return (m1 or m2) and a[0] == b[0] and a[0] != NOVALUE


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
    # Worked out once a card laid, so it is written out flat: the matches of the top
    # two, then (only if they decide nothing) of the top three and four. A list of
    # variables is only built for a combination found.
    k = len(eff)
    if k < 2:
        return None
    a = eff[k - 2]
    b = eff[k - 1]
    m0 = a[0] == b[0] and a[0] != NOVALUE
    m1 = a[1] == b[1] and a[1] != NOVALUE
    m2 = a[2] == b[2] and a[2] != NOVALUE
    if variant == WW3:
        if (m0 and (m1 or m2)) or (m1 and m2):
            rule = WW3_JOKER if pot[-1] == cards.JOKER else WW3_PAIR
            return (rule, 2, _vars(m0, m1, m2))
        if k < 3 or not (m0 or m1 or m2):
            return None
        c = eff[k - 3]
        m0 = m0 and c[0] == a[0]
        m1 = m1 and c[1] == a[1]
        m2 = m2 and c[2] == a[2]
        if m0 or m1 or m2:
            return (WW3_RUN3, 3, _vars(m0, m1, m2))
        return None
    if m0 and m1 and m2:
        return (ARM_TRIPLE, 2, _vars(True, True, True))
    if k < 3 or not (m0 or m1 or m2):
        return None
    c = eff[k - 3]
    m0 = m0 and c[0] == a[0]
    m1 = m1 and c[1] == a[1]
    m2 = m2 and c[2] == a[2]
    if (m0 and (m1 or m2)) or (m1 and m2):
        return (ARM_DOUBLE3, 3, _vars(m0, m1, m2))
    if k < 4 or not (m0 or m1 or m2):
        return None
    d = eff[k - 4]
    m0 = m0 and d[0] == c[0]
    m1 = m1 and d[1] == c[1]
    m2 = m2 and d[2] == c[2]
    if m0 or m1 or m2:
        return (ARM_SINGLE4, 4, _vars(m0, m1, m2))
    return None
