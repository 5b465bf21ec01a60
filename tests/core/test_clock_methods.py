"""The tournament methods of the chess clock, as a table sees them: simple (US) delay,
Japanese and Canadian byo-yomi, multi-stage controls and a handicap (a time of its own for
each seat), and the older saves restoring as they did. Each scenario runs with its stamps
shifted so that the 2**29 ms tick wrap falls inside it (test_clock's ``_run``)."""

from test_clock import _run, flag, turn
from topper import clock
from topper.clock import ChessClock, ClockError, TimeControl, byoyomi, canadian, delay, fischer, per_move


def period(seat, left, t):
    return {"r": "period", "t": t, "seat": seat, "left": left}


def cperiod(seat, moves, ms, t):
    return {"r": "period", "t": t, "seat": seat, "moves": moves, "ms": ms}


def stage(seat, n, add, t):
    return {"r": "stage", "t": t, "seat": seat, "stage": n, "add": add}


# fmt: off
def test_simple_delay_spends_nothing_in_the_first_seconds_of_a_move():
    _run("delay", delay(10000, 3000), 2, [
        ("start", 0, 0, None),
        # 2 s inside the delay: the bank does not move, and nothing is given back.
        ("view", None, 2000, {"remaining": [10000, 10000]}),
        ("press", 0, 2000, [turn(0, 1, 2000, 0, 2000)]),
        # 5 s: the first 3 are free, 2 come off.
        ("press", 1, 7000, [turn(1, 0, 5000, 0, 7000)]),
        ("view", None, 7000, {"remaining": [10000, 8000]}),
        # P1 runs out 3 s + 10 s into its move, unlike Bronstein whose delay comes after.
        ("view", None, 19999, {"remaining": [1, 8000], "flagged": [False, False]}),
        ("tick", None, 19999, []),
        ("tick", None, 25000, [flag(0, 20000)]),
    ])


def test_simple_delay_survives_a_pause_inside_the_delay():
    _run("delay pause", delay(10000, 3000), 2, [
        ("start", 0, 0, None),
        ("pause", None, 2000, [{"r": "pause", "t": 2000}]),
        ("resume", None, 9000, [{"r": "resume", "t": 9000}]),
        # 2 s used before the pause, 1 s of delay left after it.
        ("view", None, 10000, {"remaining": [10000, 10000]}),
        ("view", None, 11000, {"remaining": [9000, 10000]}),
    ])


def test_japanese_byoyomi_keeps_a_period_for_a_move_made_inside_it():
    _run("byo-yomi", byoyomi(5000, 2000, 3), 2, [
        ("start", 0, 0, None),
        # Main time out at 5 s: 3 periods of 2 s; nothing is a flag.
        ("tick", None, 5000, [period(0, 3, 5000)]),
        ("view", None, 6000, {"remaining": [1000, 5000], "stage": [1, 0], "count": [3, 0]}),
        # A move inside the period: the period comes back whole, none used.
        ("press", 0, 6500, [turn(0, 1, 6500, 0, 6500)]),
        ("view", None, 6500, {"remaining": [2000, 5000], "count": [3, 0]}),
        ("press", 1, 7000, [turn(1, 0, 500, 0, 7000)]),
        # A period that runs out is used up: 2 left, a fresh 2 s at once.
        ("tick", None, 9000, [period(0, 2, 9000)]),
        ("view", None, 10000, {"remaining": [1000, 4500], "count": [2, 0]}),
        # The view shows the periods a tick has not reached yet.
        ("view", None, 11500, {"remaining": [1500, 4500], "count": [1, 0], "flagged": [False, False]}),
        # The last period runs out: the flag.
        ("tick", None, 20000, [period(0, 1, 11000), flag(0, 13000)]),
    ])


