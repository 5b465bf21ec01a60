"""Tricky Dick rule scenarios as a table sees them: cards laid in turn -> tricks and points.

Most scenarios use a card-pad match (``Entry.PAD``): the table deals, and the engine is told
each card as it is laid, which lets a scenario choose every card. The dealt scenarios check
what only a dealt match does: the 16th cards turned up as the first trick.
"""

from topper.cards import parse, squares_deck
from topper.games.tricky.engine import Entry, Mode, TrickyDick


def _pad(dealer=3, mode=Mode.INDIVIDUAL, hands=1):
    return TrickyDick(mode=mode, hands=hands, first_dealer=dealer, entry=Entry.PAD).new_match()


def _lay(match, texts):
    """Lay the cards in turn order; return the rulings of the last card."""
    out = []
    for text in texts.split():
        out = match.apply(parse(text))
    return out


def _trick(rulings):
    for r in rulings:
        if r["r"] == "trick":
            return r
    raise AssertionError("no trick in %r" % (rulings,))


def test_the_first_trick_is_the_four_turned_up_cards_from_the_dealers_left():
    m = _pad(dealer=0)
    assert m.current_player() == 1, "the dealer turns up the card on their left first"
    t = _trick(_lay(m, "1RC 2YH 3GT 4BS"))
    assert [p[0] for p in t["plays"]] == [1, 2, 3, 0]
    assert t["trick"] == 1 and t["winner"] == 0
    assert t["value"] == 0 and t["broke"] == []
    assert m.current_player() == 0, "the winner leads the second trick"
    assert m.view()["trick"] == 2


def test_the_winner_leads_and_play_goes_clockwise():
    m = _pad(dealer=3)
    _lay(m, "1RC 4YH 2GT 3BS")  # seat 1 wins with the 4
    order = []
    for text in ["4YT", "1YC", "2GH", "3BT"]:
        order.append(m.current_player())
        m.apply(parse(text))
    assert order == [1, 2, 3, 0]


def test_the_trick_points_go_to_the_winner_and_every_seat_of_its_color():
    m = _pad(dealer=3)  # seats lay 0, 1, 2, 3
    t = _trick(_lay(m, "4BC 1BS 2BC 3GT"))
    assert t["winner"] == 0 and t["value"] == 1
    assert t["scorers"] == [0, 1, 2], "seats 1 and 2 laid blue too, opponents or not"
    assert m.scores == [1, 1, 1, 0]


def test_a_trick_full_of_squares_costs_everyone_of_the_winners_color():
    m = _pad(dealer=3)
    _lay(m, "4BS 1BT 2RS 3GS")
    assert m.scores == [-3, -3, 0, 0]


# (why, seat 0's card in the first trick, its card in the second, broke the match rule)
# The other seats keep a shared variable; seat 1's first card is 4BS, so 3BT below
# shares blue with *another* player's previous card, which does not help.
PENALTIES = [
    ("shares the number only", "1RC", "1YH", False),
    ("shares the color only", "1RC", "2RH", False),
    ("shares the suit only", "1RC", "2YC", False),
    ("shares two variables", "1RC", "1RH", False),
    ("shares nothing", "1RC", "2YH", True),
    ("shares only with another seat's previous card", "1RC", "3BT", True),
]


def test_the_match_rule_costs_one_point_and_the_play_stands():
    for why, first, second, broke in PENALTIES:
        m = _pad(dealer=3)
        _lay(m, first + " 4BS 4GS 4YS")  # seat 1 wins with blue and leads
        before = list(m.scores)
        t = _trick(_lay(m, "4BT 4GT 4YT " + second))
        assert t["plays"][3] == [0, parse(second)], why + ": the card stands"
        assert (0 in t["broke"]) == broke, why
        assert m.scores[0] - before[0] == t["points"][0], why
        assert t["points"][0] == (-1 if broke else 0), why
        assert t["broke"] == ([0] if broke else []), why + ": the others matched"


def test_nobody_breaks_the_match_rule_on_the_first_trick():
    m = _pad(dealer=3)
    t = _trick(_lay(m, "1RC 2YH 3GT 4BS"))
    assert t["broke"] == []
    assert m.scores == [0, 0, 0, 0]


def _rotated_deal():
    """Seat s holds the fifteen lowest cards of number s+1 and, as its 16th card, the
    blue square of the next number: 2BS, 3BS, 4BS, 1BS."""
    deck = squares_deck()
    hands = [deck[16 * s : 16 * s + 16] for s in range(4)]
    for s in range(4):
        hands[s][15] = deck[16 * ((s + 1) % 4) + 15]
    return hands


def test_a_dealt_match_turns_up_each_16th_card_as_the_first_trick():
    deal = _rotated_deal()
    m = TrickyDick(first_dealer=0).new_match(deals=[deal])
    first = m.tricks[0]
    assert first["plays"] == [
        [1, parse("3BS")],
        [2, parse("4BS")],
        [3, parse("1BS")],
        [0, parse("2BS")],
    ]
    assert first["winner"] == 2 and first["value"] == -4
    assert m.scores == [-4, -4, -4, -4], "four blue squares: all four share the -4"
    for seat in range(4):
        assert m.cards_left(seat) == 15
        assert deal[seat][15] not in m.hands[seat]
    assert m.current_player() == 2
    assert m.legal_actions() == sorted(deal[2][:15])


def test_the_second_trick_compares_each_card_with_its_first_trick_card():
    m = TrickyDick(first_dealer=0).new_match(deals=[_rotated_deal()])
    # P3 turned up 4BS and now lays 3RC: nothing shared. P4 turned up 1BS, lays 4RC:
    # nothing. P1 turned up 2BS, lays 1RS: the suit. P2 turned up 3BS, lays 2BH: the color.
    t = _trick(_lay(m, "3RC 4RC 1RS 2BH"))
    assert t["broke"] == [2, 3]
    assert t["winner"] == 3 and t["value"] == 1 and t["scorers"] == [0, 2, 3]
    assert t["points"] == [1, 0, 0, 0]
    assert m.scores == [-3, -4, -4, -4]


def test_a_hand_is_sixteen_tricks_then_the_deal_passes_left():
    m = _pad(dealer=1, hands=2)
    rulings = []
    while m.hand_no == 0:
        rulings = m.apply(m.legal_actions()[0])
    kinds = [r["r"] for r in rulings]
    assert kinds == ["play", "trick", "hand", "deal"], kinds
    assert rulings[1]["trick"] == 16
    assert rulings[2]["points"] == m.hand_results[0]
    assert rulings[3]["dealer"] == 2 and m.dealer == 2
    assert m.current_player() == 3, "the new dealer's left turns up first"
    assert m.trick_no == 0 and m.tricks is None and m.scores == m.hand_results[0]
    assert len(m.legal_actions()) == 64, "a fresh deck on the pad"
