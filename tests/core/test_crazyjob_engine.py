"""Crazy Job rule scenarios (RULES.md 6, docs/rules/crazy-job.md): every draw count, the
early win, the rotation, judging by a stored rule and by the rule maker, deck exhaustion,
scoring, and the device without a card pad or with one."""

from topper.cards import format_card, full_deck, parse
from topper.games.crazy.engine import PAPER, UNKNOWN, Act, CrazyJob, Entry, Phase, RuleError
from topper.games.crazy.rules import parse as rule


def codes(text):
    return [parse(w) for w in text.split()]


def texts(card_list):
    return " ".join([format_card(c) for c in card_list])


def rig(players, hands, starts, pile="", dealer=0):
    """A deck order dealing ``hands[seat]`` (5 cards each) and ``starts[seat]`` to each
    seat, with ``pile`` drawn first afterwards, the rest of the deck after it."""
    seats = [(dealer + 1 + i) % players for i in range(players)]
    order = []
    for r in range(5):
        for seat in seats:
            order.append(codes(hands[seat])[r])
    for seat in seats:
        order.append(parse(starts[seat]))
    order.extend(codes(pile))
    assert len(set(order)) == len(order), "a card rigged twice"
    return order + [c for c in full_deck() if c not in order]


# Seat 0 (the dealer) counts up by number from 2RC; P2 (seat 1) plays first against it.
COUNT_UP = "3YH 4GT *BS 1RC 2RH"  # each follows the one before under N=n+1
PILE = "4RC 4RH 4RT 4RS 4YC 4YH 4YT 4YS 4GC 4GH"


def two_players(p2_hand, pile=PILE, rule0="N=n+1", rule1="C=4", p1_hand="4BH 4BT 2GS 3GS 4GS"):
    m = CrazyJob(players=2, hands=1).new_match(1, decks=[rig(2, [p1_hand, p2_hand], ["2RC", "2BC"], pile)])
    m.apply((Act.RULE, rule(rule1) if rule1 != "paper" else PAPER))  # P2 writes first
    m.apply((Act.RULE, rule(rule0) if rule0 != "paper" else PAPER))
    assert m.phase == Phase.PLAY and m.current_player() == 1 and m.rule_owner() == 0
    return m


def play(m, text):
    return m.apply((Act.PLAY,) + tuple(codes(text)))


# P2's hand, P2's play on P1's "number + 1" line from 2RC, cards P2 holds after,
# cards P2 drew, P1's line after.
DRAWS = [
    ("one right", "3YH 1RC 1RH 1RT 1RS", "3YH", 4, 0, "2RC 3YH"),
    ("one wrong", "3YH 1GC 1RH 1RT 1RS", "1GC", 6, 2, "2RC"),
    ("two right, in order", COUNT_UP, "3YH 4GT", 3, 0, "2RC 3YH 4GT"),
    ("four right through the wild", COUNT_UP, "3YH 4GT *BS 1RC", 1, 0, "2RC 3YH 4GT *BS 1RC"),
    ("two, the second wrong", COUNT_UP, "3YH 1RC", 7, 4, "2RC"),
    ("two right but in the wrong order", COUNT_UP, "4GT 3YH", 7, 4, "2RC"),
    ("three, the first wrong", COUNT_UP, "4GT *BS 1RC", 8, 6, "2RC"),
    ("four, all wrong", COUNT_UP, "4GT 3YH 2RH 1RC", 9, 8, "2RC"),
]


def test_draw_counts_of_plays():
    for name, hand, cards_played, held, drawn, line in DRAWS:
        m = two_players(hand)
        rulings = m.apply((Act.PLAY,) + tuple(codes(cards_played)))
        rec = next(r for r in rulings if r["r"] == "play")
        assert rec["ok"] == (drawn == 0), name
        assert rec["draw"] == drawn and rec["drawn"] == drawn and rec["held"] == held, name
        assert len(m.hands[1]) == held, name
        assert texts(m.lines[0]) == line, name
        if drawn:
            # A wrong play lies as one unit under the line.
            assert [texts(g) for g in m.wrong[0]] == [cards_played], name
            assert texts(m.hands[1][-drawn:]) == " ".join(PILE.split()[:drawn]), name
        assert m.current_player() == 0, "%s: the turn passes" % name


