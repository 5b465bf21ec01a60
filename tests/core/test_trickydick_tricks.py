"""Who wins a Tricky Dick trick, what it is worth and who scores it (RULES.md section 5).

Tricks are written as the four cards laid by seats 0, 1, 2, 3 in that order.
"""

from topper.cards import parse
from topper.games.tricky.score import (
    average_text,
    broken_seats,
    scoring_seats,
    shares_variable,
    trick_points,
    trick_value,
    winning_play,
)


def _plays(texts):
    return [[seat, parse(texts[seat])] for seat in range(len(texts))]


# (why, four cards, the card that wins)
WINNERS = [
    ("highest number alone", "1RC 4YH 2BS 3GT", "4YH"),
    ("a lower number of the plurality color does not count", "4BC 3RH 3RT 2RS", "4BC"),
    ("same number and color: the higher suit", "4RC 4RS 3BS 2GT", "4RS"),
    ("suits rank square > triangle > heart > circle", "2YT 2YH 2YC 1BS", "2YT"),
    ("1-1 color tie: the higher color, whatever the suits", "4RS 4BC 3GT 1YH", "4BC"),
    ("2-1: the pair's lower color beats a higher single", "4RC 4RH 4BS 1GT", "4RH"),
    ("2-1 with the single highest in suit too", "3YC 3YH 3BS 2GS", "3YH"),
    ("3 of one color among 3 tied", "3YC 3YT 3YH 2BS", "3YT"),
    ("3-1 among four tied", "1RC 1RH 1RT 1BS", "1RT"),
    ("2-2: the higher color, then its higher suit", "2RS 2RT 2GC 2GH", "2GH"),
    ("1-1-1 among three tied", "3RS 3YT 3GC 1BS", "3GC"),
    ("four different colors", "1RS 1YT 1GH 1BC", "1BC"),
    ("2-1-1: the pair beats two higher singles", "2YC 2YH 2BS 2GS", "2YH"),
    ("four of one color: the highest suit", "2RC 2RH 2RT 2RS", "2RS"),
    ("green beats yellow beats red on a 1-1-1 with lower suits", "4RS 4YS 4GC 3BS", "4GC"),
]


def test_the_winning_card_follows_every_tie_break():
    for why, trick, expected in WINNERS:
        texts = trick.split()
        win = winning_play(_plays(texts))
        assert texts[win] == expected, "%s: %s won, expected %s" % (why, texts[win], expected)


def test_the_winner_does_not_depend_on_the_order_of_laying():
    for why, trick, expected in WINNERS:
        texts = trick.split()
        for shift in range(1, 4):
            turned = texts[shift:] + texts[:shift]
            assert turned[winning_play(_plays(turned))] == expected, why


# (why, four cards, trick value, seats that score it)
SCORES = [
    ("nothing to take", "1RH 2YT 3GH 4BT", 0, [3]),
    ("two circles to the winner alone", "4BC 1RC 2YH 3GT", 2, [0]),
    ("a square takes back a circle", "4BC 1RS 2YC 3GT", 1, [0]),
    ("an opponent of the winner's color scores too", "4BC 1BS 2BC 3GT", 1, [0, 1, 2]),
    ("a loser of the winner's color shares a minus", "4BS 1BT 2RS 3GS", -3, [0, 1]),
    ("four squares, four blues: everyone loses four", "1BS 2BS 3BS 4BS", -4, [0, 1, 2, 3]),
    ("four circles to the winner only", "1RC 2YC 3GC 4BC", 4, [3]),
    ("the winner's color, not the highest color, decides", "3RC 3RH 1BC 2BS", 1, [0, 1]),
]


def test_trick_value_and_who_scores_it():
    for why, trick, value, scorers in SCORES:
        plays = _plays(trick.split())
        assert trick_value(plays) == value, why
        assert scoring_seats(plays, winning_play(plays)) == scorers, why


# (why, previous card, this card, shares a variable)
MATCHES = [
    ("the number only", "3RC", "3YH", True),
    ("the color only", "3RC", "1RH", True),
    ("the suit only", "3RC", "1YC", True),
    ("two variables", "3RC", "3RT", True),
    ("nothing", "3RC", "1YH", False),
    ("nothing, all different", "4BS", "1RC", False),
]


def test_the_match_rule_needs_one_shared_variable():
    for why, before, card, ok in MATCHES:
        assert shares_variable(parse(before), parse(card)) == ok, why
        assert shares_variable(parse(card), parse(before)) == ok, why


def test_broken_seats_compare_each_seat_with_its_own_previous_card():
    previous = [parse(t) for t in ["3RC", "1YH", "2GT", "4BS"]]
    # Seat 0 keeps the 3 and seat 2 keeps green. Seat 1's 2RC would match seat 0's old
    # 3RC, but only a seat's own previous card counts; seat 3 matches nothing.
    plays = _plays(["3YH", "2RC", "1GS", "1RC"])
    assert broken_seats(plays, previous) == [1, 3]
    assert broken_seats(plays, [None] * 4) == [], "no rule on a hand's first trick"


def test_trick_points_add_the_value_and_the_penalties():
    assert trick_points(2, [0, 2], []) == [2, 0, 2, 0]
    assert trick_points(-1, [1], [1, 3]) == [0, -2, 0, -1]
    assert trick_points(0, [3], [0, 1, 2, 3]) == [-1, -1, -1, -1]


# (total, hands, text)
AVERAGES = [
    (7, 3, "2.33"),
    (-7, 3, "-2.33"),
    (8, 3, "2.67"),
    (1, 2, "0.50"),
    (-1, 2, "-0.50"),
    (1, 8, "0.13"),
    (-1, 300, "0.00"),
    (0, 1, "0.00"),
    (42, 1, "42.00"),
    (5, 0, "-"),
]


def test_the_cooperative_average_prints_the_same_everywhere():
    for total, hands, text in AVERAGES:
        assert average_text(total, hands) == text, (total, hands)