def test_canadian_byoyomi_gives_a_period_for_every_n_moves():
    _run("canadian", canadian(3000, 10000, 2), 2, [
        ("start", 0, 0, None),
        ("tick", None, 3000, [cperiod(0, 2, 10000, 3000)]),
        ("press", 0, 7000, [turn(0, 1, 7000, 0, 7000)]),
        ("view", None, 7000, {"remaining": [6000, 3000], "count": [1, 0]}),
        ("press", 1, 8000, [turn(1, 0, 1000, 0, 8000)]),
        # The second move of the period: a new 10 s for the next 2 moves.
        ("press", 0, 12000, [turn(0, 1, 4000, 0, 12000), cperiod(0, 2, 10000, 12000)]),
        ("view", None, 12000, {"remaining": [10000, 2000], "count": [2, 0]}),
        ("press", 1, 12500, [turn(1, 0, 500, 0, 12500)]),
        # 10 s without the 2 moves: the flag.
        ("tick", None, 22500, [flag(0, 22500)]),
    ])


def test_a_second_stage_when_the_first_runs_out():
    # 20 min, then 5 min + 5 s a move (here 20 s, then 5 s + 1 s).
    c = TimeControl(clock.Control.FISCHER, 20000, 0, stages=[(0, 5000, 1000)])
    _run("stages by time", c, 2, [
        ("start", 0, 0, None),
        ("press", 0, 15000, [turn(0, 1, 15000, 0, 15000)]),
        ("press", 1, 16000, [turn(1, 0, 1000, 0, 16000)]),
        # P1's 5 s run out at 21000: the second stage, not a flag.
        ("tick", None, 22000, [stage(0, 1, 5000, 21000)]),
        ("view", None, 22000, {"remaining": [4000, 19000], "stage": [1, 0]}),
        # In the second stage each move earns its increment.
        ("press", 0, 23000, [turn(0, 1, 7000, 1000, 23000)]),
        ("view", None, 23000, {"remaining": [4000, 19000]}),
        ("press", 1, 24000, [turn(1, 0, 1000, 0, 24000)]),
        ("tick", None, 40000, [flag(0, 28000)]),
    ])


def test_a_second_stage_after_a_number_of_moves():
    # 2 moves in 10 s (+1 s each), then 5 s more, +2 s a move.
    c = TimeControl(clock.Control.FISCHER, 10000, 1000, stages=[(2, 5000, 2000)])
    _run("stages by moves", c, 2, [
        ("start", 0, 0, None),
        ("press", 0, 1000, [turn(0, 1, 1000, 1000, 1000)]),
        ("press", 1, 2000, [turn(1, 0, 1000, 1000, 2000)]),
        ("press", 0, 3000, [turn(0, 1, 1000, 1000, 3000), stage(0, 1, 5000, 3000)]),
        ("view", None, 3000, {"remaining": [15000, 10000], "stage": [1, 0]}),
        ("press", 1, 4000, [turn(1, 0, 1000, 1000, 4000), stage(1, 1, 5000, 4000)]),
        ("press", 0, 5000, [turn(0, 1, 1000, 2000, 5000)]),
        ("view", None, 5000, {"remaining": [16000, 15000]}),
    ])


def test_a_handicap_gives_each_seat_its_own_time():
    c = TimeControl(clock.Control.FISCHER, 60000, 1000, seat_ms=[30000, 60000, 90000])
    _run("handicap", c, 3, [
        ("start", 0, 0, None),
        ("view", None, 0, {"remaining": [30000, 60000, 90000]}),
        ("tick", None, 30000, [flag(0, 30000)]),
    ])
    # Per move: each seat's own limit, every move afresh.
    c = TimeControl(clock.Control.PER_MOVE, 10000, seat_ms=[5000, 10000])
    _run("handicap per move", c, 2, [
        ("start", 0, 0, None),
        ("press", 0, 4000, [turn(0, 1, 4000, 0, 4000)]),
        ("press", 1, 13000, [turn(1, 0, 9000, 0, 13000)]),
        ("view", None, 13000, {"remaining": [5000, 10000]}),
        ("tick", None, 18000, [flag(0, 18000)]),
    ])
# fmt: on


