"""The chess clock, control by control, as a table sees it: presses and ticks in, events
and remaining times out. Every scenario is also run with its stamps shifted so that the
2**29 ms tick wrap falls in the middle of it: the events must not change."""

from topper.clock import (
    ChessClock,
    ClockError,
    TimeControl,
    bronstein,
    fischer,
    hourglass,
    per_move,
    sudden_death,
)
from topper.rng import Rng
from topper.ticks import PERIOD, ticks_add, ticks_diff

# Base stamps: none, the wrap inside the scenario, the wrap 1 ms in, an odd stamp.
BASES = (0, PERIOD - 2500, PERIOD - 1, 12345)


def turn(seat, to, spent, bonus, t):
    return {"r": "turn", "t": t, "seat": seat, "to": to, "spent": spent, "bonus": bonus}


def flag(seat, t):
    return {"r": "flag", "t": t, "seat": seat}


def ignored(seat, why, t):
    return {"r": "ignored", "t": t, "seat": seat, "why": why}


def _do(clock, op, arg, t):
    if op == "start":
        return clock.start(arg, t)
    if op == "press":
        return clock.press(arg, t)
    if op == "tick":
        return clock.tick(t)
    if op == "pause":
        return clock.pause(t)
    if op == "resume":
        return clock.resume(t)
    if op == "next":
        clock.set_next(arg)
        return []
    if op == "remove":
        return clock.remove(arg, t)
    if op == "stop":
        return clock.stop(t)
    if op == "view":
        return clock.view(t)
    raise AssertionError("no op %r" % op)


def _play(name, control, seats, steps, base):
    clock = ChessClock(seats, control)
    for op, arg, at, want in steps:
        where = "%s: %s %r @%d (base %d)" % (name, op, arg, at, base)
        got = _do(clock, op, arg, ticks_add(base, at))
        if op == "view":
            for key in sorted(want):
                assert got[key] == want[key], "%s: %s is %r" % (where, key, got[key])
            continue
        # Events carry absolute stamps: compare them relative to the base.
        rel = []
        for e in got:
            e = dict(e)
            e["t"] = ticks_diff(e["t"], base)
            rel.append(e)
        if want is not None:
            assert rel == want, "%s gave %r, not %r" % (where, rel, want)


def _run(name, control, seats, steps):
    for base in BASES:
        _play(name, control, seats, steps, base)


# The scenario tables read as a log: one step a line.
# fmt: off
def test_per_move_limit():
    _run("per move", per_move(10000), 3, [
        ("start", 0, 0, [{"r": "start", "t": 0, "seat": 0, "next": 1}]),
        ("press", 0, 4000, [turn(0, 1, 4000, 0, 4000)]),
        ("view", None, 9000, {"remaining": [10000, 5000, 10000], "on_turn": 1, "next": 2}),
        ("tick", None, 13999, []),
        ("tick", None, 14000, [flag(1, 14000)]),
        ("tick", None, 20000, []),
        ("view", None, 20000, {"remaining": [10000, 0, 10000],
                               "flagged": [False, True, False], "flags": [0, 1, 0]}),
        ("press", 1, 21000, [turn(1, 2, 17000, 0, 21000)]),
        # The limit is per move: the next move starts fresh and unflagged.
        ("view", None, 21000, {"remaining": [10000, 10000, 10000],
                               "flagged": [False, False, False], "flags": [0, 1, 0]}),
    ])


def test_fischer_increment():
    _run("fischer", fischer(60000, 2000), 2, [
        ("start", 0, 0, None),
        ("press", 0, 5000, [turn(0, 1, 5000, 2000, 5000)]),
        ("press", 1, 6000, [turn(1, 0, 1000, 2000, 6000)]),
        ("view", None, 6000, {"remaining": [57000, 61000]}),
    ])
    _run("fischer flag", fischer(3000, 1000), 2, [
        ("start", 0, 0, None),
        ("press", 0, 2500, [turn(0, 1, 2500, 1000, 2500)]),
        ("press", 1, 3000, [turn(1, 0, 500, 1000, 3000)]),
        ("view", None, 3000, {"remaining": [1500, 3500]}),
        # Found late by a tick, the flag is stamped when the time ran out.
        ("tick", None, 10000, [flag(0, 4500)]),
        ("press", 0, 11000, [turn(0, 1, 8000, 0, 11000)]),
        ("view", None, 11000, {"remaining": [0, 3500], "flagged": [True, False]}),
    ])


def test_bronstein_delay():
    _run("bronstein", bronstein(60000, 3000), 2, [
        ("start", 0, 0, None),
        ("press", 0, 2000, [turn(0, 1, 2000, 2000, 2000)]),
        ("press", 1, 7000, [turn(1, 0, 5000, 3000, 7000)]),
        ("view", None, 7000, {"remaining": [60000, 58000]}),
    ])
    _run("bronstein flag", bronstein(1000, 3000), 2, [
        ("start", 0, 0, None),
        # The delay comes back after the move: it does not hold the flag off.
        ("tick", None, 999, []),
        ("tick", None, 1000, [flag(0, 1000)]),
        ("press", 0, 1500, [turn(0, 1, 1500, 0, 1500)]),
        ("view", None, 1500, {"remaining": [0, 1000]}),
    ])


