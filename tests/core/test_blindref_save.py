"""A blind slap game survives a power cut: the referee saved at any moment of a seeded
game (through the JSON the store holds) and restored on a clock that starts again
elsewhere (across the 2**29 ms wrap) rules every later event exactly as the game that
never stopped, only shifted in time."""

from topper import jsonl
from topper.games.slap.blind import BlindSlapReferee, restore
from topper.rng import Rng
from topper.ticks import ticks_add, ticks_diff

WRAP = 1 << 29


def _events(seed, seats, n=120):
    """A random table: seat presses (often several within a few ms), table taps
    short and long, seats marked out and back, quiet ticks."""
    rng = Rng(seed)
    t = 0
    out = []
    k = 9
    for _ in range(n):
        if k < 5 and rng.below(2):
            t += rng.below(2)  # another seat in the same race, often the same ms: a tie
        else:
            t += 1 + rng.below(1500)
        k = rng.below(10)
        if k < 5:
            out.append(("press", t, rng.below(seats), rng.below(1000)))
        elif k < 7:
            out.append(("table", t, rng.below(3) == 0))
        elif k < 8:
            out.append(("out", t, rng.below(seats)))
        else:
            out.append(("tick", t))
    return out


def _apply(ref, ev, shift):
    t = ticks_add(ev[1], shift)
    if ev[0] == "press":
        return ref.press(ev[2], t, ev[3])
    if ev[0] == "table":
        return ref.table(t, ev[2])
    if ev[0] == "out":
        return ref.toggle_out(ev[2], t)
    return ref.tick(t)


def _plain(rulings, shift):
    """Rulings with their stamps taken back to the unshifted clock."""
    out = []
    for r in rulings:
        r = dict(r)
        r["t"] = ticks_diff(r["t"], shift) if shift else r["t"]
        out.append(r)
    return out


def _view(ref, t):
    v = ref.view(t)
    return dict((k, v[k]) for k in v)


def _play(seed, seats, hurry_ms, cut, shift):
    """Rulings after the cut from a game that never stopped, and from one saved
    after event ``cut`` and restored with its clock moved by ``shift``."""
    events = _events(seed, seats)
    whole = BlindSlapReferee("arma", seats, seed=seed, hurry_ms=hurry_ms)
    whole.start(0, seed % seats)
    cutref = BlindSlapReferee("arma", seats, seed=seed, hurry_ms=hurry_ms)
    cutref.start(0, seed % seats)
    for ev in events[: cut + 1]:
        _apply(whole, ev, 0)
        _apply(cutref, ev, 0)
    t = events[cut][1]
    saved = jsonl.loads(jsonl.dumps(cutref.save(t)))
    back = restore(saved, ticks_add(t, shift))
    assert _view(back, ticks_add(t, shift)) == _view(whole, t)
    a = []
    b = []
    for ev in events[cut + 1 :]:
        a.extend(_apply(whole, ev, 0))
        b.extend(_plain(_apply(back, ev, shift), shift))
    end = events[-1][1]
    return a, b, _view(whole, end), _view(back, ticks_add(end, shift))


def test_a_restored_blind_game_rules_every_later_event_the_same():
    rng = Rng(77)
    checked = 0
    for seed in range(60):
        seats = 2 + seed % 7
        hurry = (0, 2500)[seed % 2]
        cut = rng.below(119)
        for shift in (0, WRAP - 700 - cut * 10):
            a, b, va, vb = _play(seed, seats, hurry, cut, shift)
            assert a == b, (seed, cut, shift)
            assert va == vb, (seed, cut, shift)
            checked += len(a)
    assert checked > 1000  # the games went on long enough after the cut to mean something


def test_an_open_race_and_a_waiting_slap_survive_the_cut():
    ref = BlindSlapReferee("ww3", 4, seed=5, confirm_ms=4000)
    ref.start(0, 0)
    ref.press(2, 1000, 300)
    ref.tick(1002)  # P3's slap is ranked and waits for the table; the race is open
    d = jsonl.loads(jsonl.dumps(ref.save(1200)))
    back = restore(d, 50)  # the board came back up: its clock starts near zero
    late = back.press(1, 60)  # 1,210 on the old clock: 210 ms after the slap's 1,000.3
    assert late[0]["r"] == "late" and late[0]["seat"] == 1 and late[0]["margin_us"] == 210 * 1000 - 300
    assert back.view(60)["pending"] == 2
    # The table had 4 s to object from the slap: 3.8 s were left at the save.
    assert back.tick(3850) == []
    out = back.tick(3851)
    assert out and out[-1]["r"] == "confirm" and out[-1]["seat"] == 2 and out[-1]["ok"]


def test_a_won_game_stays_won_and_a_bad_save_is_refused():
    ref = BlindSlapReferee("ww3", 2, seed=1)
    ref.start(0, 0)
    ref.toggle_out(1, 10)
    d = ref.save(20)
    assert restore(d, 0).view(0)["winner"] == 0
    d["out"] = [False]
    try:
        restore(d, 0)
    except ValueError as e:
        assert "2" in str(e)
    else:
        assert False, "a save for the wrong number of seats was taken"