def test_a_penalty_lets_the_flagged_seat_play_on_from_the_flag():
    c = ChessClock(2, fischer(3000, 0))
    c.start(0, 0)
    assert c.tick(5000) == [flag(0, 3000)]
    assert c.penalize(0, 60000) == 1
    v = c.view(5000)
    # The added minute runs from the flag (3000), not from when it was noticed.
    assert v["remaining"][0] == 58000 and v["flagged"] == [False, False] and v["penalties"] == [1, 0]
    assert c.penalize(0, 60000) == 0  # a seat not flagged takes no penalty
    assert c.tick(63000) == [flag(0, 63000)]


def test_new_controls_save_and_restore_in_the_middle_of_a_period():
    for control in (
        byoyomi(5000, 2000, 3),
        canadian(3000, 10000, 2),
        delay(10000, 3000),
        TimeControl(clock.Control.BRONSTEIN, 4000, 500, stages=[(0, 5000, 1000)], seat_ms=[4000, 8000]),
    ):
        plain = ChessClock(2, control)
        plain.start(0, 0)
        plain.tick(6000)
        back = clock.restore(2, plain.save(6500), 100000)
        assert back.view(100000) == plain.view(6500), control.name()
        assert back.control.to_list() == control.to_list()
        assert back.tick(200000) == [
            dict(e, t=e["t"] - 6500 + 100000) for e in plain.tick(106500)
        ], control.name()


def test_a_save_of_the_older_form_restores():
    # A clock saved before byo-yomi and stages: three numbers for its control, no stages.
    old = {
        "ctl": [1, 60000, 2000],
        "bank": [50000, 61000],
        "active": [True, True],
        "flagged": [False, False],
        "flags": [0, 0],
        "moves": [1, 1],
        "on": 0,
        "next": 1,
        "state": [True, False, False],
        "move": 0,
        "run": 4000,
    }
    c = clock.restore(2, old, 1000)
    v = c.view(1000)
    assert v["remaining"] == [46000, 61000] and v["control"] == "fischer"
    assert v["stage"] == [0, 0] and v["penalties"] == [0, 0]
    assert c.press(0, 2000)[0]["bonus"] == 2000


def test_controls_round_trip_as_settings_and_headers():
    for control in (
        per_move(5000),
        byoyomi(5000, 2000, 3),
        canadian(3000, 10000, 2),
        TimeControl(clock.Control.FISCHER, 1200000, 0, stages=[(0, 300000, 5000)], seat_ms=[600000, 1200000]),
    ):
        assert clock.from_list(control.to_list()).to_list() == control.to_list()
        assert clock.from_header(control.to_header()).to_list() == control.to_list()
    assert per_move(5000).to_list() == [0, 5000, 0]  # the old form where nothing more is set
    assert per_move(5000).to_header() == {"control": "per-move", "base_ms": 5000, "extra_ms": 0}


def test_bad_tournament_controls_are_refused():
    bad = (
        lambda: byoyomi(5000, 2000, 0),
        lambda: byoyomi(5000, 0, 3),
        lambda: canadian(5000, 2000, 0),
        lambda: TimeControl(clock.Control.HOURGLASS, 5000, stages=[(0, 1000, 0)]),
        lambda: TimeControl(clock.Control.FISCHER, 5000, stages=[(0, 0, 0)]),
        lambda: TimeControl(clock.Control.FISCHER, 5000, stages=[(1, 2)]),
        lambda: TimeControl(clock.Control.FISCHER, 5000, periods=2),
        lambda: ChessClock(3, TimeControl(clock.Control.FISCHER, 5000, seat_ms=[1000, 2000])),
        lambda: TimeControl(clock.Control.FISCHER, 5000, seat_ms=[1000, 0]),
        lambda: clock.from_list([1, 5000]),
        lambda: clock.from_header({"control": "nonsense", "base_ms": 1}),
    )
    for make in bad:
        try:
            make()
        except ClockError:
            continue
        raise AssertionError("accepted a bad control")
