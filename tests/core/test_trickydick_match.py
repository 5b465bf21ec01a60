"""A Tricky Dick match: modes, team scores, hands and the rotating deal, and the path of a
table without a card pad, which reports each trick with ``confirm_trick``."""

from topper.games.tricky.bots import Bot, play_out
from topper.cards import parse
from topper.jsonl import dumps
from topper.games.tricky.engine import NOBODY, TABLE, Entry, Mode, TrickyDick, from_dict


def _buttons(mode=Mode.INDIVIDUAL, hands=1, dealer=0):
    game = TrickyDick(mode=mode, hands=hands, first_dealer=dealer, entry=Entry.BUTTONS)
    return game.new_match()


def _quiet_tricks(match, n):
    """n tricks that score nothing: no circles, no squares, nobody broke the rule."""
    for _ in range(n):
        match.confirm_trick(match.leader)


def test_the_table_reports_a_trick_with_seat_lists():
    m = _buttons(dealer=0)
    assert m.current_player() == TABLE and m.legal_actions() == []
    # P2 won; P1 and P2 laid circles, P4 a square; P3 laid P2's color.
    out = m.confirm_trick(1, circles=[0, 1], squares=[3], same_color=[2])
    trick = out[0]
    assert trick["r"] == "trick" and trick["value"] == 1 and trick["scorers"] == [1, 2]
    assert m.scores == [0, 1, 1, 0]
    assert m.leader == 1
    out = m.confirm_trick(2, squares=[0, 1], same_color=[2, 0], broke=[3])
    assert out[0]["points"] == [-2, 0, -2, -1], "the winner may list itself; P1 shares"
    assert m.scores == [-2, 1, -1, -1]
    assert m.view()["trick"] == 3 and m.view()["cards_left"] == [14, 14, 14, 14]
    assert m.message() == "P3 won trick 2: -2, -1 P4"


VIEW_KEYS = (
    "average cards_left dealer entry game hand hand_points hands last leader message mode"
    " over previous scores table teams trick turn winners"
)


def test_the_view_holds_the_documented_keys_and_logs_as_json():
    m = TrickyDick(mode=Mode.COOPERATIVE, entry=Entry.PAD, first_dealer=2).new_match()
    v = m.view()
    assert " ".join(sorted(v)) == VIEW_KEYS
    assert v["turn"] == 3 and v["dealer"] == 2 and v["last"] is None
    assert v["message"] == "P3 deals" and v["average"] == "-"
    m.apply(parse("1GC"))
    v = m.view()
    assert v["table"] == [[3, parse("1GC")]] and v["cards_left"] == [16, 16, 16, 15]
    assert dumps(v).startswith('{"average":"-","cards_left":[16,16,16,15]')


def test_a_buttons_hand_ends_after_sixteen_reports():
    m = _buttons(hands=1)
    _quiet_tricks(m, 15)
    assert not m.is_over()
    out = m.confirm_trick(0, circles=[0])
    assert [r["r"] for r in out] == ["trick", "hand", "over"]
    assert m.is_over() and m.current_player() == NOBODY
    assert out[2]["winners"] == [0] and m.winners() == [0]


def test_two_on_two_adds_partners_and_an_opponent_can_share_a_trick():
    m = _buttons(mode=Mode.PAIRS)
    m.confirm_trick(0, circles=[0, 1, 2], same_color=[2])  # P1 wins, partner P3 shares
    assert m.team_scores() == [6, 0]
    m.confirm_trick(0, circles=[3], same_color=[1])  # opponent P2 laid P1's color
    assert m.team_scores() == [7, 1]
    assert m.returns() == [7, 1, 7, 1]
    _quiet_tricks(m, 14)
    assert m.is_over() and m.winners() == [0, 2]
    assert m.message() == "Over: P1+P3 win"


def test_a_tie_makes_every_tied_seat_a_winner():
    m = _buttons(mode=Mode.INDIVIDUAL)
    m.confirm_trick(0, circles=[0], same_color=[2])
    _quiet_tricks(m, 15)
    assert m.winners() == [0, 2]


def test_cooperative_score_is_the_team_total_over_hands_played():
    m = _buttons(mode=Mode.COOPERATIVE, hands=3)
    assert m.average() == "-", "no hand finished yet"
    m.confirm_trick(0, circles=[0, 1], same_color=[1, 2])  # +2 to three seats
    _quiet_tricks(m, 15)
    assert m.hand_results == [[2, 2, 2, 0]] and m.average() == "6.00"
    _quiet_tricks(m, 1)
    m.confirm_trick(3, squares=[3], broke=[0])  # -1 to P4, -1 to P1 for the match rule
    _quiet_tricks(m, 14)
    assert m.average() == "2.00", "(6 - 2) / 2"
    m.confirm_trick(0, circles=[0])
    _quiet_tricks(m, 15)
    assert m.team_scores() == [5] and m.is_over()
    assert m.average() == "1.67" and m.view()["average"] == "1.67"
    assert m.winners() == [0, 1, 2, 3]
    assert m.message() == "Over: average 1.67"


def test_the_deal_rotates_left_each_hand_and_scores_carry_over():
    game = TrickyDick(hands=5, first_dealer=2)
    m = game.new_match(seed=11)
    dealers = []
    leaders = []
    while True:
        dealers.append(m.dealer)
        leaders.append(m.tricks[0]["plays"][0][0])
        hand = m.hand_no
        while m.hand_no == hand and not m.is_over():
            m.apply(m.legal_actions()[0])
        if m.is_over():
            break
    assert dealers == [2, 3, 0, 1, 2]
    assert leaders == [3, 0, 1, 2, 3], "each first trick is turned up from the dealer's left"
    totals = [0, 0, 0, 0]
    for points in m.hand_results:
        for seat in range(4):
            totals[seat] += points[seat]
    assert len(m.hand_results) == 5 and m.scores == totals


def test_a_saved_match_comes_back_equal_mid_hand_and_can_be_undone():
    game = TrickyDick(mode=Mode.PAIRS, hands=2, first_dealer=1)
    m = game.new_match(seed=5)
    bots = [Bot(1), Bot(2), Bot(3), Bot(4)]
    for _ in range(37):
        m.apply(bots[m.current_player()].choose(m))
    back = from_dict(m.to_dict())
    assert back.view() == m.view() and back.hands == m.hands
    earlier = m.rewind(3)
    assert earlier.history == m.history[:-3]
    for card in m.history[-3:]:
        earlier.apply(card)
    assert earlier.view() == m.view()
    play_out(m, bots)
    assert from_dict(m.to_dict()).returns() == m.returns()


def test_a_buttons_match_saves_its_reports():
    m = _buttons(mode=Mode.COOPERATIVE, hands=2)
    m.confirm_trick(2, circles=[1], squares=[0], same_color=[1])
    m.confirm_trick(1, circles=[3], broke=[0, 2])
    back = from_dict(m.to_dict())
    assert back.scores == m.scores == [-1, 1, -1, 0]
    assert back.rewind(1).scores == [0, 0, 0, 0]
