"""Scenarios of the slap games' flow: starting a pile, control and chances, wrong
slaps, beyond the grave, hurry-up penalty cards, winning (RULES.md 2.1-2.11, 3)."""

from _rig import codes, pot_text, rigged
from topper import cards
from topper.rng import Rng
from topper.games.slap.engine import ARMAGEDDON, WW3, Phase, RuleError, SlapGame


def test_deal_splits_evenly_and_puts_the_remainder_face_down():
    for seats, jokers, each, rest in ((3, 0, 21, 1), (4, 2, 16, 2), (5, 0, 12, 4), (8, 1, 8, 1)):
        g = SlapGame(WW3, seats, jokers)
        g.deal(Rng(seats))
        assert [len(s) for s in g.stacks] == [each] * seats
        assert len(g.facedown) == rest
        assert sorted(sum(g.stacks, []) + g.facedown) == sorted(cards.squares_deck(jokers))


def test_first_starter_is_the_highest_number_and_ties_show_again():
    g = SlapGame(WW3, 3, 0)
    # top first: P1 shows 4, P2 shows 4, P3 shows 2; then P1 shows 1 and P2 shows 3
    for seat, text in enumerate(["4RC 1RH 2YC", "4YC 3GH 1GC", "2BC 4BH 4BS"]):
        g.stacks[seat] = list(reversed(codes(text)))
    seat, shows = g.choose_starter(Rng(0))
    assert seat == 1
    assert len(shows) == 2 and [s for s, _ in shows[1]] == [0, 1]
    # shown cards went to the bottom of their owners' stacks
    assert cards.format_card(g.stacks[0][0]) == "1RH" and cards.format_card(g.stacks[0][1]) == "4RC"
    assert g.turn == 1 and g.phase == Phase.STARTING


def test_starter_lays_until_two_non_jokers_and_jokers_do_not_count():
    g = rigged(WW3, ["JK 2RC JK 3YH 1BS", "1GT 2GT", "4GH"])
    for expect_turn in (0, 0, 0, 1):
        g.lay(0)
        assert g.turn == expect_turn, pot_text(g)
    assert g.phase == Phase.OPEN  # 3YH on JK(=2RC) matches neither color nor suit


def test_second_non_joker_can_take_control_and_sets_chances():
    g = rigged(WW3, ["1RC 3RH 4YS", "1GT 2GT 3BT", "4GH"])
    g.lay(0)
    res = g.lay(0)  # 3RH on 1RC: red matches
    assert res["control"] == 0 and g.chances == 3 and g.turn == 1 and g.phase == Phase.CONTROL


def test_answer_takes_control_back_with_its_own_number():
    g = rigged(WW3, ["1RC 3RH 4YS", "1GT 2GH 3BT", "4GH"])
    g.lay(0)
    g.lay(0)
    g.lay(1)  # 1GT on 3RH: no match, 2 chances left
    res = g.lay(1)  # 2GH on 1GT: green
    assert res["control"] == 1 and g.chances == 2 and g.turn == 2


def test_chances_running_out_award_the_pot_to_the_controller():
    g = rigged(WW3, ["1RC 2RH 4YS", "1GT 3BS 3YC", "4GC"])
    g.lay(0)
    g.lay(0)  # control with a 2
    g.lay(1)
    res = g.lay(1)
    assert res["award"] == 0 and g.phase == Phase.AWARDED
    g.collect()
    assert len(g.stacks[0]) == 1 + 4 and g.turn == 0 and g.phase == Phase.STARTING
    # the pot went under the stack: the old top card is still on top
    assert cards.format_card(g.stacks[0][-1]) == "4YS"


def test_answering_player_out_of_cards_gives_the_pot_to_the_controller():
    g = rigged(WW3, ["1RC 4RH 4YS", "1GT", "4GC 1BS"])
    g.lay(0)
    g.lay(0)  # 4 chances to P2, who holds one card
    res = g.lay(1)
    assert res["award"] == 0