def test_no_legal_card_right_with_five_discards_all_and_draws_one():
    m = two_players("1RC 1RH 1RT 1RS 2YH")
    rulings = m.apply((Act.NONE,))
    rec = next(r for r in rulings if r["r"] == "none")
    assert rec["ok"] and rec["shown"] == ["1RC", "1RH", "1RT", "1RS", "2YH"]
    assert rec["draw"] == 1 and texts(m.hands[1]) == PILE.split()[0]
    # Each card is its own wrong guess under the line.
    assert [texts(g) for g in m.wrong[0]] == ["1RC", "1RH", "1RT", "1RS", "2YH"]
    assert texts(m.lines[0]) == "2RC"


def test_no_legal_card_right_with_six_draws_two():
    m = two_players("1GC 1RH 1RT 1RS 2YH", pile="1YC 1YH 1YT")
    play(m, "1GC")  # wrong: 6 cards
    play(m, "4BH")  # P1 on P2's "color is blue": right
    assert len(m.hands[1]) == 6 and m.current_player() == 1 and m.rule_owner() == 0
    rec = next(r for r in m.apply((Act.NONE,)) if r["r"] == "none")
    assert rec["ok"] and rec["draw"] == 2 and len(m.hands[1]) == 2
    assert format_card(m.hands[1][0]) == "1YT", "the next card of the pile"
    assert len(m.wrong[0]) == 1 + 6, "the wrong play, then six single wrong guesses"


def test_no_legal_card_right_with_four_or_fewer_wins_the_hand():
    # After the run P2 holds 4 or 3 cards, none of them the next number.
    for hand, run in (("3YH 1RH 1RT 1RS 2YH", "3YH"), ("3YH 4GT 1RH 1RT 1RS", "3YH 4GT")):
        m = two_players(hand)
        play(m, run)
        play(m, "4BH")
        held = 5 - len(run.split())
        rulings = m.apply((Act.NONE,))
        score = next(r for r in rulings if r["r"] == "score")
        assert score["winner"] == 1 and m.winner == 1, run
        assert score["points"] == [4, 0], "P1 keeps 4 cards, the winner none (%s)" % run
        assert len([g for g in m.wrong[0] if len(g) == 1]) == held
        assert m.is_over() and m.winners() == [1]


def test_wrong_no_legal_card_claims_draw_hand_plus_one_up_to_five():
    # P2 holds h cards, one of them legal; P1 moves it to the line and P2 draws
    # min(h + 1, 5).
    for h in (5, 4, 3, 2, 1):
        m = two_players(COUNT_UP)
        run = COUNT_UP.split()[: 5 - h]
        if run:
            play(m, " ".join(run))
            play(m, "4BH")
        assert len(m.hands[1]) == h
        rulings = m.apply((Act.NONE,))
        assert [r["r"] for r in rulings] == ["none", "pick"]
        assert not rulings[0]["ok"]
        assert m.phase == Phase.PICK and m.current_player() == 0, "the rule maker picks"
        legal = COUNT_UP.split()[5 - h]
        assert m.legal_actions() == [(Act.PICK, parse(legal))], h
        rec = m.apply((Act.PICK, parse(legal)))[0]
        assert rec["r"] == "picked" and rec["card"] == legal
        assert rec["draw"] == min(h + 1, 5), h
        assert len(m.hands[1]) == h - 1 + min(h + 1, 5), h
        assert format_card(m.lines[0][-1]) == legal
        assert m.winner == -1 and m.current_player() == 0


