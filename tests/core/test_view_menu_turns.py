"""The settings menu for the turn-based games: which lines a game shows, seats within
its players range, its own options, the chess clock, and what ``config()`` hands the
app."""

try:
    import topper_view  # noqa: F401
except ImportError:  # CPython pytest: firmware/lib is not on the path by itself
    import sys

    sys.path.insert(0, __file__.rsplit("/", 3)[0] + "/firmware/lib")

from topper import clock, games
from topper_view import menu, screen


def goto(m, key):
    for _ in range(len(m.items()) + 1):
        if m.key() == key:
            return
        m.short()
    raise AssertionError("no menu line " + key)


def choose(m, game):
    goto(m, "game")
    for _ in range(len(games.keys())):
        if m.game == game:
            return
        m.long()
    raise AssertionError("the menu never offers " + game)


def keys(m):
    return [k for k, _ in m.items()]


def test_the_game_line_offers_the_slap_games_then_every_turn_game():
    m = menu.Menu()
    goto(m, "game")
    seen = []
    for _ in range(len(games.keys())):
        seen.append(m.game)
        m.seat(1)
    assert seen == ["ww3", "armageddon", "tripp", "tricky", "crazy", "guess"]
    assert m.game == "ww3"  # and round again
    m.seat(0)
    assert m.game == "guess"
    assert screen.spread(">Game", "GUESS MY CARD") in m.lines()


def test_a_turn_game_shows_its_own_lines_and_a_slap_game_keeps_its_own():
    m = menu.Menu()
    assert keys(m) == [k for k, _ in menu.ITEMS]
    choose(m, "crazy")
    assert keys(m) == ["start", "game", "seats", "o.hands", "o.target", "clock", "cardpad", "enroll"]
    choose(m, "tricky")
    assert keys(m) == ["start", "game", "seats", "o.mode", "o.hands", "clock", "cardpad", "enroll"]
    assert "jokers" not in keys(m) and "hurry" not in keys(m)


def test_seats_are_kept_in_the_games_players_range():
    m = menu.Menu(seats=6)
    choose(m, "tricky")  # four players exactly
    assert m.config()["seats"] == 4
    goto(m, "seats")
    m.seat(1)
    m.long()
    assert m.config()["seats"] == 4
    choose(m, "tripp")
    goto(m, "seats")
    for want in (5, 6, 7, 8, 2):
        m.seat(1)
        assert m.config()["seats"] == want
    m = menu.Menu(game="tricky", seats=2)
    assert m.config()["seats"] == 4


def test_options_step_through_the_games_values_with_their_names():
    m = menu.Menu()
    choose(m, "crazy")
    assert m.config()["options"] == {"hands": 0, "target": 0}
    goto(m, "o.target")
    assert screen.spread(">Target", "off") in m.lines()
    m.long()
    m.long()
    assert m.config()["options"] == {"hands": 0, "target": 50}
    assert screen.spread(">Target", "50") in m.lines()
    m.seat(0)
    assert m.config()["options"]["target"] == 25
    # Each game keeps its own options while another is chosen.
    choose(m, "guess")
    assert m.config()["options"] == games.options("guess")
    choose(m, "crazy")
    assert m.config()["options"]["target"] == 25
    for key in games.keys(games.TURN):  # every value the menu gives, the game takes
        choose(m, key)
        for opt in games.find(key).options:
            goto(m, "o." + opt.key)
            for _ in range(len(opt.values)):
                m.long()
                assert games.options(key, m.config()["options"]) == m.config()["options"]


