"""Power-up, settings and the menu on the real device app (topper_app)."""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

import fakes  # noqa: E402

from fakes import scenario  # noqa: E402
from fakes.scenario import has  # noqa: E402
from topper_view import ring, sounds  # noqa: E402


def teardown_function(function):
    fakes.uninstall()  # the next test (maybe not ours) sees the real modules again


def test_power_up_shows_the_menu_and_seat_colours():
    rig, app, _ = scenario.boot()
    s = rig.screen()
    assert s[0] == "TOPPER TABLE     menu"
    assert s[1].startswith(">Start game")
    assert has(s, "Game             WW3")
    lit = [i for i, c in enumerate(rig.ring()) if c != (0, 0, 0)]
    assert lit == [0, 6, 12, 18]
    # Each seat in its own colour (hue kept while it breathes).
    for seat, p in enumerate(lit):
        c = rig.ring()[p]
        base = ring.seat_color(seat)
        assert all((x == 0) == (y == 0) for x, y in zip(c, base))


def test_buttons_are_scanned_fast_with_debounce_and_pull_ups():
    rig, app, _ = scenario.boot({"TOPPER_SCAN_US": 1000, "TOPPER_DEBOUNCE_SCANS": 3})
    seats = rig.keys_for("GP6")
    assert [p.name for p in seats.pins] == ["GP%d" % i for i in range(6, 14)]
    assert abs(seats.interval - 0.001) < 1e-9
    # every scan's change is an event: the first-touch rule debounces the seats
    # (3 closed scans in a row, begun within the bounce window of the first touch)
    assert seats.debounce_threshold == 1
    assert app.dev.buttons.src.confirm_ms == 3
    assert seats.value_when_pressed is False and seats.pull is True
    table = rig.keys_for("GP14")
    assert table is not seats and [p.name for p in table.pins] == ["GP14"]
    assert table.debounce_threshold == 3


def test_ring_buzzer_and_i2c_come_from_the_settings():
    rig, app, _ = scenario.boot(
        {
            "TOPPER_PIXEL_PIN": "GP16",
            "TOPPER_PIXELS": 16,
            "TOPPER_BRIGHTNESS": 20,
            "TOPPER_BUZZER_PIN": "GP17",
            "TOPPER_I2C_HZ": 100000,
        }
    )
    strip = rig.strip()
    assert strip.pin.name == "GP16" and strip.n == 16 and strip.auto_write is False
    assert abs(strip.brightness - 0.2) < 1e-9
    assert len(rig.ring()) == 16
    assert rig.pwm().pin.name == "GP17" and rig.pwm().variable_frequency
    assert rig.buses[0].frequency == 100000


def test_menu_by_table_button_alone():
    rig, app, _ = scenario.boot()
    t = rig.now + 20
    rig.table(t, hold=60)  # next line: Game
    rig.run(app, t + 200)
    assert rig.screen()[2].startswith(">Game")
    assert sounds.CLICK[0][0] in rig.tones(since=t)
    rig.table(rig.now + 20, hold=900)  # change it
    rig.run(app, rig.now + 1100)
    assert rig.screen()[2] == ">Game      ARMAGEDDON"


def test_seat_buttons_step_menu_values():
    rig, app, _ = scenario.boot()
    rig.table(rig.now + 20, hold=60)
    rig.table(rig.now + 200, hold=60)  # Seats
    rig.run(app, rig.now + 400)
    rig.press(1, rig.now + 20)  # P2: +1
    rig.press(1, rig.now + 200)
    rig.run(app, rig.now + 400)
    assert rig.screen()[3] == ">Seats              6"
    lit = [i for i, c in enumerate(rig.ring()) if c != (0, 0, 0)]
    assert lit == [0, 4, 8, 12, 16, 20]  # the ring shows the seats chosen
    rig.press(0, rig.now + 20)  # P1: -1
    rig.run(app, rig.now + 300)
    assert rig.screen()[3] == ">Seats              5"


def test_table_button_held_at_power_up_is_ignored():
    import fakes

    rig = fakes.install(pn532=True)
    scenario.enroll(rig)
    rig.table(0, hold=3000)  # held for boot.py's writable mode, released later
    code = fakes.load_code()
    app = code.make_app({"TOPPER_CARDPAD": 1}.get, 0)
    rig.run(app, 3500)
    s = rig.screen()
    assert s[0].startswith("TOPPER TABLE") and s[1].startswith(">Start game"), s


