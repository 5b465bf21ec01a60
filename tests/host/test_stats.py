"""Statistics of played games (topper_host.stats, statlog): hand-made logs whose answers
a player can tell at a glance, and seeded simulator games whose figures must agree with
their own rulings and with every other form of the same log."""

import json

import pytest

from topper_host import cli, stats, statlog
from topper_host.monitor_save import GameSaver
from topper.replay import LogError


def lay(t, slap=None, seat=0):
    return {"r": "lay", "t": t, "seat": seat, "card": "3RH", "slap": slap, "turn": 1, "penalty": False}


def race(t, order, ok=True, by=None, locked=(), paid=0):
    by = order[0][0] if by is None else by
    return {"r": "slap", "t": t, "order": order, "ok": ok, "by": by, "locked": list(locked), "tie": [],
            "rule": "pair" if ok else None, "paid": paid}


def late(t, seat, margin):
    return {"r": "late", "t": t, "seat": seat, "margin_us": margin}


# ----- hand-made rulings ------------------------------------------------------------------


def test_the_seat_that_wins_every_race_has_the_best_median():
    rulings = [{"r": "starter", "t": 0, "seat": 0, "shows": []}]
    t = 1000
    for i in range(9):
        rulings.append(lay(t, "pair"))
        rulings.append(race(t + 200 + i, [[2, 0]]))
        rulings.append(late(t + 260 + i, 0, 60000 + 1000 * i))
        rulings.append(late(t + 300 + i, 1, 100000 + 2000 * i))
        t += 5000
    rulings.append({"r": "win", "t": t, "seat": 2})
    g = stats.game(rulings, "hand", "ww3", 3)
    assert g.kind == "slap" and g.winners == [2] and g.finished
    p1, p2, p3 = g.seats
    assert (p3.won, p3.lost) == (9, 0)
    assert p1.won == p2.won == 0 and p1.lost == p2.lost == 9
    assert stats.median(p3.reactions) < stats.median(p1.reactions) < stats.median(p2.reactions)
    assert stats.median(p3.reactions) == 204  # the fifth race: 200 + 4 ms
    assert stats.median(p1.reactions) == 264 + 4
    assert p3.won_by == [60 + i for i in range(9)]  # the next press: P1's
    assert p1.lost_by == [60 + i for i in range(9)]
    assert g.length_ms == t and g.lays == 9 and g.slaps == 9


def test_wrong_slaps_penalties_lockouts_and_hurry_ups_are_counted_not_timed():
    rulings = [
        lay(0, None),
        race(300, [[1, 0]], ok=False, paid=2),
        late(340, 0, 40000),  # on a pile that was not slappable: no reaction
        {"r": "locked", "t": 500, "seat": 1},
        {"r": "hurry", "t": 3000, "seat": 0},
        lay(4000, "joker"),
        race(4250, [[1, 0], [0, 20000]], locked=[1], by=0),
        {"r": "collect", "t": 6000, "seat": 0, "cards": 5},
        race(6100, [[1, 0]], ok=False, paid=0),
    ]
    g = stats.game(rulings)
    p1, p2 = g.seats
    assert (p2.wrong, p2.paid, p2.lockouts) == (2, 2, 1)
    assert p1.hurries == 1 and p1.wrong == 0
    assert p1.reactions == [270.0] and p2.reactions == []  # locked P2 is no reaction
    assert p1.won == 1 and p2.lost == 0
    assert p1.won_by == []  # nobody else pressed in time to give a margin
    assert g.winners == [] and not g.finished


def test_reactions_cross_the_tick_wrap():
    wrap = 1 << 29
    g = stats.game([lay(wrap - 100, "pair"), race(150, [[0, 0], [1, 5500]])])
    assert g.seats[0].reactions == [250.0]
    assert g.seats[1].reactions == [255.5]
    assert g.length_ms == 250


def test_think_times_leave_out_pauses():
    events = [
        {"ev": "start", "t": 1000},
        {"ev": "act", "seat": 0, "t": 3000},
        {"ev": "pause", "t": 4000},
        {"ev": "resume", "t": 60000},
        {"ev": "act", "seat": 1, "t": 62000},
        {"ev": "tick", "t": 63000},
        {"ev": "act", "seat": 2, "t": 65500},
    ]
    assert stats.think_times(events) == [(0, 2000), (1, 3000), (2, 3500)]


def test_percentiles_interpolate_like_numpy():
    assert stats.percentile([], 50) is None
    assert stats.percentile([7], 90) == 7
    assert stats.median([1, 2, 3, 4]) == 2.5
    assert stats.percentile([10, 20, 30, 40, 50], 90) == pytest.approx(46.0)
    assert stats.histogram([0, 9, 10, 25], 10) == [(0, 2), (10, 1), (20, 1)]