def test_controller_wins_the_pot_when_nobody_else_holds_cards():
    # P3 opens with their last card; P2, now the only holder, lays a pair that takes
    # control: nobody can answer, so the pot is P2's (still slappable until collected).
    g = rigged(WW3, ["", "1RC", "1RH"], starter=2)
    g.lay(2)
    res = g.lay(1)
    assert res["control"] == 1 and res["award"] == 1 and g.phase == Phase.AWARDED
    assert g.slappable()[0] == "pair"
    assert g.collect() == 1  # P2 now holds every card


def test_turn_skips_players_with_no_cards():
    g = rigged(WW3, ["1RC 2YH 4YS", "", "4GC 1BS"])
    g.lay(0)
    g.lay(0)
    assert g.turn == 2


def test_wrong_slap_costs_three_cards_face_down_and_play_resumes():
    g = rigged(WW3, ["1RC 2YH 4YS", "1GT 2BS 3YC 4GC", "4GC"])
    g.lay(0)
    res = g.slap(1)
    assert res == {"ok": False, "paid": 3, "locked": False}
    assert len(g.stacks[1]) == 1 and len(g.facedown) == 3 and g.turn == 0
    assert pot_text(g) == "1RC"  # penalty cards are prize, never sequence


def test_the_tables_word_stands_over_the_pile_where_the_table_judges():
    # Blind play: the table, not the pile, decides. A slap it calls wrong pays 3 on a
    # pile with no combination, and one it calls good takes that pile all the same.
    g = rigged(WW3, ["1RC 2YH 4YS", "1GT 2BS 3YC 4GC", "4GC"])
    g.lay(0)
    assert g.slappable() is None
    assert g.judge(1, False) == {"ok": False, "paid": 3, "locked": False}
    assert len(g.stacks[1]) == 1 and len(g.facedown) == 3
    assert g.judge(2, True)["ok"] is True
    assert len(g.stacks[2]) == 5  # its own card, the 1RC laid and the 3 paid
    assert g.pot == [] and g.facedown == [] and g.turn == 2
    # and a slap the table calls wrong on a pile the rules would reward still pays
    g = rigged(WW3, ["1RC 1RH 4YS", "1GT 2BS 3YC 4GC", "4GC"])
    g.lay(0)
    g.lay(0)
    assert g.slappable() is not None
    assert g.judge(1, False)["paid"] == 3 and len(g.pot) == 2


def test_wrong_slap_with_fewer_than_three_cards_pays_what_it_has():
    g = rigged(WW3, ["1RC 2YH 4YS", "1GT", "4GC"])
    g.lay(0)
    assert g.slap(1)["paid"] == 1 and g.stacks[1] == []


def test_wrong_slap_that_empties_the_answering_player_awards_the_controller():
    g = rigged(WW3, ["1RC 2RH 4YS", "1GT 3BS", "4GC"])
    g.lay(0)
    g.lay(0)
    res = g.slap(1)
    assert res["paid"] == 2 and res["award"] == 0 and g.phase == Phase.AWARDED


def test_right_slap_takes_pot_and_facedown_and_starts_the_next_pile():
    g = rigged(WW3, ["1RC 1RH 4YS", "1GT 2BS 3YC 4GC", "4GC"])
    g.facedown = codes("2GH")
    g.lay(0)
    g.lay(0)  # 1RC 1RH: number and color
    res = g.slap(2)
    assert res["ok"] and res["rule"] == "pair"
    assert len(g.stacks[2]) == 4 and g.pot == [] and g.facedown == []
    assert g.turn == 2 and g.phase == Phase.STARTING


