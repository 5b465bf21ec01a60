"""The first-touch rule in keypad mode (docs/slap-gate.md; ``topper_hw.buttons.
KeypadSeats``): the seat keys give every scan's change (``debounce_threshold=1``), and a
press is stamped at the first scan that read its contact closed, reported once it has
been read closed for ``TOPPER_DEBOUNCE_SCANS`` scans in a row, that run begun within the
bounce window. Changes are scripted here at the stamps a 1 ms scanner would give them."""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

import fakes  # noqa: E402
from fakes.rig import SEAT_PINS  # noqa: E402

WRAP_SOON = (1 << 29) - 65536  # supervisor.ticks_ms at power-up: 65 s before its wrap


def teardown_function(function):
    fakes.uninstall()


def make(start=0, debounce=3, bounce_us=5000, seats=3):
    rig = fakes.install()
    rig.now = start
    from topper_hw import buttons

    import board

    keys = buttons.open_keys(board, list(SEAT_PINS[:seats]), 1000, 1)
    src = buttons.KeypadSeats(keys, 1000, debounce, bounce_us)
    table = buttons.open_keys(board, ["GP14"], 1000, 3, 16)
    b = buttons.Buttons(src, table, seats, start)
    return rig, buttons, src, b


def contact(rig, seat, t, flips, hold=None):
    """Seat ``seat``'s contact as the scans read it: closed from ``t`` (ms), then open and
    closed by turns for each of ``flips`` (ms), ending closed; released ``hold`` ms after
    its last closing (None: held)."""
    pin = SEAT_PINS[seat]
    rig.key(pin, True, t)
    closed = True
    for f in flips:
        t += f
        closed = not closed
        rig.key(pin, closed, t)
    if not closed:
        t += 1
        rig.key(pin, True, t)
    if hold is not None:
        rig.key(pin, False, t + hold)


def run(rig, b, until, every=1):
    out = []
    while rig.now < until:
        rig.now += every
        out.extend(tuple(e) for e in b.poll(rig.now))  # records are reused
    return out


def seats_down(buttons, got):
    return [(s, t) for k, s, t, _ in got if k == buttons.PRESS]


def test_a_clean_press_is_reported_after_its_debounce_scans_stamped_at_its_first():
    rig, buttons, src, b = make(start=0)
    rig.now = 1000
    contact(rig, 1, 1010, [], hold=80)
    assert run(rig, b, 1012) == []  # read closed at 1010 and 1011: not yet
    got = run(rig, b, 1013)  # and 1012: three scans in a row, known at 1013
    assert seats_down(buttons, got) == [(1, 1010)]


def test_chatter_within_the_window_keeps_the_first_touch_stamp():
    rig, buttons, src, b = make()
    rig.now = 1000
    # closed 1 scan, open 1, closed 2, open 1, then closed: settled 4 ms after touching
    contact(rig, 0, 1010, [1, 1, 2, 1], hold=80)
    got = run(rig, b, 1100)
    assert seats_down(buttons, got) == [(0, 1010)]
    assert src.glitches == 0
    assert [k for k, s, _, _ in got].count(buttons.PRESS) == 1


def test_a_glitch_is_dropped():
    rig, buttons, src, b = make()
    rig.now = 1000
    rig.key(SEAT_PINS[2], True, 1010)  # one closed scan
    rig.key(SEAT_PINS[2], False, 1011)
    got = run(rig, b, 1100)
    assert got == [] and src.glitches == 1
    # two closed scans (less than the three of a press), nothing after: dropped too
    rig.key(SEAT_PINS[2], True, 1200)
    rig.key(SEAT_PINS[2], False, 1202)
    assert run(rig, b, 1300) == [] and src.glitches == 2
    # and the seat listens afresh
    contact(rig, 2, 1400, [], hold=50)
    assert seats_down(buttons, run(rig, b, 1500)) == [(2, 1400)]


