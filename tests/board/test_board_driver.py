"""The driver and the protocol where no firmware runs: OLED frames and their PNGs, and
the server's answers to commands it must refuse."""

import importlib.util
import pathlib

import pytest
from topper_host.sim import png

HERE = pathlib.Path(__file__).resolve().parent
_spec = importlib.util.spec_from_file_location("topper_board_for_driver_test", HERE / "board.py")
driver = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(driver)


def packed(pixels):
    """The harness's ``oled`` reply for a set of lit (x, y)."""
    raw = bytearray(1024)
    for x, y in pixels:
        i = y * 128 + x
        raw[i >> 3] |= 0x80 >> (i & 7)
    return {"width": 128, "height": 64, "frame": raw.hex(), "on": True, "flipped": False, "updates": 1}


def test_a_frame_unpacks_row_major_msb_first():
    f = driver.Frame(packed([(0, 0), (127, 0), (5, 63)]))
    assert f.rows[0][0] == 1 and f.rows[0][127] == 1 and f.rows[63][5] == 1
    assert f.lit() == 3


def test_a_frame_saves_as_a_png_the_project_reads_back(tmp_path):
    path = driver.Frame(packed([(1, 2)])).png(tmp_path / "fail" / "frame.png", scale=2)
    width, height, rows = png.decode(path.read_bytes())
    assert (width, height) == (256, 128)
    assert rows[4][2 * 3 : 2 * 3 + 3] == b"\xff\xff\xff"  # pixel (1, 2) at scale 2
    assert rows[0][:3] == b"\x00\x00\x00"


def test_the_server_refuses_what_it_cannot_do_and_says_why(tmp_path):
    with driver.Board(uf2=tmp_path / "none.uf2", log_path=tmp_path / "log") as b:
        st = b.status()
        assert st["on"] is False and st["boots"] == 0
        b.press("table")  # held while the board is off: it waits for the next boot
        assert b.status()["drives"] == {"14": 0}
        for op, args, why in (
            ("juggle", {}, "unknown op"),
            ("pin", {"gp": 6, "level": 0, "at_us": 5}, "board is off"),
            ("run", {"us": 10}, "board is off"),
            ("boot", {}, "TOPPER_UF2"),
            ("press", {"seat": 9}, "seat must be 1..8"),
        ):
            with pytest.raises(driver.BoardError, match=why):
                b.cmd(op, **args)