def test_sudden_death():
    _run("sudden death", sudden_death(30000), 3, [
        ("start", 0, 0, None),
        ("press", 0, 10000, [turn(0, 1, 10000, 0, 10000)]),
        ("press", 1, 15000, [turn(1, 2, 5000, 0, 15000)]),
        ("press", 2, 15000, [turn(2, 0, 0, 0, 15000)]),
        ("view", None, 20000, {"remaining": [15000, 25000, 30000]}),
        ("tick", None, 40000, [flag(0, 35000)]),
        ("view", None, 50000, {"remaining": [0, 25000, 30000], "flags": [1, 0, 0]}),
        # A press that comes after the flag with no tick between reports both.
        ("press", 0, 50000, [turn(0, 1, 35000, 0, 50000)]),
        ("press", 1, 80000, [flag(1, 75000), turn(1, 2, 30000, 0, 80000)]),
    ])


def test_hourglass_shares_spent_time_and_conserves_the_total():
    _run("hourglass", hourglass(60000), 3, [
        ("start", 0, 0, None),
        # 10001 ms shared by 2: 5000 each, the odd 1 ms to the mover's left (P2).
        ("view", None, 10001, {"remaining": [49999, 65001, 65000]}),
        ("press", 0, 10001, [turn(0, 1, 10001, 0, 10001)]),
        ("view", None, 10001, {"remaining": [49999, 65001, 65000]}),
        # Now P2 moves: 3 ms -> 1 each, the odd one to P3 (the mover's left).
        ("press", 1, 10004, [turn(1, 2, 3, 0, 10004)]),
        ("view", None, 10004, {"remaining": [50000, 64998, 65002]}),
    ])
    _run("hourglass flag", hourglass(1000), 3, [
        ("start", 0, 0, None),
        ("tick", None, 1000, [flag(0, 1000)]),
        ("view", None, 1200, {"remaining": [0, 1500, 1500], "flagged": [True, False, False]}),
        ("press", 0, 1200, [turn(0, 1, 1200, 0, 1200)]),
        # A flagged seat is out of the hourglass: P2's 400 ms all go to P3.
        ("view", None, 1600, {"remaining": [0, 1100, 1900]}),
    ])
    _run("hourglass with nobody to receive", hourglass(1000), 2, [
        ("start", 0, 0, None),
        ("press", 0, 0, None),
        ("tick", None, 1000, [flag(1, 1000)]),
        ("press", 1, 1000, None),
        ("tick", None, 9000, []),
        ("view", None, 9000, {"remaining": [2000, 0]}),
    ])


# fmt: on


def test_hourglass_total_never_changes_in_a_long_random_game():
    for seats in range(2, 9):
        rng = Rng(seats)
        clock = ChessClock(seats, hourglass(20000))
        t = PERIOD - 40000  # cross the wrap early
        clock.start(0, t)
        for _ in range(300):
            t = ticks_add(t, rng.below(9000))
            clock.tick(t)
            v = clock.view(t)
            assert sum(v["remaining"]) == 20000 * seats, v["remaining"]
            assert min(v["remaining"]) >= 0
            clock.press(clock.on_turn, t)


def test_presses_from_seats_not_on_turn_are_ignored_and_reported():
    clock = ChessClock(4, sudden_death(60000))
    assert clock.press(0, 0) == [ignored(0, "not started", 0)]
    clock.start(1, 100)
    before = clock.view(500)
    assert clock.press(2, 500) == [ignored(2, "not on turn", 500)]
    assert clock.view(500) == before
    assert clock.press(1, 700)[0]["r"] == "turn"


def test_the_game_says_who_is_next():
    clock = ChessClock(4, fischer(60000, 1000))
    clock.start(0, 0)
    assert clock.next == 1, "clockwise by default"
    clock.set_next(0)  # Tripp Jokes: a 2 or a 10, the same player goes again
    assert clock.press(0, 1000) == [turn(0, 0, 1000, 1000, 1000)]
    assert clock.on_turn == 0 and clock.next == 1, "then clockwise again"
    clock.set_next(3)
    clock.press(0, 2000)
    assert clock.on_turn == 3 and clock.next == 0
    for bad in (-1, 4, "2"):
        try:
            clock.set_next(bad)
        except ClockError:
            continue
        raise AssertionError("set_next(%r) was accepted" % (bad,))


