"""The turn-game simulator's shell (table, bots, log, replay, live keys) on a tiny
honest game (turn_toy.Race), so it is tested apart from the real games' rules."""

import json

import pytest
import turn_toy
from topper.eventlog import LogError
from topper.gamekit import Entry
from topper_host.sim import clock as clockmod
from sim_ui_support import HandClock, run, shown
from topper_host.sim import turn_cmd, turn_log
from topper_host.sim.turn_table import TurnTable
from topper_host.sim.think import Thinker
from topper_host.sim.ui.turn_app import TurnApp


@pytest.fixture(autouse=True)
def toy_module(monkeypatch):
    monkeypatch.setattr(turn_log, "module", lambda game: turn_toy)


def _table(seed=3, seats=3, humans=(), clock=None, hands=2, lines=None):
    head = turn_log.header("guess", seats, seed, Entry.DEALT, {"hands": hands}, clock)
    sink = lines.append if lines is not None else None
    return TurnTable(turn_log.make(head), humans=humans, seed=seed, sink=sink, head=head)


def _bots_game(**kw):
    lines = []
    table = _table(lines=lines, **kw)
    clock = clockmod.FakeClock()
    timed_out = turn_cmd.play(table, clock, 3600000)
    return table, clock, lines, timed_out


def test_a_bots_match_ends_with_the_most_points_winning():
    for seed in range(6):
        table, clock, lines, timed_out = _bots_game(seed=seed, hands=3)
        assert not timed_out and table.over and not table.stuck
        view = table.view(clock.now())
        points = view["scores"]
        assert sum(points) == 3  # one point a hand
        assert view["winners"] == [s for s in range(3) if points[s] == max(points)]
        # Every act the log holds is the seat on turn adding 1-3, no refusals.
        acts = [json.loads(x) for x in lines if '"ev":"act"' in x]
        assert acts and all(1 <= a["a"][2] <= 3 and a["a"][1] == a["seat"] for a in acts)
        assert not any('"r":"error"' in x for x in lines)


def test_bots_think_at_a_human_pace_and_reproducibly():
    th = Thinker(5, 1)
    b = [th.delay() for _ in range(400)]
    b.sort()
    assert 700 <= b[0] and 1200 <= b[200] <= 3000 and b[-1] < 15000
    fast = Thinker(5, 1, speed=4.0)
    assert sorted([fast.delay() for _ in range(400)])[200] * 3 < b[200]
    one, _, lines1, _ = _bots_game(seed=9)
    two, _, lines2, _ = _bots_game(seed=9)
    assert lines1 == lines2


def test_the_log_replays_and_a_tampered_log_is_refused_with_its_line():
    table, clock, lines, _ = _bots_game(seed=4, clock=turn_log.control_from("fischer:5:1"))
    head, events = turn_log.read(lines)
    rulings = turn_log.check(head, events)
    assert [r["r"] for r in rulings].count("hand") == 2
    # Change one action: the game refuses it (out of turn) or rules differently.
    i = next(i for i, x in enumerate(lines) if '"ev":"act"' in x)
    bad = list(lines)
    obj = json.loads(bad[i])
    obj["a"][1] = (obj["a"][1] + 1) % 3
    bad[i] = json.dumps(obj)
    with pytest.raises(LogError) as e:
        turn_log.check(*turn_log.read(bad))
    assert e.value.line == i + 1 and "refuses" in e.value.msg
    # A recorded ruling that differs from the game's.
    j = next(i for i, x in enumerate(lines) if '"r":"add"' in x)
    bad = list(lines)
    bad[j] = bad[j].replace('"total":', '"total":1')
    with pytest.raises(LogError) as e:
        turn_log.check(*turn_log.read(bad))
    assert e.value.line == j + 1 and "the log says" in e.value.msg


def test_a_flag_is_stamped_when_time_ran_out_and_replays():
    # Two-second moves: the bots think longer now and then, and flag.
    table, clock, lines, _ = _bots_game(seed=2, clock=turn_log.control_from("per-move:2"))
    flags = [json.loads(x) for x in lines if '"r":"flag"' in x]
    assert flags
    ticks = [json.loads(x) for x in lines if '"ev":"tick"' in x]
    assert ticks and all(t["t"] >= f["t"] for t, f in zip(ticks, flags))
    turn_log.check(*turn_log.read(lines))


def _app(table, clock, humans=(0,)):
    return TurnApp(clock, table, humans=humans, title="toy", tick=False)


def test_the_human_picks_from_the_numbered_menu_with_keys():
    for size in ((200, 50), (90, 30)):
        hand = HandClock()
        clock = hand.make()
        table = _table(seed=1, humans=(0,))
        app = _app(table, clock)
        table.start(0)

        async def play(pilot, table=table, hand=hand, app=app):
            text = await shown(app, pilot)
            assert " 1. add 1 (total 1)" in text and " 3. add 3 (total 3)" in text
            assert "Your cards (P1): %s" % table.ref.secrets[0] in text
            hand.go(0.5)
            # Down, then 3, then up: the second item; Enter does it.
            await pilot.press("down", "3", "up", "enter")
            assert table.ref.total == 2 and table.ref.turn == 1
            text = await shown(app, pilot)
            assert "P1 adds 2: 2" in text and "waiting for P2" in text
            # Keys while it is not our turn change nothing.
            await pilot.press("1", "enter")
            assert table.ref.total == 2

        run(app, size, play)


def test_pause_stops_the_chess_clock_and_is_logged():
    hand = HandClock()
    clock = hand.make()
    lines = []
    table = _table(humans=(0,), clock=turn_log.control_from("sudden-death:60"), lines=lines)
    app = _app(table, clock)
    table.start(0)

    async def play(pilot):
        hand.go(1.0)
        await pilot.press("p")
        assert table.view(1000)["clock"]["paused"] and clock.paused
        text = await shown(app, pilot)
        assert app.frame.lines[1].endswith("paused") and "PAUSED" in text
        hand.go(0.5)
        await pilot.press("enter")  # no move while paused
        assert table.ref.total == 0
        await pilot.press("p")

    run(app, (120, 40), play)
    assert '"ev":"pause"' in "".join(lines) and '"ev":"resume"' in "".join(lines)
    turn_log.check(*turn_log.read(lines))


def test_the_panel_shows_only_the_human_seats_secret():
    hand = HandClock()
    table = _table(seed=7, seats=4, humans=(0,))
    app = _app(table, hand.make())
    table.start(0)

    async def play(pilot):
        for t in range(0, 20000, 250):
            table.advance(t)
            if table.over:
                break
            app.draw(t)
            text = await shown(app, pilot, step=False)
            secrets = table.ref.secrets
            assert secrets[0] in text
            assert not any(secrets[s] in text for s in range(1, 4))

    run(app, (200, 50), play)
