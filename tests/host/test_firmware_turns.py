"""A turn-based game on the device, through the real device app (topper_app) over the fakes: chosen in
the menu with the buttons, played with short and long seat presses, the table button
and chords, ended with END GAME?, and its OLED lines, ring and sounds. The toy game of
tests/core/_toyturn.py stands in for the real games (test_firmware_turn_games.py plays
those)."""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

import fakes  # noqa: E402
from _turn_steps import choose, long, offer_toy, short  # noqa: E402
from fakes import scenario  # noqa: E402
from fakes.scenario import has  # noqa: E402
from topper_view import ring, sounds  # noqa: E402

NO_PAD = {"TOPPER_CARDPAD": 0}


def teardown_function(function):
    fakes.uninstall()


def boot_toy(monkeypatch, env=NO_PAD, settings=()):
    offer_toy(monkeypatch)
    rig, app, code = scenario.boot(env, pn532=env.get("TOPPER_CARDPAD", 1) == 1)
    choose(rig, app, "TOY RACE", (("Seats", "3"),) + tuple(settings))
    return rig, app


def pixel(rig, seat, seats=3):
    return rig.ring()[ring.seat_pixel(seat, seats, 24)]


def test_choose_the_game_in_the_menu_and_start_it(monkeypatch):
    rig, app = boot_toy(monkeypatch, settings=(("Target", "5"),))
    s = rig.screen()
    assert s[0] == "TOY RACE" and s[1] == "P1 on turn", s
    assert has(s, "total 0 of 5")
    assert s[7] == "P1: short +1, long +2"
    assert rig.tones(since=rig.now - 900)  # the start was heard


def test_short_and_long_presses_play_and_the_turn_moves_round(monkeypatch):
    rig, app = boot_toy(monkeypatch)
    short(rig, app, 0)
    s = rig.screen()
    assert has(s, "total 1 of 10") and s[1] == "P2 on turn" and s[6] == "P1 adds 1", s
    t = rig.now
    long(rig, app, 1)
    s = rig.screen()
    assert has(s, "total 3 of 10") and s[1] == "P3 on turn" and s[6] == "P2 adds 2", s
    assert sounds.TICK[0][0] in rig.tones(since=t)
    # A plain press-down means nothing in a turn game: only its release (or hold) does.
    rig.key("GP8", True, rig.now + 20)
    rig.run(app, rig.now + 300)
    assert has(rig.screen(), "total 3 of 10")
    rig.key("GP8", False, rig.now)
    rig.run(app, rig.now + 300)
    assert has(rig.screen(), "total 4 of 10")


def test_a_press_out_of_turn_is_refused_with_a_buzz_and_changes_nothing(monkeypatch):
    rig, app = boot_toy(monkeypatch)
    t = rig.now
    short(rig, app, 2)
    s = rig.screen()
    assert s[6] == "P3: not your turn" and has(s, "total 0 of 10") and s[1] == "P1 on turn", s
    assert sounds.ERROR[0][0] in rig.tones(since=t)
    short(rig, app, 0)
    assert has(rig.screen(), "total 1 of 10")


def test_table_short_press_and_a_chord_reach_the_game(monkeypatch):
    rig, app = boot_toy(monkeypatch)
    rig.table(rig.now + 20, hold=100)  # the toy's table press: skip the seat on turn
    rig.run(app, rig.now + 300)
    assert rig.screen()[1] == "P2 on turn"
    rig.table(rig.now + 20, hold=600)  # P3 leaves with a chord: table held, P3 pressed
    rig.press(2, rig.now + 200, hold=100)
    rig.run(app, rig.now + 800)
    s = rig.screen()
    assert s[1] == "P2 on turn" and s[0] == "TOY RACE", s  # no END GAME?: a chord used it
    assert pixel(rig, 2) == ring.scale(ring.seat_color(2), ring.OUT)


