"""Tripp Jokes without the card pad: the seat button ends a turn, the table button marks
a pickup, a chord takes a seat out (and the same chord takes it back). Scenario tables
of presses and what the table sees; the clock following the turn; a saved game that
restores to the same game."""

from topper import clock, games
from topper.gamekit import Entry
from topper.rng import Rng
from topper.games.tripp.turn import referee, restore
from topper.inputs import CHORD, LONG, SHORT, TABLE

PRESSES = {"short": SHORT, "long": LONG, "table": TABLE, "chord": CHORD}


def game(seats, places=0, control=None):
    ref = referee(seats, Entry.BUTTONS, 3, control, games.options("tripp", {"places": places}))
    ref.start(0)
    return ref


def press(ref, step, t):
    words = step.split()
    seat = int(words[1][1:]) - 1 if len(words) > 1 else -1
    return ref.button(PRESSES[words[0]], seat, t)


def run(ref, table):
    """Rows: (press, ruling kinds or "error: <why>", turn, hint, message or None)."""
    t = 0
    for step, want, turn, hint, message in table:
        t += 1000
        before = ref.to_dict()
        rulings = press(ref, step, t)
        kinds = " ".join([r["r"] for r in rulings])
        view = ref.view(t)
        if want.startswith("error"):
            assert kinds == "error", (step, rulings)
            assert rulings[0]["why"] == want[7:], (step, rulings[0]["why"])
            after = ref.to_dict()
            del before["message"], after["message"]
            assert after == before, "a refused %s changed the game" % step
        else:
            assert kinds == want, (step, kinds)
        assert view["turn"] == turn, (step, view["turn"])
        assert view["hint"] == hint, (step, view["hint"])
        if message is not None:
            assert view["message"] == message, (step, view["message"])
    return ref


PLAY_FOR_WINNER = (
    # P1 deals: P2 plays first, then P3, P1.
    ("short P1", "error: P1 is not on turn (P2 is)", 1, "P2: play, then button", None),
    ("short P2", "turn", 2, "P3: play, then button", None),
    ("table", "picked", 2, "P3 picked up +button", "P3 picked up: button"),
    ("table", "picked", 2, "P3: play, then button", "P3: no pickup"),
    ("table", "picked", 2, "P3 picked up +button", None),
    ("short P3", "pickup turn", 0, "P1: play, then button", "P3 picked up"),
    ("long P1", "turn", 1, "P2: play, then button", None),  # a held button ends a turn too
    ("long P3", "error: P3 is not on turn (P2 is)", 1, "P2: play, then button", None),
    ("chord P2", "out win", -1, "", "P2 wins"),
    ("short P3", "error: the game is over", -1, "", None),
    ("table", "error: the game is over", -1, "", None),
    ("chord P1", "error: the game is over", -1, "", None),
    # A slip of the finger: the same chord takes it back, and P2 is on turn again.
    ("chord P2", "back", 1, "P2: play, then button", "P2 is back in"),
    ("short P2", "turn", 2, "P3: play, then button", None),
)


def test_play_for_the_winner_with_presses():
    ref = run(game(3), PLAY_FOR_WINNER)
    assert ref.view(99000)["lines"] == ["turns 4", "pickups 0 0 1", ""]


PLAY_FOR_PLACES = (
    ("short P2", "turn", 2, "P3: play, then button", None),
    ("short P3", "turn", 3, "P4: play, then button", None),
    ("chord P4", "out turn", 0, "P1: play, then button", "P4 out: place 1"),
    ("short P1", "turn", 1, "P2: play, then button", None),  # P4 is skipped from now on
    ("short P2", "turn", 2, "P3: play, then button", None),
    ("short P3", "turn", 0, "P1: play, then button", None),
    ("chord P2", "out", 0, "P1: play, then button", "P2 out: place 2"),  # not on turn
    ("short P1", "turn", 2, "P3: play, then button", None),
    ("chord P3", "out win", -1, "", "P4 wins"),
)


def test_play_for_places_until_one_seat_holds_cards():
    ref = run(game(4, places=1), PLAY_FOR_PLACES)
    view = ref.view(99000)
    assert view["winners"] == [3] and view["over"]
    assert view["out"] == [False, True, True, True]  # P1 is last, still holding cards
    assert ref.lines()[2] == "places P4 P2 P3"


