"""Tripp Jokes rules as a table sees them: a position, the plays made, what follows.

Each row sets a position (one string of cards per player and zone; P1 is seat 0 and is
on turn), applies actions written as a player would say them, and checks only what it
names: whose turn it is, whether the same player goes again, the pile bottom to top,
the card to beat ("" for a free board), hands, discard count, events, the winner.
"""

from _tripp import cards, do, kinds, names, table

OTHERS = ["4C 5C", "4D 5D"]  # P2 and P3 hold cards nobody plays, so no one wins by accident


def _check(row, state, events):
    want = row["expect"]
    why = row["why"]
    for key in sorted(want):
        exp = want[key]
        if key == "turn":
            got = state.current_player()
        elif key == "again":
            got = state.again
        elif key == "pile":
            got = names(state.pile)
        elif key == "to_beat":
            t = state.to_beat()
            got = "" if t is None else names([t])
        elif key == "hand":
            got = sorted(state.hands[0])
            exp = sorted(cards(exp))
        elif key == "faceup":
            got = sorted(state.faceup[0])
            exp = sorted(cards(exp))
        elif key == "facedown":
            got = len(state.facedown[0])
        elif key == "discard":
            got = len(state.discard)
        elif key == "deck":
            got = len(state.deck)
        elif key == "winner":
            got = state.winner
        elif key == "over":
            got = state.is_over()
        elif key == "events":
            got = [k for k in kinds(events) if k in exp]
        else:
            raise AssertionError("%s: unknown expectation %r" % (why, key))
        assert got == exp, "%s: %s is %r, expected %r" % (why, key, got, exp)


def _run(rows):
    for row in rows:
        state = table(
            [row["hand"]] + OTHERS,
            faceup=[row.get("faceup", "")] + ["", ""],
            facedown=[row.get("facedown", "")] + ["", ""],
            pile=row.get("pile", ""),
            deck=row.get("deck", ""),
            start=row.get("start", False),
        )
        events = []
        for action in row["do"]:
            events = events + do(state, action)
        _check(row, state, events)


# fmt: off
BEATING = [
    {"why": "a higher card beats and passes the turn", "hand": "9H 5C", "pile": "7S",
     "do": ["play 9H"], "expect": {"pile": "7S 9H", "turn": 1, "to_beat": "9H",
                                   "again": False}},
    {"why": "an equal value is enough", "hand": "7H 5C", "pile": "7S",
     "do": ["play 7H"], "expect": {"pile": "7S 7H", "turn": 1}},
    {"why": "a jack beats a nine: 10 is special, not part of the order", "hand": "JH 5C",
     "pile": "9S", "do": ["play JH"], "expect": {"turn": 1, "to_beat": "JH"}},
    {"why": "the ace is the top card", "hand": "AH 5C", "pile": "KS",
     "do": ["play AH"], "expect": {"turn": 1, "to_beat": "AH"}},
    {"why": "several cards of one value go down together", "hand": "8H 8S 5C",
     "pile": "7S", "do": ["play 8H 8S"], "expect": {"pile": "7S 8H 8S", "hand": "5C"}},
    {"why": "an empty pile is a free board", "hand": "4H 5C", "pile": "",
     "do": ["play 4H"], "expect": {"pile": "4H", "turn": 1}},
]

