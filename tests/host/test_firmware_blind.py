"""Playing without the card pad (RULES.md section 8): the device ranks the slaps and
keeps turns and timers; the table judges each slap with the table button."""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

import fakes  # noqa: E402

from fakes import scenario  # noqa: E402
from fakes.scenario import has, start  # noqa: E402
from topper_view import ring, sounds  # noqa: E402

BLIND = {"TOPPER_CARDPAD": 0, "TOPPER_HURRY_MS": 0}


def teardown_function(function):
    fakes.uninstall()  # the next test (maybe not ours) sees the real modules again


def boot():
    return scenario.boot(BLIND, pn532=False, enrolled=False)


def test_blind_game_starts_without_a_reader():
    rig, app, _ = boot()
    start(rig, app, starter=1)
    s = rig.screen()
    assert s[0].startswith("WW3 P2 lays"), s
    assert has(s, "table judges slaps")
    assert not has(s, "CARD PAD")


def test_slap_waits_for_the_table_then_a_short_press_says_good():
    rig, app, _ = boot()
    start(rig, app, starter=0)
    t = rig.now + 30
    rig.press(2, t)
    rig.press(1, t + 7)
    rig.run(app, t + 300)
    s = rig.screen()
    assert s[0] == "P3 SLAPPED: GOOD?", s
    assert has(s, "1. P3     0ms") and has(s, "2. P2     7ms")
    assert rig.tones(since=t)[:1] == [sounds.SLAP_ASK[0][0]]
    # The slapper's pixel blinks white while the table decides.
    seen = set()
    for _ in range(10):
        rig.run(app, rig.now + 50)
        seen.add(rig.ring()[12])
    assert ring.WHITE in seen
    t = rig.now + 20
    rig.table(t, hold=80)
    rig.run(app, t + 200)
    s = rig.screen()
    assert s[0] == "P3 TAKES THE POT", s
    rig.run(app, t + 600)
    assert rig.tones(since=t)[:3] == [1320, 1760, 2640]
    rig.run(app, rig.now + 3000)
    assert rig.screen()[0].startswith("WW3 P3 lays")  # the slapper starts the next pile


def test_long_press_says_wrong_and_the_slapper_pays():
    rig, app, _ = boot()
    start(rig, app, starter=0)
    t = rig.now + 30
    rig.press(3, t)
    rig.run(app, t + 200)
    rig.table(rig.now + 10, hold=900)
    rig.run(app, rig.now + 1100)
    s = rig.screen()
    assert s[0] == "WRONG: P4 PAYS 3", s
    assert 220 in rig.tones(since=t)
    # The long press that judged the slap does not also ask to end the game.
    rig.run(app, rig.now + 3000)
    assert rig.screen()[0].startswith("WW3")


def test_silence_lets_the_slap_stand():
    rig, app, _ = boot()
    start(rig, app, starter=0)
    rig.press(1, rig.now + 30)
    rig.run(app, rig.now + 4500)
    assert has(rig.screen(), "P2 takes the pot")


def test_table_held_plus_seat_marks_the_seat_out_and_the_last_in_wins():
    rig, app, _ = scenario.boot(dict(BLIND, TOPPER_SEATS=3), pn532=False, enrolled=False)
    start(rig, app, starter=0)
    for seat in (1, 2):
        t = rig.now + 20
        rig.table(t, hold=400)
        rig.press(seat, t + 150)
        rig.run(app, t + 600)
        if seat == 1:
            assert has(rig.screen(), "P2 out"), rig.screen()
    s = rig.screen()
    assert has(s, "P1 WINS!"), s
    assert rig.ring()[0] == ring.seat_color(0)


def test_long_press_with_no_slap_waiting_asks_to_end_the_game():
    rig, app, _ = boot()
    start(rig, app, starter=0)
    rig.table(rig.now + 20, hold=900)
    rig.run(app, rig.now + 1100)
    assert rig.screen()[0] == "END GAME?"


def test_blind_hurry_up_counts_from_each_table_tap():
    rig, app, _ = scenario.boot(
        {"TOPPER_CARDPAD": 0, "TOPPER_HURRY_MS": 2000}, pn532=False, enrolled=False
    )
    start(rig, app, starter=0)
    assert has(rig.screen(), "tap table after a lay")
    rig.table(rig.now + 20, hold=60)  # P1 laid: P2's turn, countdown restarts
    rig.run(app, rig.now + 300)
    assert rig.screen()[0].startswith("WW3 P2 lays")
    rig.run(app, rig.now + 2000)
    assert has(rig.screen(), "P2 too slow!")
