"""Turn games played at the device's own shell without the card pad, every move made
with the buttons as the game's button flow asks (docs/games/*.md, "Without the card
pad").

The physical table (``sim.turn_table`` with ``pad=False``: the game's dealt referee,
standing for the cards in the players' hands) has its players make every move at the
virtual board with presses alone (the game's ``button_moves``, ``sim.moves``). Each game is played to its end
by bots at every seat, and by a human at P1 picking from its numbered moves: the device
takes every move, agrees with the table on whose turn it is, ends with the physical
table's result, no card is lost, and its log (which holds no secret: the device saw no
card) replays whole with ``topper replay``'s reader.
"""

import importlib
import json
import os
import random
import sys

import pytest
from test_sim_support import topper

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "core"))

from _census import CENSUS  # noqa: E402
from topper import games, jsonl  # noqa: E402
from topper.gamekit import Entry  # noqa: E402
from topper.games.crazy.engine import PAPER, Act  # noqa: E402
from topper.games.guess.engine import Phase as GuessPhase  # noqa: E402
from topper.games.tripp.engine import Phase as TrippPhase  # noqa: E402
from topper_host import replay  # noqa: E402
from topper_host.sim.turn_table import TurnTable  # noqa: E402
from topper_host.virtual.board import VirtualBoard  # noqa: E402

# (game, seats, seed, options): each turn game, some with options off their defaults.
CASES = [
    ("tripp", 4, 3, {"jokers": 1, "places": 1}),
    ("tripp", 3, 8, None),
    ("tricky", 4, 5, {"mode": 1, "hands": 2}),
    ("tricky", 4, 2, {"mode": 2, "hands": 1}),
    ("crazy", 3, 5, {"hands": 2}),
    ("guess", 4, 6, {"hands": 2}),
]
HOURS = 3 * 3600 * 1000  # of board time: a game that runs longer is stuck


def play(game, seats, seed, options, humans=(), pick=None):
    """A whole game on a fresh board, the card pad off; ``pick(menu)`` chooses the
    humans' moves. After every move the device and the table agree whose turn it is."""
    log = []
    board = VirtualBoard(log=log.append, seed=seed)
    board.run(200)
    table = TurnTable(board, game, seats, seed, options, humans=humans, speed=50, pad=False)
    table.start()
    end = board.now + HOURS
    checked = 0
    while not table.over and board.now < end:
        for s in humans:
            menu = table.choices(s)
            if menu:
                assert table.choose(s, pick(menu))
        board.wait(50)
        assert not table.refused, table.refused
        if not _judging(table.ref):
            CENSUS[game](table.ref)
        if not table.busy() and not table.over and _device_knows(table):
            device = board.app.ref.view(board.now)["turn"]
            assert device == table.due, (device, table.due, table.made[-1:])
            checked += 1
    assert not table.stuck, table.stuck
    assert table.over, "no end in %d board ms: %r" % (HOURS, board.lines)
    assert checked > 5
    return board, table, log


def _device_knows(table):
    """Whether the device takes part in what the table does now: not while Tripp
    Jokes' seats choose their face-up cards or Guess My Card's throw down, which the
    table does alone (the device waits on the first player's turn meanwhile)."""
    if table.game == "tripp":
        return table.ref.state.phase != TrippPhase.SETUP
    if table.game == "guess":
        return table.ref.match.phase != GuessPhase.DISCARD
    return True


def _judging(ref):
    """A Crazy Job play or hand waits for its rule maker's word: its cards are in
    neither the hand nor a line (the census counts them once it is judged)."""
    pending = getattr(getattr(ref, "match", None), "pending", None)
    return pending is not None and ("cards" in pending or "shown" in pending)


def check_whole_replay(log):
    """The device saw no card, so its log holds no secret: it replays to its end, ruling
    for ruling."""
    recorded = [jsonl.dumps(o) for o in map(jsonl.loads, log) if "r" in o]
    replayed = [jsonl.dumps(r) for r in replay.rulings(log)]
    assert replayed == recorded and len(recorded) > 20


@pytest.mark.parametrize("game, seats, seed, options", CASES, ids=["%s-%d-%d" % c[:3] for c in CASES])
def test_bots_play_a_whole_game_with_the_buttons(game, seats, seed, options):
    board, table, log = play(game, seats, seed, options)
    view = board.app.ref.view(board.now)
    assert view["over"] and view["winners"]
    assert (view["winners"], view["scores"]) == table.result()
    assert len(table.made) > 10
    head = jsonl.loads(log[0])
    assert (head["game"], head["seed"], head["entry"]) == (game, seed, "buttons")
    assert not any('"ev":"card"' in line for line in log)  # not one card read
    if game == "tripp":  # the device counts the pickups the table reported
        assert board.app.ref.pickups == _pickups(table)
    check_whole_replay(log)


def _pickups(table):
    """Each seat's pickups at the physical table: its moves made again on a fresh deal."""
    ref = table_ref(table)
    counts = [0] * table.seats
    for _seat, action in table.made:
        for e in ref.act(action, 0):
            if e["r"] == "pickup":
                counts[e["seat"]] += 1
    return counts


