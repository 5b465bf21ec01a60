"""A turn game's chess clock saved and put back after a power cut (the referee's
``save`` and its module's ``restore``): the banks, the flags and the running move come back as they were;
the seconds the device was off are charged to nobody; the clock then runs on exactly
as one that was never cut, across the tick wrap too."""

import _toyturn
from topper import clock, inputs
from topper.gamekit import Entry
from topper.ticks import PERIOD, ticks_add

CONTROLS = (
    clock.per_move(5000),
    clock.fischer(30000, 2000),
    clock.bronstein(30000, 3000),
    clock.sudden_death(20000),
    clock.hourglass(15000),
)
OFF_MS = 7000  # how long the power was off


def _ref(control):
    r = _toyturn.referee(3, Entry.BUTTONS, 5, control, {"target": 20})
    r.start(0)
    return r


def _play(r, script, shift=0):
    """(t, press, seat) steps; the rulings, with the stamps shifted back by ``shift``."""
    out = []
    for t, press, seat in script:
        if press is None:
            got = r.tick(ticks_add(t, shift))
        else:
            got = r.button(press, seat, ticks_add(t, shift))
        for e in got:
            e = dict(e)
            e["t"] = (e["t"] - shift) % PERIOD
            out.append(e)
    return out


BEFORE = ((1200, inputs.SHORT, 0), (2500, inputs.LONG, 1), (3100, None, -1))
AFTER = ((3900, inputs.SHORT, 2), (9000, inputs.SHORT, 0), (26000, None, -1), (40000, inputs.SHORT, 1))


def test_a_restored_clock_runs_on_like_one_never_cut():
    for control in CONTROLS:
        for cut_base in (0, PERIOD - 2000, 123456):
            plain = _ref(control)
            _play(plain, BEFORE)
            want = _play(plain, AFTER)
            cut = _ref(control)
            _play(cut, BEFORE)
            saved = cut.save(3300)  # 200 ms into P3's move
            # The device is off for OFF_MS, then starts again at cut_base.
            back = _toyturn.restore(saved, cut_base)
            shift = (cut_base - 3300) % PERIOD
            # Right after the resume it shows what it showed at the cut.
            uncut = _ref(control)
            _play(uncut, BEFORE)
            assert back.view(cut_base)["clock"] == uncut.view(3300)["clock"], control.name()
            got = _play(back, AFTER, shift)
            assert got == want, (control.name(), cut_base, got, want)


def test_the_time_off_is_charged_to_nobody():
    r = _ref(clock.sudden_death(20000))
    _play(r, ((1000, inputs.SHORT, 0),))
    saved = r.save(4000)  # P2 has used 3 s of its move
    back = _toyturn.restore(saved, 50)
    assert back.view(50 + OFF_MS)["clock"]["remaining"] == [19000, 10000, 20000]
    assert back.view(50)["clock"]["remaining"] == [19000, 17000, 20000]


def test_a_game_without_clock_saves_none_and_bad_data_is_refused():
    r = _ref(None)
    assert r.save(100)["clock"] is None
    assert _toyturn.restore(r.save(100), 5).view(5)["clock"] is None
    r = _ref(clock.fischer(30000, 2000))
    saved = r.save(100)["clock"]
    for broken in ({}, {"clock": {"ctl": [9, 1, 1]}, "seat": 0}):
        try:
            r.restore_clock(broken, 0)
        except (clock.ClockError, KeyError):
            pass
        else:
            raise AssertionError("restored a broken clock: %r" % (broken,))
    bad = dict(saved["clock"])
    bad["bank"] = [1, 2]
    try:
        clock.restore(3, bad, 0)
    except clock.ClockError as e:
        assert "bank" in str(e)
    else:
        raise AssertionError("a clock of 2 banks restored for 3 seats")