def test_the_clock_lines_follow_the_control():
    m = menu.Menu()
    choose(m, "guess")
    assert m.config()["control"] is None and "time" not in keys(m)
    goto(m, "clock")
    table = (
        ("per-move", ["time"], "Time/move", [0, 30000, 0]),
        ("fischer", ["time", "extra"], "Increment", [1, 600000, 2000]),
        ("bronstein", ["time", "extra"], "Delay", [2, 600000, 2000]),
        ("sudden death", ["time"], "Time/game", [3, 600000, 0]),
        ("hourglass", ["time"], "Time/game", [4, 600000, 0]),
        ("delay", ["time", "extra"], "Delay", [5, 600000, 2000]),
        ("byo-yomi", ["time", "period", "periods"], "Main time", [6, 600000, 30000, 3, 0, [], None]),
        ("canadian", ["time", "period", "moves"], "Moves/period", [7, 600000, 30000, 0, 10, [], None]),
        ("off", [], None, None),
    )
    for name, extra_lines, label, control in table:
        m.long()
        assert m.value("clock") == name
        shown = [k for k in keys(m) if k in ("time", "extra", "period", "periods", "moves")]
        assert shown == extra_lines, name
        if label is not None:
            assert label in [lab for _, lab in m.items()], name
        assert m.config()["control"] == control, name
        if control is not None:  # topper.clock takes every control the menu gives
            assert clock.from_list(control).to_list() == control


def test_clock_times_step_in_sensible_steps_and_show_in_minutes():
    m = menu.Menu(game="tripp")
    goto(m, "clock")
    m.long()
    m.long()  # fischer
    goto(m, "time")
    assert screen.spread(">Time/game", "10 min") in m.lines()
    for _ in range(20):
        m.seat(1)
        t = m.config()["control"][1]
        assert 30000 <= t <= 3600000
    goto(m, "extra")
    assert screen.spread(">Increment", "2s") in m.lines()
    m.seat(0)
    m.seat(0)
    assert m.config()["control"][2] == 30000  # wrapped from 1 s to 30 s
    assert menu.duration(90000) == "1:30" and menu.duration(45000) == "45s"


def test_config_of_a_turn_game_has_what_the_app_needs():
    m = menu.Menu(game="tripp", seats=5, cardpad=True)
    c = m.config()
    assert c == {
        "game": "tripp",
        "seats": 5,
        "options": {"jokers": 2, "places": 0},
        "control": None,
        "flag": "show",
        "cardpad": True,
    }
    c["options"]["jokers"] = 9  # the app's copy: the menu's own stays right
    assert m.config()["options"]["jokers"] == 2


def test_every_turn_game_screen_fits_and_marks_the_cursor():
    for key in games.keys(games.TURN):
        m = menu.Menu(game=key)
        goto(m, "clock")
        m.long()
        m.long()  # fischer: the longest list of lines
        for _ in range(len(m.items())):
            lines = m.lines()
            assert len(lines) == 8
            assert all(len(s) <= 21 for s in lines), lines
            marked = [s for s in lines if s.startswith(">")]
            assert len(marked) == 1 and marked[0].startswith(">" + m.items()[m.cursor][1])
            m.short()


def test_the_menu_sets_a_second_stage_a_handicap_and_what_a_flag_does():
    m = menu.Menu(game="tripp", seats=3)
    goto(m, "clock")
    m.long()
    m.long()  # fischer: 10 min + 2 s
    goto(m, "stage")
    m.long()  # then 1 min more once the 10 run out, with its own increment
    goto(m, "stagex")
    assert screen.spread(">Then +/move", "5s") in m.lines()
    goto(m, "handicap")
    m.long()
    m.long()  # P2 gets a time of its own
    goto(m, "seatms")
    m.seat(0)  # 5 min -> 3 min
    goto(m, "flag")
    assert screen.spread(">On flag", "only shown") in m.lines()
    m.long()
    m.long()
    assert screen.spread(">On flag", "loses") in m.lines()
    c = m.config()
    assert c["flag"] == "lose"
    assert c["control"] == [1, 600000, 2000, 0, 0, [[0, 60000, 5000]], [600000, 180000, 600000]]
    t = clock.from_list(c["control"])
    assert t.base(1) == 180000 and t.stages == ((0, 60000, 5000),)
    # A control a host set, which these lines cannot show, is kept whole until changed.
    m.set_clock([6, 60000, 10000, 5, 0, [], [60000, 30000, 60000]], "penalty")
    assert m.config()["control"] == [6, 60000, 10000, 5, 0, [], [60000, 30000, 60000]]
    assert m.value("clock") == "byo-yomi*" and m.config()["flag"] == "penalty"