SPECIALS = [
    {"why": "2: the same player goes again, onto a free board", "hand": "2H 4C 5D",
     "pile": "AS", "do": ["play 2H"],
     "expect": {"turn": 0, "again": True, "to_beat": "", "pile": "AS 2H"}},
    {"why": "2: the card played after it is the next card to beat", "hand": "2H 4C 5D",
     "pile": "AS", "do": ["play 2H", "play 4C"],
     "expect": {"turn": 1, "again": False, "to_beat": "4C", "pile": "AS 2H 4C"}},
    {"why": "3: the next player must beat the card below it", "hand": "3H 5C",
     "pile": "KS", "do": ["play 3H"],
     "expect": {"turn": 1, "again": False, "to_beat": "KS"}},
    {"why": "3s on 3s are all transparent", "hand": "3H 5C", "pile": "QS 3C",
     "do": ["play 3H"], "expect": {"turn": 1, "to_beat": "QS"}},
    {"why": "3 with nothing below it leaves a free board", "hand": "3H 5C", "pile": "",
     "do": ["play 3H"], "expect": {"turn": 1, "to_beat": ""}},
    {"why": "3 on a 2 shows the 2: a free board", "hand": "2D 3H 5C", "pile": "9C",
     "do": ["play 2D", "play 3H"], "expect": {"turn": 1, "to_beat": ""}},
    {"why": "10: the pile is discarded and the same player goes again",
     "hand": "10H 5C", "pile": "KS QS", "do": ["play 10H"],
     "expect": {"pile": "", "discard": 3, "turn": 0, "again": True,
                "events": ["play", "burn", "again"]}},
    {"why": "joker: the player takes the pile but the joker; the next has a free board",
     "hand": "5C JK", "pile": "9S KD", "do": ["play JK"],
     "expect": {"pile": "JK", "hand": "5C 9S KD", "turn": 1, "to_beat": "",
                "events": ["joker", "turn"]}},
    {"why": "two jokers laid together both stay", "hand": "5C JK JK", "pile": "9S",
     "do": ["play JK JK"], "expect": {"pile": "JK JK", "hand": "5C 9S", "turn": 1}},
    {"why": "a joker on an older joker sends the older one to the hand",
     "hand": "5C JK", "pile": "JK 7H", "do": ["play JK"],
     "expect": {"pile": "JK", "hand": "5C 7H JK", "turn": 1}},
    {"why": "specials go on anything: a 2 on an ace", "hand": "2C 5C", "pile": "AS",
     "do": ["play 2C"], "expect": {"again": True}},
]

THREE_OF_A_KIND = [
    {"why": "three of one value across plays clears the pile; same player again",
     "hand": "7C 4D", "pile": "5S 7H 7D", "do": ["play 7C"],
     "expect": {"pile": "", "discard": 4, "turn": 0, "again": True,
                "events": ["clear", "again"]}},
    {"why": "two laid on one make three", "hand": "8C 8D 4D", "pile": "6S 8H",
     "do": ["play 8C 8D"], "expect": {"pile": "", "discard": 4, "again": True}},
    {"why": "four laid at once clear", "hand": "9C 9D 9H 9S 4D", "pile": "5S",
     "do": ["play 9C 9D 9H 9S"], "expect": {"pile": "", "discard": 5, "again": True}},
    {"why": "a 3 in between breaks the three", "hand": "7C 4D", "pile": "7H 3C 7D",
     "do": ["play 7C"], "expect": {"pile": "7H 3C 7D 7C", "turn": 1}},
    {"why": "three 3s clear (before transparency): the same player goes again",
     "hand": "3H 5C", "pile": "KS 3C 3D", "do": ["play 3H"],
     "expect": {"pile": "", "discard": 4, "turn": 0, "again": True}},
    {"why": "three jokers clear (before the pickup): nothing is taken",
     "hand": "5C JK", "pile": "JK JK", "do": ["play JK"],
     "expect": {"pile": "", "discard": 3, "hand": "5C", "turn": 0, "again": True,
                "events": ["clear"]}},
    {"why": "three 2s clear to the discard (a lone 2 would stay)", "hand": "2H 5C",
     "pile": "KS 2C 2D", "do": ["play 2H"],
     "expect": {"pile": "", "discard": 4, "turn": 0, "again": True}},
    {"why": "three 10s count as three of a kind, checked before the 10",
     "hand": "10C 10D 10H 5C", "pile": "KS", "do": ["play 10C 10D 10H"],
     "expect": {"pile": "", "discard": 4, "again": True, "events": ["clear"]}},
]

STARTING_CARD = [
    {"why": "the starting card is the card to beat", "hand": "5C 4H", "pile": "6S",
     "start": True, "do": [], "expect": {"to_beat": "6S"}},
    {"why": "the starting card is no part of a three of a kind", "hand": "8C 8D 5C",
     "pile": "8S", "start": True, "do": ["play 8C 8D"],
     "expect": {"pile": "8S 8C 8D", "turn": 1, "discard": 0}},
    {"why": "a starting 2 is a free board and gives no extra play", "hand": "4C 5C",
     "pile": "2S", "start": True, "do": ["play 4C"], "expect": {"turn": 1}},
    {"why": "a starting 3 has nothing below: a free board", "hand": "4C 5C",
     "pile": "3S", "start": True, "do": ["play 4C"], "expect": {"pile": "3S 4C"}},
    {"why": "a starting 10 discards nothing and is a free board", "hand": "4C 5C",
     "pile": "10S", "start": True, "do": ["play 4C"],
     "expect": {"pile": "10S 4C", "discard": 0}},
    {"why": "a starting joker takes nothing from anyone and is a free board",
     "hand": "4C 5C", "pile": "JK", "start": True, "do": ["play 4C"],
     "expect": {"pile": "JK 4C", "hand": "5C", "turn": 1}},
    {"why": "a pickup takes the starting card too", "hand": "4C", "pile": "KS",
     "start": True, "do": ["pickup"], "expect": {"pile": "", "hand": "4C KS"}},
]

