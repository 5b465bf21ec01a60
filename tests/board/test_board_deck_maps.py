"""A deck map for each deck, on the emulated board (topper_hw.nvstore): the table enrolls
the standard deck for Tripp Jokes and plays, switches to World War 3 (the Triple Topper
deck's squares), enrolls that deck and plays, and switches back without enrolling again.
A power cut in the middle of an enrollment loses at most the card being tapped and
keeps the other deck's map. The maps go out over the data port and come back (the
backup's ``mem``, host/topper_host/backup.py). One board for the module, its tests in
order."""

import pytest
import slap_table as st
from topper import cards
from topper_host import backup
from turn_table import Table

SQUARES = cards.squares_deck(2)


def std_uid(i):
    """The tag of the ``i``-th card of the standard decks' enrollment order (two decks:
    the second deck's tags differ by their third byte)."""
    return "045d%02x%02x1c7780" % (i // 54, i % 54)


def tt_uid(i):
    """The tag of the ``i``-th card of World War 3's enrollment order."""
    return "045e00%02xa17780" % i


class BoardLink:
    """The host's serial link as backup.py uses it, over the emulated board's port."""

    def __init__(self, board):
        self.board = board

    def request(self, cmd, **fields):
        fields["cmd"] = cmd
        return self.board.request(fields, timeout_ms=8000)


@pytest.fixture(scope="module")
def table(module_board_factory):
    b = module_board_factory(settings={"TOPPER_CARDPAD": 1})
    hello = st.boot(b)
    assert hello["journal"] == "nvm", hello  # no FRAM: the maps share the nvm with the saves
    return Table(b)


def enroll(table, title, uids):
    """Every card of the deck of ``title``'s game tapped; the last tap saves the map."""
    table.set_value("Game", title)
    table.to_line("Enroll deck")
    table.table_long()
    table.wait_for("ENROLL DECK")
    for u in uids:
        table.tap(u)
    said = " ".join(table.wait_for("Saved", within_ms=4000))
    table.table()  # the notice's OK
    return said


def enroll_value(table):
    table.to_line("Enroll deck")
    return [s for s in table.screen() if s.startswith(">Enroll deck")][0][len(">Enroll deck"):].strip()


def play_tripp(table):
    s = table.choose("TRIPP JOKES", (("Seats", "3"),))
    assert s[0] == "TRIPP JOKES", s  # started: the standard deck is known
    table.end_game()


def play_ww3(table):
    table.choose("WW3", (("Seats", "2"),))
    table.short(1)  # P1 starts
    table.tap(tt_uid(0))
    s = table.wait_for("laid %s" % cards.format_card(SQUARES[0]))
    assert s[0].startswith("WW3"), s
    table.end_game()


def test_switching_games_enrolls_each_deck_once(table):
    assert enroll_value(table) == "none"
    said = enroll(table, "TRIPP JOKES", [std_uid(i) for i in range(54)])
    assert "Saved 54 standard card tags." in said, said
    play_tripp(table)
    table.choose("WW3")
    table.wait_for("CARD PAD", "Triple Topper")  # its deck is not known yet
    table.table()  # OK
    said = enroll(table, "WW3", [tt_uid(i) for i in range(len(SQUARES))])
    assert "Saved 66 card tags." in said, said
    play_ww3(table)
    play_tripp(table)  # back to the first deck: no enrollment asked
    play_ww3(table)
    assert enroll_value(table) == "sq std"


def test_the_maps_go_out_over_the_data_port_and_come_back(table):
    link = BoardLink(table.board)
    maps = backup.read_area(link, "maps")
    assert len(maps) == 768 and maps[0:2] == b"DM" and maps[416:418] == b"DM"
    assert len(backup.read_area(link, "save")) == 3328
    # The standard deck enrolled again for 5 seats, one card only: that map is replaced.
    table.set_value("Seats", "5")
    table.set_value("Game", "TRIPP JOKES")
    table.to_line("Enroll deck")
    table.table_long()
    table.wait_for("0/108")
    table.tap(std_uid(0))
    table.table_long(settle=300)
    table.wait_for("Saved 1 standard")
    table.table()
    assert enroll_value(table) == "sq std"
    assert backup.read_area(link, "maps") != maps
    assert backup.write_area(link, "maps", maps) > 0
    assert backup.read_area(link, "maps") == maps
    table.set_value("Seats", "3")
    play_tripp(table)  # the deck of 54 tags again


def test_a_power_cut_while_enrolling_loses_at_most_the_card_being_tapped(table):
    b = table.board
    table.set_value("Seats", "5")  # two standard decks: a new map of the standard deck
    table.set_value("Game", "TRIPP JOKES")
    table.to_line("Enroll deck")
    table.table_long()
    table.wait_for("0/108")
    for i in range(20):
        table.tap(std_uid(i))
    table.wait_for("20/108")
    b.lay(std_uid(20))  # the 21st card on the pad, and the power goes as it is read
    b.run_ms(30)
    b.cut(at_ms=b.t_ms + 10)
    st.boot(b)
    assert enroll_value(table) == "sq std?"
    play_ww3(table)  # the other deck's map is whole
    table.set_value("Seats", "5")
    table.set_value("Game", "TRIPP JOKES")
    table.to_line("Enroll deck")
    table.table_long()
    s = " ".join(table.wait_for("ENROLL DECK"))
    assert "20/108" in s or "21/108" in s, s  # every card tapped before is kept