def test_a_seat_taken_out_is_skipped_and_gets_no_share():
    clock = ChessClock(4, hourglass(10000))
    clock.start(0, 0)
    ev = clock.remove(1, 1000)  # P2 went out while P1 was thinking
    assert ev == [{"r": "out", "t": 1000, "seat": 1, "to": 0}]
    assert clock.next == 2
    v = clock.view(1000)
    assert v["remaining"] == [9000, 10334, 10333, 10333], "shared while P2 was in"
    v = clock.view(1300)
    assert v["remaining"] == [8700, 10334, 10483, 10483], "P2 gets nothing more"
    try:
        clock.set_next(1)
    except ClockError:
        pass
    else:
        raise AssertionError("a seat that is out cannot be next")
    ev = clock.remove(0, 2000)  # the seat on turn leaves: the turn passes on
    assert ev[-1]["to"] == 2 and clock.on_turn == 2 and clock.next == 3
    assert sum(clock.view(5000)["remaining"]) == 40000


def test_a_seat_taken_out_by_mistake_rejoins_with_its_bank():
    clock = ChessClock(3, hourglass(10000))
    clock.start(0, PERIOD - 1000)  # the wrap falls inside
    clock.remove(1, PERIOD - 400)  # P2 out by mistake: it got 300 of P1's 600 ms
    ev = clock.rejoin(1, 0, 1000)  # back: P1 still on turn, P2 next again
    assert ev == [{"r": "rejoin", "t": 1000, "seat": 1, "to": 0}]
    assert clock.next == 1 and clock.active == [True, True, True]
    v = clock.view(1000)
    assert v["remaining"] == [8000, 10300, 11700], "P2 got no share while it was out"
    assert sum(v["remaining"]) == 30000
    assert clock.rejoin(1, 0, 1100) == [], "a seat in the game is not added twice"


def test_a_rejoining_seat_restarts_a_clock_the_game_stopped():
    clock = ChessClock(2, fischer(10000, 1000))
    clock.start(0, 0)
    clock.remove(0, 2000)  # P1 went out on turn and that ended the game
    clock.stop(2000)
    clock.rejoin(0, 0, 5000)  # taken back: P1 on turn again, the dark 3 s are nobody's
    v = clock.view(6000)
    assert not v["over"] and v["on_turn"] == 0 and v["remaining"] == [7000, 10000]
    assert clock.press(0, 6000) == [turn(0, 1, 1000, 1000, 6000)]


def test_pause_freezes_every_clock():
    clock = ChessClock(2, sudden_death(10000))
    clock.start(0, PERIOD - 1000)
    assert clock.pause(PERIOD - 500) == [{"r": "pause", "t": PERIOD - 500}]
    assert clock.press(0, 4000) == [ignored(0, "paused", 4000)]
    assert clock.tick(20000) == [], "no flag while paused"
    assert clock.view(20000)["remaining"] == [9500, 10000]
    assert clock.view(20000)["paused"]
    assert clock.resume(30000) == [{"r": "resume", "t": 30000}]
    assert clock.resume(30001)[0]["why"] == "not paused"
    assert clock.press(0, 31000) == [turn(0, 1, 1500, 0, 31000)]


def test_stop_freezes_the_clock_for_good():
    clock = ChessClock(2, sudden_death(10000))
    clock.start(0, 0)
    assert clock.stop(3000) == [{"r": "stop", "t": 3000}]
    assert clock.press(0, 4000) == [ignored(0, "over", 4000)]
    assert clock.view(90000)["remaining"] == [7000, 10000]


def test_a_press_read_after_a_silent_tick_counts_at_its_own_stamp():
    # A shell logs only the ticks that ruled: a press stamped before a tick that flagged
    # nobody is charged as a replay of the log charges it, at its own stamp.
    clock = ChessClock(2, sudden_death(10000))
    clock.start(0, 0)
    assert clock.tick(5000) == []
    assert clock.press(0, 4000) == [turn(0, 1, 4000, 0, 4000)]


def test_a_late_stamp_after_a_flag_counts_as_the_flags_tick():
    # A tick that ruled is in the log: time never runs back behind it.
    clock = ChessClock(2, sudden_death(10000))
    clock.start(0, 0)
    clock.press(0, 1000)
    assert clock.tick(11500) == [flag(1, 11000)]
    assert clock.press(0, 11200)[0]["t"] == 11500


def test_bad_setups_are_refused():
    for make in (
        lambda: ChessClock(1, sudden_death(1000)),
        lambda: ChessClock(9, sudden_death(1000)),
        lambda: ChessClock(2, "fischer"),
        lambda: sudden_death(0),
        lambda: fischer(1000, -1),
        lambda: TimeControl(9, 1000),
        lambda: hourglass(1 << 28),
    ):
        try:
            make()
        except ClockError as err:
            assert isinstance(err, ValueError)
            continue
        raise AssertionError("a bad clock was accepted")
    clock = ChessClock(2, sudden_death(1000))
    clock.start(0, 0)
    for bad in (lambda: clock.start(1, 5), lambda: clock.press(2, 5), lambda: clock.tick(1.5)):
        try:
            bad()
        except ClockError:
            continue
        raise AssertionError("accepted")
