"""The settings menu (topper_view.menu)."""

try:
    import topper_view  # noqa: F401
except ImportError:  # CPython pytest: firmware/lib is not on the path by itself
    import sys

    sys.path.insert(0, __file__.rsplit("/", 3)[0] + "/firmware/lib")

from topper_view import menu, screen


def goto(m, key):
    for _ in range(len(menu.ITEMS)):
        if m.key() == key:
            return
        m.short()
    raise AssertionError("no menu line " + key)


def test_table_button_alone_sets_everything_and_starts():
    m = menu.Menu(game="ww3", seats=4, jokers=2, hurry_ms=3000, cardpad=False)
    goto(m, "game")
    assert m.long() is None
    goto(m, "seats")
    for _ in range(3):
        m.long()
    goto(m, "jokers")
    m.long()
    goto(m, "hurry")
    m.long()
    goto(m, "cardpad")
    m.long()
    goto(m, "start")
    assert m.long() == menu.START
    assert m.config() == {
        "game": "armageddon",
        "seats": 7,
        "jokers": 3,
        "hurry_ms": 0,
        "cardpad": True,
    }


def test_seat_buttons_step_values_both_ways_and_wrap():
    m = menu.Menu(seats=2)
    goto(m, "seats")
    m.seat(0)  # P1: back, wraps from 2 to 8
    assert m.config()["seats"] == 8
    m.seat(1)
    m.seat(1)
    assert m.config()["seats"] == 3
    m.seat(5)  # other seats do nothing
    assert m.config()["seats"] == 3


def test_hurry_limit_steps_and_shows_seconds():
    m = menu.Menu(hurry_ms=3000)
    goto(m, "limit")
    m.seat(1)
    assert m.config()["hurry_ms"] == 4000
    assert screen.spread(">Hurry limit", "4.0s") in m.lines()
    goto(m, "hurry")
    m.long()
    assert m.config()["hurry_ms"] == 0
    assert screen.spread(" Hurry limit", "-") in m.lines()


def test_enroll_line_asks_for_enrollment():
    m = menu.Menu()
    goto(m, "enroll")
    assert m.long() == menu.ENROLL


def test_screen_fits_and_follows_the_cursor():
    m = menu.Menu()
    for _ in range(len(menu.ITEMS) + 1):
        lines = m.lines()
        assert len(lines) == 8
        for s in lines:
            assert len(s) <= 21
        marked = [s for s in lines if s.startswith(">")]
        assert len(marked) == 1
        label = menu.ITEMS[m.cursor][1]
        assert marked[0].startswith(">" + label)
        m.short()


def test_bad_settings_are_clamped():
    m = menu.Menu(game="poker", seats=12, jokers=-1, hurry_ms=1234)
    c = m.config()
    assert c["game"] == "ww3" and c["seats"] == 8 and c["jokers"] == 0
    assert c["hurry_ms"] == 3000
