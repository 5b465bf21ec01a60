"""Bots: whole seeded games that end and replay, and play that looks human (reaction
times around 350 ms, missed and wrong slaps, slow lays that set off the hurry-up)."""

import json

from test_sim_support import batches, replayed, topper
from topper_host.sim import bots, clock, loop, summary
from topper_host.sim.table import Table, referee


def _game(variant="ww3", seats=4, seed=1, style=None, minutes=30, hurry=3000):
    """A bots-only game on the fake clock; returns (table, stats, log lines)."""
    style = style or bots.Style()
    lines = []
    table = Table(
        referee(variant, seats, 2, seed, hurry),
        bots=[bots.Bot(s, seed, style) for s in range(seats)],
        sink=lines.append,
    )
    stats = summary.GameStats(seats)
    table.listeners.append(stats)
    c = clock.FakeClock()
    table.start(c.now())
    loop.run(table, c, loop.Headless(max_ms=minutes * 60000))
    return table, stats, lines


def test_bots_only_games_end_with_a_winner_and_their_logs_replay(tmp_path):
    for variant, seats, seed in (("ww3", 3, 5), ("armageddon", 4, 14)):
        log = tmp_path / ("%s.jsonl" % variant)
        p = topper(
            "sim",
            "--bots-only",
            "--game",
            variant,
            "--seats",
            seats,
            "--seed",
            seed,
            "--games",
            2,
            "--log",
            log,
        )
        assert p.returncode == 0, p.stderr
        lines = p.stdout.splitlines()
        assert lines[0].startswith("game 1: P") and " wins after " in lines[0]
        assert lines[1].startswith("game 2: P") and " wins after " in lines[1]
        assert lines[2].startswith("2 games: wins ")
        for i in (1, 2):
            path = tmp_path / ("%s-%03d.jsonl" % (variant, i))
            rulings = replayed(path)
            assert rulings[-1]["r"] == "win"
            assert json.loads(path.read_text().splitlines()[0])["seed"] == seed + i - 1


def test_bots_only_runs_are_reproducible(tmp_path):
    a = topper(
        "sim",
        "--bots-only",
        "--headless",
        "--seats",
        3,
        "--seed",
        21,
        "--max-minutes",
        2,
        "--log",
        tmp_path / "a.jsonl",
    )
    b = topper(
        "sim",
        "--bots-only",
        "--headless",
        "--seats",
        3,
        "--seed",
        21,
        "--max-minutes",
        2,
        "--log",
        tmp_path / "b.jsonl",
    )
    assert a.returncode == 0 and a.stdout == b.stdout
    assert (tmp_path / "a.jsonl").read_bytes() == (tmp_path / "b.jsonl").read_bytes()
    c = topper(
        "sim",
        "--bots-only",
        "--headless",
        "--seats",
        3,
        "--seed",
        22,
        "--max-minutes",
        2,
        "--log",
        tmp_path / "c.jsonl",
    )
    assert c.stdout != a.stdout
    assert len(batches(a.stdout)) > 50


def test_reaction_times_look_human():
    style = bots.Style()
    for seat in range(4):
        bot = bots.Bot(seat, 3, style)
        times = sorted([bot.reaction() for _ in range(4000)])
        median = times[2000] / bot.skill
        assert 315 <= median <= 385, median  # about 350 ms for a bot of skill 1
        assert times[0] >= 170 * bot.skill  # nobody beats the floor of seeing and moving
        assert times[3800] > 1.25 * times[2000]  # a slow tail
    quick = bots.Bot(0, 3, bots.Style(speed=2.0))
    slow = bots.Bot(0, 3, bots.Style(speed=1.0))
    assert abs(quick.reaction() * 2 - slow.reaction()) <= 2  # same draws, half the time


def test_bots_have_different_skills_from_the_seed():
    skills = [bots.Bot(s, 8, bots.Style()).skill for s in range(6)]
    assert len(set(skills)) == 6 and all(0.75 <= k <= 1.35 for k in skills)
    assert skills == [bots.Bot(s, 8, bots.Style()).skill for s in range(6)]


def test_bots_that_never_slap_never_press():
    _, stats, lines = _game(style=bots.Style(miss=1.0, wrong=0.0), minutes=3)
    assert stats.lays > 100
    assert not [ln for ln in lines if '"ev":"press"' in ln]


def test_bots_slap_the_combinations_they_see_and_err_sometimes():
    _, stats, lines = _game(seats=4, seed=2, minutes=10)
    assert stats.slaps > 10 and stats.late > 0
    assert 0 < stats.wrong < stats.slaps  # mostly right, sometimes wrong
    # Every won slap came a human reaction time after the card it took.
    objs = [json.loads(ln) for ln in lines]
    last_lay = None
    for o in objs:
        if o.get("r") == "lay":
            last_lay = o["t"]
        if o.get("r") == "slap" and o["ok"]:
            assert 100 <= o["t"] - last_lay <= 3000


def test_slow_bots_set_off_the_hurry_up():
    _, dawdlers, _ = _game(style=bots.Style(slow=1.0), minutes=3)
    assert dawdlers.hurries >= dawdlers.lays * 0.8
    _, brisk, _ = _game(style=bots.Style(slow=0.0), minutes=3)
    assert brisk.hurries <= brisk.lays * 0.02
    _, off, _ = _game(style=bots.Style(slow=1.0), minutes=3, hurry=0)
    assert off.hurries == 0


def test_bad_bot_settings_are_refused():
    p = topper("sim", "--bots-only", "--bot-miss", "1.5")
    assert p.returncode == 2 and "miss must be a probability" in p.stderr
    p = topper("sim", "--bots-only", "--seats", "9")
    assert p.returncode == 2 and "--seats must be 2 to 8" in p.stderr


def test_a_game_goes_the_same_way_at_any_pace():
    """Watching at 64x moves the table seconds a frame; a slow machine moves it in
    uneven jumps. Bots and timers must not notice: the rulings are the fake clock's."""

    def play(jumps):
        style = bots.Style()
        table = Table(referee("ww3", 3, 2, 17, 3000), bots=[bots.Bot(s, 17, style) for s in range(3)])
        rulings = []
        table.listeners.append(lambda tb, t, out: rulings.extend(out))
        table.start(0)
        t = 0
        i = 0
        while not table.over and t < 4 * 60000:
            t += jumps[i % len(jumps)]
            i += 1
            table.advance(t)
        return [r for r in rulings if r["t"] < 3 * 60000]  # where every pace got to

    steady = play([10])
    assert len(steady) > 200
    assert play([1, 2500, 37, 900, 3]) == steady
    assert play([1920]) == steady