def test_players_add_games_up_by_seat():
    a = stats.game([lay(0, "pair"), race(200, [[0, 0]]), {"r": "win", "t": 900, "seat": 0}], seats=2)
    b = stats.game([lay(0, "pair"), race(300, [[1, 0]]), late(350, 0, 50000),
                    {"r": "win", "t": 900, "seat": 1}], seats=3)
    ps = stats.players([a, b])
    assert [p.games for p in ps] == [2, 2, 1]
    assert [p.wins for p in ps] == [1, 1, 0]
    assert ps[0].reactions == [200.0, 350.0] and ps[0].won == 1 and ps[0].lost == 1


# ----- seeded simulator games ---------------------------------------------------------------


def _sim(tmp_path, name, *args):
    path = tmp_path / name
    assert cli.main(["sim", "--bots-only", "--log", str(path)] + list(args)) == 0
    return path


def _rulings(path):
    return [json.loads(x) for x in path.read_text().splitlines() if '"r":' in x]


@pytest.fixture(scope="module")
def slap_logs(tmp_path_factory):
    d = tmp_path_factory.mktemp("sim")
    return [_sim(d, "ww3-%d.jsonl" % seed, "--seed", str(seed), "--seats", str(seats), "--game", game)
            for seed, seats, game in ((4, 3, "ww3"), (7, 4, "armageddon"))]


def test_a_simulated_games_figures_add_up_to_its_rulings(slap_logs, capsys):
    for path in slap_logs:
        g = statlog.read(str(path))
        rulings = _rulings(path)
        count = {}
        for r in rulings:
            count[r["r"]] = count.get(r["r"], 0) + 1
        good = [r for r in rulings if r["r"] == "slap" and r["ok"]]
        wrong = [r for r in rulings if r["r"] == "slap" and not r["ok"] and r["by"] >= 0]
        seats = g.seats
        assert sum(s.won for s in seats) == len(good) > 0
        assert sum(s.wrong for s in seats) == len(wrong)
        assert sum(s.paid for s in seats) == sum(r["paid"] for r in wrong)
        assert sum(s.hurries for s in seats) == count.get("hurry", 0)
        assert sum(s.lockouts for s in seats) == count.get("locked", 0)
        assert g.lays == count["lay"] and g.slaps == count["slap"]
        # Every reaction is a race won or lost: nobody's press is counted twice or lost.
        assert sum(len(s.reactions) for s in seats) == sum(s.won + s.lost for s in seats)
        for s in seats:
            assert len(s.lost_by) == s.lost and len(s.won_by) <= s.won
            assert all(x >= 0 for x in s.lost_by + s.won_by)
            assert all(0 < x < 60000 for x in s.reactions)
            if s.reactions:
                assert stats.median(s.reactions) <= stats.percentile(s.reactions, 90)
        # The game's winner is the one the simulator announced.
        assert g.winners == [r["seat"] for r in rulings if r["r"] == "win"]
        assert g.length_ms == rulings[-1]["t"] - rulings[0]["t"]
        # The fastest seat (by median) won more races than the slowest one.
        ranked = sorted([s for s in seats if s.reactions], key=lambda s: stats.median(s.reactions))
        assert ranked[0].won > ranked[-1].won


def _figures(g):
    return [(s.reactions, s.won, s.lost, s.won_by, s.lost_by, s.wrong, s.paid, s.hurries) for s in g.seats]


def test_every_form_of_a_log_gives_the_same_figures(slap_logs, tmp_path, capsys):
    path = slap_logs[0]
    whole = statlog.read(str(path))
    # topper replay's output: the rulings alone
    assert cli.main(["replay", str(path)]) == 0
    out = tmp_path / "rulings.jsonl"
    out.write_text(capsys.readouterr().out)
    # the board's download: the events alone
    events = tmp_path / "events.jsonl"
    events.write_text("".join(x + "\n" for x in path.read_text().splitlines() if '"r":' not in x))
    # topper monitor --save: the stream as the board sent it
    saver = GameSaver(str(tmp_path / "monitor.jsonl"))
    for line in path.read_text().splitlines():
        saver.line(json.loads(line))
    saver.close()
    for other in (out, events, tmp_path / "monitor.jsonl"):
        g = statlog.read(str(other))
        assert _figures(g) == _figures(whole), other
        assert g.winners == whole.winners and g.length_ms == whole.length_ms
    assert statlog.read(str(events)).game == whole.game
    assert statlog.read(str(out)).game == "?"  # the rulings do not name the game


def test_a_turn_games_think_times_add_up(tmp_path):
    path = _sim(tmp_path, "tripp.jsonl", "--game", "tripp", "--seats", "3", "--seed", "2",
                "--clock", "fischer:60:2")
    g = statlog.read(str(path))
    lines = [json.loads(x) for x in path.read_text().splitlines()]
    # With the card pad every play, face-up choice, face-down card and pickup is a move.
    moves = [x for x in lines if x.get("r") in ("play", "faceup", "flip", "pickup")]
    pairs = zip(lines, lines[1:])
    pickups_of_flips = [b for a, b in pairs if a.get("r") == "flip" and b.get("r") == "pickup"]
    assert g.kind == "turn" and g.game == "tripp" and moves
    assert g.actions == len(moves) - len(pickups_of_flips) == sum(len(s.think) for s in g.seats)
    for n, s in enumerate(g.seats):
        assert len(s.think) >= len([m for m in moves if m["r"] == "play" and m["seat"] == n])
        assert all(x >= 0 for x in s.think)
    total = sum(sum(s.think) for s in g.seats)
    assert total <= g.length_ms
    assert g.winners == [x["seat"] for x in lines if x.get("r") == "win"]
    assert sum(s.flags for s in g.seats) == len([x for x in lines if x.get("r") == "flag"])


