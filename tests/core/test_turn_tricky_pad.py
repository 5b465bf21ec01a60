"""Tricky Dick on the device with the card pad: each card read is the next one laid, the
dealer taps the four turned-up cards first, a hand ends on the table button."""

from _scale import games
from _tricky import game_only, run, send
from topper import clock, jsonl
from topper.inputs import BUTTONS, CHORD, TABLE
from topper.games.tricky import turn as turn_tricky
from topper.cards import squares_deck
from topper.gamekit import Entry
from topper.rng import Rng


def _pad(hands=2, mode=0, control=None):
    ref = turn_tricky.referee(4, Entry.PAD, 0, control, {"mode": mode, "hands": hands})
    ref.start(1000)
    return ref


# P1 deals, so P2 (seat 1) turns up first. Trick 1: 4RC 2YS 1BT 3GH -> 4 is highest, P2
# wins; one circle, one square: worth 0. Trick 2 from P2: 4RH (matches 4RC by number),
# 3BS (2YS by suit), 1RC (1BT by number), 1YC (shares nothing with 3GH: P1 -1). 4RH wins;
# circles 1RC 1YC, square 3BS: +1 to P2 and to P4, who laid red too.
TWO_TRICKS = [
    ("card", "4RC", ["play"], {"turn": 2, "hint": "turn up P3's card", "line1": "up: 4RC"}),
    ("short", 2, ["error"], {"why": "tap cards on the pad", "turn": 2}),
    ("table", None, ["error"], {"why": "tap cards on the pad"}),
    ("card", "4RC", ["error"], {"why": "4RC already played", "turn": 2}),
    ("card", "*RC", ["error"], {"why": "*RC not in this deck"}),
    ("card", 125, ["error"], {"why": "JK not in this deck"}),
    ("card", "2YS", ["play"], {"turn": 3, "message": "P3 laid 2YS"}),
    ("card", "1BT", ["play"], {"turn": 0, "next": -1, "hint": "turn up P1's card"}),
    (
        "card",
        "3GH",
        ["play", "trick"],
        {
            "turn": 1,
            "focus": 1,
            "message": "P2 won +0",
            "hint": "P2: tap, then lay",
            "line0": "Hand 1/2  Trick 2/16",
            "line1": "P2 leads",
            "line2": "prev 3GH 4RC 2YS 1BT",
            "scores": [0, 0, 0, 0],
        },
    ),
    ("card", "4RH", ["play"], {"turn": 2, "focus": 1, "line1": "P2 led: 4RH"}),
    ("card", "3BS", ["play"], {"turn": 3, "next": 0}),
    ("card", "1RC", ["play"], {"turn": 0, "next": -1, "line1": "P2 led: 4RH 3BS 1RC"}),
    (
        "card",
        "1YC",
        ["play", "trick"],
        {
            "turn": 1,
            "message": "P2 won +1, -1 P1",
            "scores": [-1, 1, 0, 1],
            "line2": "prev 1YC 4RH 3BS 1RC",
            "line3": "score -1 1 0 1",
        },
    ),
    # Undo takes the last card back, and the trick's points with it.
    (
        "chord",
        3,
        ["undo"],
        {"turn": 0, "message": "took back 1YC", "scores": [0, 0, 0, 0], "line1": "P2 led: 4RH 3BS 1RC"},
    ),
    ("card", "1YC", ["play", "trick"], {"turn": 1, "scores": [-1, 1, 0, 1]}),
]


def test_the_pad_reads_the_turned_up_trick_then_each_card_laid():
    ref = turn_tricky.referee(4, Entry.PAD, 0, None, {"mode": 0, "hands": 2})
    out = ref.start(1000)
    assert [r["r"] for r in out] == ["deal"]
    view = ref.view(1000)
    assert view["turn"] == 1 and view["focus"] == 1 and view["hint"] == "turn up P2's card"
    assert view["lines"][1] == "turn-up from P2"
    run(ref, TWO_TRICKS)


def test_undo_at_the_start_has_nothing_to_take_back():
    ref = _pad()
    before = game_only(ref)
    out = send(ref, "chord", 0, 2000)
    assert out[0]["r"] == "error" and out[0]["why"] == "nothing to take back"
    assert game_only(ref) == before


def _hand_of_cards(ref, deck, t):
    """Tap 64 cards, four per trick; returns the last rulings."""
    out = []
    for card in deck:
        t += 300
        out = ref.card(card, t)
        assert out[0]["r"] == "play", out
    return out


