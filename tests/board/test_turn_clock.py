"""A tournament clock on the emulated board, chosen in its menu with the buttons: Tripp
Jokes for two without the card pad, 5 s a move for P2 and a handicap of 10 s a move for
P1, and "On flag: loses". The OLED's top line shows both seats' times (the seat on turn
marked), P1's flag ends the game at once with P2 the winner, and the data port carries
the flag and the loss as rulings. A second game: a simple (US) delay, whose first seconds
of a move cost nothing."""

import pytest
from turn_table import Table


@pytest.fixture(scope="module")
def table(board):
    return Table(board)


def rulings(board, kind):
    board.run_ms(100)
    return [o for o in board.data_lines() if o.get("r") == kind]


def test_a_handicap_shown_for_every_seat_and_a_flag_that_loses_the_game(table, board):
    settings = [
        ("Seats", "2"),
        ("Clock", "per-move"),
        ("Time/move", "5s", True),
        ("Handicap", "P1"),
        ("P1 time", "10s"),
        ("On flag", "loses"),
    ]
    table.choose("TRIPP JOKES", settings)
    s = table.wait_for("P2 on turn")
    # P1 first, then P2 (on turn): each seat's own time.
    assert s[0] == " 0:10>0:05", s
    board.data_lines()
    table.short(2)  # P2 is done: P1's 10 s start
    s = table.wait_for("P1 on turn")
    assert s[0].startswith(">0:1") and s[0].endswith(" 0:05"), s
    board.run_ms(10500)
    s = table.wait_for("P1 loses on time", "winner P2")
    assert [r["seat"] for r in rulings(board, "timeloss")] == [0]
    board.run_ms(100)
    lit = [p for p in board.ring() if any(p)]  # the winner's comet, in P2's green
    assert lit and all(r == 0 and g > b for r, g, b in lit), lit
    # The game is over: a seat's press changes nothing.
    table.short(2)
    assert table.screen()[1] == "winner P2"
    table.end_game()


def test_a_simple_delay_spends_nothing_in_a_moves_first_seconds(table, board):
    settings = [("Clock", "delay"), ("Time/game", "30s", True), ("Delay", "5s"), ("Handicap", "off"),
                ("On flag", "only shown")]
    table.choose("TRIPP JOKES", settings)
    s = table.wait_for("P2 on turn")
    assert s[0] == " 0:30>0:30", s
    board.run_ms(3000)
    table.short(2)  # 3 s inside the 5 s delay: P2 still has all 30
    s = table.wait_for("P1 on turn")
    assert s[0] == ">0:30 0:30", s
    board.run_ms(7000)  # 5 s free, then 2 s off P1's bank
    s = table.screen()
    assert s[0].startswith(">0:2") and s[1].startswith("P1 on turn"), s
    table.end_game()
