"""Guess My Card on a device without a card pad: the table answers with its buttons and
the device keeps turns, bars, the chart and the scores (docs/games/guess-my-card.md)."""

from _guess_table import run
from topper.games.guess import turn as turn_guess
from topper.gamekit import Entry
from topper.inputs import CHORD, LONG, SHORT, TABLE

P1, P2, P3, P4 = 0, 1, 2, 3


def test_a_wrong_official_guess_after_one_reveal_costs_3_in_a_4_player_game():
    # The seed's example (L40): the first card revealed scores 4, a wrong guess after it -3.
    ref = turn_guess.referee(4, Entry.BUTTONS, 9, None, {})
    run(
        ref,
        [
            (("start",), {"r": ["hand", "turns"], "turn": P2, "focus": P3, "hint": "P3? hold=ask T=guess"}),
            (("b", SHORT, P3), {"why": "P2 is due, not P3"}),
            (("b", SHORT, P2), {"r": ["pick"], "focus": P4, "hint": "P4? hold=ask T=guess"}),
            (("b", SHORT, P2), {"r": ["pick"], "focus": P1}),
            (("b", SHORT, P2), {"r": ["pick"], "focus": P3}),
            (("b", LONG, P2), {"r": ["ask"], "turn": P3, "focus": P3, "message": "P2 asks P3"}),
            (("b", SHORT, P2), {"why": "P3 is due, not P2"}),
            (("b", LONG, P3), {"why": "P3: short presses, then T"}),
            (("b", SHORT, P3), {"r": ["count"], "hint": "P3: 1 so far, then T"}),
            (("b", SHORT, P3), {"r": ["count"]}),
            (("b", SHORT, P3), {"r": ["count"], "hint": "P3: 3 so far, then T"}),
            (("b", SHORT, P3), {"why": "3 is the most that can match"}),
            (("b", TABLE, -1), {"r": ["answer", "revealed"], "message": "P3: P2 +4", "turn": P2}),
            # P2 goes again; P3 is face up, so the first seat P2 may ask is P4.
            (("b", TABLE, -1), {"r": ["guess"], "turn": P4, "hint": "P4: short=yes long=no"}),
            (("b", TABLE, -1), {"why": "P4: short right, long wrong"}),
            (("b", LONG, P4), {"r": ["verdict"], "message": "wrong: P2 -3", "scores": [0, 1, 0, 0]}),
            (("b", CHORD, P1), {"r": ["undo"], "turn": P4, "scores": [0, 4, 0, 0]}),
            (("b", LONG, P4), {"r": ["verdict"], "scores": [0, 1, 0, 0], "turn": P3}),
        ],
    )
    assert ref.view(0)["lines"] == [
        "Hand 1/1  worth 3",
        "score 0 1 0 0",
        "P3 may ask 4 1 2",
        "P2 guess P4: no",
    ]
    # Round the table to P2, who is barred from P4: P1 is the only seat left to pick.
    run(
        ref,
        [
            (("b", LONG, P3), {"r": ["ask"], "turn": P4}),
            (("b", TABLE, -1), {"r": ["answer"], "turn": P4}),
            (("b", SHORT, P4), {"r": ["pick"], "focus": P2}),
            (("b", LONG, P4), {"r": ["ask"], "turn": P2}),
            (("b", TABLE, -1), {"r": ["answer"], "turn": P1}),
            (("b", LONG, P1), {"r": ["ask"], "turn": P2}),
            (("b", TABLE, -1), {"r": ["answer"], "turn": P2, "focus": P1, "hint": "P1? hold=ask T=guess"}),
            (("b", SHORT, P2), {"r": ["pick"], "focus": P1}),
            (("b", TABLE, -1), {"r": ["guess"], "turn": P1}),
            # Right, worth 3; P2 would go again but has nobody left to ask: P3 is due.
            (("b", SHORT, P1), {"r": ["verdict", "revealed"], "message": "P1: P2 +3", "turn": P3}),
        ],
    )
    assert ref.scores() == [0, 4, 0, 0] and ref.view(0)["lines"][2] == "P3 may ask 4 2"


def test_undo_clears_the_press_in_progress_first_and_the_turn_moves_back():
    ref = turn_guess.referee(3, Entry.BUTTONS, 1, None, {})
    run(
        ref,
        [
            (("b", SHORT, P2), {"why": "the game has not started"}),
            (("start",), {"turn": P2}),
            (("b", CHORD, P2), {"why": "nothing to undo"}),
            (("b", SHORT, P2), {"r": ["pick"], "focus": P1}),
            (("b", CHORD, P3), {"r": ["undo"], "focus": P3, "turn": P2}),
            (("b", LONG, P2), {"r": ["ask"], "turn": P3}),
            (("b", SHORT, P3), {"r": ["count"]}),
            (("b", CHORD, P1), {"r": ["undo"], "turn": P3, "hint": "P3: n presses, then T"}),
            (("b", CHORD, P1), {"r": ["undo"], "turn": P2, "hint": "P3? hold=ask T=guess"}),
            (("c", "1RC"), {"why": "this game has no card pad"}),
        ],
    )


def test_two_players_a_hand_then_the_next_dealer_starts_the_next():
    ref = turn_guess.referee(2, Entry.BUTTONS, 3, None, {"hands": 2})
    run(
        ref,
        [
            (("start",), {"turn": P2, "focus": P1}),
            (("b", LONG, P2), {"r": ["ask"], "turn": P1}),
            (("b", TABLE, -1), {"r": ["answer"], "turn": P1, "message": "P1: 0 match"}),
            (("b", TABLE, -1), {"r": ["guess"], "turn": P2}),
            # Right: P1 scores 1; P2 alone may still guess and is awarded P1's card (0).
            (
                ("b", SHORT, P2),
                {
                    "r": ["verdict", "revealed", "revealed", "score"],
                    "scores": [1, 0],
                    "hint": "P2 deals, then button",
                },
            ),
            (("b", SHORT, P1), {"why": "P2 deals, then presses"}),
            (("b", SHORT, P2), {"r": ["hand", "turns"], "turn": P1, "focus": P2}),
            (("b", TABLE, -1), {"r": ["guess"], "turn": P2}),
            # Wrong: P2 scores 1, then P2 alone may guess: awarded P1's card, the first: 1.
            (
                ("b", LONG, P2),
                {"r": ["verdict", "revealed", "score", "over"], "scores": [1, 2], "message": "P2 wins"},
            ),
            (("b", SHORT, P1), {"why": "the game is over"}),
            (("b", CHORD, P1), {"why": "the game is over"}),
        ],
    )
    view = ref.view(0)
    assert view["over"] and view["winners"] == [P2] and view["turn"] == -1
    assert view["lines"] == ["Hand 2/2 over", "score 1 2", "hand +0 +2"]


def test_a_dealt_game_takes_no_presses():
    ref = turn_guess.referee(3, Entry.DEALT, 1, None, {})
    ref.start(0)
    out = ref.button(SHORT, 1, 5)
    assert out == [{"r": "error", "t": 5, "why": "a dealt game takes whole actions"}]
    assert ref.card(3, 6)[0]["why"] == "this game has no card pad"
