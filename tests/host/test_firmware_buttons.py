"""Buttons that misbehave: held down, chattering, or more presses than the queue holds.
The game must go on and every ruling must stay right."""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

import fakes  # noqa: E402

from fakes import scenario  # noqa: E402
from fakes.scenario import has, lay, start  # noqa: E402

NO_HURRY = {"TOPPER_HURRY_MS": 0}


def teardown_function(function):
    fakes.uninstall()  # the next test (maybe not ours) sees the real modules again


def slappable(rig, app):
    lay(rig, app, "1RC")
    lay(rig, app, "1RH")


def test_a_held_button_does_not_lock_the_game():
    rig, app, _ = scenario.boot(NO_HURRY)
    start(rig, app, starter=0)
    rig.press(1, rig.now + 20, hold=10000)  # P2 leans on the button for 10 s
    rig.run(app, rig.now + 1500)
    rig.run(app, rig.now + 3000)
    assert rig.screen()[7] == "! P2 button held down"
    # Cards are still read, and the other seats still slap.
    slappable(rig, app)
    t = rig.now + 20
    rig.press(3, t)
    rig.run(app, t + 200)
    assert rig.screen()[0] == "SLAP! P4 TAKES POT"
    # After the release P2 slaps again like everyone.
    rig.run(app, rig.now + 8000)
    lay(rig, app, "2YH")
    rig.press(1, rig.now + 20)
    rig.run(app, rig.now + 200)
    assert rig.screen()[0] == "WRONG SLAP: P2"


def test_a_stuck_table_button_fires_once_and_seats_still_slap():
    rig, app, _ = scenario.boot(NO_HURRY)
    start(rig, app, starter=0)
    slappable(rig, app)
    rig.table(rig.now + 20, hold=None)  # jammed down
    rig.run(app, rig.now + 1000)
    assert rig.screen()[0] == "END GAME?"
    rig.run(app, rig.now + 5000)
    assert has(rig.screen(), "END GAME?")  # asked once, no repeat, no crash
    rig.press(2, rig.now + 20)  # a seat answers the question by playing on
    rig.run(app, rig.now + 200)
    assert rig.screen()[0] == "SLAP! P3 TAKES POT"


def test_a_bouncing_release_is_not_a_second_slap():
    rig, app, _ = scenario.boot(NO_HURRY)
    start(rig, app, starter=0)
    lay(rig, app, "1RC")
    lay(rig, app, "2YH")
    t = rig.now + 20
    rig.press(1, t, hold=1200)  # a long slap: its race has closed by the release
    rig.press(1, t + 1215, hold=10)  # contact bounce 15 ms after the release
    rig.run(app, t + 3000)
    rig.press(1, rig.now + 20)  # a real second slap, much later
    rig.run(app, rig.now + 3000)
    assert has(rig.screen(), "P2 10")  # 16 - 3 - 3: two wrong slaps, not three


def test_a_chattering_switch_is_muted_and_reported():
    rig, app, _ = scenario.boot(NO_HURRY)
    start(rig, app, starter=0)
    lay(rig, app, "1RC")
    lay(rig, app, "2YH")
    t = rig.now + 20
    for i in range(12):  # 12 presses in 1.2 s: a broken switch
        rig.press(3, t + i * 100, hold=20)
    rig.run(app, t + 1300)
    assert rig.screen()[7] == "! P4 button faulty:" or has(rig.screen(), "muted"), rig.screen()
    rig.run(app, rig.now + 3000)
    # One wrong slap (the presses within one race count once), then muted: the
    # broken switch did not empty P4's stack race after race.
    assert has(rig.screen(), "P4 13"), rig.screen()