PICKUP_AND_DRAW = [
    {"why": "nothing beats: the player picks up the whole pile and the turn ends",
     "hand": "5C", "pile": "9S KD", "do": ["pickup"],
     "expect": {"pile": "", "hand": "5C 9S KD", "turn": 1, "events": ["pickup", "turn"]}},
    {"why": "fewer than 3 after the turn: draw up to 3", "hand": "5C 6C 9H",
     "deck": "4S 4D 4H", "pile": "7S", "do": ["play 9H"],
     "expect": {"hand": "5C 6C 4S", "deck": 2, "events": ["draw"]}},
    {"why": "3 or more after the turn: no draw", "hand": "5C 6C 8C 9H",
     "deck": "4S 4D 4H", "pile": "7S", "do": ["play 9H"],
     "expect": {"hand": "5C 6C 8C", "deck": 3}},
    {"why": "the deck runs short: draw what is left", "hand": "9H 9D 5C",
     "deck": "4S", "pile": "7S", "do": ["play 9H 9D"],
     "expect": {"hand": "5C 4S", "deck": 0}},
    {"why": "emptying the hand on a 10 draws at once and plays on", "hand": "10H",
     "deck": "5C 6C 7C 8C", "pile": "KS", "do": ["play 10H"],
     "expect": {"hand": "5C 6C 7C", "deck": 1, "turn": 0, "again": True,
                "events": ["burn", "draw", "again"]}},
    {"why": "cards left after a 10: the draw waits for the end of the turn",
     "hand": "10H 5C", "deck": "6C 7C 8C 9C", "pile": "KS", "do": ["play 10H"],
     "expect": {"hand": "5C", "deck": 4, "turn": 0}},
    {"why": "... and comes when the turn ends", "hand": "10H 5C",
     "deck": "6C 7C 8C 9C", "pile": "KS", "do": ["play 10H", "play 5C"],
     "expect": {"hand": "6C 7C 8C", "deck": 1, "turn": 1}},
    {"why": "a pickup that leaves fewer than 3 is topped up", "hand": "5C",
     "deck": "4S 4D", "pile": "KS", "do": ["pickup"],
     "expect": {"hand": "5C KS 4S", "deck": 1}},
]

END_GAME = [
    {"why": "hand and deck empty: play from the face-up cards", "hand": "",
     "faceup": "9H 9D KS", "pile": "7S", "do": ["play 9H 9D"],
     "expect": {"faceup": "KS", "turn": 1, "pile": "7S 9H 9D"}},
    {"why": "face-up cards that cannot beat stay; the pile goes to the hand",
     "hand": "", "faceup": "5C 6C", "pile": "KS", "do": ["pickup"],
     "expect": {"hand": "KS", "faceup": "5C 6C", "turn": 1}},
    {"why": "a face-down card that beats is played", "hand": "", "facedown": "AS 4C",
     "pile": "KS", "do": ["flip 0"],
     "expect": {"pile": "KS AS", "facedown": 1, "turn": 1, "events": ["flip"]}},
    {"why": "a face-down card that fails is picked up with the pile", "hand": "",
     "facedown": "4C AS", "pile": "KS", "do": ["flip 0"],
     "expect": {"hand": "4C KS", "pile": "", "facedown": 1, "turn": 1,
                "events": ["flip", "pickup", "turn"]}},
    {"why": "a face-down 10 burns and the player flips again", "hand": "",
     "facedown": "10C 4S", "pile": "KS", "do": ["flip 0"],
     "expect": {"pile": "", "discard": 2, "turn": 0, "again": True, "facedown": 1}},
    {"why": "a face-down joker takes the pile", "hand": "", "facedown": "JK 4S",
     "pile": "KS", "do": ["flip 0"], "expect": {"pile": "JK", "hand": "KS", "turn": 1}},
    {"why": "the last face-down card played wins", "hand": "", "facedown": "AS",
     "pile": "KS", "do": ["flip 0"],
     "expect": {"over": True, "winner": 0, "events": ["out", "win"]}},
    {"why": "the last card from hand wins when nothing else is left", "hand": "9H",
     "pile": "7S", "do": ["play 9H"],
     "expect": {"over": True, "winner": 0, "turn": -1, "events": ["out", "win"]}},
    {"why": "going out on a 2 still wins", "hand": "2H", "pile": "7S",
     "do": ["play 2H"], "expect": {"over": True, "winner": 0}},
    {"why": "a joker as the last card takes the pile: not out", "hand": "JK",
     "pile": "5S", "do": ["play JK"], "expect": {"over": False, "hand": "5S", "turn": 1}},
    {"why": "a joker as the last card on an empty board goes out", "hand": "JK",
     "pile": "", "do": ["play JK"], "expect": {"over": True, "winner": 0}},
]
# fmt: on


