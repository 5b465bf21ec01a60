"""A turn game's log played back on the device at its stamps (``sim.turn_feed``, what
``topper sim --replay LOG`` shows in the terminal): the device, given the log's cards
and presses again (a secret card read from its reveal, a stored rule spelled with the
seat button), makes every ruling the log holds, at the same stamps. Only a seal's
digest and salt differ: the device draws its salts from a key of its own."""

import json

import pytest
from test_replay_secrets import CRAZY_BY_HAND, game_log, recorded, table_game

from topper_host.sim import turn_feed


def played(lines):
    h, events, found = turn_feed.load(lines)
    board = turn_feed.boot(h, events[0]["t"])
    heard = []
    board.watchers.append(lambda got, now: heard.extend(got))
    feed = turn_feed.Feed(board, events, found)
    t = board.now
    while not feed.done():
        t += 50
        feed.to(t)
        board.run(t)
    board.wait(500)
    return heard


def unsalted(lines):
    out = []
    for x in recorded(lines):
        o = json.loads(x)
        o.pop("digest", None)
        o.pop("salt", None)
        out.append(o)
    return out


@pytest.mark.parametrize("game, by_hand", [("crazy", False), ("guess", False), ("crazy", True)])
def test_the_device_rules_again_as_the_log_says(game, by_hand):
    lines = table_game("crazy", CRAZY_BY_HAND) if by_hand else game_log(game)
    heard = played(lines)
    assert unsalted(heard) == unsalted(lines)
    # The device's own seals: new digests, each opened by its own reveal.
    mine = [json.loads(x) for x in heard if '"r":"commit"' in x]
    theirs = [json.loads(x) for x in lines if '"r":"commit"' in x]
    assert mine and [m["digest"] for m in mine] != [o["digest"] for o in theirs]


def test_games_played_with_the_buttons_and_a_clock_play_back_too():
    """Every turn game on the device app with the buttons and a chess clock (the table
    button held for END GAME?, which pauses the clock, then pressed to go on)."""
    import fakes
    from test_replay_device_logs import turn_game

    for game in ("tripp", "tricky", "crazy", "guess"):
        lines = turn_game(game, clock=True)
        fakes.uninstall()
        assert '"ev":"pause"' in "".join(lines) and json.loads(lines[0])["entry"] == "buttons"
        assert recorded(played(lines)) == recorded(lines), game
