"""Scenario tables for matching, control, chances and slap combinations
(RULES.md 2.4-2.7 and 3.1-3.5)."""

from _rig import codes
from topper.games.slap import rules as slaprules
from topper.games.slap.rules import ARMAGEDDON, WW3


def _eff(variant, text):
    eff = []
    for c in codes(text):
        eff.append(slaprules.effective(variant, c, eff[-1] if eff else None))
    return eff


def _slap(variant, text):
    combo = slaprules.slap_combination(variant, codes(text), _eff(variant, text))
    return combo and combo[0]


# (variant, pot bottom->top, slap rule or None)
SLAPS = [
    (WW3, "1RC", None),
    (WW3, "1RC 2YH", None),
    (WW3, "1RC 1RH", "pair"),  # number and color
    (WW3, "1RC 2RC", "pair"),  # color and suit
    (WW3, "1RC 1YC", "pair"),  # number and suit
    (WW3, "1RC 2RH", None),  # color only: control, not a slap
    (WW3, "1RC 2RH 3RT", "run3"),  # three reds
    (WW3, "1RC 1YH 1GT", "run3"),  # three 1s
    (WW3, "1RC 2YC 3GC", "run3"),  # three circles
    (WW3, "1RC 2RH 3YT", None),  # two reds then a yellow: covered
    (WW3, "2GS JK", "joker"),  # a joker on a defined pot copies the card beneath
    (WW3, "JK", None),  # a joker on an undefined pot has no values
    (WW3, "JK JK", None),
    (WW3, "JK 3RC", None),
    (WW3, "1RC 2RH JK", "joker"),
    (WW3, "1RC 2RH JK 4RS", "run3"),  # the joker counts as a red for the run
    (ARMAGEDDON, "1RC 1RC", "triple"),
    (ARMAGEDDON, "1RC 1RH", None),  # two variables: control only
    (ARMAGEDDON, "1RC 1RH 1RT", "double3"),  # number and color over three
    (ARMAGEDDON, "1RC 1RH 2RH", None),  # different pairs of variables
    (ARMAGEDDON, "1RC 2RH 3RT 4RS", "single4"),  # four reds
    (ARMAGEDDON, "1RC 2RH 3RT", None),
    (ARMAGEDDON, "1RC 2*H 3RT 4RS", "single4"),  # Red Black Red Red: one color
    (ARMAGEDDON, "1RC 2*H 3GT 4GS", None),  # Red Black Green: the chain breaks
    (ARMAGEDDON, "3RC ***", "triple"),  # a full wild copies everything beneath
    (ARMAGEDDON, "3RC JK", "triple"),  # so does a joker
    (ARMAGEDDON, "JK JK", "triple"),  # jokers at the start: undeclared match
    (ARMAGEDDON, "*RC *RC", "triple"),  # undeclared ? on undeclared ?
    (ARMAGEDDON, "*RC 1RC", None),  # undeclared ? never matches a natural 1
]

# (variant, pot, does the top card take control?)
CONTROLS = [
    (WW3, "1RC 2RH", True),
    (WW3, "1RC 2YC", True),
    (WW3, "1RC 1YH", False),  # the number alone never gives control
    (WW3, "1RC 2YH", False),
    (WW3, "JK 2YH", False),  # a joker on an undefined pot matches nothing
    (WW3, "2YH JK", True),
    (ARMAGEDDON, "1RC 2RH", False),  # one variable is not enough in Armageddon
    (ARMAGEDDON, "1RC 2RC", True),
    (ARMAGEDDON, "1RC 1GC", True),
    (ARMAGEDDON, "1R* 2RH", False),  # blob undeclared, heart natural
    (ARMAGEDDON, "*RH *RC", True),  # undeclared numbers match, and red
]

# (variant, pot, chances the next player gets from the top card)
CHANCES = [
    (WW3, "1RC 3RH", 3),
    (WW3, "1RC 4RH JK", 4),  # the joker copies the 4
    (ARMAGEDDON, "2RC 4RC", 4),
    (ARMAGEDDON, "2RC *RC", 2),  # ? takes the 2 beneath
    (ARMAGEDDON, "*RC *RC", 5),  # an undeclared ? gives 5
    (ARMAGEDDON, "JK JK", 5),
]


def test_slap_combinations_table():
    for variant, pot, want in SLAPS:
        got = _slap(variant, pot)
        assert got == want, "%s %s: slap %r, expected %r" % (variant, pot, got, want)


def test_control_table():
    for variant, pot, want in CONTROLS:
        got = slaprules.takes_control(variant, _eff(variant, pot))
        assert got == want, "%s %s: control %r, expected %r" % (variant, pot, got, want)


def test_chances_table():
    for variant, pot, want in CHANCES:
        got = slaprules.chances_for(_eff(variant, pot)[-1])
        assert got == want, "%s %s: %r chances, expected %r" % (variant, pot, got, want)


def test_slap_reports_which_cards_and_variables():
    pot = "4GS 1RC 2RH 3RT"
    combo = slaprules.slap_combination(WW3, codes(pot), _eff(WW3, pot))
    assert combo == ("run3", 3, [1])  # three cards, the color


def test_unknown_variant_is_refused():
    try:
        slaprules.check_variant("snap")
    except ValueError as e:
        assert "snap" in str(e)
    else:
        assert False, "an unknown game must be refused"
