"""Guess My Card with the card pad: secrets tapped in private, counts given by the device
itself (and checked when the table counts a wild card), nothing secret on show."""

from _guess_table import run
from topper.games.guess import turn as turn_guess
from topper.gamekit import Entry
from topper.jsonl import dumps
from topper.inputs import CHORD, LONG, SHORT, TABLE

P1, P2, P3 = 0, 1, 2
SECRETS = ("3RC", "2YT", "4BS")  # P2's, P3's, P1's: tapped from the dealer's left


def _tapped():
    ref = turn_guess.referee(3, Entry.PAD, 5, None, {})
    run(
        ref,
        [
            (("start",), {"r": ["hand"], "turn": P2, "hint": "P2: tap secret card"}),
            (("b", SHORT, P2), {"why": "P2: tap your secret card"}),
            # A wild card dealt as a secret is turned up and kept: tapped, it is counted
            # out of the pile, and the same player taps the next card.
            (("c", "1*C"), {"r": ["opened"], "message": "P2: 1*C up, tap next", "turn": P2}),
            (("c", "1*C"), {"why": "that card was tapped already"}),
            (("c", 125), {"why": "not a card of the full deck"}),
            (("c", "3RC"), {"r": ["secret"], "message": "P2: card taken", "turn": P3}),
            (("c", "3RC"), {"why": "that card was tapped already"}),
            (("c", "2YT"), {"r": ["secret"], "hint": "P1: tap secret card"}),
            (("b", CHORD, P1), {"r": ["undo"], "turn": P3}),
            (("c", "2YT"), {"r": ["secret"], "turn": P1}),
            (
                ("c", "4BS"),
                {
                    "r": ["secret", "commit", "commit", "commit", "turns"],
                    "turn": P2,
                    "hint": "P3? tap card, T=guess",
                },
            ),
        ],
    )
    return ref


def test_secrets_are_tapped_in_turn_and_never_shown():
    ref = _tapped()
    assert ref.view(0)["lines"] == ["Hand 1/1  worth 3", "score 0 0 0", "P2 may ask 3 1"]
    public = dumps(ref.view(0))
    for secret in SECRETS:
        assert secret not in public


def test_the_device_counts_a_natural_card_itself():
    ref = _tapped()
    run(
        ref,
        [
            (("b", LONG, P2), {"why": "tap the card you show"}),
            (("b", SHORT, P1), {"why": "P2 is due, not P1"}),
            # 1RC against P3's 2YT: nothing matches.
            (("c", "1RC"), {"r": ["ask", "answer"], "message": "P3: 0 match", "turn": P3, "focus": P1}),
            (("c", "1RC"), {"why": "1RC was shown already"}),
            (("c", "4BS"), {"why": "card refused: tap again"}),  # P1's secret: not in a hand
            # 4YS against P1's 4BS: number and suit.
            (("c", "4YS"), {"r": ["ask", "answer"], "message": "P1: 2 match", "turn": P1}),
        ],
    )
    assert ref.view(0)["lines"][3] == "P3 asked P1 4YS: 2"


def test_a_wild_card_is_counted_by_the_table_within_what_can_be_true():
    ref = _tapped()
    run(
        ref,
        [
            (("b", SHORT, P2), {"r": ["pick"], "focus": P1}),
            # 4*S against P1's 4BS: 2 sure, the black may stand for blue: 2 or 3.
            (("c", "4*S"), {"r": ["ask"], "turn": P1, "hint": "P1: n presses, then T"}),
            (("c", "1RC"), {"why": "no card is expected now"}),
            (("b", SHORT, P1), {"r": ["count"]}),
            (("b", TABLE, -1), {"why": "the answer must be 2..3, not 1"}),
            (("b", CHORD, P3), {"r": ["undo"], "hint": "P1: n presses, then T"}),
            (("b", SHORT, P1), {"r": ["count"]}),
            (("b", SHORT, P1), {"r": ["count"]}),
            (("b", SHORT, P1), {"r": ["count"]}),
            # Three: P1's card is revealed and scores 3 for P2, who goes again.
            (("b", TABLE, -1), {"r": ["answer", "revealed"], "message": "P1 4BS: P2 +3", "turn": P2}),
            (("b", CHORD, P2), {"r": ["undo"], "turn": P1, "scores": [0, 0, 0]}),
            (("b", CHORD, P2), {"r": ["undo"], "turn": P2, "focus": P3}),
        ],
    )


def test_an_official_guess_said_aloud_takes_the_guessed_players_word():
    ref = _tapped()
    run(
        ref,
        [
            (("b", TABLE, -1), {"r": ["guess"], "turn": P3, "hint": "P3: short=yes long=no"}),
            (("c", "2YT"), {"why": "no card is expected now"}),
            (("b", SHORT, P2), {"why": "P3 is due, not P2"}),
            (("b", SHORT, P3), {"r": ["verdict", "revealed"], "message": "P3 2YT: P2 +3", "turn": P2}),
            (("b", TABLE, -1), {"r": ["guess"], "turn": P1}),
            (("b", LONG, P1), {"r": ["verdict"], "message": "wrong: P2 -2", "turn": P3}),
        ],
    )
    # P2 is barred from P1 and P3 is face up: P3 and P1 play on; the hand is not over.
    assert ref.scores() == [0, 1, 0] and not ref.is_over()
