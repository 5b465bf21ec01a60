"""Every action the rules refuse raises RuleError (a ValueError) with words a player can
read, and leaves the match exactly as it was."""

from topper.cards import parse, squares_deck
from topper.jsonl import dumps
from topper.games.tricky.engine import Entry, Mode, RuleError, TrickyDick


def _dealt():
    return TrickyDick(first_dealer=0).new_match(seed=3)


def _pad():
    m = TrickyDick(first_dealer=3, entry=Entry.PAD).new_match()
    for text in ["1RC", "2YH", "3GT", "4BS"]:
        m.apply(parse(text))
    return m


def _buttons():
    return TrickyDick(entry=Entry.BUTTONS).new_match()


def _over():
    m = TrickyDick(entry=Entry.BUTTONS).new_match()
    for _ in range(16):
        m.confirm_trick(0)
    return m


def _card_not_held(m):
    for card in squares_deck():
        if card not in m.hands[m.current_player()]:
            return card
    raise AssertionError("every card held?")


def _wrong_seat(m):
    return (m.current_player() + 1) % 4


# (why, match maker, action, words the error must contain)
REFUSALS = [
    (
        "a card the seat does not hold",
        _dealt,
        lambda m: m.apply(_card_not_held(m)),
        "does not hold",
    ),
    (
        "a card already in the first trick",
        _dealt,
        lambda m: m.apply(m.tricks[0]["plays"][0][1]),
        "does not hold",
    ),
    ("a wild card", _dealt, lambda m: m.apply(parse("3*C")), "not a card of the Squares"),
    ("a joker", _dealt, lambda m: m.apply(125), "not a card of the Squares"),
    ("a code past the deck", _dealt, lambda m: m.apply(131), "not a card of the Squares"),
    ("a negative code", _dealt, lambda m: m.apply(-1), "not a card of the Squares"),
    ("a card as text", _dealt, lambda m: m.apply("3RC"), "not a card of the Squares"),
    ("a seat out of turn", _dealt, lambda m: m.play(_wrong_seat(m), m.legal_actions()[0]), "turn"),
    ("a seat that does not exist", _dealt, lambda m: m.play(4, m.legal_actions()[0]), "seat 0..3"),
    ("a trick report on a dealt match", _dealt, lambda m: m.confirm_trick(0), "judges each trick"),
    ("a card the pad already read", _pad, lambda m: m.apply(parse("3GT")), "already played"),
    ("a card on a buttons match", _buttons, lambda m: m.apply(parse("1RC")), "confirm_trick"),
    ("a winner that is no seat", _buttons, lambda m: m.confirm_trick(4), "seat 0..3"),
    ("a negative winner", _buttons, lambda m: m.confirm_trick(-1), "seat 0..3"),
    ("a circle and a square", _buttons, lambda m: m.confirm_trick(0, [1], [1]), "both a circle"),
    ("a seat listed twice", _buttons, lambda m: m.confirm_trick(0, [1, 1]), "twice"),
    ("a seat list that is a number", _buttons, lambda m: m.confirm_trick(0, 1), "list of seats"),
    (
        "a penalty on the first trick",
        _buttons,
        lambda m: m.confirm_trick(0, broke=[2]),
        "first trick",
    ),
    ("a report after the end", _over, lambda m: m.confirm_trick(0), "over"),
    ("a rewind past the start", _buttons, lambda m: m.rewind(1), "cannot rewind"),
]


def _snapshot(m):
    # Written out as text, so that a change made in place inside a list cannot hide.
    hands = None if m.hands is None else [sorted(h) for h in m.hands]
    return dumps([m.to_dict(), m.view(), hands, m.rulings])


def test_every_refused_action_says_why_and_changes_nothing():
    for why, make, action, words in REFUSALS:
        m = make()
        before = _snapshot(m)
        try:
            action(m)
        except RuleError as e:
            assert isinstance(e, ValueError)
            assert words in str(e), "%s: %r lacks %r" % (why, str(e), words)
        else:
            raise AssertionError("%s was accepted" % why)
        assert _snapshot(m) == before, why


def _game(**kw):
    return lambda: TrickyDick(**kw)


def _deal_with(fix):
    def make():
        deck = squares_deck()
        deal = [deck[16 * s : 16 * s + 16] for s in range(4)]
        fix(deal)
        return TrickyDick().new_match(deals=[deal])

    return make


def _twice(deal):
    deal[1][0] = deal[0][0]


def _short(deal):
    deal[2].pop()


# (why, maker, words)
BAD_SETUPS = [
    ("an unknown mode", _game(mode=3), "mode"),
    ("no hands", _game(hands=0), "1 to 99 hands"),
    ("a fifth dealer", _game(first_dealer=4), "first dealer"),
    ("an unknown entry", _game(entry=Mode.COOPERATIVE + 5), "entry"),
    ("a card dealt twice", _deal_with(_twice), "dealt twice"),
    ("a short hand", _deal_with(_short), "16 cards"),
    (
        "a rigged deal on a pad match",
        lambda: TrickyDick(entry=Entry.PAD).new_match(deals=[]),
        "rigged",
    ),
]


def test_a_bad_setup_is_refused_with_its_reason():
    for why, make, words in BAD_SETUPS:
        try:
            make()
        except RuleError as e:
            assert words in str(e), "%s: %r" % (why, str(e))
        else:
            raise AssertionError("%s was accepted" % why)
