"""Tricky Dick on the device without a card pad: each player lays and presses their
button; after the fourth card the table answers who won, circles, squares, the winner's
color and broken matches; a short table press confirms the points."""

from _scale import games
from _tricky import game_only, run, send
from topper import clock, jsonl
from topper.inputs import BUTTONS, CHORD, SHORT, TABLE
from topper.turnsave import TurnSave
from topper.games.tricky import turn as turn_tricky
from topper.gamekit import Entry
from topper.rng import Rng

WON = "Who won? winner press"
CHECK = "Table OK, hold: redo"

# P1 deals: the turned-up trick is reported first. P3 won it; P1 and P2 laid circles, P4
# a square: worth +1, to P3 and to P1, who laid P3's color. Then P3 leads trick 2; P1
# wins it with nothing to take, and P4 broke the match rule.
TWO_TRICKS = [
    ("table", None, ["error"], {"why": "winner: press button", "hint": WON}),
    ("short", 2, ["mark"], {"message": "P3 won", "focus": 2, "hint": "Circles? press, table"}),
    ("short", 0, ["mark"], {"line1": "won P3 same -", "line2": "circ 1 sq -"}),
    ("short", 1, ["mark"], {"line2": "circ 1,2 sq -"}),
    ("short", 1, ["mark"], {"line2": "circ 1 sq -", "message": "P2 not circle"}),
    ("short", 1, ["mark"], {"line2": "circ 1,2 sq -", "message": "P2 circle"}),
    ("table", None, ["ask"], {"hint": "Squares? press, table"}),
    ("short", 0, ["error"], {"why": "P1 already a circle"}),
    ("short", 3, ["mark"], {"line2": "circ 1,2 sq 4"}),
    ("table", None, ["ask"], {"hint": "Winner's color? press"}),
    ("short", 2, ["error"], {"why": "P3 won: scores anyway"}),
    ("short", 0, ["mark"], {"line1": "won P3 same 1"}),
    ("table", None, ["ask"], {"hint": CHECK, "line1": "P1+1 P3+1", "turn": -1}),
    ("short", 0, ["error"], {"why": CHECK}),
    ("long", 1, ["drop"], {"hint": WON, "line1": "won ?", "line2": "circ - sq -", "focus": -1}),
    ("chord", 1, ["undo"], {"hint": CHECK, "line1": "P1+1 P3+1", "message": "took back a press"}),
    (
        "table",
        None,
        ["trick"],
        {
            "message": "P3 won +1",
            "scores": [1, 0, 1, 0],
            "turn": 2,
            "next": 3,
            "focus": 2,
            "hint": "P3: lay, then button",
            "line0": "Hand 1/2  Trick 2/16",
            "line1": "P3 leads",
            "line3": "score 1 0 1 0",
        },
    ),
    ("short", 0, ["error"], {"why": "P3's turn, not P1's", "turn": 2}),
    ("table", None, ["error"], {"why": "P3: lay, then button"}),
    ("long", 2, ["error"], {"why": "P3: lay, then button"}),
    ("short", 2, ["laid"], {"turn": 3, "line1": "P3 led, 1 laid", "message": "P3 laid"}),
    ("short", 3, ["laid"], {"turn": 0, "next": 1}),
    ("short", 0, ["laid"], {"turn": 1, "next": -1}),
    ("chord", 2, ["undo"], {"turn": 0, "line1": "P3 led, 2 laid"}),
    ("short", 0, ["laid"], {"turn": 1}),
    ("short", 1, ["laid", "ask"], {"turn": -1, "hint": WON, "line1": "won ?", "line2": "circ - sq -"}),
    ("short", 0, ["mark"], {"focus": 0}),
    ("table", None, ["ask"], {}),
    ("table", None, ["ask"], {}),
    ("table", None, ["ask"], {"hint": "Broke match? press", "line1": "broke -", "focus": 0}),
    ("short", 3, ["mark"], {"line1": "broke 4", "message": "P4 broke"}),
    ("table", None, ["ask"], {"hint": CHECK, "line1": "P4-1"}),
    ("table", None, ["trick"], {"message": "P1 won +0, -1 P4", "scores": [1, 0, 1, -1], "turn": 0}),
    # Undo between tricks reopens the last report at its points, answers kept.
    (
        "chord",
        0,
        ["undo"],
        {"message": "trick 2 reopened", "hint": CHECK, "line1": "P4-1", "scores": [1, 0, 1, 0], "turn": -1},
    ),
    ("table", None, ["trick"], {"scores": [1, 0, 1, -1], "turn": 0}),
]