def test_bad_settings_are_shown_and_the_device_still_works():
    rig, app, _ = scenario.boot({"TOPPER_SEATS": "nine", "TOPPER_GAME": "poker"})
    s = rig.screen()
    assert s[0] == "CHECK SETUP"
    text = " ".join(s)
    assert "TOPPER_SEATS" in text and "TOPPER_GAME" in text
    rig.table(rig.now + 20, hold=60)
    rig.run(app, rig.now + 200)
    assert rig.screen()[0].startswith("TOPPER TABLE")
    assert has(rig.screen(), "Seats              4")


def test_no_oled_the_ring_and_buzzer_still_run():
    rig, app, _ = scenario.boot(oled=False)
    assert rig.oled_frames() == []
    assert rig.ring()  # the ring shows (alert: something to check)
    rig.table(rig.now + 20, hold=60)
    rig.run(app, rig.now + 300)
    assert len([c for c in rig.ring() if c != (0, 0, 0)]) == 4  # back to the menu ring


def test_missing_card_pad_is_reported_and_blind_play_offered():
    rig, app, _ = scenario.boot({"TOPPER_CARDPAD": 1}, pn532=False)
    s = rig.screen()
    assert s[0] == "CHECK SETUP" and has(s, "card pad")
    rig.table(rig.now + 20, hold=60)  # OK
    rig.run(app, rig.now + 200)
    for _ in range(6):  # down to the "Card pad" line
        rig.table(rig.now + 20, hold=60)
        rig.run(app, rig.now + 200)
    assert has(rig.screen(), ">Card pad         off")


def test_card_pad_without_an_enrolled_deck():
    rig, app, _ = scenario.boot(enrolled=False)
    rig.table(rig.now + 20, hold=900)
    rig.run(app, rig.now + 1100)
    s = rig.screen()
    assert s[0] == "CARD PAD" and has(s, "no Triple Topper deck")


def test_oled_init_window_and_flip_on_the_bus():
    for flip, remap in ((0, (0xA1, 0xC8)), (1, (0xA0, 0xC0))):
        rig, app, _ = scenario.boot({"TOPPER_OLED_FLIP": flip})
        writes = rig.oled_writes()
        init = writes[0]
        assert init[0] == 0x00  # a command stream
        cmds = bytes(init[1:])
        assert b"\x8d\x14" in cmds and b"\x20\x00" in cmds  # charge pump, horizontal mode
        assert bytes(remap) in cmds
        assert writes[-1][0] == 0x40 and len(writes[-1]) == 1025
        assert writes[-2] == bytes((0x00, 0x21, 0, 127, 0x22, 0, 7))  # whole window first
        assert b"\x00\xaf" in writes  # display on
        fakes.uninstall()


def test_the_start_line_says_when_a_match_can_outgrow_the_nvm_save():
    """The longest turn matches outgrow the nvm slot of a board without the FRAM
    (docs/power-cut.md): the menu's Start game line says so before the game starts."""
    from topper_view.menu import Menu

    m = Menu(game="guess", seats=8)
    m.options["guess"] = {"hands": 8}
    assert m.lines()[1].startswith(">Start game") and m.lines()[1].endswith("FRAM only")
    m.options["guess"] = {"hands": 1}
    assert m.lines()[1].rstrip() == ">Start game"
    m = Menu(game="tricky", seats=4, cardpad=True)
    m.options["tricky"] = {"mode": 0, "hands": 16}
    assert m.lines()[1].endswith("FRAM only")
    m.options["tricky"] = {"mode": 0, "hands": 4}
    assert "FRAM" not in m.lines()[1]
    m = Menu(game="tricky", seats=4, cardpad=False)
    m.options["tricky"] = {"mode": 0, "hands": 16}
    assert "FRAM" not in m.lines()[1]  # the trick reports fit
    m = Menu(game="crazy", seats=8, cardpad=False)
    m.options["crazy"] = {"hands": 3, "target": 0}
    assert m.lines()[1].endswith("FRAM only")
    m.cardpad = True
    assert "FRAM" not in m.lines()[1]
    m = Menu(game="crazy", seats=7, cardpad=False)
    m.options["crazy"] = {"hands": 3, "target": 0}
    assert "FRAM" not in m.lines()[1]
    m = Menu(game="tripp", seats=8, cardpad=True)
    assert "FRAM" not in m.lines()[1]