def table_ref(table):
    """The physical table's referee as it was dealt."""
    ref = importlib.import_module(games.find(table.game).referee).referee(
        table.seats, Entry.DEALT, table.seed, None, table.options
    )
    ref.start(0)
    return ref


def test_a_tripp_stalemate_ends_the_game_at_the_table():
    """Seed 58 with two players goes round in circles: the physical table calls the
    stalemate, and the table ends the game at the device as players do without the
    pad (END GAME?, held again): a draw, nobody wins on either side."""
    board, table, log = play("tripp", 2, 58, None)
    assert table.ref.state.stalled and table.result()[0] == []
    assert board.app.ref is None and "END GAME?" not in board.lines  # ended, back in the menu
    events = [o for o in map(jsonl.loads, log) if "ev" in o]
    assert events[-1]["ev"] == "pause"  # the first hold; the second ends the game
    check_whole_replay(log)


def test_the_cli_says_a_stalemate_has_no_winner(tmp_path):
    args = ("--game", "tripp", "--card-pad", "off", "--players", "2", "--seed", "58", "--bots-only")
    p = topper("sim", *args, "--log", tmp_path / "s.jsonl")
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith("game 1: no winner (a stalemate: the table ended the game) after ")


def test_the_same_seed_plays_the_same_game():
    a = play("crazy", 3, 11, {"hands": 1})
    b = play("crazy", 3, 11, {"hands": 1})
    assert a[1].made == b[1].made and a[0].lines == b[0].lines


@pytest.mark.parametrize("game", games.keys(games.TURN))
def test_a_human_plays_from_the_move_list_with_the_buttons(game):
    """P1 picks at random from its numbered moves, the whole game: every pick is made
    at the device with P1's presses and taken. In Crazy Job P1 writes its rule on
    paper, so that it judges the others' plays itself."""
    seats = games.find(game).players[0] + (2 if game != "tricky" else 0)
    rng = random.Random(game)
    picked = []

    def pick(menu):
        i = rng.randrange(len(menu))
        if menu[0][1] == (Act.RULE, PAPER):
            i = 0
        picked.append(menu[i][1])
        return i

    board, table, log = play(game, seats, 4, {"hands": 1} if game != "tripp" else None, (0,), pick)
    mine = [a for s, a in table.made if s == 0]
    assert picked and mine == picked  # every pick made, in order, nothing else for P1
    view = board.app.ref.view(board.now)
    assert (view["winners"], view["scores"]) == table.result()
    check_whole_replay(log)


def test_a_move_made_with_the_wrong_seat_is_refused_and_the_cards_stay():
    board = VirtualBoard(seed=2)
    board.run(200)
    table = TurnTable(board, "tricky", 4, 2, {"hands": 1}, humans=(0, 1, 2, 3), pad=False)
    table.start()
    board.wait(6000)  # the dealer's turned-up trick reported
    seat = table.due
    before = len(table.made)
    table.moves = _WrongSeat(table.moves)
    assert table.choose(seat, 0)
    board.wait(3000)
    assert table.refused.startswith("P%d's move refused by the device: " % (seat + 1)), table.refused
    assert "turn, not" in table.refused  # the device's own words
    assert len(table.made) == before and table.choices(seat)


class _WrongSeat:
    """A game's moves with every press made by the next seat's button."""

    def __init__(self, real):
        self.real = real

    def inputs(self, ref, seat, action):
        return [(kind, (seat + 1) % ref.seats) for kind, _ in self.real.inputs(ref, seat, action)]

    def after(self, ref, events):
        return self.real.after(ref, events)


def test_the_cli_plays_a_game_with_the_card_pad_off(tmp_path):
    log = tmp_path / "g.jsonl"
    p = topper(
        "sim", "--game", "guess", "--card-pad", "off", "--bots-only", "--players", "3", "--opt", "hands=1",
        "--seed", "4", "--log", log,
    )  # fmt: skip
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith("game 1: P") and " won " in p.stdout
    head = json.loads(log.read_text().splitlines()[0])
    assert (head["game"], head["seats"], head["entry"]) == ("guess", 3, "buttons")
    r = topper("replay", log)
    assert r.returncode == 0, r.stderr  # no secret in the log: it replays to the end
    assert '"r":"over"' in r.stdout
    h = topper("sim", "--game", "tripp", "--card-pad", "off", "--headless", "--seed", "3", "--log", log)
    assert h.returncode == 0, h.stderr
    assert '"press":"chord"' in h.stdout and "# oled TRIPP JOKES | winner P" in h.stdout


BAD = (
    (("--game", "tripp", "--card-pad", "maybe"), "--card-pad is on or off"),
    (("--game", "ww3", "--card-pad", "off"), "--card-pad is for the turn-based games"),
    (("--device", "--card-pad", "off"), "no --card-pad with it"),
)


@pytest.mark.parametrize("args, words", BAD, ids=["value", "slap", "device"])
def test_a_bad_card_pad_option_is_one_line(args, words):
    p = topper("sim", "--bots-only" if "--device" not in args else "--headless", *args)
    assert p.returncode == 2 and p.stdout == ""
    assert p.stderr.count("\n") == 1 and words in p.stderr, p.stderr
