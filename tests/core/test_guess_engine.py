"""Guess My Card rule scenarios (RULES.md 7, docs/rules/guess-my-card.md): the deal with
wild secrets redealt, answers and their checks, reveals, going again, bars, both scoring
charts (and the seed's -3), the hand's end, and the device with and without a card pad."""

from topper.cards import format_card, full_deck, parse
from topper.games.guess.engine import (
    UNKNOWN,
    Act,
    Entry,
    GuessMyCard,
    Phase,
    RuleError,
    answer_range,
    declarations,
    matches,
)


def codes(text):
    return [parse(w) for w in text.split()]


def texts(card_list):
    return " ".join([format_card(c) for c in card_list])


def rig(players, secrets, hands, opened=None, pile="", dealer=0):
    """A deck order giving each seat ``secrets[seat]`` after turning up the wild cards
    ``opened[seat]``, then the 4 cards ``hands[seat]``; ``pile`` is drawn first after."""
    seats = [(dealer + 1 + i) % players for i in range(players)]
    opened = opened or [""] * players
    firsts = []
    order = []
    for seat in seats:
        firsts.append(codes(opened[seat] + " " + secrets[seat]))
        order.append(firsts[-1][0])
    for i in range(players):
        order.extend(firsts[i][1:])
    for r in range(4):
        for seat in seats:
            order.append(codes(hands[seat])[r])
    order.extend(codes(pile))
    assert len(set(order)) == len(order), "a card rigged twice"
    return order + [c for c in full_deck() if c not in order]


SECRETS = ["1RC", "2YH", "3GT", "4BS"]
HANDS = ["1RH 1RT 1RS 1YC", "*GT *B* 2RC 2RH", "**H 3RC 3RH 3RT", "4RC 4RH 4RT 4YC"]
PILE = "1GC 1GH 1GT 1GS 2GC 2GH 2GT 2GS"


def four(hands=HANDS, secrets=SECRETS, pile=PILE, **kw):
    return GuessMyCard(players=4, **kw).new_match(1, decks=[rig(4, secrets, hands, pile=pile)])


def ask(m, target, shown, declared=None):
    return m.apply((Act.ASK, target, parse(shown), parse(declared or shown)))


def answer(m):
    """The asked seat gives the true answer (the only one the device accepts)."""
    (action,) = m.legal_actions()
    return m.apply(action)


def guess(m, target, card):
    m.apply((Act.GUESS, target, parse(card)))
    (verdict,) = m.legal_actions()
    return m.apply(verdict)


# secret, the card asked about, how many variables match
ANSWERS = [
    ("3GC", "1RC", 1),  # seed line 24: a red circle one against a green circle three
    ("3GC", "3GC", 3),
    ("3GC", "3GH", 2),
    ("3GC", "4BS", 0),
    ("3GC", "3BS", 1),
    ("3GC", "1GC", 2),
]


def test_match_counts():
    for secret, card, n in ANSWERS:
        assert matches(parse(secret), parse(card)) == n
    assert answer_range(parse("3GC"), parse("*GC")) == (2, 3), "an undeclared ? may match"
    assert answer_range(parse("3GC"), parse("***")) == (0, 3)
    assert len(declarations(parse("***"))) == 64
    assert texts(declarations(parse("*RC"))) == "1RC 2RC 3RC 4RC"


