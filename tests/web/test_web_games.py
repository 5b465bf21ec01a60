"""A seeded game against bots played in the page gives the rulings, in order, that the
same game gives on the host's CPython (``topper_host.web.table`` there; that table's
games are ``topper sim --headless``'s: tests/host/test_web_table.py).

Each of the six games once, with the card pad or without it by turns; the seeds are
short games (a long one costs the page a minute). A sealed secret's digest is left
out of the comparison, and so is its salt: that comes from the board's true random generator, new
every run, on the host as in the page.
"""

import json

import pytest

from log_rulings import rulings

from topper_host.web.table import Table

GAMES = [
    ("ww3", 3, "pad", 5),
    ("armageddon", 3, "blind", 5),
    ("tripp", 3, "buttons", 4),
    ("tricky", 4, "pad", 1),
    ("crazy", 3, "buttons", 5),
    ("guess", 3, "pad", 2),
]
LIMIT_MS = 20 * 60000




@pytest.mark.parametrize("game, seats, pad, seed", GAMES, ids=["%s-%s" % (g[0], g[2]) for g in GAMES])
def test_a_bot_game_in_the_page_rules_as_on_the_host(drive, game, seats, pad, seed):
    host = Table()
    assert host.deal(game, seats, pad == "pad", seed, True) is None
    assert host.run_until_over(LIMIT_MS)
    want = rulings(host.heard)
    got = rulings(drive("game", game, seats, pad, seed, LIMIT_MS)["log"])
    assert len(got) == len(want)
    assert got == want
    assert want[-1]["r"] in ("win", "over")


def test_your_move_in_a_turn_game_is_picked_from_the_list_and_made_at_the_device(drive):
    got = drive("turn", " 22", 1)  # the menu: the Game line, two games on (Tripp Jokes)
    assert got["labels"]
    # The table made the move at the device: its taps and P1's press, and the rulings.
    ours = [json.loads(line) for line in got["log"].splitlines() if '"seat":0' in line]
    assert ours, got["log"]
    assert any("r" in obj for obj in ours), got["log"][-2000:]