def test_a_contact_chattering_past_the_window_is_a_glitch_then_a_new_touch():
    rig, buttons, src, b = make()
    rig.now = 1000
    # closed 1 scan, open 1, by turns, for 8 ms: never 3 closed scans in a row
    contact(rig, 1, 1010, [1] * 8, hold=80)
    got = run(rig, b, 1200)
    # the closing at 1016 is past the 5 ms window with the touch undecided: a glitch,
    # and that closing a new first touch; the next (1018, for good) is in its window
    assert src.glitches == 1
    assert seats_down(buttons, got) == [(1, 1016)]


def test_the_first_toucher_is_stamped_first_through_its_chatter():
    # P1 touches first and chatters; P2 presses cleanly 1 to 3 scans later. With keypad's
    # own debounce (3 closed scans in a row), P1 would be stamped when its chatter ends,
    # behind P2; here it keeps its first touch.
    for flips in ([1, 1, 1, 1], [2, 1, 1, 1], [1, 2, 1]):  # settled within 5 ms
        for gap in (1, 2, 3):
            rig, buttons, src, b = make()
            rig.now = 1000
            contact(rig, 0, 1010, flips, hold=80)
            contact(rig, 1, 1010 + gap, [], hold=80)
            got = run(rig, b, 1100)
            # (P2 may be reported first: the referee ranks the stamps, and its race
            # stays open for the report delay, devices.race_settle_ms)
            assert sorted(seats_down(buttons, got), key=lambda e: e[1]) == [
                (0, 1010),
                (1, 1010 + gap),
            ], (flips, gap, got)
            fakes.uninstall()


def test_chatter_within_a_press_is_one_press_and_never_chatter():
    rig, buttons, src, b = make()
    rig.now = 1000
    t = 1010
    for _ in range(10):  # ten presses in a second, each chattering as it closes...
        contact(rig, 1, t, [1, 1, 1], hold=30)
        pin = SEAT_PINS[1]
        rig.key(pin, False, t + 10)  # ...and opening for a scan while held
        rig.key(pin, True, t + 11)
        t += 90
    got = run(rig, b, t + 200)
    kinds = [k for k, s, _, _ in got if s == 1]
    # a broken switch is still found: the 8th press in a second mutes it
    assert kinds.count(buttons.PRESS) == 7 and kinds.count(buttons.CHATTER) == 1
    # the same with the chatter only: each press counts once, and 7 never mute
    rig, buttons, src, b = make()
    rig.now = 1000
    t = 1010
    for _ in range(7):
        contact(rig, 1, t, [1, 1, 1, 1, 1], hold=30)
        t += 120
    got = run(rig, b, t + 200)
    kinds = [k for k, s, _, _ in got if s == 1]
    assert kinds.count(buttons.PRESS) == 7 and buttons.CHATTER not in kinds


def test_a_release_needs_its_debounce_scans_and_is_stamped_at_the_first():
    rig, buttons, src, b = make()
    b.holds = True
    rig.now = 1000
    contact(rig, 0, 1010, [], hold=None)
    pin = SEAT_PINS[0]
    rig.key(pin, False, 1100)  # open 2 scans: chatter, no release
    rig.key(pin, True, 1102)
    rig.key(pin, False, 1200)  # open for good
    got = run(rig, b, 1300)
    assert [(k, s, t) for k, s, t, _ in got] == [
        (buttons.PRESS, 0, 1010),
        (buttons.SHORT, 0, 1200),
    ]
    assert b.held() == []


def test_held_at_power_up_is_ignored_until_released_and_the_ticks_wrap_is_harmless():
    for start in (0, WRAP_SOON, (1 << 29) - 3):
        rig, buttons, src, b = make(start=start)
        rig.press(0, start, hold=2000)  # leaning on P1 when the device starts
        got = run(rig, b, start + 2500, every=5)
        assert seats_down(buttons, got) == []
        t = start + 3000
        contact(rig, 0, t, [1, 1], hold=60)
        got = run(rig, b, t + 100, every=5)
        assert [(s, x - start) for s, x in seats_down(buttons, got)] == [(0, 3000)], start
        fakes.uninstall()


def test_the_seat_keys_report_every_scan_and_the_rule_debounces():
    rig, buttons, src, b = make()
    assert rig.keys_for(SEAT_PINS[0]).debounce_threshold == 1
    assert src.confirm_ms == 3