def test_a_hand_ends_on_the_table_button_and_undo_reopens_it():
    ref = _pad(hands=2, control=clock.fischer(600000, 1000))
    deck = squares_deck()
    Rng(5).shuffle(deck)
    out = _hand_of_cards(ref, deck, 2000)
    assert [r["r"] for r in out] == ["play", "trick", "hand", "deal", "pause"]
    assert ref.clock.paused, "nobody's time runs while the table deals"
    hand = out[2]
    view = ref.view(30000)
    assert view["turn"] == -1 and view["focus"] == 1, "the new dealer, P2, lights up"
    assert view["lines"][0] == "Hand 1/2 done"
    assert view["lines"][1] == "hand " + " ".join(["%+d" % p for p in hand["points"]])
    assert view["lines"][2] == "next: P2 deals"
    assert view["hint"] == "table: deal hand 2"
    assert view["message"] == "P2 deals hand 2"
    assert ref.resume(30000) == [], "the shell cannot restart a clock nobody should run"
    rows = [
        ("card", deck[0], ["error"], {"why": "table button: deal on"}),
        ("short", 1, ["error"], {"why": "table button: deal on"}),
        ("chord", 0, ["undo"], {"turn": 0, "message": "took back %s" % _text(deck[63])}),
        ("card", deck[63], ["play", "trick", "hand", "deal", "pause"], {"turn": -1}),
        ("table", None, ["next"], {"turn": 2, "hint": "turn up P3's card", "message": "P2 deals hand 2"}),
        ("chord", 1, ["undo", "pause"], {"turn": -1, "hint": "table: deal hand 2"}),
        ("table", None, ["next"], {"turn": 2, "line0": "Hand 2/2  Trick 1/16"}),
        ("card", deck[0], ["play"], {"turn": 3, "line1": "up: " + _text(deck[0])}),
    ]
    run(ref, rows, 40000)
    assert not ref.clock.paused and ref.clock.on_turn == 3
    assert ref.scores() == hand["scores"], "scores carry over into the next hand"


def _text(card):
    from topper.cards import format_card

    return format_card(card)


def test_random_pad_input_never_breaks_the_game():
    """Right cards, repeated cards, stray presses and undos, mixed: a refused input changes
    nothing, every state survives a restore, and the match still ends."""
    for g in range(games(30)):
        ref = _pad(hands=1 + (g // 2) % 2, mode=g % 3, control=clock.fischer(60000, 500) if g % 2 else None)
        rng = Rng(g)
        t = 5000
        steps = 0
        while not ref.is_over():
            steps += 1
            assert steps < 2000, "a pad game that does not end"
            t += 1 + rng.below(3000)
            before = game_only(ref)
            roll = rng.below(100)
            m = ref.match
            if roll < 75 and ref.view(t)["turn"] < 0:
                out = ref.button(TABLE, -1, t)  # between hands: deal on
            elif roll < 75:
                legal = m.legal_actions()
                out = ref.card(legal[rng.below(len(legal))], t)
            elif roll < 85:
                out = ref.card(rng.below(125), t)
            elif roll < 97:
                out = ref.button(BUTTONS[rng.below(3)], rng.below(4), t)
            else:
                out = ref.button(CHORD, rng.below(4), t)
            if out[0]["r"] == "error":
                assert len(out) == 1 and game_only(ref) == before
            for line in ref.view(t)["lines"] + [ref.view(t)["hint"], ref.message]:
                assert len(line) <= 21, "%r is wider than the OLED" % line
            if ref.clock is not None and ref._turn() >= 0:
                assert ref.clock.on_turn == ref.match.current_player() and not ref.clock.paused
            if rng.below(10) == 0:
                copy = turn_tricky.restore(jsonl.loads(jsonl.dumps(ref.to_dict())), 0)
                assert game_only(copy) == game_only(ref) and copy.view(t)["lines"] == ref.view(t)["lines"]
        assert ref.view(t)["winners"] == ref.match.winners()


def test_the_shared_turn_screen_and_ring_draw_every_state():
    """topper_view.turns draws the referee's view: 8 OLED lines, the hint last, and the
    ring lights the leader steady and the seat on turn, through a hand and its pause."""
    from topper_view import ring, turns

    ref = _pad(hands=2, control=clock.fischer(60000, 0))
    deck = squares_deck()
    Rng(9).shuffle(deck)
    t = 2000
    for card in deck + [None]:
        view = ref.view(t)
        lines = turns.lines(view)
        assert len(lines) == 8 and lines[0].count(">") <= 1 and len(lines[0]) == 20
        assert lines[-1] == view["hint"]
        for line in lines:
            assert len(line) <= 21, line
        px = turns.frame(view, t)
        for seat in (view["turn"], view["focus"]):
            if seat >= 0:
                assert px[ring.seat_pixel(seat, 4)] != ring.OFF, "P%d is dark" % (seat + 1)
        if card is None:
            assert view["turn"] == -1 and lines[1] == "table decides"
            break
        t += 900
        ref.card(card, t)