def _buttons(hands=2, mode=0, control=None):
    ref = turn_tricky.referee(4, Entry.BUTTONS, 0, control, {"mode": mode, "hands": hands})
    ref.start(1000)
    return ref


def test_the_table_reports_each_trick_with_the_buttons():
    ref = turn_tricky.referee(4, Entry.BUTTONS, 0, None, {"mode": 0, "hands": 2})
    assert [r["r"] for r in ref.start(1000)] == ["deal"]
    view = ref.view(1000)
    assert view["turn"] == -1 and view["hint"] == WON
    assert view["lines"] == ["Hand 1/2  Trick 1/16", "won ?", "circ - sq -", "score 0 0 0 0"]
    run(ref, TWO_TRICKS)


def test_what_a_buttons_game_refuses():
    ref = _buttons()
    before = game_only(ref)
    cases = [
        ("nothing to take back", lambda: send(ref, "chord", 0, 2000)),
        ("no card pad in use", lambda: ref.card(6, 2000)),
        ("without a card pad the table reports each trick with the buttons", lambda: ref.act(6, 2000)),
        ("no such press 7 on seat 0", lambda: ref.button(7, 0, 2000)),
        ("no such press 1 on seat 4", lambda: ref.button(SHORT, 4, 2000)),
    ]
    for why, call in cases:
        out = call()
        assert out == [{"r": "error", "t": 2000, "why": why}], out
        assert game_only(ref) == before
    try:
        ref.bot(0, 1)
        raise AssertionError("a bot cannot see the cards of a real table")
    except ValueError:
        pass


def _report(ref, t, winner, lay=True):
    """Lay four cards (not on a first trick) and report a trick; returns the last rulings."""
    if lay and ref.match.trick_no:
        for _ in range(4):
            t += 1000
            out = ref.button(SHORT, ref.view(t)["turn"], t)
            assert out[0]["r"] == "laid", out
    out = ref.button(SHORT, winner, t)
    assert out[0]["r"] == "mark", out
    while True:
        t += 100
        out = ref.button(TABLE, -1, t)
        assert out[0]["r"] != "error", out
        if out[0]["r"] != "ask":
            return out


def test_the_clock_stops_while_the_table_reports():
    ref = _buttons(control=clock.fischer(60000, 1000))
    assert not ref.clock.started, "the turned-up trick is reported before anyone lays"
    _report(ref, 2000, 2)
    assert ref.clock.started and ref.clock.on_turn == 2
    t = 10000
    for seat in (2, 3, 0, 1):
        t += 3000
        ref.button(SHORT, seat, t)
    assert ref.clock.paused and ref.view(t)["turn"] == -1
    banks = ref.clock.view(t)["remaining"]
    out = _report(ref, t + 60000, 0, lay=False)
    assert out[0]["r"] == "trick"
    assert not ref.clock.paused and ref.clock.on_turn == 0
    after = ref.clock.view(t + 60000)["remaining"]
    # A minute of reporting costs nobody time; the last layer's move ends with its bonus.
    assert after == [banks[0], banks[1] + 1000, banks[2], banks[3]], (banks, after)


