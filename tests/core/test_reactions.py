"""Slap reaction times for the game-over screen (topper.reactions): hand-made rulings
with known answers, the tick wrap, the fixed buffer, and a seeded random game whose
figures must agree with its own rulings."""

from topper import jsonl
from topper.reactions import KEEP, Reactions, median_ms, reaction_us
from topper.ticks import PERIOD, ticks_add

from _play import play


def lay(t, slap=None):
    return {"r": "lay", "t": t, "seat": 0, "card": "3RH", "slap": slap, "turn": 1, "penalty": False}


def slap(t, order, ok=True, locked=(), by=None):
    if by is None:
        by = order[0][0]
    return {"r": "slap", "t": t, "order": order, "ok": ok, "by": by, "locked": list(locked),
            "tie": [], "rule": "pair" if ok else None, "paid": 0 if ok else 2}


def late(t, seat, margin):
    return {"r": "late", "t": t, "seat": seat, "margin_us": margin}


def test_median_odd_even_and_none():
    assert median_ms([]) is None
    assert median_ms([5]) == 5
    assert median_ms([9, 1, 5]) == 5
    assert median_ms([4, 1, 3, 2]) == 2  # (2 + 3) // 2


def test_winner_runner_up_and_late_all_count_from_the_lay():
    for base in (0, PERIOD - 300, 777):
        r = Reactions(3)
        r.ruling(lay(base, "pair"))
        r.ruling(slap(ticks_add(base, 250), [[1, 0], [2, 40000]]))
        r.ruling(late(ticks_add(base, 400), 0, 150000))
        assert r.kept(1) == [250]
        assert r.kept(2) == [290]
        assert r.kept(0) == [400]
        assert r.count == [1, 1, 1]


def test_reaction_us_rounds_to_the_millisecond():
    assert reaction_us(1000, 800, 499) == 200499
    r = Reactions(2)
    r.ruling(lay(800, "pair"))
    r.ruling(slap(1000, [[0, 0], [1, 499]]))
    assert r.kept(1) == [200]  # 200.499 ms
    r.ruling(lay(2000, "pair"))
    r.ruling(slap(2100, [[1, 0], [0, 500]]))
    assert r.kept(0) == [200, 101]  # 100.5 ms rounds up


def test_wrong_slaps_and_locked_seats_are_no_reactions():
    r = Reactions(3)
    r.ruling(lay(0, None))
    r.ruling(slap(300, [[0, 0]], ok=False))
    r.ruling(late(350, 1, 50000))  # late on a pile that was never slappable
    assert r.count == [0, 0, 0]
    r.ruling(lay(1000, "pair"))
    r.ruling(slap(1200, [[2, 0], [1, 3000]], locked=[2], by=1))
    assert r.count == [0, 1, 0]
    assert r.kept(1) == [203]


def test_a_won_pile_or_a_collected_pot_is_no_longer_slappable():
    r = Reactions(2)
    r.ruling(lay(0, "pair"))
    r.ruling(slap(200, [[0, 0]]))
    r.ruling(slap(900, [[1, 0]], ok=False))  # the pile went to P1: P2's slap is wrong
    assert r.count == [1, 0]
    r.ruling(lay(2000, "joker"))
    r.ruling({"r": "collect", "t": 3500, "seat": 0, "cards": 4})
    r.ruling(slap(3600, [[1, 0]], ok=False))
    assert r.count == [1, 0]


def test_the_buffer_is_fixed_and_keeps_the_last_reactions():
    r = Reactions(2, keep=4)
    size = len(r.buf)
    t = 0
    for i in range(10):
        r.ruling(lay(t, "pair"))
        r.ruling(slap(t + 100 + i, [[0, 0]]))
        t += 5000
    assert len(r.buf) == size == 8
    assert r.count[0] == 10
    assert sorted(r.kept(0)) == [106, 107, 108, 109]
    assert r.median(0) == 107
    assert r.median(1) is None
    r.reset()
    assert r.count == [0, 0] and r.median(0) is None


def test_lines_fit_the_screen():
    r = Reactions(8)
    for s in range(8):
        r.ruling(lay(s * 10000, "pair"))
        r.ruling(slap(s * 10000 + 1000 + s, [[s, 0]]))
    lines = r.lines(21)
    for line in lines:
        assert len(line) <= 21, line
    text = "  ".join(lines)
    for s in range(8):
        assert ("P%d %d" % (s + 1, 1000 + s)) in text
    r2 = Reactions(2)
    assert r2.lines() == ["P1 -  P2 -"]


def test_a_random_game_agrees_with_its_rulings():
    for seed in (3, 11):
        lines = []
        play("ww3", 3, seed, sink=lines.append)
        rulings = [jsonl.loads(x) for x in lines if '"r":' in x]
        r = Reactions(3, keep=100000)
        for x in rulings:
            r.ruling(x)
        # Every press judged on a slappable pile is one reaction: the seats of each good
        # race that were not locked out, and the late presses after it.
        expected = 0
        good_race = False
        top = False
        for x in rulings:
            if x["r"] == "lay":
                top = bool(x["slap"])
            elif x["r"] == "slap":
                good_race = top
                if top:
                    expected += len([e for e in x["order"] if e[0] not in x["locked"]])
                    if x["ok"]:
                        top = False
            elif x["r"] == "late" and good_race:
                expected += 1
            elif x["r"] == "collect":
                top = False
        assert sum(r.count) == expected
        assert expected > 0
        for s in range(3):
            for ms in r.kept(s):
                assert 0 <= ms <= 60000
        # A good race's winner was never slower than the others in it.
        won = [x for x in rulings if x["r"] == "slap" and x["ok"]]
        assert won
        for x in won:
            assert x["order"][0][1] == 0


def test_keep_is_small():
    assert 8 <= KEEP <= 64


def test_the_game_over_screen_shows_every_seat_median():
    from _slapview import slap_view
    from topper_view import screen

    for seats in (2, 5, 8):
        r = Reactions(seats)
        for s in range(seats):
            r.ruling(lay(s * 10000, "pair"))
            r.ruling(slap(s * 10000 + 200 + 10 * s, [[s, 0]]))
        v = slap_view(seats, phase="over", winner=seats - 1, turn=-1, stacks=[0] * seats)
        v["reactions"] = r.lines()
        lines = screen.game(v, 0)
        assert len(lines) == screen.LINES
        for line in lines:
            assert len(line) <= screen.COLS, line
        assert "GAME OVER" in lines[0]
        # The winner stays on the third line while the medians leave room (7-8 seats: 4 lines)
        assert ("P%d WINS!" % seats) in lines[2 if seats <= 6 else 1]
        text = " ".join(lines)
        for s in range(seats):
            assert ("P%d %d" % (s + 1, 200 + 10 * s)) in text, (s, lines)
        assert lines[-1] == "hold table: menu"
    # Without reactions in the view the old screen stays.
    v = slap_view(3, phase="over", winner=1, turn=-1, stacks=[0, 64, 0])
    assert "P2 64" in " ".join(screen.game(v, 0))