def test_the_maker_may_pick_any_legal_card_but_no_other():
    m = two_players("3YH 3GT 1RH 1RT 1RS")
    m.apply((Act.NONE,))
    assert m.legal_actions() == [(Act.PICK, parse("3YH")), (Act.PICK, parse("3GT"))]
    before = m.to_dict()
    for bad in ("1RH", "4BH"):
        try:
            m.apply((Act.PICK, parse(bad)))
        except RuleError:
            continue
        raise AssertionError("picked %s" % bad)
    assert m.to_dict() == before
    m.apply((Act.PICK, parse("3GT")))
    assert format_card(m.lines[0][-1]) == "3GT"


def test_playing_the_last_card_wins_at_once():
    m = two_players(COUNT_UP)
    play(m, "3YH 4GT *BS 1RC")
    play(m, "4BH")
    rulings = play(m, "2RH")
    assert [r["r"] for r in rulings] == ["play", "reveal", "reveal", "score", "over"]
    score = rulings[3]
    assert score["winner"] == 1 and score["points"] == [4, 0] and score["scores"] == [4, 0]


def test_rotation_cycles_through_opponents_to_the_left():
    for players in (2, 3, 4):
        m = CrazyJob(players=players, hands=1, entry=Entry.BUTTONS).new_match(3)
        for _ in range(players):
            m.apply((Act.RULE, PAPER))
        for _ in range(players):
            m.apply((Act.START, UNKNOWN))
        turns = [0] * players
        for _ in range(4 * players):
            seat = m.current_player()
            assert m.phase == Phase.PLAY
            k = turns[seat]  # turns this seat finished
            want = (seat + 1 + k % (players - 1)) % players
            assert m.rule_owner() == want == m.view()["owner"], (players, seat, k)
            m.apply((Act.PLAY, UNKNOWN))
            assert m.phase == Phase.JUDGE and m.current_player() == want, "its maker judges"
            m.apply((Act.WRONG,))
            turns[seat] += 1
            assert m.current_player() == (seat + 1) % players, "clockwise"


def test_first_player_sits_left_of_the_dealer_and_the_deal_moves_left():
    m = CrazyJob(players=3, hands=2, first_dealer=2, entry=Entry.BUTTONS).new_match(0)
    assert m.dealer == 2 and m.current_player() == 0, "rules are written from the left"
    for _ in range(3):
        m.apply((Act.RULE, PAPER))
    for _ in range(3):
        assert m.current_player() == 2, "the dealer turns up the starting cards"
        m.apply((Act.START, UNKNOWN))
    assert m.current_player() == 0
    assert m.view()["held"] == [5, 5, 5] and m.view()["pile"] == 125 - 18


def test_a_paper_rule_is_judged_by_its_maker():
    m = two_players("3YH 1RC 1RH 1RT 1RS", rule0="paper")
    rulings = play(m, "1RC")
    assert [r["r"] for r in rulings] == ["judge"] and rulings[0]["seat"] == 0
    assert m.current_player() == 0 and m.legal_actions() == [(Act.RIGHT,), (Act.WRONG,)]
    assert m.view()["pending"] == {"kind": "play", "seat": 1, "owner": 0, "cards": ["1RC"]}
    rec = m.apply((Act.RIGHT,))[0]  # the maker's word is the rule
    assert rec["ok"] and texts(m.lines[0]) == "2RC 1RC" and len(m.hands[1]) == 4
    # A wrong claim on a paper rule: the maker may move any card of the shown hand.
    play(m, "4BH")
    m.apply((Act.NONE,))
    m.apply((Act.WRONG,))
    assert m.phase == Phase.PICK
    assert len(m.legal_actions()) == 4


def test_deck_runs_out_wrong_cards_are_reshuffled():
    m = two_players("3YH 1GC 1RH 1RT 1RS")
    # Leave one card in the pile: the others were wrong guesses under P2's line.
    m.wrong[1].append(m.pile[:-1])
    m.pile = m.pile[-1:]
    under = len(m.wrong[1][0])
    rulings = play(m, "1GC")
    kinds = [r["r"] for r in rulings]
    assert kinds == ["reshuffle", "play"]
    assert rulings[0]["cards"] == under + 1, "the card just judged wrong goes in too"
    assert rulings[1]["drawn"] == 2 and len(m.hands[1]) == 6
    assert m.wrong == [[], []] and len(m.pile) == under
    assert texts(m.lines[0]) == "2RC" and texts(m.lines[1]) == "2BC", "lines stay"


