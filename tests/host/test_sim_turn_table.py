"""Turn games played at the device's own shell, as at a real table with the card pad.

The physical table (``sim.turn_table``: the game's dealt referee, standing for the cards
in the players' hands) has its players make every move at the virtual board: cards
tapped on the pad, buttons pressed (the game's ``pad_moves``, ``sim.moves``). Each game is played to its end
by bots at every seat, and by a human at P1 picking from its numbered moves: the
device takes every move, ends with the physical table's result, no card is lost, and
its log replays with ``topper replay``'s reader ruling for ruling.
"""

import os
import random
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "core"))

from _census import CENSUS  # noqa: E402
from topper import games, jsonl  # noqa: E402
from topper.games.crazy.engine import PAPER, Act  # noqa: E402
from topper_host import replay  # noqa: E402
from topper_host.sim.turn_table import TurnTable  # noqa: E402
from topper_host.virtual.board import LONG_MS, VirtualBoard  # noqa: E402

# (game, seats, seed, options): each turn game, some with options off their defaults.
CASES = [
    ("tripp", 4, 3, {"jokers": 1, "places": 1}),
    ("tripp", 2, 8, None),
    ("tricky", 4, 5, {"mode": 1, "hands": 2}),
    ("crazy", 3, 5, {"hands": 2}),
    ("guess", 4, 6, {"hands": 2}),
]
PAPER_RULE = (Act.RULE, PAPER)
HOURS = 3 * 3600 * 1000  # of board time: a game that runs longer is stuck


def play(game, seats, seed, options, humans=(), pick=None, census=True):
    """A whole game on a fresh board; ``pick(menu)`` chooses the humans' moves."""
    log = []
    board = VirtualBoard(log=log.append, seed=seed)
    board.run(200)
    table = TurnTable(board, game, seats, seed, options, humans=humans, speed=50)
    table.start()
    end = board.now + HOURS
    while not table.over and board.now < end:
        for s in humans:
            menu = table.choices(s)
            if menu:
                assert table.choose(s, pick(menu))
        board.wait(50)
        assert not table.refused, table.refused
        if census and not _judging(table.ref):
            CENSUS[game](table.ref)
    assert not table.stuck, table.stuck
    assert table.over, "no end in %d board ms: %r" % (HOURS, board.lines)
    return board, table, log


def _judging(ref):
    """A Crazy Job play or hand waits for its rule maker's word: its cards are in
    neither the hand nor a line (the census counts them once it is judged)."""
    pending = getattr(getattr(ref, "match", None), "pending", None)
    return pending is not None and ("cards" in pending or "shown" in pending)


def check_replay(log):
    # The whole game, its secrets read ahead from the hands' reveals (docs/event-log.md).
    recorded = [jsonl.dumps(o) for o in map(jsonl.loads, log) if "r" in o]
    assert [jsonl.dumps(r) for r in replay.rulings(log)] == recorded


@pytest.mark.parametrize("game, seats, seed, options", CASES, ids=["%s-%d" % (c[0], c[1]) for c in CASES])
def test_bots_play_a_whole_game_at_the_device(game, seats, seed, options):
    board, table, log = play(game, seats, seed, options)
    view = board.app.ref.view(board.now)
    assert view["over"]
    winners, scores = table.result()
    assert (view["winners"], view["scores"]) == (winners, scores)
    assert len(table.made) > 10
    head = jsonl.loads(log[0])
    assert (head["game"], head["seed"], head["entry"]) == (game, seed, "pad")
    check_replay(log)


def test_the_same_seed_plays_the_same_game():
    a = play("tripp", 3, 11, None, census=False)
    b = play("tripp", 3, 11, None, census=False)
    assert a[1].made == b[1].made and a[0].lines == b[0].lines
    c = play("tripp", 3, 12, None, census=False)
    assert c[1].made != a[1].made


@pytest.mark.parametrize("game", games.keys(games.TURN))
def test_a_human_plays_from_the_move_list(game):
    """P1 picks at random from its numbered moves, the whole game: every move it may
    pick is made at the device (taps and presses) and taken. In Crazy Job P1 writes
    its rule on paper, so that it judges the others' plays (right, wrong, the card it
    moves to its line), which the bots, who store theirs, never do."""
    seats = games.find(game).players[0] + (2 if game != "tricky" else 0)
    rng = random.Random(game)
    picked = []

    def pick(menu):
        i = rng.randrange(len(menu))
        if menu[0][1] == PAPER_RULE:
            i = 0
        picked.append(menu[i][1])
        return i

    board, table, log = play(game, seats, 4, {"hands": 1} if game != "tripp" else None, (0,), pick)
    mine = [a for s, a in table.made if s == 0]
    assert picked and mine == picked  # every pick made, in order, nothing else for P1
    view = board.app.ref.view(board.now)
    assert (view["winners"], view["scores"]) == table.result()
    check_replay(log)


def test_a_move_the_device_refuses_is_shown_not_applied():
    log = []
    board = VirtualBoard(log=log.append, seed=2)
    board.run(200)
    table = TurnTable(board, "tripp", 2, 2, humans=(0, 1))
    table.start()
    before = len(table.made)
    table.moves = _Wrong(table.moves)  # a move made wrongly at the device
    seat = table.due
    assert table.choose(seat, 0)
    board.wait(3000)
    assert table.refused.startswith("P%d's move refused by the device: " % (seat + 1)), table.refused
    assert len(table.made) == before  # the cards did not move
    assert table.choices(seat)  # and the seat may choose again


class _Wrong:
    """A game's moves with every move made by the wrong seat's button."""

    def __init__(self, real):
        self.real = real

    def inputs(self, ref, seat, action):
        return [("short", (seat + 1) % ref.seats)]

    def after(self, ref, events):
        return self.real.after(ref, events)


def test_a_press_someone_else_makes_meanwhile_is_not_the_moves():
    """A seat two places after the one on turn presses its button now and then (the
    terminal's raw keys): the device refuses each press, and the bots' moves, made
    meanwhile, go on being taken to the end."""
    log = []
    board = VirtualBoard(log=log.append, seed=9)
    board.run(200)
    table = TurnTable(board, "tripp", 4, 9, speed=50)
    table.start()
    stray = 0
    while not table.over and board.now < HOURS:
        board.wait(170)
        turn = board.app.ref.view(board.now)["turn"]
        if table.busy() and turn >= 0:
            board.press((turn + 2) % 4)
            stray += 1
    assert not table.stuck, table.stuck
    assert table.over and stray > 20
    refused = [x for x in log if '"r":"error"' in x]
    assert len(refused) == stray  # each refused, and nothing else
    view = board.app.ref.view(board.now)
    assert (view["winners"], view["scores"]) == table.result()


def test_a_move_the_device_heard_otherwise_is_refused():
    """The table button held while a bot presses its seat: the device hears a chord,
    not the bot's press, and the move is refused rather than taken for made."""
    board = VirtualBoard(seed=9)
    board.run(200)
    table = TurnTable(board, "tripp", 3, 9, speed=50)
    table.start()
    while not table.over and board.now < HOURS:
        board.wait(170)
        if table.busy():
            board.table(hold=LONG_MS - 100)  # held, but not long enough for END GAME?
        if table.stuck:
            break
    assert "refused by the device" in table.stuck, table.stuck
