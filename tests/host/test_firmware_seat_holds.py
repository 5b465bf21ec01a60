"""Short and long seat presses (the turn games): what ``Buttons`` reports with
``holds`` on, and that the slap games' stamped press-downs stay exactly as they were."""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

import fakes  # noqa: E402


def teardown_function(function):
    fakes.uninstall()


def make_buttons(holds=True):
    rig = fakes.install()
    from topper_hw import buttons

    import board

    seats = buttons.KeypadSeats(buttons.open_keys(board, ["GP6", "GP7", "GP8"], 1000, 3))
    table = buttons.open_keys(board, ["GP14"], 1000, 3, 16)
    b = buttons.Buttons(seats, table, 3, 0, long_ms=700, stuck_ms=4000)
    b.holds = holds
    return rig, buttons, b


def events(rig, b, until, every=5):
    out = []
    while rig.now < until:
        rig.now += every
        out.extend(tuple(e) for e in b.poll(rig.now))  # records are reused
    return [(k, s, t) for k, s, t, _ in out]


def test_a_quick_press_is_a_seat_then_a_short_press_at_its_release():
    rig, buttons, b = make_buttons()
    rig.press(1, 1000, hold=120)
    assert events(rig, b, 2000) == [(buttons.PRESS, 1, 1000), (buttons.SHORT, 1, 1120)]


def test_a_held_press_is_long_once_at_long_ms_and_its_release_says_nothing():
    rig, buttons, b = make_buttons()
    rig.press(0, 1000, hold=1500)
    got = events(rig, b, 3000, every=50)  # a slow loop: the stamp is still the moment
    assert got == [(buttons.PRESS, 0, 1000), (buttons.LONG, 0, 1700)]


def test_the_long_press_boundary():
    # Released 1 ms before long_ms: short. Held to long_ms exactly: long.
    for hold, kind in ((699, "SHORT"), (700, "LONG"), (701, "LONG")):
        rig, buttons, b = make_buttons()
        rig.press(2, 1000, hold=hold)
        got = events(rig, b, 2500, every=1)
        assert [k for k, _, _ in got] == [buttons.PRESS, getattr(buttons, kind)], (hold, got)
        fakes.uninstall()


def test_a_stuck_seat_gives_one_long_press_then_stuck_and_others_play_on():
    rig, buttons, b = make_buttons()
    rig.press(1, 1000, hold=None)  # jammed down for good
    rig.press(0, 6000, hold=100)
    got = events(rig, b, 12000)
    assert [e for e in got if e[1] == 1] == [
        (buttons.PRESS, 1, 1000),
        (buttons.LONG, 1, 1700),
        (buttons.STUCK, 1, 5000),
    ]
    assert (buttons.PRESS, 0, 6000) in got and (buttons.SHORT, 0, 6100) in got


def test_a_chord_and_a_muted_seat_give_no_short_or_long_press():
    rig, buttons, b = make_buttons()
    rig.table(1000, hold=2000)
    rig.press(1, 1200, hold=900)  # a chord held past long_ms
    got = events(rig, b, 4000)
    kinds = [k for k, s, _ in got if s == 1]
    assert kinds == [buttons.CHORD]
    rig, buttons, b = make_buttons()
    for i in range(12):  # a chattering switch: 12 presses in 1.2 s
        rig.press(2, 1000 + i * 100, hold=20)
    got = [e for e in events(rig, b, 3000) if e[1] == 2]
    shorts = [e for e in got if e[0] == buttons.SHORT]
    # The 8th press within a second mutes it (the window opens at the first press).
    assert (buttons.CHATTER, 2, 1700) in got
    # Every press heard before the mute is a short press; none after it.
    assert len(shorts) == len([e for e in got if e[0] == buttons.PRESS]) == 7


def test_a_bounce_after_the_release_is_no_second_short_press():
    rig, buttons, b = make_buttons()
    rig.press(0, 1000, hold=100)
    rig.press(0, 1115, hold=10)  # contact bounce 15 ms after the release
    got = events(rig, b, 2000)
    assert got == [(buttons.PRESS, 0, 1000), (buttons.SHORT, 0, 1100)]


def test_holds_off_reports_exactly_the_slap_games_events():
    rig, buttons, b = make_buttons(holds=False)
    rig.press(0, 1000, hold=100)
    rig.press(1, 2000, hold=1500)
    got = events(rig, b, 4000)
    assert got == [(buttons.PRESS, 0, 1000), (buttons.PRESS, 1, 2000)]


def test_overflow_forgets_a_hold_so_no_long_press_comes_from_it():
    rig, buttons, b = make_buttons()
    rig.press(0, 1000, hold=None)
    for i in range(70):
        rig.press(1 + i % 2, 1001 + i // 10, hold=1)
    got = events(rig, b, 1100, every=100)
    assert (buttons.OVERFLOW, -1, 1100) in got
    got = events(rig, b, 3000)
    assert buttons.LONG not in [k for k, _, _ in got]


def test_a_slow_loop_cannot_turn_a_long_press_into_a_short_one():
    rig, buttons, b = make_buttons()
    rig.press(0, 1000, hold=900)  # down and up between two polls a second apart
    assert events(rig, b, 3000, every=1000) == [(buttons.PRESS, 0, 1000), (buttons.LONG, 0, 1700)]
