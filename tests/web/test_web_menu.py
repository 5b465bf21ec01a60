"""The page, offline, reaches the device's menu, and its OLED canvas holds, pixel for
pixel, what the same board shows under CPython at the same moment."""

from fakes import oledread

from topper_host.web.table import Table


def test_the_page_runs_offline_and_its_oled_is_the_boards(drive):
    got = drive("menu")
    assert got["errors"] == []
    assert got["outside"] == []  # it asked for nothing off this machine
    shown = bytes.fromhex(got["ram"])
    host = Table()
    host.advance(got["now"])
    assert oledread.text(shown) == [s.rstrip() for s in host.board.lines]
    assert oledread.text(shown)[1] == ">Start game"
    assert shown == bytes(host.board.i2c.ram)


def test_a_key_and_a_held_finger_are_the_table_buttons(drive):
    got = drive("hands")
    assert got["errors"] == []
    # Space, short: the menu's next line; a finger held on the table button: its next value.
    assert oledread.text(bytes.fromhex(got["afterKey"]))[2].split() == [">Game", "WW3"]
    assert oledread.text(bytes.fromhex(got["afterHold"]))[2].split() == [">Game", "ARMAGEDDON"]