def test_the_deal_turns_up_wild_secrets_and_throws_down_to_four():
    opened = ["", "*YH 2*H", "", "4B*"]
    m = GuessMyCard(players=4).new_match(1, decks=[rig(4, SECRETS, HANDS, opened)])
    assert [format_card(c) for c in m.secrets] == SECRETS, "every secret card is natural"
    assert m.view()["opened"] == [[], ["*YH", "2*H"], [], ["4B*"]]
    assert m.phase == Phase.DISCARD and m.current_player() == 1, "from the dealer's left"
    assert len(m.hands[1]) == 6 and len(m.legal_actions()) == 6
    m.apply((Act.DISCARD, parse("*YH")))
    m.apply((Act.DISCARD, parse("2RC")))
    assert m.current_player() == 3
    rulings = m.apply((Act.DISCARD, parse("4RC")))
    assert m.phase == Phase.TURN and m.current_player() == 1
    assert [len(h) for h in m.hands] == [4, 4, 4, 4]
    assert m.view()["trash"] == ["*YH", "2RC", "4RC"]
    assert m.view()["opened"] == [[], ["2*H"], [], ["4B*"]], "kept wilds stay face up"
    assert rulings[-1] == {"r": "turns", "turn": 1}


def test_a_question_is_answered_and_the_shown_card_replaced():
    m = four()
    assert m.current_player() == 1
    rulings = ask(m, 2, "2RC")
    assert rulings == [{"r": "ask", "seat": 1, "target": 2, "shown": "2RC", "declared": "2RC"}]
    assert m.phase == Phase.ANSWER and m.current_player() == 2, "the asked seat answers"
    assert m.view()["trash"] == ["2RC"] and texts(m.hands[1]) == "*GT *B* 2RH 1GC"
    assert m.legal_actions() == [(Act.ANSWER, 0)], "2RC against 3GT: nothing matches"
    before = m.to_dict()
    for wrong in (1, 2, 3):
        try:
            m.apply((Act.ANSWER, wrong))
        except RuleError as e:
            assert "check again" in str(e)
            continue
        raise AssertionError("the device took a false answer")
    assert m.to_dict() == before
    rec = answer(m)[0]
    assert rec == {"r": "answer", "seat": 2, "asker": 1, "declared": "2RC", "n": 0}
    assert m.current_player() == 2, "no reveal: the turn passes left"


def test_wild_values_must_be_declared_within_their_variable():
    m = four()
    ask(m, 3, "*B*", "4BS")
    assert m.legal_actions() == [(Act.ANSWER, 3)]
    m = four()
    for shown, declared in (("*GT", "3RT"), ("*B*", "*B*"), ("*GT", "*GT"), ("2RH", "2RC")):
        assert not m.is_legal((Act.ASK, 2, parse(shown), parse(declared))), declared


def test_three_matches_reveal_score_and_the_guesser_goes_again():
    m = four()
    ask(m, 2, "*GT", "3GT")
    rulings = answer(m)
    assert [r["r"] for r in rulings] == ["answer", "revealed"]
    rec = rulings[1]
    assert rec == {"r": "revealed", "seat": 2, "card": "3GT", "by": 1, "how": "match", "points": 4}
    assert m.scores == [0, 4, 0, 0] and m.view()["secrets"][2] == "3GT"
    assert m.current_player() == 1 and m.phase == Phase.TURN, "P2 goes again"
    assert 2 not in m.targets(1) and m.view()["value"] == 3


def test_official_guesses_score_by_the_chart_and_the_seed_minus_three():
    # Seed 8b: in a 4-player game, after one card was guessed right, a wrong official
    # guess is worth -3, because a right one would have been worth +3.
    m = four()
    guess(m, 3, "4BS")  # right: the first card, 4 points
    assert m.scores == [0, 4, 0, 0] and m.current_player() == 1
    rulings = guess(m, 0, "1RH")  # wrong
    rec = rulings[-1]
    assert rec["r"] == "verdict" and not rec["ok"]
    assert rec["scorer"] == 1 and rec["points"] == -3
    assert m.scores == [0, 1, 0, 0] and m.barred[1][0]
    assert m.current_player() == 2, "a wrong guess passes the turn"
    guess(m, 1, "2YH")  # right: the second card, 3 points
    assert m.scores == [0, 1, 3, 0]
    guess(m, 0, "1RC")  # right: the third card, 2 points
    assert m.scores == [0, 1, 5, 0] and not m.is_over()
    assert m.current_player() == 3, "P3 has nobody left to guess: P4 plays"
    guess(m, 2, "3GT")  # the last card, 1 point
    assert m.scores == [0, 1, 5, 1] and m.is_over() and m.winners() == [2]


