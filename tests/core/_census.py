"""Where every card of a game is: the one check of card conservation for each game,
shared by the games' own random tests and the conformance test (test_conformance.py).

Each ``*_cards`` function takes the game's state (the slap game, the turn engine's
match) and raises AssertionError when a card is lost, doubled or foreign.
``CENSUS[key](referee)`` runs the right one for a referee of registered game ``key``;
a game added to ``topper.games`` without an entry here fails the conformance test.
"""

from topper.cards import squares_deck


def _once_each(places, copies, name):
    """Every card code 0..124 is found ``copies[code]`` times across ``places``."""
    count = bytearray(125)
    for place in places:
        for card in place:
            count[card] += 1
    assert count == copies, "%s: a card was lost, doubled or foreign" % name


def slap_cards(g):
    """World War 3 / Armageddon: every card in a stack, the pot or its face-down part."""
    held = []
    for stack in g.stacks:
        held.extend(stack)
    assert g.card_count() == len(g.deck), "slap: the count of cards changed"
    assert sorted(held + g.pot + g.facedown) == sorted(g.deck), "slap: a card changed places wrongly"


_SQUARES = bytearray(125)
for _card in squares_deck():
    _SQUARES[_card] = 1


def tricky_cards(m):
    """Tricky Dick: each of the 64 Squares cards in a hand, on the table or in a won
    trick, exactly once."""
    _once_each(m.hands + [[p[1] for p in m.table]] + m.won, _SQUARES, "tricky")


def crazy_cards(m):
    """Crazy Job, once dealt (the deal waits until every rule is written): every card
    of the deck(s) in a hand, a line, a wrong card's group or the pile."""
    places = m.hands + m.lines + [m.pile]
    for groups in m.wrong:
        places = places + groups
    _once_each(places, bytearray([m.game.decks] * 125), "crazy")


def guess_cards(m):
    """Guess My Card: every card a secret, in the trash, the pile or a hand, once."""
    _once_each([m.secrets, m.trash, m.pile] + m.hands, bytearray([1] * 125), "guess")


def _tripp(ref):
    assert ref.state.all_cards() == sorted(ref.game.cards()), "tripp: a card was lost or doubled"


def _crazy(ref):
    from topper.games.crazy.engine import Phase

    if ref.match.phase != Phase.RULES:
        crazy_cards(ref.match)


CENSUS = {
    "ww3": lambda ref: slap_cards(ref.game),
    "armageddon": lambda ref: slap_cards(ref.game),
    "tripp": _tripp,
    "tricky": lambda ref: tricky_cards(ref.match),
    "crazy": _crazy,
    "guess": lambda ref: guess_cards(ref.match),
}
