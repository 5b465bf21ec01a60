"""hardware/boards/: every board's wiring table and picture are made from its profile
(scripts/board_docs.py), so they name the pins the firmware uses; the reference Pico's
hand-drawn ones are checked by test_pinmap.py."""

from pathlib import Path

import pytest

from topper_host import board_docs, boards, origin

FIRMWARE = origin.firmware()
DOCS = FIRMWARE.parent / "hardware" / "boards"
OTHERS = [n for n in boards.names(FIRMWARE) if n != "raspberry_pi_pico"]


@pytest.mark.parametrize("name", OTHERS)
def test_the_wiring_table_and_picture_are_the_profiles(name):
    p = boards.load(FIRMWARE, name)
    assert (DOCS / f"{name}.md").read_text(encoding="utf-8") == board_docs.markdown(p), (
        "run: .venv/bin/python scripts/board_docs.py"
    )
    assert (DOCS / f"{name}.dot").read_text(encoding="utf-8") == board_docs.dot(p)
    assert (DOCS / f"{name}.png").stat().st_size > 10_000


def test_a_table_row_says_the_pin_its_gpio_and_its_setting():
    p = boards.load(FIRMWARE, "adafruit_feather_rp2040")
    text = board_docs.markdown(p)
    assert "| Seat P2 button | D5 | 7 | `TOPPER_SEAT_PINS[1]` |" in text
    assert "| NeoPixel data | A2 | 28 | `TOPPER_PIXEL_PIN` |" in text
    assert "no slap gate" not in text
    assert "no slap gate" in board_docs.markdown(boards.load(FIRMWARE, "raspberry_pi_pico2"))


def test_every_board_page_is_listed_in_the_porting_guide():
    guide = (FIRMWARE.parent / "docs" / "boards.md").read_text(encoding="utf-8")
    for name in boards.names(FIRMWARE):
        assert f"firmware/boards/{name}.toml" in guide, name
    for name in OTHERS:
        assert f"hardware/boards/{name}.md" in guide, name
    assert Path(DOCS).is_dir()