def test_a_slap_written_into_a_kept_dict_rules_as_a_fresh_one():
    # The device's referee keeps one dict for the engine's slap rulings: a wrong slap
    # that gives the pot away, then a right slap into the same dict, must not read as
    # an award left over from the first.
    kept = {}
    fresh_games = (
        rigged(WW3, ["1RC 2RH 4YS", "1GT 3BS", "4GC"]),
        rigged(WW3, ["1RC 1RH 4YS", "1GT 2BS 3YC 4GC", "4GC"]),
    )
    kept_games = (
        rigged(WW3, ["1RC 2RH 4YS", "1GT 3BS", "4GC"]),
        rigged(WW3, ["1RC 1RH 4YS", "1GT 2BS 3YC 4GC", "4GC"]),
    )
    for g in fresh_games + kept_games:
        g.lay(0)
        g.lay(0)
    wrong = fresh_games[0].slap(1)
    assert kept_games[0].slap(1, kept) is kept
    assert {k: kept[k] for k in wrong} == wrong and wrong["award"] == 0
    right = fresh_games[1].slap(2)
    kept_games[1].slap(2, kept)
    assert {k: kept[k] for k in right} == right and right["rule"] == "pair"
    assert kept["award"] == -1 and kept["paid"] == 0
    assert kept_games[1].stacks == fresh_games[1].stacks and kept_games[1].turn == 2


def test_covered_combination_is_not_slappable_unless_the_new_card_continues_it():
    g = rigged(WW3, ["1RC 2RH 3GT", "4GS 1RS", "3BC"], starter=0)
    g.lay(0)
    g.lay(0)  # 1RC 2RH: control (red), not a slap; 3 chances? no: 2 chances
    g.lay(1)  # 4GS: no match
    assert g.slappable() is None
    g2 = rigged(WW3, ["1RC 2RH 3GT", "4RS 1RS", "3BC"])
    g2.lay(0)
    g2.lay(0)
    g2.lay(1)  # 4RS continues the reds: three reds
    assert g2.slappable()[0] == "run3"


def test_beyond_the_grave_wrong_slap_is_free_but_locks_until_another_attempt():
    g = rigged(WW3, ["1RC 2YH 4YS", "", "4GC 1BS"])
    g.lay(0)
    res = g.slap(1)
    assert res == {"ok": False, "paid": 0, "locked": True} and not g.can_slap(1)
    g.unlock_grave(2)
    assert g.can_slap(1)


def test_beyond_the_grave_lock_ends_when_a_combination_is_covered():
    g = rigged(WW3, ["1RC 1RH 4YS 2GT", "", "4GC 1BS"])
    g.lay(0)
    g.slap(1)
    g.lay(0)  # 1RC 1RH is a pair: nobody slaps it
    assert not g.can_slap(1)
    g.lay(2)  # covered without a slap
    assert g.can_slap(1)


def test_beyond_the_grave_right_slap_puts_the_player_back_in():
    g = rigged(WW3, ["1RC 1RH 4YS", "", "4GC 1BS"])
    g.lay(0)
    g.lay(0)
    assert g.slap(1)["ok"] and len(g.stacks[1]) == 2 and g.turn == 1


def test_hurry_up_penalty_card_cannot_take_control_and_counts_as_a_chance():
    g = rigged(WW3, ["1RC 2RH 4YS", "1GT 3GT 3YC", "4GC"])
    g.lay(0)
    g.lay(0)  # control: 2 chances for P2
    g.hurry(1)
    res = g.lay(1)  # 1GT: not a match anyway; a penalty card
    assert res["penalty"] and g.chances == 1 and not g.can_slap(1)
    res = g.lay(1)  # 3GT on 1GT: green, and not a penalty any more
    assert not res["penalty"] and res["control"] == 1


def test_penalty_card_that_matches_does_not_take_control():
    g = rigged(WW3, ["1RC 2YH 4YS", "1GT 2YS 3YC", "4GC"])
    g.lay(0)
    g.lay(0)  # 2YH on 1RC: no match, turn to P2
    g.hurry(1)
    res = g.lay(1)  # 1GT: no match
    assert g.turn == 2
    g2 = rigged(WW3, ["1RC 2YH 4YS", "3YC 2YS", "4GC"])
    g2.lay(0)
    g2.lay(0)
    g2.hurry(1)
    res = g2.lay(1)  # 3YC on 2YH: yellow would take control, but it is a penalty card
    assert res["penalty"] and "control" not in res and g2.turn == 2
    assert not g2.can_slap(1)
    g2.lay(2)  # once covered, P2 may slap again
    assert g2.can_slap(1)


