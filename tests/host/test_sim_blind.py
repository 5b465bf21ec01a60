"""``topper sim --blind``: World War 3 and Armageddon with the card pad off, the device's
blind referee on the virtual board, the simulator as the physical table
(``sim.blind_table``) and bots at its seats (``sim.blind_bots``). Whole games end with
the table's winner named by the device, every card held at every step, the cards moved
only as the device ruled, and a log that ``topper replay``'s reader replays."""

import json

import pytest
from test_sim_support import topper
from topper import jsonl
from topper_host import replay
from topper_host.sim import blind_table, bots, slap_board
from topper_host.sim.blind_bots import BlindBots


def _rulings(lines):
    return [jsonl.loads(line) for line in lines if '"r":' in line]


def _game(game, seats, seed, bot_seats=None, hurry_ms=3000):
    log = []
    board = slap_board.boot(game, seats, 2, hurry_ms, seed, log.append)
    table = blind_table.start(board, game, seats, 2, hurry_ms, seed)
    BlindBots(table, range(seats) if bot_seats is None else bot_seats, seed, bots.Style())
    return board, table, log


class Confirms:
    """For each slap the device confirmed: the stacks, the pile and the face-down cards
    before the step that brought the ruling and as the table left them on it (what the
    table tells its listeners comes right after it applied the ruling)."""

    def __init__(self, table):
        self.table = table
        self.seen = []
        self.before = None
        table.board.watchers.append(self.step)  # the last: after the bots' lays
        table.listeners.append(self.told)

    def picture(self):
        g = self.table.game
        return [len(s) for s in g.stacks], len(g.pot), len(g.facedown)

    def step(self, lines, now):
        self.before = self.picture()

    def told(self, rulings, now):
        for r in rulings:
            if r["r"] == "slap" or r["r"] == "confirm":
                seat = r["by"] if r["r"] == "slap" else r["seat"]
                self.seen.append((seat, r["ok"], self.before, self.picture()))


@pytest.mark.parametrize("game, seats, seed", [("ww3", 3, 4), ("armageddon", 4, 11)])
def test_bots_play_blind_to_the_tables_winner_without_losing_a_card(game, seats, seed):
    board, table, log = _game(game, seats, seed)
    held = set()
    board.watchers.append(lambda lines, now: held.add(table.game.card_count()))
    confirms = Confirms(table)
    for _ in range(3600):
        board.wait(1000)
        if table.over():
            break
    g = table.game
    assert table.over(), board.lines
    board.wait(3000)  # the last slap's screen gives way to the winner's
    assert "P%d WINS!" % (g.winner + 1) in " ".join(board.lines)
    assert table.ref.winner == g.winner  # the device's winner is the table's
    assert len(g.stacks[g.winner]) == len(g.deck)
    assert held == {len(g.deck)}  # every step: the stacks, the pile, the face-down cards
    device = _rulings(log)
    assert device[-1] == {"r": "win", "seat": g.winner, "t": device[-1]["t"]}
    assert jsonl.loads(log[0])["blind"] is True
    kinds = {r["r"] for r in device}
    assert {"slap", "confirm", "turn", "out", "late"} <= kinds
    # The bots pressed, the table judged by the rules: good and wrong, never against them.
    assert {o["seat"] for o in map(jsonl.loads, log) if o.get("ev") == "press"} == set(range(seats))
    assert {r["ok"] for r in device if r["r"] == "confirm"} == {True, False}
    assert table.against == 0
    # The cards moved as the device ruled: a good slap gave its slapper the pile and
    # the face-down cards, a wrong one paid 3 (all it had, if fewer).
    assert len(confirms.seen) == len([r for r in device if r["r"] == "confirm"])
    for s, ok, (stacks, pot, down), (stacks2, pot2, down2) in confirms.seen:
        if ok:
            assert (stacks2[s], pot2, down2) == (stacks[s] + pot + down, 0, 0)
        else:
            paid = min(3, stacks[s])
            assert (stacks2[s], pot2, down2) == (stacks[s] - paid, pot, down + paid)
    # topper replay's reader makes the very rulings the device logged.
    assert [json.dumps(r, sort_keys=True) for r in replay.rulings(log)] == [
        json.dumps(r, sort_keys=True) for r in device
    ]


def test_you_lay_when_the_rules_make_you_due_and_the_table_taps_the_turn_on():
    board, table, log = _game("ww3", 3, 5, bot_seats=(1, 2))
    for _ in range(600):
        board.wait(50)
        if table.due() == 0 and not table.judging():
            break
    assert table.due() == 0
    assert table.lay(1, board.now + 1) == "wait: P1 lays"  # a seat not due is refused
    before = len(table.game.pot)
    assert table.lay(0, board.now + 1) is None
    assert len(table.game.pot) == before + 1
    board.wait(400)
    # The device names whom the rules make due (the table tapped the turn on to it).
    assert table.ref.turn == table.due() or table.judging()