def test_three_or_more_players_score_players_then_one_less_each():
    for players in (3, 5, 8):
        m = GuessMyCard(players=players).new_match(players)
        values = []
        while not m.is_over():
            seat = m.current_player()
            if m.phase == Phase.DISCARD:
                m.apply(m.legal_actions()[0])
                continue
            t = m.targets(seat)[0]
            for rec in guess(m, t, format_card(m.secrets[t])):
                if rec["r"] == "revealed":
                    values.append(rec["points"])
        assert values == list(range(players, 0, -1)), values


def test_two_players_first_right_scores_one_and_the_last_card_is_awarded():
    m = GuessMyCard(players=2).new_match(3, decks=[rig(2, ["1RC", "2YH"], HANDS[:2])])
    assert m.current_player() == 1
    rulings = guess(m, 0, "1RC")
    revealed = [r for r in rulings if r["r"] == "revealed"]
    # P2 is right and scores 1; P1 alone can still guess P2's card: seed line 34
    # gives it to them, but only the first card of a two-player hand scores.
    assert [(r["by"], r["how"], r["points"]) for r in revealed] == [
        (1, "official", 1),
        (0, "award", 0),
    ]
    assert m.scores == [0, 1] and m.is_over() and m.winners() == [1]


def test_two_players_a_wrong_official_guess_scores_for_the_opponent():
    m = GuessMyCard(players=2).new_match(3, decks=[rig(2, ["1RC", "2YH"], HANDS[:2])])
    rulings = guess(m, 0, "1RH")
    verdict = next(r for r in rulings if r["r"] == "verdict")
    assert verdict["scorer"] == 0 and verdict["points"] == 1
    # P2 is barred from P1's card: only P1 may still guess, and is awarded P2's card,
    # the first card revealed: 1 more.
    award = next(r for r in rulings if r["r"] == "revealed")
    assert award["by"] == 0 and award["how"] == "award" and award["points"] == 1
    assert m.scores == [2, 0] and m.is_over()


def test_a_barred_guesser_may_not_ask_or_guess_that_card_again():
    m = four()
    guess(m, 2, "3GS")
    assert m.barred[1][2] and m.view()["barred"][1] == [2]
    assert m.scores == [0, -4, 0, 0] and m.current_player() == 2
    ask(m, 3, "3RC")  # P3
    answer(m)
    ask(m, 0, "4RC")  # P4
    answer(m)
    ask(m, 1, "1RH")  # P1
    answer(m)
    assert m.current_player() == 1
    assert m.targets(1) == [0, 3]
    for action in ((Act.ASK, 2, parse("*GT"), parse("3GT")), (Act.GUESS, 2, parse("3GT"))):
        assert not m.is_legal(action)
        try:
            m.apply(action)
        except RuleError as e:
            assert "barred" in str(e)
    assert all(a[1] != 2 for a in m.legal_actions())


def test_the_hand_ends_when_nobody_may_guess_a_hidden_card():
    m = GuessMyCard(players=3).new_match(5, decks=[rig(3, SECRETS[:3], HANDS[:3])])
    # P2, P3, P1 each guess both others wrong: everybody barred from every card.
    order = [(1, 2, "3GS"), (2, 0, "1RH"), (0, 1, "2YC"), (1, 0, "1RT"), (2, 1, "2YT")]
    for seat, target, card in order:
        assert m.current_player() == seat
        rulings = guess(m, target, card)
    # The last wrong guess leaves only P1 able to guess (P3's card): it is awarded.
    award = [r for r in rulings if r["r"] == "revealed"]
    assert [(r["seat"], r["by"], r["how"], r["points"]) for r in award] == [(2, 0, "award", 3)]
    assert m.is_over()
    assert m.view()["secrets"] == ["1RC", "2YH", "3GT"], "all cards shown at the end"
    assert m.scores == [-3 + 3, -3 - 3, -3 - 3]


