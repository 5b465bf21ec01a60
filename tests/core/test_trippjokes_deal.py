"""Tripp Jokes deal and setup: deck count, who deals and plays first, face-up choices."""

from _tripp import cards
from topper.stdcards import JOKER
from topper.games.tripp.engine import Act, Phase, TrippJokes, default_faceup, is_special

DECKS = [(2, 1), (3, 1), (4, 2), (5, 2), (6, 2), (7, 2), (8, 3)]


def _choose_defaults(state):
    while state.phase == Phase.SETUP:
        state.apply(default_faceup(state.hands[state.current_player()]))


def test_decks_are_players_over_four_plus_one():
    for players, decks in DECKS:
        game = TrippJokes(players)
        assert game.decks == decks, players
        everything = game.cards()
        assert len(everything) == 54 * decks
        assert everything.count(JOKER) == 2 * decks
        assert everything.count(cards("QH")[0]) == decks


def test_each_player_gets_three_face_down_and_six_to_choose_from():
    for players, decks in DECKS:
        s = TrippJokes(players).deal(seed=players)
        for seat in range(players):
            assert len(s.facedown[seat]) == 3 and len(s.hands[seat]) == 6
            assert s.faceup[seat] == []
        assert len(s.deck) == 54 * decks - 9 * players
        assert s.pile == [] and s.phase == Phase.SETUP


def test_setup_choices_go_round_from_the_dealers_left_then_the_start_card_is_turned():
    for players, dealer in ((2, 0), (4, 2), (4, 3), (8, 7)):
        s = TrippJokes(players, dealer=dealer).deal(seed=11)
        first = (dealer + 1) % players
        order = []
        top = s.deck[-1]
        while s.phase == Phase.SETUP:
            seat = s.current_player()
            order.append(seat)
            six = s.hands[seat][:]
            action = default_faceup(six)
            events = s.apply(action)
            assert sorted(s.faceup[seat] + s.hands[seat]) == sorted(six)
            assert len(s.faceup[seat]) == 3 and len(s.hands[seat]) == 3
        assert order == [(first + i) % players for i in range(players)]
        assert s.pile == [top], "the dealer turns up the deck's top card"
        assert events[-1] == {"r": "start", "seat": dealer, "card": top}
        assert s.current_player() == first, "the dealer's left plays first"


def test_the_starting_card_is_the_card_to_beat_or_a_free_board():
    seen_free = seen_natural = False
    for seed in range(60):
        s = TrippJokes(3).deal(seed)
        _choose_defaults(s)
        start = s.pile[0]
        if is_special(start):
            seen_free = True
            assert s.free_board(), seed
        else:
            seen_natural = True
            assert s.to_beat() == start, seed
    assert seen_free and seen_natural


def test_a_seat_chooses_among_all_three_card_sets_of_its_six():
    s = TrippJokes(2).deal(seed=5)
    seat = s.current_player()
    s.hands[seat] = cards("4C 5C 6C 7C 8C 9C")  # six different cards: C(6,3) = 20 sets
    assert len(s.legal_actions()) == 20
    s.hands[seat] = sorted(cards("4C 4C 4D 4D 5C 5C"))  # copies from two decks: fewer
    want = ["4C 4C 4D", "4C 4C 5C", "4C 4D 4D", "4C 4D 5C", "4C 5C 5C", "4D 4D 5C", "4D 5C 5C"]
    assert sorted(s.legal_actions()) == sorted([(Act.FACEUP,) + tuple(cards(t)) for t in want])


def test_the_default_face_up_choice_keeps_the_strongest_cards_for_last():
    rows = [
        ("4C 5C JK 6C 10H 2S", "2S 10H JK"),
        ("4C AS KD 3H 9C QS", "QS KD AS"),
        ("3C 3D 4H 3S 5C 6D", "4H 5C 6D"),
        ("3C 3D 3H 3S 2C 4D", "2C 4D 3C"),
    ]
    for six, want in rows:
        got = default_faceup(cards(six))
        assert got[0] == Act.FACEUP
        assert sorted(got[1:]) == sorted(cards(want)), six


def test_the_same_seed_deals_the_same_cards_and_another_seed_does_not():
    game = TrippJokes(5)
    a, b, c = game.deal(42), game.deal(42), game.deal(43)
    assert a.snapshot() == b.snapshot()
    assert a.snapshot() != c.snapshot()


def test_tripps_is_played_without_jokers():
    s = TrippJokes(4, jokers=0).deal(1)
    assert JOKER not in s.all_cards() and len(s.all_cards()) == 104