def test_a_boards_turn_game_log_is_read_as_recorded(tmp_path):
    path = tmp_path / "board-turn.jsonl"
    path.write_text("\n".join([
        '{"cardpad":false,"control":[4,600000,0],"game":"tripp","log":"topper-turn","options":{},"seats":3,"v":1}',
        '{"ev":"start","t":2940}',
        '{"ev":"button","press":"short","seat":1,"t":3410}',
        '{"r":"flag","seat":1,"t":9000}',
        '{"r":"win","seat":2,"t":12940}',
    ]) + "\n")
    g = statlog.read(str(path))
    assert g.game == "tripp" and g.kind == "turn" and len(g.seats) == 3
    assert g.winners == [2] and g.seats[1].flags == 1 and g.length_ms == 3940


@pytest.mark.parametrize("text, line, words", [
    ("", 1, "an empty log"),
    ("\n\n", 2, "an empty log"),
    ("not json\n", 1, "not a log line"),
    ("[1, 2]\n", 1, "expected a JSON object"),
    ('{"log":"something-else"}\n', 1, "not a Topper Table log"),
    ('{"ev":"lay","t":5}\n', 1, "starts with its header"),
    ('{"r":"lay","t":5}\n{"ev":"lay","t":6}\n', 2, "expected a ruling line"),
    ('{"r":"late","t":5,"seat":"x","margin_us":3}\n', 1, "needs a whole 'seat'"),
    ('{"r":"slap","t":5,"by":0,"order":[[0]]}\n', 1, "needs 'order'"),
    ('{"r":"lay","t":-5}\n', 1, "whole 't'"),
    ('{"r":"over","t":5,"winners":"P1"}\n', 1, "needs 'winners'"),
])
def test_malformed_logs_name_their_line(tmp_path, text, line, words):
    path = tmp_path / "bad.jsonl"
    path.write_text(text)
    with pytest.raises(LogError) as e:
        statlog.read(str(path))
    assert e.value.line == line and words in e.value.msg


def test_a_directory_and_a_missing_file_are_os_errors(tmp_path):
    with pytest.raises(IsADirectoryError):
        statlog.read(str(tmp_path))
    with pytest.raises(FileNotFoundError):
        statlog.read(str(tmp_path / "nope.jsonl"))


@pytest.mark.parametrize("text, words", [
    ('{"r":"lay","t":5,"chances":1.5}\n', "not 1.5"),
    ('{"r":[1],"t":5}\n', "'r' names a ruling"),
    ('{"r":"slap","t":5,"by":0,"order":[[0,0]],"locked":true}\n', "needs 'locked'"),
    ('{"r":"slap","t":5,"by":0,"order":[[0,0]],"paid":[1]}\n', "needs a whole 'paid'"),
])
def test_odd_values_name_their_line(tmp_path, text, words):
    path = tmp_path / "odd.jsonl"
    path.write_text(text)
    with pytest.raises(LogError) as e:
        statlog.read(str(path))
    assert e.value.line == 1 and words in e.value.msg


VALUES = [None, -1, 999, "x", [1], [999, 2], {}, 1.5, True, [[0]], [["a", 1]], 0, 7, "act", "lay",
          "press", "slap", "late", "win", "over", [[9, 0]], [[0, 0], [1, 5]]]


def test_a_damaged_log_is_refused_by_its_line_never_with_a_traceback(slap_logs, tmp_path, capsys):
    """Seeded damage to a simulator log, its replay output and a turn game's log: each
    damaged log reads or gives a LogError, nothing else."""
    import random

    assert cli.main(["replay", str(slap_logs[0])]) == 0
    rulings = capsys.readouterr().out.splitlines()
    turn = _sim(tmp_path, "tripp.jsonl", "--game", "tripp", "--seats", "3", "--seed", "2")
    sources = [slap_logs[0].read_text().splitlines(), rulings, turn.read_text().splitlines()]
    rnd = random.Random(18)
    for lines in sources:
        for _ in range(150):
            damaged = list(lines)
            i = rnd.randrange(0, min(len(damaged), 80))
            obj = json.loads(damaged[i])
            key = rnd.choice(sorted(obj))
            if rnd.random() < 0.3:
                del obj[key]
            else:
                obj[key] = rnd.choice(VALUES)
            damaged[i] = json.dumps(obj)
            try:
                statlog.parse(damaged, "damaged")
            except LogError as e:
                assert e.line >= 1 and e.msg