def test_taking_back_a_place_later_keeps_the_turn_where_it_is():
    ref = game(4, places=1)
    run(
        ref,
        (
            ("chord P3", "out", 1, "P2: play, then button", "P3 out: place 1"),
            ("short P2", "turn", 3, "P4: play, then button", None),  # P3 skipped
            ("chord P3", "back", 3, "P4: play, then button", "P3 is back in"),
            ("short P4", "turn", 0, "P1: play, then button", None),
        ),
    )
    assert ref.gone == []


def test_bad_presses_are_refused_and_change_nothing():
    ref = game(2)
    run(
        ref,
        (
            ("short P3", "error: no seat 2 at this table", 1, "P2: play, then button", None),
            ("chord P3", "error: no seat 2 at this table", 1, "P2: play, then button", None),
        ),
    )
    assert ref.button(9, 0, 5)[0]["why"] == "unknown press 9"
    assert ref.act((1,), 5)[0]["why"] == "no card pad: use the buttons"
    unstarted = referee(2, Entry.BUTTONS, 3, None, games.options("tripp"))
    assert unstarted.button(SHORT, 1, 0)[0]["why"] == "the game has not started"


def test_the_clock_runs_for_the_seat_on_turn_and_leaves_with_a_seat():
    ref = game(3, control=clock.fischer(60000, 2000))
    press(ref, "short P2", 10000)  # P2 spent 10 s, got 2 s back
    c = ref.clock.view(15000)
    assert c["on_turn"] == 2 and c["remaining"][1] == 52000 and c["remaining"][2] == 55000
    press(ref, "chord P3", 20000)  # P3 goes out on turn: the clock passes to P1
    c = ref.clock.view(20000)
    assert ref.view(20000)["over"] and c["over"]
    press(ref, "chord P3", 30000)  # taken back: P3's clock runs again, nobody else's moved
    c = ref.clock.view(31000)
    assert not c["over"] and c["on_turn"] == 2 and c["remaining"][2] == 49000
    assert c["remaining"][0] == 60000 and c["active"] == [True, True, True]


def test_a_saved_game_restores_to_the_same_game():
    rng = Rng(11)
    for seats in (2, 5, 8):
        for places in (0, 1):
            ref = game(seats, places)
            names = ["short", "long", "table", "chord"]
            for i in range(120):
                seat = rng.below(seats)
                step = names[rng.below(4)] + " P%d" % (seat + 1)
                press(ref, step, 1000 * i)
                copy = restore(ref.to_dict(), 0)
                assert copy.view(0) == ref.view(0), (seats, places, i, step)


NVM_SAVE = 4096 - 768  # the nvm store's region (topper_hw.journal_store): 2 slots


def test_a_long_game_is_saved_in_the_nvm_store_after_every_press():
    """900 presses (720 turns of 3 seats, 180 pickups): every save fits a slot of the
    board's nvm store and restores the same game. With a press saved as a list of two
    ints (the older form), the saves outgrew the slot after about 340 presses, and from
    then on a power cut lost the game."""
    from topper.turnsave import TurnSave

    ref = game(3)
    store = bytearray(NVM_SAVE)
    cfg = {"game": "tripp", "seats": 3, "cardpad": False, "options": ref.options, "control": None}

    def snapshot():
        return {"game": "tripp", "cfg": cfg, "ref": ref.save(t)}

    t = 0
    TurnSave(store).start(snapshot())
    for i in range(900):
        t += 100
        seat = ref.view(t)["turn"]
        out = ref.button(TABLE, -1, t) if i % 5 == 3 else ref.button(SHORT, seat, t)
        assert out[0]["r"] != "error", (i, out)
        TurnSave(store).save(snapshot())
        if i % 50 == 49:
            copy = restore(TurnSave(store).load()["ref"], t)
            assert copy.view(t) == ref.view(t), i
    assert ref.view(t)["lines"][:2] == ["turns 720", "pickups 60 60 60"]


def test_a_game_saved_by_the_firmware_before_restores():
    """Older saves kept each press as ``[press, seat]``: such a game
    still comes back after the update (P2 and P3 played, P1 picked up and played, then
    P2 went out: P2 wins)."""
    saved = game(3).to_dict()
    saved["log"] = [[SHORT, 1], [SHORT, 2], [TABLE, -1], [LONG, 0], [CHORD, 1]]
    ref = restore(saved, 0)
    view = ref.view(0)
    assert view["over"] and view["winners"] == [1]
    assert ref.lines() == ["turns 3", "pickups 1 0 0", "out P2"]
    # The chord again takes the place back, as it would have before the cut.
    assert [r["r"] for r in ref.button(CHORD, 1, 10)] == ["back"] and ref.view(10)["turn"] == 1