def test_a_hand_ends_on_the_table_button():
    ref = _buttons(hands=2)
    t = 2000
    for trick in range(16):
        out = _report(ref, t, trick % 4)
        t += 10000
    assert [r["r"] for r in out] == ["trick", "hand", "deal"]
    view = ref.view(t)
    assert view["turn"] == -1 and view["hint"] == "table: deal hand 2" and view["focus"] == 1
    assert view["lines"][:3] == ["Hand 1/2 done", "hand +0 +0 +0 +0", "next: P2 deals"]
    rows = [
        ("short", 0, ["error"], {"why": "table button: deal on"}),
        (
            "table",
            None,
            ["next"],
            {"hint": WON, "line0": "Hand 2/2  Trick 1/16", "message": "P2 deals hand 2"},
        ),
        ("chord", 0, ["undo"], {"hint": "table: deal hand 2"}),
        (
            "chord",
            0,
            ["undo"],
            {"hint": CHECK, "message": "trick 16 reopened", "line0": "Hand 1/2  Trick 16/16"},
        ),
    ]
    run(ref, rows, t)


def test_random_presses_never_break_a_buttons_game():
    """Mostly the presses the device asks for, sometimes any press, now and then an undo:
    a refused press changes nothing, every state survives a restore, the match ends."""
    for g in range(games(30)):
        hands = 1 + (g // 2) % 2
        ref = _buttons(hands=hands, mode=g % 3, control=clock.fischer(60000, 500) if g % 2 else None)
        rng = Rng(g)
        t = 5000
        steps = 0
        while not ref.is_over():
            steps += 1
            assert steps < 5000, "a buttons game that does not end"
            t += 1 + rng.below(3000)
            before = game_only(ref)
            view = ref.view(t)
            roll = rng.below(100)
            if roll < 70 and view["turn"] >= 0:
                out = ref.button(SHORT, view["turn"], t)
            elif roll < 70:
                out = ref.button(TABLE, -1, t) if rng.below(3) else ref.button(SHORT, rng.below(4), t)
            elif roll < 97:
                out = ref.button(BUTTONS[rng.below(3)], rng.below(4), t)
            else:
                out = ref.button(CHORD, rng.below(4), t)
            if out[0]["r"] == "error":
                assert len(out) == 1 and game_only(ref) == before
            for line in ref.view(t)["lines"] + [ref.view(t)["hint"], ref.message]:
                assert len(line) <= 21, "%r is wider than the OLED" % line
            if ref.clock is not None and ref.clock.started and not ref.is_over():
                assert ref.clock.paused == (ref.view(t)["turn"] < 0)
                if not ref.clock.paused:
                    assert ref.clock.on_turn == ref.view(t)["turn"]
            if rng.below(10) == 0:
                copy = turn_tricky.restore(jsonl.loads(jsonl.dumps(ref.to_dict())), 0)
                assert game_only(copy) == game_only(ref) and copy.view(t)["lines"] == ref.view(t)["lines"]
        m = ref.match
        assert len(m.hand_results) == hands
        total = [0, 0, 0, 0]
        for points in m.hand_results:
            for s in range(4):
                total[s] += points[s]
        assert total == m.scores == ref.view(t)["scores"]


NVM_SAVE = 4096 - 768  # the nvm store's region (topper_hw.journal_store): 2 slots


def test_a_whole_game_is_saved_in_the_nvm_store_and_comes_back_after_every_trick():
    """Four hands of reports with answers, saved as the device saves them after each
    trick: every save fits a slot of the 4 KB nvm (before the reports were saved as
    masks, hand 4 outgrew it and a cut lost the game) and restores the same game."""
    ref = _buttons(hands=4)
    store = bytearray(NVM_SAVE)
    cfg = {"game": "tricky", "seats": 4, "cardpad": False, "options": ref.options, "control": None}
    TurnSave(store).start({"game": "tricky", "cfg": cfg, "ref": ref.to_dict(), "clock": None})
    t = 2000
    for hand in range(4):
        if hand:
            assert ref.button(TABLE, -1, t)[0]["r"] == "next"
        for trick in range(16):
            first = trick == 0
            if not first:
                for _ in range(4):
                    t += 1000
                    assert ref.button(SHORT, ref.view(t)["turn"], t)[0]["r"] == "laid"
            w = (hand + trick) % 4
            # won, a circle, a square, a seat of the winner's color, a broken match
            presses = [w, (w + 1) % 4, -1, (w + 2) % 4, -1, (w + 3) % 4, -1]
            if not first:
                presses += [(w + 1) % 4, -1]
            for seat in presses + [-1]:
                t += 100
                out = ref.button(TABLE if seat < 0 else SHORT, seat, t)
                assert out[0]["r"] != "error", out
            assert out[0]["r"] == "trick", out
            TurnSave(store).save({"game": "tricky", "cfg": cfg, "ref": ref.save(t)})
            back = TurnSave(store).load()
            copy = turn_tricky.restore(back["ref"], t)
            assert game_only(copy) == game_only(ref) and copy.view(t)["lines"] == ref.view(t)["lines"]
    assert ref.is_over() and len(ref.match.history) == 64


def test_a_report_is_one_int_in_memory_and_saves_of_every_form_load():
    """The match keeps each trick report as one small int (< 0, so never a card code);
    the save writes it as three ints of 6 bits, logs as seat lists; older firmware saved
    two small ints in a flat history, five masks or seat lists: all of them restore the
    same game."""
    from topper.games.tricky import engine

    ref = _buttons()
    run(ref, TWO_TRICKS)
    history = ref.match.history
    assert len(history) == 2 and all(isinstance(a, int) and a < 0 for a in history)
    assert engine.unpack_report(history[0]) == [2, [0, 1], [3], [0], []]
    assert engine.unpack_report(history[1]) == [0, [], [], [], [3]]
    saved = ref.to_dict()
    # winner | circles << 2 | squares << 6 | same << 10 | broke << 14, 6 bits at a time
    first, second = 2 | 3 << 2 | 8 << 6 | 1 << 10, 8 << 14
    assert saved["match"]["reports"] == [first & 63, first >> 6, 0, 0, 0, second >> 12]
    assert saved["match"]["history"] == []
    copy = turn_tricky.restore(jsonl.loads(jsonl.dumps(saved)), 0)
    assert copy.match.history == history and game_only(copy) == game_only(ref)
    del saved["match"]["reports"]
    forms = [
        [125 + (2 | 3 << 2 | 8 << 6), 1, 125, 8 << 4],  # the flat history of older saves
        [[2, 3, 8, 1, 0], [0, 0, 0, 0, 8]],  # masks (saves before the flat history)
        [[2, [0, 1], [3], [0], []], [0, [], [], [], [3]]],  # seat lists (older saves, logs)
        list(history),  # the ints themselves
    ]
    assert ref.match.to_dict()["history"] == forms[2]
    for form in forms:
        again = jsonl.loads(jsonl.dumps(saved))
        again["match"]["history"] = form
        copy = turn_tricky.restore(again, 0)
        assert copy.match.history == history and game_only(copy) == game_only(ref)
    bad = [
        [[5, 0, 0, 0, 0]],
        [[2, 16, 0, 0, 0]],
        [[2, [4], [], [], []]],
        [[2, 1, 1, 0, 0]],  # P1 laid a circle and a square
        [-(1 << 18) - 1],
        [125 + 1024, 0],
        [125],
        [125, 256],
        [125, -1],
        [125, [1]],
        [125 + (1 | 1 << 2 | 1 << 6), 0],
    ]
    for history in bad:
        broken = jsonl.loads(jsonl.dumps(saved))
        broken["match"]["history"] = history
        try:
            turn_tricky.restore(broken, 0)
            raise AssertionError("restored a save with the history %r" % (history,))
        except ValueError:
            pass