def test_starters_penalty_falls_on_the_second_non_joker_card():
    g = rigged(WW3, ["JK 1RC JK 2RH 3YC", "1GT", "4GC"])
    g.hurry(0)
    assert not g.lay(0)["penalty"]  # joker
    assert not g.lay(0)["penalty"]  # first non-joker
    assert not g.lay(0)["penalty"]  # joker
    res = g.lay(0)  # second non-joker: 2RH on JK(=1RC) would take control
    assert res["penalty"] and "control" not in res and g.turn == 1


def test_last_holder_wins_by_laying_a_card_that_is_not_a_slap():
    g = rigged(WW3, ["1RC 2YH 4YS", "", ""])
    g.facedown = codes("3GT")
    res = g.lay(0)
    assert res["win"] == 0 and g.phase == Phase.OVER and g.winner == 0
    assert len(g.stacks[0]) == 4 and g.pot == [] and g.facedown == []


def test_last_holder_laying_a_slap_combination_does_not_win_yet():
    g = rigged(WW3, ["1RC 4YT", "", "1GS 1BH"], starter=2)
    g.lay(2)
    g.lay(2)  # P3 opens with their last two cards; P1 alone holds cards
    assert g.turn == 0
    g.lay(0)  # three 1s: a slap, so no win yet, and P1 lays again
    assert g.phase == Phase.OPEN and g.slappable()[0] == "run3" and g.turn == 0
    assert g.lay(0)["win"] == 0  # 4YT is no slap: P1 wins


def test_taking_the_whole_deck_wins():
    g = rigged(WW3, ["1RC 1RH", "4YS", ""])
    g.lay(0)
    g.lay(0)
    g.slap(0)  # P1 slaps their own pair; P2 still holds 4YS
    assert g.phase == Phase.STARTING
    g = rigged(WW3, ["1RC 1RH", "", ""], starter=0)
    g.stacks[1] = []
    g.lay(0)  # alone: 1RC is no slap -> wins at once
    assert g.winner == 0


def test_actions_the_rules_refuse_change_nothing():
    g = rigged(WW3, ["1RC 2YH", "1GT", "4GC"])
    before = (list(g.stacks[0]), list(g.stacks[1]), list(g.pot), g.turn)
    for act in (lambda: g.lay(1), lambda: g.lay(0, cards.parse("4GC")), lambda: g.collect()):
        try:
            act()
        except RuleError:
            pass
        else:
            assert False, "must be refused"
        assert (list(g.stacks[0]), list(g.stacks[1]), list(g.pot), g.turn) == before


def test_table_game_checks_the_cards_a_reader_reports():
    g = SlapGame(WW3, 3, 1)
    g.deal_table()
    g.start_pile(1)
    assert [len(s) for s in g.stacks] == [21, 21, 21] and len(g.facedown) == 2
    for bad, why in (("*RC", "not in the ww3 deck"),):
        try:
            g.lay(1, cards.parse(bad))
        except RuleError as e:
            assert why in str(e)
        else:
            assert False
    g.lay(1, cards.parse("3RC"))
    try:
        g.lay(1, cards.parse("3RC"))
    except RuleError as e:
        assert "already in the pile" in str(e)
    else:
        assert False, "the same card twice in a pile is an error"
    g.lay(1, cards.parse("JK"))
    try:
        g.lay(2, cards.parse("JK"))  # only one joker in this deck
    except RuleError:
        pass
    else:
        assert False
    assert len(g.stacks[1]) == 19


def test_armageddon_undeclared_question_mark_gives_five_chances():
    g = rigged(ARMAGEDDON, ["*RC *RC 4YS", "1GT 2BS 3YC 4GC 1GH 2GH", "4GC"])
    g.lay(0)
    res = g.lay(0)
    assert res["control"] == 0 and g.chances == 5
