"""Every RP2040 board with a profile (firmware/boards/) other than the Pico, which the
rest of the suite plays on: its own image boots on the emulated chip, wired at the pins
its profile names (the harness maps them to GPIOs through the build's pin list), and a
slap game and a turn game are played at those pins. rp2040js models the chip, not the
board, so what differs here is the image (the board's name, its pins and flash size)
and the wiring. The seats are read by the PIO capture, which finds the GPIOs behind the
board's own pin names (keypad, the default, is played on the Pico by the rest of the
suite). docs/boards.md."""

import json
import os

import pytest
import slap_table as st
from board import Board
from conftest import _log_path, boot_to_code
from turn_table import Table

from topper_host import boards, image_build, origin

FIRMWARE = origin.firmware()
BUILD = FIRMWARE.parent / "build"
OTHERS = [
    name
    for name in boards.names(FIRMWARE)
    if name != "raspberry_pi_pico" and boards.load(FIRMWARE, name).chip == "RP2040"
]


@pytest.fixture(scope="module", params=OTHERS)
def table(request, tmp_path_factory):
    """The board's firmware with its drive (its profile's settings.toml, the PIO capture
    on) booted to its menu, the harness wired by its profile."""
    name = request.param
    firmware = BUILD / f"topper-table-{name}-firmware.uf2"
    report = BUILD / f"topper-table-{name}.json"
    if not firmware.is_file() or not report.is_file():
        why = f"no {firmware}: topper build --board {name}"
        if os.environ.get("CI"):
            pytest.fail(why)
        pytest.skip(why)
    profile = boards.load(FIRMWARE, name)
    built = json.loads(report.read_text())
    # The build's pin list is the profile's: the harness wires what the image claims.
    assert built["board"] == name and built["gpio"] == boards.pin_gpio(profile)
    drive = tmp_path_factory.mktemp(name) / "drive"
    drive.mkdir()
    cfg = image_build.load_config(FIRMWARE, name)
    for file in cfg.drive_files:
        (drive / file).write_bytes((FIRMWARE / file).read_bytes())
    settings = drive / "settings.toml"
    text = boards.render_settings(profile, settings.read_text())
    settings.write_text(text.replace('TOPPER_SLAP_CAPTURE = "keypad"', 'TOPPER_SLAP_CAPTURE = "pio"'))
    uf2 = drive.parent / "topper.uf2"
    image_build.combine(firmware, drive, cfg, uf2)
    env = dict(os.environ, TOPPER_UF2=str(uf2), TOPPER_SETTINGS=str(settings), TOPPER_GPIO=str(report))
    b = Board(env=env, log_path=_log_path(f"test_board_profiles-{name}"))
    with b:
        boot_to_code(b)
        yield name, b


def test_the_image_names_its_board_and_a_slap_is_ranked_at_its_pins(table):
    name, b = table
    assert b.request({"cmd": "hello"})["k"] == "hello"
    st.setup(b, game="ww3", seats=2, cardpad=False, hurry_ms=0, seed=3)
    st.slap(b, 1, after_ms=300)  # P1 starts the pile
    b.run_ms(300)
    b.data_lines()
    # P2 slaps 2.5 ms before P1: the board ranks them in that order by their edges, to
    # the microsecond (the PIO capture's stamps; keypad's would be whole ms).
    t0 = b.t_ms + 20
    b.press(2, at_ms=t0, hold_ms=80)
    b.press(1, at_ms=t0 + 2.5, hold_ms=80)
    slap, _ = b.data_until(lambda o: o.get("r") == "slap", timeout_ms=3000)
    assert [s + 1 for s, _ in slap["order"]] == [2, 1], (name, slap)
    assert abs(slap["order"][1][1] - 2500) <= 5, (name, slap)
    st.until_screen(b, "P2 SLAPPED: GOOD?")
    st.table_short(b, after_ms=300)  # the table judges the slap good
    b.run_ms(2600)  # the slap screen's 2.5 s


def test_a_turn_game_is_played_with_its_seat_and_table_buttons(table):
    name, b = table
    t = Table(b)
    t.end_game()  # the slap game of the test before
    t.choose("TRIPP JOKES", [("Seats", "3")])  # P1 deals, P2 plays first
    t.wait_for("P2 on turn")
    t.short(2)  # P2 ends the turn at P2's own button
    t.wait_for("P3 on turn")
    t.table()  # P3 picks up the pile at the table button
    t.wait_for("P3 picked up")
    t.short(3)
    t.wait_for("P1 on turn", "pickups 0 0 1")


def test_circuitpython_names_the_board_and_the_frozen_profile_is_its_own(table):
    name, b = table
    profile = boards.load(FIRMWARE, name)
    said = b.enter_repl()
    assert f"; {profile.title} with rp2040" in said, said[-300:]
    got = b.repl("import topper_hw.board_profile as p\nprint(p.BOARD, p.SEAT_PINS)", timeout_ms=5000)
    assert got.split() == [name, ",".join(profile.pins["seats"])]