def test_queue_overflow_is_reported_and_the_first_slap_still_wins():
    rig, app, _ = scenario.boot(NO_HURRY)
    start(rig, app, starter=0)
    slappable(rig, app)
    t = rig.now + 20
    rig.press(2, t, hold=5)  # P3 first
    for i in range(40):  # then 80 more events arrive in the same 20 ms
        rig.press(i % 2, t + 1 + i // 4, hold=1)
    rig.run(app, t + 30, every=30)
    rig.run(app, t + 200)
    s = rig.screen()
    assert s[0] == "SLAP! P3 TAKES POT", s
    rig.run(app, rig.now + 2600)
    assert has(rig.screen(), "busy: presses lost")
    keys = rig.keys_for("GP6")
    assert not keys.events.overflowed  # cleared, so the next overflow is seen too


def make_buttons(start=0):
    import fakes

    rig = fakes.install()
    rig.now = start
    from topper_hw import buttons

    import board

    seats = buttons.KeypadSeats(buttons.open_keys(board, ["GP6", "GP7", "GP8"], 1000, 3))
    table = buttons.open_keys(board, ["GP14"], 1000, 3, 16)
    return rig, buttons, buttons.Buttons(seats, table, 3, start)


def events(rig, b, until, every=5):
    out = []
    while rig.now < until:
        rig.now += every
        out.extend(tuple(e) for e in b.poll(rig.now))  # records are reused
    return [(k, s, t) for k, s, t, _ in out]


def test_a_seat_held_at_power_up_is_ignored_until_released():
    rig, buttons, b = make_buttons()
    rig.press(0, 0, hold=2000)  # leaning on P1 when the device starts
    rig.press(0, 2500, hold=50)
    got = events(rig, b, 3000)
    assert (buttons.PRESS, 0, 0) not in got
    assert (buttons.PRESS, 0, 2500) in got


def test_presses_keep_the_scanner_stamps_and_come_in_stamp_order():
    rig, buttons, b = make_buttons()
    rig.press(2, 1003)
    rig.press(1, 1001)
    rig.table(990, hold=12)
    got = events(rig, b, 1100, every=100)  # one slow poll sees all of them
    assert got == [
        (buttons.PRESS, 1, 1001),
        (buttons.TABLE, -1, 1002),
        (buttons.PRESS, 2, 1003),
    ]


def test_seat_pressed_while_the_table_is_held_is_a_chord():
    rig, buttons, b = make_buttons()
    rig.table(1000, hold=400)
    rig.press(1, 1200)
    got = events(rig, b, 2000)
    assert (buttons.CHORD, 1, 1200) in got
    kinds = [k for k, _, _ in got]
    assert buttons.TABLE not in kinds and buttons.PRESS not in kinds


def test_a_jammed_table_button_stops_making_chords():
    rig, buttons, b = make_buttons()
    rig.table(1000, hold=None)
    rig.press(0, 6000)
    got = events(rig, b, 7000)
    kinds = [k for k, _, _ in got]
    assert kinds.count(buttons.TABLE_LONG) == 1
    assert (buttons.STUCK, -1, 5000) in got
    assert (buttons.PRESS, 0, 6000) in got


def test_overflow_forgets_holds_so_nothing_waits_for_a_lost_release():
    rig, buttons, b = make_buttons()
    rig.press(0, 1000, hold=None)
    for i in range(70):
        rig.press(1 + i % 2, 1001 + i // 10, hold=1)
    got = events(rig, b, 1100, every=100)
    assert (buttons.OVERFLOW, -1, 1100) in got
    assert got[0] == (buttons.PRESS, 0, 1000)  # the first press survived the overflow
    got = events(rig, b, 9000)
    assert buttons.STUCK not in [k for k, _, _ in got]  # P1's hold was forgotten


# CircuitPython's supervisor.ticks_ms starts 65 s before its 2**29 wrap: stamps then are
# "before" 0 in ticks arithmetic, which once kept the chatter window from ever closing,
# so the 8th press of a seat in a board's first minute muted it as a broken switch
# (found on the emulated board: a menu walk lost its presses).
WRAP_SOON = (1 << 29) - 65536


def test_presses_at_a_persons_pace_after_power_up_are_never_chatter():
    for t_start in (0, WRAP_SOON, 1 << 28):
        rig, buttons, b = make_buttons(t_start)
        t0 = rig.now + 200
        for i in range(12):  # P2 steps a menu value: a press every 300 ms
            rig.press(1, t0 + i * 300, hold=100)
        got = events(rig, b, t0 + 12 * 300)
        kinds = [k for k, s, _ in got if s == 1]
        assert buttons.CHATTER not in kinds, t_start
        assert kinds.count(buttons.PRESS) == 12, (t_start, got)
        fakes.uninstall()


def test_a_chattering_switch_after_power_up_is_still_muted_and_heard_again_when_quiet():
    for t_start in (0, WRAP_SOON):
        rig, buttons, b = make_buttons(t_start)
        t0 = rig.now + 200
        for i in range(12):  # 12 presses in 1.2 s
            rig.press(2, t0 + i * 100, hold=20)
        rig.press(2, t0 + 1200 + 2500, hold=50)  # quiet for 2.5 s: a real press again
        got = events(rig, b, t0 + 4000)
        kinds = [k for k, s, _ in got if s == 2]
        assert kinds.count(buttons.CHATTER) == 1, (t_start, got)
        assert kinds.count(buttons.PRESS) == 7 + 1, (t_start, got)  # 7 before the mute, 1 after
        fakes.uninstall()


def test_every_seat_timer_still_fires_after_a_mute_a_release_and_a_hold():
    # The timers only look at seats held or muted: a seat that was muted, heard again,
    # released and then held must still be reported stuck, and a turn game's long
    # press still comes, on every seat and alongside another seat's.
    rig, buttons, b = make_buttons()
    b.holds = True
    t0 = rig.now + 200
    for i in range(12):  # P3 chatters: muted
        rig.press(2, t0 + i * 100, hold=20)
    rig.press(2, t0 + 3700, hold=300)  # heard again after 2.5 s of quiet
    rig.press(0, t0 + 4500, hold=900)  # P1: a long press
    rig.press(2, t0 + 4600, hold=5000)  # P3 leans on it
    got = events(rig, b, t0 + 10000)
    p3 = [k for k, s, _ in got if s == 2]
    assert p3.count(buttons.CHATTER) == 1, got
    assert p3.count(buttons.STUCK) == 1, got
    assert (buttons.LONG, 0, t0 + 4500 + b.long_ms) in got, got
    assert [k for k, s, _ in got if s == 1] == [], got  # P2 never pressed: nothing


class ScriptedSeats:
    """A seat source (the ``KeypadSeats`` interface) replaying scripted presses with the
    board's 29-bit stamps: ``at`` is the test's unwrapped clock, what the firmware sees
    wraps as ``supervisor.ticks_ms`` does."""

    def __init__(self, changes):
        self.changes = sorted(changes)  # (t, seat, pressed), t unwrapped
        self.at = 0
        self._out = []

    def poll(self, now):
        from topper.ticks import MASK

        out = self._out
        out.clear()
        while self.changes and self.changes[0][0] <= self.at:
            t, seat, pressed = self.changes.pop(0)
            out.append((seat, pressed, t & MASK, 0))
        return out


def random_presses(rng, t0, until, burst):
    """One seat's presses from ``t0``, the next always at least 45 ms after the release
    (longer than ``repress_ms``: never a bounce). With probability ``burst`` a press is
    hammered (held 10-40 ms, 45-70 ms before the next), else a person's (held 40-200 ms,
    150-2,500 ms before the next)."""
    presses = []
    t = t0
    while t < until:
        if rng.random() < burst:
            hold, gap = rng.randint(10, 40), rng.randint(45, 70)
        else:
            hold, gap = rng.randint(40, 200), rng.randint(150, 2500)
        presses.append((t, hold))
        t += hold + gap
    return presses


def test_random_presses_are_muted_only_after_a_real_burst_and_heard_after_quiet():
    # Random play, whatever the ticks' start (the board's clock wraps at 2**29 ms, 65 s
    # after boot): a seat is reported chattering only when 8 of its presses really fell
    # within 1 s; a press after 2 s without touching the button is always heard; a seat
    # pressed at a person's pace loses no press.
    import random

    from topper.ticks import MASK, ticks_diff

    for seed in range(24):
        rng = random.Random(seed)
        start = rng.choice((0, WRAP_SOON, (1 << 29) - 9000, 1 << 28))
        fakes.install()
        from topper_hw import buttons

        import board

        t0 = start + 200
        until = t0 + 25000
        per_seat = [random_presses(rng, t0 + rng.randint(0, 500), until, burst) for burst in (0.0, 0.3, 0.8)]
        changes = []
        for seat, presses in enumerate(per_seat):
            for t, hold in presses:
                changes += [(t, seat, True), (t + hold, seat, False)]
        src = ScriptedSeats(changes)
        table = buttons.open_keys(board, ["GP14"], 1000, 3, 16)
        b = buttons.Buttons(src, table, 3, start & MASK)
        got = []
        at = start
        while at < until + 3000:
            at += 5
            src.at = at
            got.extend((k, s, t) for k, s, t, _ in b.poll(at & MASK))
        fakes.uninstall()

        def since(t, ms, times):
            return [p for p in times if 0 <= ticks_diff(t, p & MASK) <= ms]

        for seat, presses in enumerate(per_seat):
            downs = [t for t, _ in presses]
            seats = [t for k, s, t in got if s == seat and k == buttons.PRESS]
            chatters = [t for k, s, t in got if s == seat and k == buttons.CHATTER]
            why = (seed, start, seat)
            for t in chatters:
                assert len(since(t, 1000, downs)) >= 8, why  # a real burst, never a miscount
            heard = set(seats)
            assert len(heard) == len(seats) and heard <= {t & MASK for t in downs}, why
            for i, (t, _) in enumerate(presses):
                if i == 0 or t - (presses[i - 1][0] + presses[i - 1][1]) >= 2000:
                    assert t & MASK in heard, why  # quiet for 2 s: heard again
            bursts = any(downs[i + 7] - downs[i] <= 1000 for i in range(len(downs) - 7))
            if not bursts:
                assert not chatters and len(seats) == len(downs), why
        assert any(k == buttons.CHATTER for k, _, _ in got)  # the hammered seat was muted


def test_presses_days_after_power_up_are_heard():
    # The ticks are signed differences over 2**29 ms: 3.1 days after power-up "since the
    # start" turns negative. A referee left on over a weekend must still hear every
    # press, the first of a seat not used for days included, and mute nothing.
    day = 24 * 3600 * 1000
    for t_start in (0, WRAP_SOON):
        rig, buttons, b = make_buttons(t_start)
        rig.press(2, t_start + 500, hold=60)  # P3 once, at power-up
        got = events(rig, b, t_start + 1000, every=100)
        assert [k for k, s, _ in got if s == 2] == [buttons.PRESS], got
        for d in (3.2, 6.5, 7):  # days after power-up: 3.2, then 3.3 and half a day later
            t0 = t_start + int(d * day)
            rig.now = t0 - 100  # (the device idled all that while)
            for i in range(7):  # P3 at a person's pace: no burst
                rig.press(2, t0 + i * 400, hold=60)
            rig.table(t0 + 3000, hold=80)
            got = events(rig, b, t0 + 4000, every=20)
            kinds = [k for k, s, _ in got if s == 2]
            assert kinds == [buttons.PRESS] * 7, (t_start, d, got)
            assert [k for k, s, _ in got if s == -1] == [buttons.TABLE], (t_start, d, got)
        fakes.uninstall()
