"""``topper sim`` with World War 3 and Armageddon: the device's own shell on the virtual
board, bots at its buttons and its card pad (``sim.slap_cmd``, ``sim.slap_board``).
Whole games end with a winner and no card lost, the device's log replays ruling for
ruling, the same seed plays the same game, a log fed back to the board rules the same."""

import json

import pytest
from test_sim_support import topper
from topper import jsonl
from topper_host import replay
from topper_host.sim import bots, slap_board
from topper_host.sim.device_bots import DeviceBots


def _rulings(lines):
    return [jsonl.loads(line) for line in lines if '"r":' in line]


@pytest.mark.parametrize("game, seats, seed", [("ww3", 3, 4), ("armageddon", 4, 11)])
def test_bots_play_a_whole_game_to_a_winner_without_losing_a_card(game, seats, seed):
    log = []
    board = slap_board.boot(game, seats, 2, 3000, seed, log.append)
    DeviceBots(board, range(seats), seed, bots.Style())
    slap_board.deal(board, game, seats, 2, 3000, seed)
    held = set()
    board.watchers.append(lambda lines, now: board.app.ref and held.add(slap_board.cards_held(board)))
    for _ in range(3600):
        board.wait(1000)
        if slap_board.over(board):
            break
    g = board.app.ref.game
    assert slap_board.over(board), board.lines
    assert "WINS!" in " ".join(board.lines)
    assert held == {len(g.deck)}  # every step of the game: the stacks, the pile, face down
    won = [s for s in range(seats) if len(g.stacks[s]) == len(g.deck)]
    assert len(won) == 1
    device = _rulings(log)
    assert device[-1] == {"r": "win", "seat": won[0], "t": device[-1]["t"]}
    assert {o["seat"] for o in map(jsonl.loads, log) if o.get("ev") == "press"} == set(range(seats))
    # topper replay's reader makes the very rulings the device logged.
    assert [json.dumps(r, sort_keys=True) for r in replay.rulings(log)] == [
        json.dumps(r, sort_keys=True) for r in device
    ]


def test_a_log_fed_back_to_the_board_rules_ruling_for_ruling():
    log = []
    board = slap_board.boot("ww3", 3, 2, 2000, 7, log.append)
    DeviceBots(board, range(3), 7, bots.Style())
    slap_board.deal(board, "ww3", 3, 2, 2000, 7)
    board.wait(120000)
    h = slap_board.header(log)
    again = []
    other = slap_board.boot("ww3", 3, 2, 2000, 1, again.append, now=0)
    slap_board.setup(other, "ww3", 3, 2, 2000, h["seed"])
    feed = slap_board.Feed(other, slap_board.inputs(log))
    feed.to(board.now)
    other.run(board.now)
    assert len(_rulings(log)) > 100
    assert _rulings(again) == _rulings(log)


def test_bots_only_plays_both_games_with_a_summary_and_logs_that_replay(tmp_path):
    for game, seats, seed in (("ww3", 3, 4), ("armageddon", 4, 12)):
        log = tmp_path / ("%s.jsonl" % game)
        p = topper(
            "sim", "--bots-only", "--game", game, "--seats", seats, "--seed", seed, "--games", 2, "--log", log
        )
        assert p.returncode == 0, p.stderr
        lines = p.stdout.splitlines()
        for i in (1, 2):
            assert lines[i - 1].startswith("game %d: P" % i) and " wins after " in lines[i - 1], lines
            assert lines[i - 1].endswith("(seed %d)" % (seed + i - 1))
            path = tmp_path / ("%s-%03d.jsonl" % (game, i))
            text = path.read_text().splitlines()
            assert jsonl.loads(text[0])["game"] == game
            assert [r["r"] for r in replay.rulings(text)] == [r["r"] for r in _rulings(text)]
            assert _rulings(text)[-1]["r"] == "win"
        assert lines[2].startswith("2 games: wins ")
        assert lines[3].startswith("average game ")


def test_the_same_seed_plays_the_same_game(tmp_path):
    def run(name, seed):
        p = topper("sim", "--bots-only", "--seats", 3, "--seed", seed, "--log", tmp_path / name)
        assert p.returncode == 0, p.stderr
        return (tmp_path / name).read_text()

    a = run("a.jsonl", 9)
    assert run("b.jsonl", 9) == a
    assert run("c.jsonl", 10) != a


def test_headless_bots_print_the_devices_log_and_its_oled():
    p = topper("sim", "--headless", "--game", "armageddon", "--seats", 2, "--seed", 3, "--max-minutes", 2)
    assert p.returncode == 0, p.stderr
    out = p.stdout.splitlines()
    logged = [line for line in out if not line.startswith("#")]
    assert jsonl.loads(logged[0])["log"] == "topper-table"
    assert [r["r"] for r in replay.rulings(logged)] == [r["r"] for r in _rulings(logged)]
    assert any(line.startswith('{"card":') and '"r":"lay"' in line for line in out)
    assert any(line.startswith("# oled ARM") for line in out)
    assert out[-1].startswith("# game 1: ")


def test_replay_headless_shows_the_game_the_log_holds(tmp_path):
    log = tmp_path / "g.jsonl"
    p = topper("sim", "--bots-only", "--seats", 3, "--seed", 4, "--log", log)
    assert p.returncode == 0, p.stderr
    r = topper("sim", "--replay", log, "--headless")
    assert r.returncode == 0, r.stderr
    shown = [line for line in r.stdout.splitlines() if not line.startswith("#")]
    assert _rulings(shown) == _rulings(log.read_text().splitlines())
    assert "WINS!" in [line for line in r.stdout.splitlines() if line.startswith("# oled")][-1]


def test_replay_of_a_log_that_is_no_slap_game_says_so(tmp_path):
    log = tmp_path / "blind.jsonl"
    log.write_text('{"log":"topper-table","v":2,"game":"ww3","seats":3,"blind":true,"seed":1}\n')
    r = topper("sim", "--replay", log, "--headless")
    assert r.returncode == 1
    assert "not a slap game's log with the card pad" in r.stderr


def test_an_old_event_script_is_refused_with_the_new_format_named(tmp_path):
    script = tmp_path / "old.jsonl"
    script.write_text('{"ev":"start","t":0,"seat":0}\n')
    r = topper("sim", "--headless", "--script", script)
    assert r.returncode == 1
    assert "%s:1: an event log's line: scripts are hands now" % script in r.stderr


def test_a_script_of_hands_plays_a_slap_game_with_the_pad():
    import tempfile

    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
        f.write('{"t": 300, "do": "table_long"}\n{"t": 1500, "do": "press", "seat": 1}\n')
        f.write('{"t": 2500, "do": "tap", "card": "2RC"}\n{"t": 3500, "do": "tap", "card": "2RT"}\n')
        f.write('{"t": 3800, "do": "press", "seat": 2}\n')
    r = topper("sim", "--headless", "--script", f.name, "--seats", 3)
    assert r.returncode == 0, r.stderr
    got = _rulings(r.stdout.splitlines())
    assert [x["r"] for x in got] == ["starter", "lay", "lay", "slap"]
    assert got[-1]["by"] == 2 and got[-1]["ok"] is True
