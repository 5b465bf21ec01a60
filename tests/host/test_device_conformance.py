"""Every registered game through the device's own shell, replayed by the simulator's.

For each game of ``topper.games``, with the card pad and without, the firmware's
``topper_app.App`` on the virtual board (``topper_host.virtual``) is driven from its
menu with the buttons and the pad as a table might, at random; the event log it
writes is then replayed by ``topper replay``'s one loop (``topper.replay``, with the
host's finder of what a turn log leaves unnamed), which rebuilds the game from the
header and checks every ruling the device logged against its own. The two shells
cannot tell the same events two ways.

Where a game keeps a secret out of its log (Guess My Card's secret card, a stored
Crazy Job rule) the replay stops there with its reason; what came before is checked.
"""

import os
import random
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))

from _device_play import play_pad_slap  # noqa: E402
from topper import cards, jsonl, stdcards  # noqa: E402
from topper import games as registry  # noqa: E402
from topper.replay import LogError  # noqa: E402
from topper_host import replay  # noqa: E402
from topper_host.virtual.board import LONG_MS, VirtualBoard  # noqa: E402

ACTIONS = 150
SECRET_WORDS = ("secret", "never holds", "never logged")


def choose(board, key, pad):
    """The menu, with the table button as a table works it: the game, the card pad,
    then Start game."""
    m = board.app.menu

    def to(item):
        for _ in range(40):
            if m.items()[m.cursor][0] == item:
                return
            board.table()
            board.wait(150)
        raise AssertionError("no %s line in the menu" % item)

    to("game")
    for _ in range(len(registry.keys())):
        if m.game == key:
            break
        board.table(hold=LONG_MS)
        board.wait(1000)
    to("cardpad")
    if m.cardpad != pad:
        board.table(hold=LONG_MS)
        board.wait(1000)
    assert (m.game, m.cardpad) == (key, pad)
    to("start")
    board.table(hold=LONG_MS)
    board.wait(1200)


def play_blind(board, rng):
    seats = board.app.game["seats"]
    for _ in range(ACTIONS):
        roll = rng.random()
        if roll < 0.45:
            t = board.now + 1
            board.press(rng.randrange(seats), t)
            if rng.random() < 0.4:
                board.press(rng.randrange(seats), t + rng.randrange(0, 4))
        elif roll < 0.75:
            board.table()
        elif roll < 0.9:
            board.table(hold=LONG_MS)
        else:
            board.chord(rng.randrange(seats))
        board.wait(rng.randrange(200, 1500))


def play_turn(board, rng, deck):
    seats = board.app.game["seats"]
    for _ in range(ACTIONS):
        if board.app.ref is None:
            return
        roll = rng.random()
        if roll < 0.45:
            board.press(rng.randrange(seats))
        elif roll < 0.6:
            board.press(rng.randrange(seats), hold=LONG_MS)
        elif roll < 0.7:
            board.table()
        elif roll < 0.74:
            board.chord(rng.randrange(seats))
        elif deck is not None:
            board.tap(deck[rng.randrange(len(deck))])
        board.wait(rng.randrange(150, 1200))


def logged_rulings(log):
    return [jsonl.dumps(o) for o in map(jsonl.loads, log) if "r" in o]


CASES = [(key, pad) for key in registry.keys() for pad in (True, False)]


@pytest.mark.parametrize("key, pad", CASES, ids=["%s-%s" % (k, "pad" if p else "buttons") for k, p in CASES])
def test_the_device_shell_and_the_replay_rule_alike(key, pad):
    seed = sum(map(ord, key)) + pad
    rng = random.Random(seed)
    log = []
    board = VirtualBoard({"TOPPER_HURRY_MS": 2000}, log=log.append, seed=seed)
    board.run(200)
    choose(board, key, pad)
    if registry.is_turn(key):
        assert board.app.ref is not None, board.lines
        deck = None
        if pad:
            deck = stdcards.deck(2) if key == "tripp" else cards.full_deck(2)
        play_turn(board, rng, deck)
    else:
        board.press(rng.randrange(4))  # the starter
        board.wait(300)
        assert board.app.ref is not None, board.lines
        if pad:
            play_pad_slap(board, seed, actions=ACTIONS)
        else:
            play_blind(board, rng)
    head = jsonl.loads(log[0])
    assert head["log"] == "topper-table" and head["game"] == key
    recorded = logged_rulings(log)
    assert len(recorded) > 5, (key, pad, log[:5])
    replayed = []
    try:
        for r in replay.rulings(log):
            replayed.append(jsonl.dumps(r))
    except LogError as e:
        # Only a secret kept out of the log may stop the replay.
        assert any(w in e.msg for w in SECRET_WORDS), (key, pad, e.line, e.msg)
        assert len(replayed) > 0
    assert replayed == recorded[: len(replayed)]
