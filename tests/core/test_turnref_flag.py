"""What a flag does in a turn game, as the table chose it (docs/rules/clock.md): only
shown, a penalty (a minute more, counted), or the flagged seat loses and the game ends.
Played on Tripp Jokes with the seat buttons, as a table without the card pad plays it;
each consequence is a ruling the log keeps and the message line says."""

from topper import games, inputs, turnref
from topper.clock import Control, TimeControl
from topper.games.tripp import turn as tripp
from topper.inputs import SHORT


def _ref(seats, flag, control=(Control.SUDDEN_DEATH, 10000, 0)):
    cfg = {"game": "tripp", "seats": seats, "options": games.options("tripp"), "control": list(control),
           "cardpad": False, "flag": flag}
    r = tripp.make(cfg, 7)
    r.start(0)  # P2 on turn (P1 deals)
    return r


def test_a_flag_only_shown_changes_nothing_but_the_screen():
    r = _ref(3, "show")
    assert r.tick(12000) == [{"r": "flag", "t": 10000, "seat": 1}]
    v = r.view(12000)
    assert r.message == "P2 out of time" and not v["over"] and v["clock"]["flagged"][1]
    assert r.button(SHORT, 1, 13000)[0]["r"] != "error"  # the game goes on


def test_a_penalty_gives_a_minute_from_the_flag_and_counts_it():
    r = _ref(3, "penalty")
    got = r.tick(12000)
    assert got == [
        {"r": "flag", "t": 10000, "seat": 1},
        {"r": "penalty", "t": 10000, "seat": 1, "n": 1, "add": turnref.PENALTY_MS},
    ]
    assert r.message == "P2 penalty 1: +1:00"
    v = r.view(12000)
    assert v["clock"]["remaining"][1] == 58000 and not v["clock"]["flagged"][1]
    assert v["clock"]["penalties"] == [0, 1, 0] and not v["over"]
    # The second flag is the second penalty.
    assert [e["r"] for e in r.tick(71000)] == ["flag", "penalty"]
    assert r.view(71000)["clock"]["penalties"] == [0, 2, 0]


def test_a_loss_on_time_ends_a_two_seat_game_for_the_other_seat():
    r = _ref(2, "lose")
    got = r.tick(10500)
    assert got[-1] == {"r": "timeloss", "t": 10000, "seat": 1, "winners": [0]}
    assert r.message == "P2 loses on time, P1 wins"
    v = r.view(11000)
    assert v["over"] and v["winners"] == [0] and v["turn"] == -1
    # Nothing more is taken: the game is over.
    assert r.take(inputs.SHORT, 1, 11000)[0]["r"] == "error"
    assert r.view(50000)["clock"]["remaining"] == v["clock"]["remaining"]


def test_a_loss_on_time_with_three_seats_ends_the_game_for_the_seats_still_in():
    r = _ref(3, "lose")
    r.button(SHORT, 1, 1000)  # P2 ends its turn; P3 on turn
    got = r.tick(20000)
    assert got[-1]["r"] == "timeloss" and got[-1]["seat"] == 2 and got[-1]["winners"] == [0, 1]
    assert r.view(20000)["winners"] == [0, 1]


def test_a_loss_on_time_survives_a_power_cut():
    r = _ref(2, "lose")
    r.tick(10500)
    back = tripp.restore(r.save(11000), 500)
    v = back.view(600)
    assert v["over"] and v["winners"] == [0] and back.on_flag == turnref.FLAG_LOSE


def test_the_log_header_names_the_choice_and_the_methods():
    control = TimeControl(Control.BYOYOMI, 60000, 10000, periods=3)
    cfg = {"game": "tripp", "seats": 2, "options": games.options("tripp"), "control": control.to_list(),
           "cardpad": False, "flag": "penalty"}
    h = tripp.make(cfg, 1).header(dict(cfg, seed=1))
    assert h["clock"] == {"control": "byo-yomi", "base_ms": 60000, "extra_ms": 10000, "periods": 3,
                          "flag": "penalty"}


def test_a_game_without_the_choice_only_shows_a_flag():
    r = _ref(2, None)
    assert [e["r"] for e in r.tick(12000)] == ["flag"]
    assert not r.view(12000)["over"]