def test_beating_the_card_on_top():
    _run(BEATING)


def test_special_cards():
    _run(SPECIALS)


def test_three_of_a_kind_comes_before_the_special_card():
    _run(THREE_OF_A_KIND)


def test_the_dealers_starting_card():
    _run(STARTING_CARD)


def test_picking_up_and_drawing_to_three():
    _run(PICKUP_AND_DRAW)


def test_end_game_face_up_then_face_down_then_out():
    _run(END_GAME)


def test_the_first_player_out_ends_the_game_by_default():
    s = table(["9H", "4C 5C", "4D 5D"], pile="7S")
    do(s, "play 9H")
    assert s.is_over() and s.winner == 0 and s.out == [0]
    assert s.legal_actions() == []


def test_playing_on_for_places_skips_players_who_are_out():
    s = table(["9H", "JC 5C", "4D QD"], pile="7S", places=True)
    events = do(s, "play 9H")
    assert not s.is_over() and s.winner == 0
    assert {"r": "out", "seat": 0, "place": 1} in events
    assert s.current_player() == 1
    do(s, "play JC")  # P3 must beat the jack
    assert s.current_player() == 2
    do(s, "play QD")
    assert s.current_player() == 1, "P1 is out, so P3 passes to P2"
    assert s.next_player() == 2


def test_places_finishing_order():
    s = table(["9H", "JC 5C", "4D QD"], pile="7S", places=True)
    do(s, "play 9H", "play JC", "play QD", "pickup")
    # P2 picked up 7S 9H JC QD; P3 has 4D and a free board.
    assert s.current_player() == 2 and s.free_board()
    do(s, "play 4D")
    assert s.is_over()
    assert s.out == [0, 2, 1], "P1 first, P3 second, P2 is left holding cards"
    assert s.winner == 0


def test_turn_order_for_the_ring():
    s = table(["2H 5C 8C", "4C 6C", "4D 7D"], pile="9S")
    assert (s.current_player(), s.next_player(), s.again) == (0, 1, False)
    do(s, "play 2H")
    assert (s.current_player(), s.next_player(), s.again) == (0, 1, True)
    assert s.free_board()
    do(s, "play 5C")
    assert (s.current_player(), s.next_player(), s.again) == (1, 2, False)
    v = s.view()
    assert v["turn"] == 1 and v["next"] == 2 and v["to_beat"] == cards("5C")[0]
    assert v["hand"] == [1, 2, 2] and v["pile"] == cards("9S 2H 5C")


def test_a_stalemate_is_called_after_idle_turns():
    # Turns in which no card is discarded or drawn and nobody goes out: a table that
    # only hands the pile around is called off (docs/rules/tripp-jokes.md).
    s = table(["9C KC 4C", "5D 6D 7D"], pile="", stall_turns=4)
    do(s, "play 4C", "play 5D", "play 9C")
    assert not s.is_over() and s.idle == 3
    events = do(s, "pickup")
    assert s.is_over() and s.stalled
    assert s.winner == -1 and s.out == [] and s.current_player() == -1
    assert kinds(events) == ["pickup", "stalled"]


def test_a_discard_or_a_draw_restarts_the_stalemate_count():
    s = table(["9C QC KC 4C 10C", "5D 6D 7D 8D"], pile="", stall_turns=4)
    do(s, "play 4C", "play 5D")
    assert s.idle == 2
    do(s, "play 10C", "play 9C")  # the 10 discards: this turn is progress
    assert s.idle == 0
    do(s, "pickup", "play QC", "pickup")
    assert s.idle == 3 and not s.is_over()
    s = table(["5C 6C 9C", "4D 5D 8D"], pile="", deck="AS AD", stall_turns=2)
    do(s, "play 5C")  # P1 draws back to 3: progress
    assert s.idle == 0
    do(s, "play 5D")
    assert s.idle == 0, "P2 drew too"
    do(s, "play 6C", "play 8D")
    assert s.is_over() and s.stalled
