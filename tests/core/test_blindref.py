"""The referee for tables without a card reader (RULES.md section 8): slaps ranked
by the device and confirmed by the table, out-of-cards seats, lockouts, turn taps
and the optional hurry-up."""

from topper.games.slap.blind import BlindSlapReferee


def _ref(seats=4, **kw):
    ref = BlindSlapReferee("ww3", seats, seed=3, **kw)
    ref.start(0, 0)
    return ref


def _kinds(out):
    return [r["r"] for r in out]


def test_slap_is_ranked_then_waits_for_the_table():
    ref = _ref()
    ref.press(2, 1000)
    out = ref.press(1, 1006)
    assert _kinds(out) == ["slap", "late"] and out[0]["by"] == 2 and out[0]["ok"] is None
    assert out[1]["margin_us"] == 6000
    assert ref.view(1006)["phase"] == "confirm" and ref.view(1006)["pending"] == 2
    out = ref.table(2000)
    assert out == [{"r": "confirm", "t": 2000, "seat": 2, "ok": True, "paid": 0, "locked": False}]
    v = ref.view(2000)
    assert v["turn"] == 2 and v["good"][2] == 1 and v["race"]["ok"] is True


def test_long_press_of_the_table_button_calls_the_slap_wrong():
    ref = _ref()
    ref.press(3, 1000)
    out = ref.table(1500, long=True)
    assert out[-1]["ok"] is False and out[-1]["paid"] == 3
    assert ref.view(1500)["wrong"][3] == 1 and ref.view(1500)["turn"] == 0


def test_silence_lets_the_slap_stand():
    ref = _ref(confirm_ms=4000)
    ref.press(1, 1000)
    assert _kinds(ref.tick(5000)) == ["slap"]
    out = ref.tick(5001)
    assert out[0]["r"] == "confirm" and out[0]["ok"] and out[0]["t"] == 5001


def test_presses_while_a_slap_waits_are_ignored():
    ref = _ref()
    ref.press(1, 1000)
    ref.tick(2500)  # the race closed, the slap still waits
    assert ref.press(2, 2600) == [] and ref.view(2600)["pending"] == 1


def test_out_seat_wrong_slap_locks_until_another_attempt():
    ref = _ref()
    ref.toggle_out(1, 500)
    ref.press(1, 1000)
    ref.table(1200, long=True)
    assert ref.view(1200)["locked"][1]
    assert ref.press(1, 2100) == [{"r": "locked", "t": 2100, "seat": 1}]  # race window over
    ref.press(3, 2200)
    ref.tick(2201)
    assert not ref.view(2201)["locked"][1]


def test_good_slap_from_beyond_the_grave_brings_the_seat_back():
    ref = _ref()
    ref.toggle_out(2, 500)
    ref.press(2, 1000)
    ref.table(1100)
    assert not ref.view(1100)["out"][2] and ref.view(1100)["turn"] == 2


def test_last_seat_not_out_wins():
    ref = _ref(seats=3)
    ref.toggle_out(0, 100)
    out = ref.toggle_out(2, 200)
    assert out[-1] == {"r": "win", "t": 200, "seat": 1} and ref.view(200)["winner"] == 1


def test_table_taps_pass_the_turn_skipping_out_seats_and_drive_the_hurry_up():
    ref = _ref(hurry_ms=3000)
    ref.toggle_out(1, 10)
    out = ref.table(1000)
    assert out == [{"r": "turn", "t": 1000, "seat": 2}]
    assert ref.view(2000)["hurry_left"] == 2000
    out = ref.tick(4000)
    assert out == [{"r": "hurry", "t": 4000, "seat": 2}]
    assert ref.tick(9000) == []  # once per turn


def test_hurry_up_is_off_by_default():
    ref = _ref()
    ref.table(1000)
    assert ref.tick(60000) == [] and ref.view(60000)["hurry_left"] == -1


def test_same_millisecond_presses_are_a_fair_tie():
    firsts = [0, 0]
    for seed in range(200):
        ref = BlindSlapReferee("ww3", 2, seed=seed)
        ref.start(0, 0)
        ref.press(0, 100)
        ref.press(1, 100)
        firsts[ref.tick(101)[0]["by"]] += 1
    assert 70 < firsts[0] < 130, firsts


def test_bad_seats_are_refused():
    ref = _ref()
    for bad in (-1, 4):
        try:
            ref.press(bad, 10)
        except ValueError as e:
            assert "no seat" in str(e)
        else:
            assert False


def test_recycled_records_rule_as_fresh_ones():
    # The device's referee (recycle: reused slap rulings, last_race, tick list) says
    # what the default one says, call by call: the rulings as JSON when they are
    # made, the message and the last race, through random presses, table taps and
    # outs, ties included.
    from _scale import games
    from topper import jsonl
    from topper.rng import Rng

    for g in range(games(40)):
        gen = Rng(g)
        seats = 2 + gen.below(7)
        a = BlindSlapReferee("ww3", seats, seed=g, hurry_ms=2000 * (g % 2))
        b = BlindSlapReferee("ww3", seats, seed=g, hurry_ms=2000 * (g % 2))
        b.recycle = True
        t = 0
        same = [jsonl.dumps(a.start(t, 0))]
        assert jsonl.dumps(b.start(t, 0)) == same[0]
        for _ in range(300):
            t += gen.below(3) if gen.below(4) else 200 + gen.below(3000)
            k = gen.below(10)
            if k < 6:
                s = gen.below(seats)
                us = gen.below(2) * 300
                ra, rb = a.press(s, t, us), b.press(s, t, us)
            elif k < 8:
                ra, rb = a.tick(t), b.tick(t)
            elif k < 9:
                long = gen.below(3) == 0
                ra, rb = a.table(t, long), b.table(t, long)
            else:
                s = gen.below(seats)
                ra, rb = a.toggle_out(s, t), b.toggle_out(s, t)
            assert jsonl.dumps(ra) == jsonl.dumps(rb), (g, t)
            assert a.message == b.message
            assert jsonl.dumps(a.last_race) == jsonl.dumps(b.last_race)
            assert jsonl.dumps(a.save(t)) == jsonl.dumps(b.save(t))