def test_a_person_at_the_table_who_calls_a_wrong_slap_good_is_followed():
    board, table, log = _game("ww3", 3, 4, bot_seats=(1, 2))
    for _ in range(2000):
        board.wait(20)
        quiet = not table.judging() and not table.button_down(board.now + 1)
        if quiet and table.game.pot and table.game.slappable() is None:
            break
    board.press(0, board.now + 1)  # P1 slaps a card that makes nothing
    board.wait(20)
    assert table.ref.pending == 0
    confirms = Confirms(table)
    assert table.word(True, board.now + 1) is None  # and says it was good before the table can object
    board.wait(200)
    confirm = [r for r in _rulings(log) if r["r"] == "confirm"][-1]
    assert confirm["seat"] == 0 and confirm["ok"] is True
    assert table.against == 1
    [(s, ok, (stacks, pot, down), (stacks2, pot2, down2))] = confirms.seen
    assert (s, ok) == (0, True)  # the device's word moved the pile:
    assert stacks2[0] == stacks[0] + pot + down and (pot2, down2) == (0, 0)
    assert table.game.card_count() == len(table.game.deck)


def test_a_person_who_calls_a_good_slap_wrong_is_followed_and_the_slapper_pays():
    board, table, log = _game("armageddon", 4, 11, bot_seats=(1, 2, 3))
    for _ in range(60000):
        board.wait(5)
        if table.judging() and table.game.slappable() is not None:
            break
    seat = table.ref.pending
    assert seat > 0 and table.game.can_slap(seat)  # a bot's good slap waits for the table
    confirms = Confirms(table)
    assert table.word(False, board.now + 1) is None  # a long press: wrong
    assert table.word(True, board.now + 2) == "the table button is down already"
    board.wait(1000)  # (the table's own hand stayed off the button)
    confirm = [r for r in _rulings(log) if r["r"] == "confirm"][-1]
    assert (confirm["seat"], confirm["ok"], confirm["paid"]) == (seat, False, 3)
    assert table.against == 1
    [(s, ok, (stacks, pot, down), after)] = confirms.seen
    assert (s, ok) == (seat, False)
    assert after == (stacks[:seat] + [stacks[seat] - 3] + stacks[seat + 1 :], pot, down + 3)
    assert table.game.card_count() == len(table.game.deck)


def test_bots_only_blind_plays_both_games_with_a_summary_and_logs_that_replay(tmp_path):
    for game, seats, seed in (("ww3", 3, 5), ("armageddon", 4, 11)):
        log = tmp_path / ("%s.jsonl" % game)
        opts = ("--game", game, "--seats", seats, "--seed", seed, "--games", 2, "--log", log)
        p = topper("sim", "--blind", "--bots-only", *opts)
        assert p.returncode == 0, p.stderr
        lines = p.stdout.splitlines()
        for i in (1, 2):
            assert lines[i - 1].startswith("game %d: P" % i) and " wins after " in lines[i - 1], lines
            assert lines[i - 1].endswith("(seed %d)" % (seed + i - 1))
            path = tmp_path / ("%s-%03d.jsonl" % (game, i))
            text = path.read_text().splitlines()
            head = jsonl.loads(text[0])
            assert head["game"] == game and head["blind"] is True and head["seed"] == seed + i - 1
            assert [r["r"] for r in replay.rulings(text)] == [r["r"] for r in _rulings(text)]
            assert _rulings(text)[-1]["r"] == "win"
        assert lines[2].startswith("2 games: wins ")
        r = topper("replay", tmp_path / ("%s-001.jsonl" % game))
        assert r.returncode == 0, r.stderr


def test_the_same_seed_plays_the_same_blind_game(tmp_path):
    def run(name, seed):
        p = topper("sim", "--blind", "--bots-only", "--seats", 3, "--seed", seed, "--log", tmp_path / name)
        assert p.returncode == 0, p.stderr
        return (tmp_path / name).read_text()

    a = run("a.jsonl", 5)  # (seeds of short games: seed 10's runs 110 table minutes)
    assert run("b.jsonl", 5) == a
    assert run("c.jsonl", 6) != a


def test_headless_blind_prints_the_devices_log_and_its_oled():
    p = topper("sim", "--blind", "--headless", "--seats", 2, "--seed", 5, "--max-minutes", 1)
    assert p.returncode == 0, p.stderr
    out = p.stdout.splitlines()
    logged = [line for line in out if not line.startswith("#")]
    assert jsonl.loads(logged[0])["blind"] is True
    assert [r["r"] for r in replay.rulings(logged)] == [r["r"] for r in _rulings(logged)]
    assert any(line.startswith("# oled ") and "SLAPPED: GOOD?" in line for line in out)
    assert any('"r":"confirm"' in line for line in out)
    assert out[-1].startswith("# game 1: ")


@pytest.mark.parametrize(
    "args, text",
    [
        (["--game", "tripp"], "--blind is a slap game against bots: no turn game"),
        (["--replay", "README.md"], "--blind is a slap game against bots: no turn game, --replay"),
        (["--seats", "9"], "--seats must be 2 to 8"),
        (["--bot-miss", "2"], "miss must be a probability from 0 to 1, not 2.0"),
    ],
)
def test_bad_blind_options_get_one_line(args, text):
    r = topper("sim", "--blind", "--bots-only", *args)
    assert r.returncode == 2
    assert text in r.stderr and "Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1