def test_the_hand_ends_when_every_card_is_revealed_and_the_next_dealer_starts():
    m = GuessMyCard(players=3, hands=2).new_match(9)
    while m.phase != Phase.SCORED:
        if m.phase == Phase.DISCARD:
            m.apply(m.legal_actions()[0])
            continue
        seat = m.current_player()
        t = m.targets(seat)[0]
        guess(m, t, format_card(m.secrets[t]))
    assert m.revealed == [True, True, True]
    assert sum(m.hand_results[0]) == 3 + 2 + 1
    assert m.current_player() == 1 and m.legal_actions() == [(Act.NEXT,)]
    rulings = m.apply((Act.NEXT,))
    assert rulings[0] == {"r": "hand", "hand": 2, "dealer": 1}
    assert m.dealer == 1 and m.revealed == [False, False, False]


def test_an_empty_pile_is_made_again_from_the_trash():
    m = four()
    m.trash = m.pile[1:]  # as if those cards had all been shown already
    m.pile = m.pile[:1]
    ask(m, 2, "2RC")
    answer(m)
    ask(m, 3, "3RC")
    assert len(m.hands[2]) == 4
    # 125 - 4 secrets - 16 in hands = 105: 104 shown, then 2RC and 3RC shown too.
    assert m.rulings[0] == {"r": "reshuffle", "cards": 106}
    assert m.trash == [] and len(m.pile) == 105


def test_without_a_card_pad_answers_and_verdicts_are_the_players_word():
    m = GuessMyCard(players=3, entry=Entry.BUTTONS).new_match(0)
    assert m.phase == Phase.TURN and m.current_player() == 1
    assert (Act.ASK, 2, UNKNOWN, UNKNOWN) in m.legal_actions()
    m.apply((Act.ASK, 2, UNKNOWN, UNKNOWN))
    assert m.legal_actions() == [(Act.ANSWER, n) for n in range(4)]
    m.apply((Act.ANSWER, 3))  # the table says all three match: revealed
    assert m.scores == [0, 3, 0] and m.view()["secrets"][2] == "--"
    m.apply((Act.GUESS, 0, UNKNOWN))
    assert m.current_player() == 0 and m.legal_actions() == [(Act.RIGHT,), (Act.WRONG,)]
    m.apply((Act.WRONG,))
    assert m.scores == [0, 1, 0] and m.barred[1][0]
    assert not m.is_legal((Act.ASK, 0, parse("1RC"), parse("1RC"))), "no pad: no card"


