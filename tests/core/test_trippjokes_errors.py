"""Every forbidden Tripp Jokes action is refused with a RuleError that changes nothing."""

from _tripp import cards, table
from topper.games.tripp.engine import (
    Act,
    RuleError,
    TrippJokes,
    default_faceup,
    parse_action,
)


def _refused(state, action, words, seat=None):
    before = state.snapshot()
    history = len(state.history)
    try:
        state.apply(action, seat=seat)
    except RuleError as err:
        assert isinstance(err, ValueError)
        text = str(err).lower()
        for w in words:
            assert w.lower() in text, "%r not in %r" % (w, str(err))
    else:
        raise AssertionError("%r was allowed" % (action,))
    assert state.snapshot() == before, "a refused %r changed the game" % (action,)
    assert len(state.history) == history


def _p(text):
    return (Act.PLAY,) + tuple(cards(text))


# (why, hands, faceup, facedown, pile, deck, action, words in the message)
# fmt: off
REFUSED = [
    ("lower than the card to beat", "5H 9C", "", "", "7S", "", _p("5H"), ["5", "7S"]),
    ("a king does not beat an ace", "KH 9C", "", "", "AS", "", _p("KH"), ["K", "AS"]),
    ("3s are transparent: beat the card below", "5H 9C", "", "", "QS 3D", "", _p("5H"),
     ["QS"]),
    ("mixed values", "8H 9C 9D", "", "", "7S", "", _p("8H 9C"), ["one value"]),
    ("a card the player does not hold", "8H 9C", "", "", "7S", "", _p("AS"), ["no AS"]),
    ("two copies when holding one", "8H 9C", "", "", "7S", "", _p("8H 8H"), ["no"]),
    ("face-up cards while the hand has cards", "5C 6C", "AS", "", "7S", "", _p("AS"),
     ["no AS"]),
    ("face-up cards while the deck lasts", "5C 6C", "AS", "", "7S", "4D", _p("AS"),
     ["no AS"]),
    ("picking up while a play is possible", "8H 9C", "", "", "7S", "", (Act.PICKUP,),
     ["can play"]),
    ("picking up with only a special that could be played", "2H 5C", "", "", "AS", "",
     (Act.PICKUP,), ["can play"]),
    ("flipping with cards in hand", "8H", "", "AS", "7S", "", (Act.FLIP, 0), ["face-down"]),
    ("flipping a position that does not exist", "", "", "AS 4C", "7S", "", (Act.FLIP, 2),
     ["no face-down card 2"]),
    ("playing from hand when only face-down cards are left", "", "", "AS", "7S", "",
     _p("AS"), ["flip"]),
    ("picking up when only face-down cards are left", "", "", "AS", "7S", "",
     (Act.PICKUP,), ["flip"]),
    ("choosing face-up cards in the middle of play", "8H 9C 9D", "", "", "7S", "",
     (Act.FACEUP,) + tuple(cards("8H 9C 9D")), ["before play"]),
    ("an empty play", "8H", "", "", "7S", "", (Act.PLAY,), ["at least one"]),
    ("a card code that does not exist", "8H", "", "", "7S", "", (Act.PLAY, 99), ["99"]),
    ("an action that is not a tuple", "8H", "", "", "7S", "", "play 8H", ["tuple"]),
    ("an unknown kind", "8H", "", "", "7S", "", (7,), ["unknown"]),
    ("a pickup with cards", "5C", "", "", "7S", "", (Act.PICKUP, 3), ["no cards"]),
    ("a float in an action", "5C", "", "", "7S", "", (Act.FLIP, 0.0), ["int"]),
]
# fmt: on


def test_forbidden_plays_are_refused_and_change_nothing():
    for why, hand, up, down, pile, deck, action, words in REFUSED:
        s = table(
            [hand, "4C 5C", "4D 5D"],
            faceup=[up, "", ""],
            facedown=[down, "", ""],
            pile=pile,
            deck=deck,
        )
        try:
            _refused(s, action, words)
        except AssertionError as err:
            raise AssertionError("%s: %s" % (why, err))


def test_a_seat_that_is_not_on_turn_is_refused():
    s = table(["8H 9C", "9D 5C", "4D 5D"], pile="7S")
    _refused(s, _p("9D"), ["P2 is not on turn", "P1"], seat=1)
    s.apply(_p("8H"), seat=0)
    assert s.current_player() == 1


def test_setup_refuses_wrong_face_up_choices():
    s = TrippJokes(3).deal(seed=3)
    six = s.hands[s.current_player()]
    other = s.hands[(s.current_player() + 1) % 3]
    stranger = [c for c in other if c not in six][:3]
    if len(stranger) == 3:
        _refused(s, (Act.FACEUP,) + tuple(stranger), ["does not hold"])
    _refused(s, (Act.FACEUP,) + tuple(six[:2]), ["exactly 3"])
    _refused(s, (Act.PLAY, six[0]), ["first choose"])
    _refused(s, (Act.PICKUP,), ["first choose"])
    s.apply(default_faceup(six))


def test_nothing_is_allowed_once_the_game_is_over():
    s = table(["9H", "4C 5C", "4D 5D"], pile="7S")
    s.apply(_p("9H"))
    _refused(s, _p("4C"), ["over"])
    _refused(s, (Act.PICKUP,), ["over"])


def test_bad_game_options_are_refused():
    for kwargs in (
        {"players": 1},
        {"players": 9},
        {"players": 4, "jokers": 3},
        {"players": 4, "dealer": 4},
        {"players": 4, "stall_turns": -1},
    ):
        try:
            TrippJokes(**kwargs)
        except RuleError:
            continue
        raise AssertionError("%r was accepted" % (kwargs,))


def test_actions_read_and_write_as_text():
    rows = [
        ("play 7H 7S", (Act.PLAY,) + tuple(cards("7H 7S"))),
        ("faceup JK 10C AS", (Act.FACEUP,) + tuple(cards("JK 10C AS"))),
        ("flip 2", (Act.FLIP, 2)),
        ("pickup", (Act.PICKUP,)),
    ]
    from topper.games.tripp.engine import format_action

    for text, action in rows:
        assert parse_action(text) == action
        assert format_action(action) == text
    for bad in ("", "dance", "play 7X", "flip", "flip x"):
        try:
            parse_action(bad)
        except RuleError:
            continue
        raise AssertionError("%r was read" % bad)


def test_saving_loading_and_undo_refuse_what_they_cannot_replay():
    from topper.games.tripp.engine import from_dict

    arranged = table(["8H 9C", "4C 5C", "4D 5D"], pile="7S")
    for bad in (arranged.to_dict, arranged.rewind):
        try:
            bad()
        except RuleError:
            continue
        raise AssertionError("an arranged position was saved or rewound")
    dealt = TrippJokes(3).deal(seed=4)
    for n in (-1, 1):
        try:
            dealt.rewind(n)
        except RuleError:
            continue
        raise AssertionError("rewind(%d) of a fresh deal was allowed" % n)
    for saved in ({}, {"players": 3}, None):
        try:
            from_dict(saved)
        except RuleError:
            continue
        raise AssertionError("%r loaded" % (saved,))