def test_with_nothing_left_to_draw_a_player_draws_what_there_is():
    m = two_players("3YH 1GC 1RH 1RT 1RS")
    m.lines[1] = m.pile + m.lines[1]  # every other card already lies in a line
    m.pile = []
    rec = next(r for r in play(m, "1GC") if r["r"] == "play")
    assert rec["draw"] == 2 and rec["drawn"] == 1, "only the card just played comes back"
    assert len(m.hands[1]) == 5


def test_scores_over_several_hands_and_the_lowest_total_wins():
    g = CrazyJob(players=2, hands=2, entry=Entry.BUTTONS)
    m = g.new_match(0)
    for hand in range(2):
        for _ in range(2):
            m.apply((Act.RULE, PAPER))
        for _ in range(2):
            m.apply((Act.START, UNKNOWN))
        first = m.current_player()
        m.apply((Act.PLAY, UNKNOWN))
        m.apply((Act.WRONG,))  # first player: 6 cards
        m.apply((Act.NONE,))
        m.apply((Act.RIGHT,))  # second player: 5 cards, right: 1 card left
        m.apply((Act.PLAY, UNKNOWN))
        m.apply((Act.WRONG,))  # first: 7
        rulings = m.apply((Act.PLAY, UNKNOWN))
        rulings += m.apply((Act.RIGHT,))  # second player's last card: wins
        score = next(r for r in rulings if r["r"] == "score")
        second = 1 - first
        assert score["winner"] == second and score["points"][first] == 7
        if hand == 0:
            assert m.phase == Phase.SCORED and m.current_player() == 1, "the next dealer"
            m.apply((Act.NEXT,))
            assert m.dealer == 1 and m.hand_no == 1
    assert m.is_over() and m.scores == [7, 7] and m.winners() == [0, 1]
    assert m.returns() == [-7, -7]


def test_playing_to_a_target_ends_after_the_hand_that_reaches_it():
    g = CrazyJob(players=2, target=10, entry=Entry.BUTTONS)
    assert g.hands == 0
    m = g.new_match(0)
    hands = 0
    while not m.is_over():
        hands += 1
        for _ in range(2):
            m.apply((Act.RULE, PAPER))
        for _ in range(2):
            m.apply((Act.START, UNKNOWN))
        m.apply((Act.NONE,))  # first player: 5 cards, right: 1 left
        m.apply((Act.RIGHT,))
        m.apply((Act.PLAY, UNKNOWN))
        m.apply((Act.WRONG,))  # the other: 6 cards
        m.apply((Act.PLAY, UNKNOWN))
        m.apply((Act.RIGHT,))  # first player wins
        if not m.is_over():
            m.apply((Act.NEXT,))
    # 6 points a hand to whoever plays second: 6-0, 6-6, then 12-6 passes 10.
    assert hands == 3 and m.scores == [12, 6] and m.winners() == [1]


def test_turn_limit_stops_a_hand_that_never_ends():
    m = CrazyJob(players=2, hands=1, entry=Entry.BUTTONS, turn_limit=6).new_match(0)
    for _ in range(2):
        m.apply((Act.RULE, PAPER))
    for _ in range(2):
        m.apply((Act.START, UNKNOWN))
    rulings = []
    for _ in range(6):
        m.apply((Act.PLAY, UNKNOWN))
        rulings = m.apply((Act.WRONG,))
    score = next(r for r in rulings if r["r"] == "score")
    assert score["stopped"] and score["winner"] == -1 and m.is_over()
    assert score["points"] == [8, 8], "three wrong cards each: 5 - 3 + 6"