def test_with_a_card_pad_secrets_are_tapped_and_answers_checked():
    m = GuessMyCard(players=3, entry=Entry.PAD).new_match(0)
    assert m.phase == Phase.SECRETS and m.current_player() == 1
    # A wild card tapped first was turned up: it stays in its owner's hand, face up,
    # and the same seat taps again.
    rulings = m.apply((Act.SECRET, parse("*RC")))
    assert rulings == [{"r": "opened", "seat": 1, "card": "*RC"}] and m.current_player() == 1
    assert not m.is_legal((Act.SECRET, parse("*RC"))), "turned up already"
    rulings = m.apply((Act.SECRET, parse("2YH")))
    assert rulings == [{"r": "secret", "seat": 1}], "the device says nothing of the card"
    assert not m.is_legal((Act.SECRET, parse("2YH"))), "one deck: nobody else holds it"
    m.apply((Act.SECRET, parse("3GT")))
    rulings = m.apply((Act.SECRET, parse("1RC")))
    assert [r["r"] for r in rulings] == ["secret", "commit", "commit", "commit", "turns"]
    assert m.legal_actions() == [], "any card the pad reads may be asked about"
    # The pile the table dealt from: 125 - 3 secrets - 1 turned up - 12 in hands.
    assert m.view()["pile"] == 109 and m.unseen == 1, "P2 threw one card down to 4"
    m.apply((Act.ASK, 2, parse("3GC"), parse("3GC")))
    assert m.legal_actions() == [(Act.ANSWER, 2)]
    m.apply((Act.ANSWER, 2))
    # A wild left undeclared: the device accepts any answer that can be true.
    m.apply((Act.ASK, 0, parse("*RC"), parse("*RC")))
    assert m.legal_actions() == [(Act.ANSWER, 2), (Act.ANSWER, 3)]
    assert not m.is_legal((Act.ANSWER, 1))
    m.apply((Act.ANSWER, 2))
    assert not m.is_legal((Act.ASK, 1, parse("3GC"), parse("3GC"))), "3GC is in the trash"
    m.apply((Act.GUESS, 1, parse("2YH")))
    assert m.legal_actions() == [(Act.RIGHT,)]
    assert not m.is_legal((Act.WRONG,))
    m.apply((Act.RIGHT,))
    assert m.current_player() == 0, "right: P1 goes again"
    # A guess said aloud, not entered: the guessed seat's word decides.
    m.apply((Act.GUESS, 2, UNKNOWN))
    assert m.legal_actions() == [(Act.RIGHT,), (Act.WRONG,)]


def test_a_long_hand_stops_at_the_turn_limit():
    m = GuessMyCard(players=2, entry=Entry.BUTTONS, turn_limit=5).new_match(0)
    for _ in range(5):
        m.apply((Act.ASK, 1 - m.current_player(), UNKNOWN, UNKNOWN))
        rulings = m.apply((Act.ANSWER, 1))
    assert m.is_over() and rulings[-2]["stopped"] and m.scores == [0, 0]


def test_actions_out_of_place_are_refused_and_change_nothing():
    m = four()
    bad = [
        (Act.ANSWER, 0),
        (Act.RIGHT,),
        (Act.NEXT,),
        (Act.SECRET, parse("1RC")),
        (Act.ASK, 1, parse("2RC"), parse("2RC")),  # yourself
        (Act.ASK, 4, parse("2RC"), parse("2RC")),
        (Act.ASK, 2, parse("1RC"), parse("1RC")),  # not in hand
        (Act.ASK, 2, parse("2RC")),
        (Act.GUESS, 2, parse("3G*")),  # a secret is natural
        (Act.GUESS, 2, 130),
        (Act.GUESS, 2, UNKNOWN),
        (Act.GUESS, 2, "3GT"),
        (42,),
        [],
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
        m.play(2, (Act.GUESS, 3, parse("4BS")))
    except RuleError as e:
        assert "P2 is due" in str(e)
    else:
        raise AssertionError("P3 played out of turn")


def test_configurations():
    assert GuessMyCard().hands == 1
    for bad in (
        {"players": 1},
        {"players": 9},
        {"hands": 0},
        {"first_dealer": 5},
        {"entry": 3},
        {"turn_limit": -1},
    ):
        try:
            GuessMyCard(**bad)
        except RuleError:
            continue
        raise AssertionError("accepted %r" % (bad,))


def test_undo_rebuilds_the_match_before_the_last_actions_with_the_same_seals():
    m = four(entry=Entry.DEALT)
    seals = list(m.digests)
    views = [m.view()]
    for step in (lambda: ask(m, 2, "2RC"), lambda: answer(m), lambda: guess(m, 3, "4BS")):
        step()
        views.append(m.view())
    # guess() is two actions: the guess and its verdict.
    assert m.rewind(0).view() == views[3] and m.rewind(2).view() == views[2]
    assert m.rewind(3).view() == views[1] and m.rewind(4).view() == views[0]
    assert m.rewind(4).digests == seals
