"""Where every card of a game is, for each registered game: the one check of card
conservation that the conformance test (test_conformance.py) runs after every action.

``CENSUS[key](referee)`` raises AssertionError when a card is lost, doubled or foreign.
A game added to ``topper.games`` without an entry here fails the conformance test,
which asks for one.
"""

from topper.cards import squares_deck


def _once_each(places, copies, name):
    """Every card code 0..124 is found ``copies[code]`` times across ``places``."""
    count = bytearray(125)
    for place in places:
        for card in place:
            count[card] += 1
    assert count == copies, "%s: a card was lost, doubled or foreign" % name


def _slap(ref):
    g = ref.game
    held = []
    for stack in g.stacks:
        held.extend(stack)
    assert g.card_count() == len(g.deck), "slap: the count of cards changed"
    assert sorted(held + g.pot + g.facedown) == sorted(g.deck), "slap: a card changed places wrongly"


def _tripp(ref):
    s = ref.state
    assert s.all_cards() == sorted(ref.game.cards()), "tripp: a card was lost or doubled"


_SQUARES = bytearray(125)
for _card in squares_deck():
    _SQUARES[_card] = 1


def _tricky(ref):
    m = ref.match
    _once_each(m.hands + [[p[1] for p in m.table]] + m.won, _SQUARES, "tricky")


def _crazy(ref):
    m = ref.match
    if m.phase == _crazy_rules_phase():
        return  # the cards are dealt once every rule is written
    places = m.hands + m.lines + [m.pile]
    for groups in m.wrong:
        places = places + groups
    _once_each(places, bytearray([m.game.decks] * 125), "crazy")


def _guess(ref):
    m = ref.match
    _once_each([m.secrets, m.trash, m.pile] + m.hands, bytearray([1] * 125), "guess")


def _crazy_rules_phase():
    from topper.games.crazy.engine import Phase

    return Phase.RULES


CENSUS = {
    "ww3": _slap,
    "armageddon": _slap,
    "tripp": _tripp,
    "tricky": _tricky,
    "crazy": _crazy,
    "guess": _guess,
}