def test_the_ring_pulses_the_seat_on_turn_and_glows_the_next(monkeypatch):
    rig, app = boot_toy(monkeypatch)
    short(rig, app, 0)  # P2 on turn, P3 next
    seen = set()
    for _ in range(20):
        rig.run(app, rig.now + 40)
        seen.add(pixel(rig, 1))
    assert len(seen) > 3  # P2 pulses
    assert pixel(rig, 2) == ring.scale(ring.seat_color(2), 90)
    assert pixel(rig, 0) == ring.scale(ring.seat_color(0), ring.DIM)


def test_a_won_game_sounds_the_fanfare_shows_the_winner_and_ends_with_one_hold(monkeypatch):
    rig, app = boot_toy(monkeypatch, settings=(("Target", "5"),))
    long(rig, app, 0)
    long(rig, app, 1)
    t = rig.now
    short(rig, app, 2, wait=1200)  # 5: P3 wins
    s = rig.screen()
    assert s[1] == "winner P3" and s[6] == "P3 wins", s
    assert rig.tones(since=t)[:4] == [f for f, _ in sounds.WIN]
    a = rig.ring()
    rig.run(app, rig.now + 100)
    assert rig.ring() != a  # the winner's comet runs
    short(rig, app, 0)  # a press after the end changes nothing
    assert rig.screen()[1] == "winner P3"
    rig.table(rig.now + 20, hold=900)  # over: one hold goes back to the menu
    rig.run(app, rig.now + 1000)
    assert rig.screen()[0].startswith("TOPPER TABLE")


def test_end_game_asks_first_a_short_press_plays_on_and_a_second_hold_ends(monkeypatch):
    rig, app = boot_toy(monkeypatch)
    short(rig, app, 0)
    rig.table(rig.now + 20, hold=900)
    rig.run(app, rig.now + 1000)
    assert rig.screen()[0] == "END GAME?"
    rig.table(rig.now + 20, hold=60)  # short: play on, and the toy does not skip
    rig.run(app, rig.now + 300)
    s = rig.screen()
    assert s[0] == "TOY RACE" and s[1] == "P2 on turn" and has(s, "total 1 of 10"), s
    rig.table(rig.now + 20, hold=900)
    rig.run(app, rig.now + 1000)
    short(rig, app, 1)  # a seat's press answers by playing on, as in the slap games
    assert rig.screen()[0] == "TOY RACE" and has(rig.screen(), "total 2 of 10")
    rig.table(rig.now + 20, hold=900)
    rig.run(app, rig.now + 1000)
    rig.table(rig.now + 20, hold=900)
    rig.run(app, rig.now + 1000)
    assert rig.screen()[0].startswith("TOPPER TABLE")
    # Back in the menu the seat buttons step values again: no short/long presses left.
    assert app.dev.buttons.holds is False


def test_a_stuck_seat_gives_one_long_press_and_never_locks_the_game(monkeypatch):
    rig, app = boot_toy(monkeypatch)
    rig.press(0, rig.now + 20, hold=10000)  # P1 leans on the button for 10 s
    rig.run(app, rig.now + 4500)
    s = rig.screen()
    assert has(s, "total 2 of 10") and s[1] == "P2 on turn", s  # one long press: +2
    assert s[6:] == ["! P1 button held", "down"] or has(s, "held down"), s
    short(rig, app, 1)
    short(rig, app, 2)
    assert has(rig.screen(), "total 4 of 10") and rig.screen()[1] == "P1 on turn"
    rig.run(app, rig.now + 7000)  # released at last
    short(rig, app, 0)
    assert has(rig.screen(), "total 5 of 10")


def test_a_chattering_seat_is_muted_and_the_others_play_on(monkeypatch):
    rig, app = boot_toy(monkeypatch, settings=(("Target", "20"),))
    t = rig.now + 20
    for i in range(12):  # P1's broken switch: 12 presses in 1.2 s
        rig.press(0, t + i * 100, hold=20)
    rig.run(app, t + 1300)
    assert has(rig.screen(), "muted") or has(rig.screen(), "faulty"), rig.screen()
    total = app.ref.total
    # Only P1's presses heard while it was on turn counted; the game is whole and moves.
    assert 1 <= total <= 3
    seat = app.ref.on
    short(rig, app, seat)
    assert app.ref.total == total + 1
