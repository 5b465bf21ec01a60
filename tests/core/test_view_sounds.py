"""Buzzer sounds (topper_view.sounds)."""

try:
    import topper_view  # noqa: F401
except ImportError:  # CPython pytest: firmware/lib is not on the path by itself
    import sys

    sys.path.insert(0, __file__.rsplit("/", 3)[0] + "/firmware/lib")

from topper_view import sounds


def test_the_most_important_ruling_sounds():
    slap = {"r": "slap", "t": 0, "by": 1, "ok": True}
    win = {"r": "win", "t": 0, "seat": 1}
    collect = {"r": "collect", "t": 0, "seat": 1}
    assert sounds.for_rulings([slap, collect, win]) == sounds.WIN
    assert sounds.for_rulings([collect, slap]) == sounds.SLAP_OK
    lay = {"r": "lay", "t": 0, "seat": 0}
    assert sounds.for_rulings([lay]) == sounds.LAY
    ctrl = {"r": "lay", "t": 0, "seat": 0, "control": 0}
    assert sounds.for_rulings([ctrl]) == sounds.CONTROL


def test_wrong_slap_is_a_long_low_buzz_and_late_slaps_are_silent():
    wrong = sounds.for_rulings([{"r": "slap", "t": 0, "by": 2, "ok": False, "paid": 3}])
    assert wrong == sounds.SLAP_WRONG
    assert wrong[0][0] < 400 and sounds.length(wrong) >= 300
    assert sounds.for_rulings([{"r": "late", "t": 0, "seat": 1}]) is None
    assert sounds.for_rulings([]) is None


def test_every_tone_is_in_the_piezos_loud_range():
    for seq in (
        sounds.LAY,
        sounds.CONTROL,
        sounds.SLAP_OK,
        sounds.SLAP_WRONG,
        sounds.LOCKED,
        sounds.HURRY,
        sounds.COLLECT,
        sounds.START,
        sounds.WIN,
        sounds.ERROR,
        sounds.CLICK,
        sounds.CONFIRM,
        sounds.TICK,
        sounds.CARD_OK,
    ):
        assert len(seq) >= 1
        for hz, ms in seq:
            assert hz == 0 or 200 <= hz <= 3000
            assert 0 < ms <= 500


def test_hurry_ticks_at_whole_seconds_only():
    assert sounds.hurry_tick(2100, 1990) == sounds.TICK
    assert sounds.hurry_tick(1990, 1900) is None
    assert sounds.hurry_tick(1001, 1000) == sounds.TICK
    assert sounds.hurry_tick(None, 500) is None
    assert sounds.hurry_tick(500, -1) is None