def test_actions_out_of_place_are_refused_and_change_nothing():
    m = two_players("3YH 1RC 1RH 1RT 1RS")
    bad = [
        (Act.RIGHT,),  # nobody is judging: the stored rule does
        (Act.PICK, parse("3YH")),
        (Act.RULE, rule("N=1")),
        (Act.PLAY,),
        (Act.PLAY, parse("3YH"), parse("1RC"), parse("1RH"), parse("1RT"), parse("1RS")),
        (Act.PLAY, parse("4BS")),  # not in P2's hand
        (Act.PLAY, parse("3YH"), parse("3YH")),  # one card twice
        (Act.PLAY, UNKNOWN),
        (Act.NONE, parse("3YH")),
        (Act.NEXT,),
        (99,),
        (),
        "play",
        (Act.PLAY, "3YH"),
    ]
    before = m.to_dict()
    for action in bad:
        assert not m.is_legal(action), action
        try:
            m.apply(action)
        except RuleError:
            continue
        raise AssertionError("accepted %r" % (action,))
    assert m.to_dict() == before
    try:
        m.play(0, (Act.PLAY, parse("4BH")))
    except RuleError as e:
        assert "P2 is due" in str(e)
    else:
        raise AssertionError("P1 played out of turn")


def test_rules_that_could_shut_a_line_are_refused():
    m = CrazyJob(players=2, hands=1).new_match(0)
    for text in ("N>n", "N=1&N=2", "C<c"):
        try:
            m.apply((Act.RULE, rule(text)))
        except RuleError as e:
            assert "nothing may follow" in str(e)
            continue
        raise AssertionError("%s accepted" % text)
    for bad in (-2, 200000):
        assert not m.is_legal((Act.RULE, bad))
    b = CrazyJob(players=2, entry=Entry.BUTTONS).new_match(0)
    assert not b.is_legal((Act.RULE, rule("N=n+1"))), "nobody could judge it without a pad"
    assert b.legal_actions() == [(Act.RULE, PAPER)]


def test_configurations():
    assert CrazyJob(players=4).hands == 4, "by default everybody deals once"
    assert CrazyJob(players=4).decks == 1 and CrazyJob(players=5).decks == 2
    m = CrazyJob(players=6, hands=1).new_match(2)
    for _ in range(6):
        m.apply((Act.RULE, rule("C=c")))
    assert len(m.pile) + 36 == 250, "two full decks for five players or more"
    for bad in (
        {"players": 1},
        {"players": 9},
        {"hands": -1},
        {"first_dealer": 4},
        {"entry": 7},
        {"target": -3},
        {"turn_limit": -1},
    ):
        try:
            CrazyJob(**bad)
        except RuleError:
            continue
        raise AssertionError("accepted %r" % (bad,))


def test_with_a_card_pad_read_cards_are_judged_by_the_stored_rule():
    m = CrazyJob(players=2, hands=1, entry=Entry.PAD).new_match(0)
    m.apply((Act.RULE, rule("C=4")))  # P2: blue only
    m.apply((Act.RULE, rule("N=n+1")))  # P1: count up
    assert m.phase == Phase.STARTS and m.current_player() == 0, "the dealer turns them up"
    m.apply((Act.START, parse("2BC")))  # P2's line
    m.apply((Act.START, parse("2RC")))  # P1's line
    assert m.phase == Phase.PLAY and m.current_player() == 1
    assert m.hands[1] == [UNKNOWN] * 5, "hands are only counted"
    rec = play(m, "3YH")[0]
    assert rec["ok"] and rec["held"] == 4, "judged at once from the card read"
    assert not m.is_legal((Act.PLAY, parse("3YH"))), "3YH already lies in a line"
    rec = play(m, "1GC")[0]  # P1 on P2's line: not blue
    assert not rec["ok"] and rec["held"] == 6
    play(m, "4YH")  # P2 on P1's line
    # A pad claim shows the whole hand: every card read.
    assert not m.is_legal((Act.NONE,))
    assert not m.is_legal((Act.NONE,) + tuple(codes("1RH 1RT 1RS")))
    rulings = m.apply((Act.NONE,) + tuple(codes("1RH 1RT 1RS 2YH 2GH 1BS")))
    assert [r["r"] for r in rulings] == ["none", "pick"] and not rulings[0]["ok"]
    assert m.legal_actions() == [(Act.PICK, parse("1BS"))], "only the blue card"
    rec = m.apply((Act.PICK, parse("1BS")))[0]
    assert rec["draw"] == 5 and m.hands[0][:5] == codes("1RH 1RT 1RS 2YH 2GH")
    assert m.hands[0][5:] == [UNKNOWN] * 5 and texts(m.lines[1]) == "2BC 1BS"


