"""Bots at the device's buttons and card pad: play that looks human (reaction
times around 350 ms, missed and wrong slaps, slow lays that set off the hurry-up)."""

import json

from test_sim_support import topper
from topper_host.sim import bots, slap_board, summary
from topper_host.sim.device_bots import DeviceBots


def _game(variant="ww3", seats=4, seed=1, style=None, minutes=30, hurry=3000):
    """A bots-only game at the device's shell on the virtual board; returns (board,
    stats, the device's log lines)."""
    lines = []
    board = slap_board.boot(variant, seats, 2, hurry, seed, lines.append)
    DeviceBots(board, range(seats), seed, style or bots.Style())
    stats = summary.GameStats(seats)
    board.watchers.append(stats)
    slap_board.deal(board, variant, seats, 2, hurry, seed)
    end = board.now + minutes * 60000
    while board.now < end and not slap_board.over(board):
        board.wait(1000)
    return board, stats, lines


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