def test_without_a_card_pad_the_table_reports_and_the_device_counts():
    m = CrazyJob(players=3, hands=1, entry=Entry.BUTTONS).new_match(0)
    for _ in range(3):
        assert m.legal_actions() == [(Act.RULE, PAPER)]
        m.apply((Act.RULE, PAPER))
    for _ in range(3):
        m.apply((Act.START, UNKNOWN))
    assert m.legal_actions() == [(Act.NONE,), (Act.PLAY, UNKNOWN)]
    assert (Act.PLAY, UNKNOWN, UNKNOWN, UNKNOWN) in m.legal_actions(max_cards=4)
    m.apply((Act.PLAY, UNKNOWN, UNKNOWN, UNKNOWN))
    rec = m.apply((Act.WRONG,))[0]
    assert rec["cards"] == ["--", "--", "--"] and rec["draw"] == 6 and rec["held"] == 8
    m.apply((Act.NONE,))
    m.apply((Act.WRONG,))
    assert m.legal_actions() == [(Act.PICK, UNKNOWN)]
    rec = m.apply((Act.PICK, UNKNOWN))[0]
    assert rec["draw"] == 5 and m.view()["held"] == [5, 8, 9]
    assert m.view()["lines"][0] == ["--", "--"]


def test_undo_rebuilds_the_match_before_the_last_actions_with_the_same_seals():
    # The device draws its salts from its own source; an undo must not change the seals
    # already in the log.
    m = CrazyJob(players=3, hands=1).new_match(5, salts=_Words(7))
    for text in ("N=n+1", "C!=c", "S=2"):
        m.apply((Act.RULE, rule(text)))
    views = [m.view()]
    for _ in range(4):
        m.apply(m.legal_actions()[1])
        views.append(m.view())
    for n in range(5):
        back = m.rewind(n)
        assert back.view() == views[4 - n]
        assert back.digests == m.digests
    again = m.rewind(2)
    for action in m.history[-2:]:
        again.apply(action)
    assert again.to_dict() == m.to_dict() and again.view() == m.view()
    for bad in (-1, 99, "1"):
        try:
            m.rewind(bad)
        except RuleError:
            continue
        raise AssertionError("rewound %r" % (bad,))


class _Words:
    """A salt source that is not the match's seed (as on the device)."""

    def __init__(self, x):
        self.x = x

    def next32(self):
        self.x = (self.x * 1103515245 + 12345) & 0xFFFFFFFF
        return self.x


def test_with_a_card_pad_a_card_cannot_be_read_twice():
    m = CrazyJob(players=2, hands=1, entry=Entry.PAD).new_match(0)
    m.apply((Act.RULE, PAPER))
    m.apply((Act.RULE, PAPER))
    m.apply((Act.START, parse("2BC")))
    m.apply((Act.START, parse("2RC")))
    for bad in ("3YH 3YH", "2RC"):
        try:
            m.check_held(1, codes(bad))
            raise AssertionError("one deck has one %s" % bad)
        except RuleError:
            pass
    assert not m.is_legal((Act.PLAY,) + tuple(codes("3YH 3YH")))
    m.check_held(1, codes("3YH 4YH"))
    # A hand shown for "no legal card" stays known: nobody else can hold those cards.
    m.apply((Act.NONE,) + tuple(codes("1RH 1RT 1RS 2YH 2GH")))
    m.apply((Act.WRONG,))
    m.apply((Act.PICK, parse("1RH")))
    assert not m.is_legal((Act.PLAY, parse("1RT"))), "P2 holds 1RT: P1 cannot play it"
    assert m.is_legal((Act.PLAY, parse("4YH")))
