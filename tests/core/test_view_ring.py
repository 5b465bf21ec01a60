"""The ring: what a player sees around the table (topper_view.ring)."""

from _slapview import slap_view
from topper_view import effects, ring


def view(seats=4, **kw):
    if "hurry_ms" not in kw:
        kw["hurry_ms"] = 0  # the ring's tests switch the hurry-up on where they need it
    return slap_view(seats, **kw)


def brightness(c):
    return c[0] + c[1] + c[2]


def lit(px):
    return [i for i in range(len(px)) if px[i] != (0, 0, 0)]


def test_seats_spread_evenly_from_p1():
    for seats in range(2, 9):
        pos = [ring.seat_pixel(s, seats) for s in range(seats)]
        assert pos[0] == 0
        gaps = [(pos[(i + 1) % seats] - pos[i]) % 24 for i in range(seats)]
        assert min(gaps) >= 24 // seats - 1 and max(gaps) <= 24 // seats + 1, (seats, pos)
    assert [ring.seat_pixel(s, 4) for s in range(4)] == [0, 6, 12, 18]
    assert [ring.seat_pixel(s, 5) for s in range(5)] == [0, 5, 10, 14, 19]


def test_every_pixel_is_a_colour():
    for seats in range(2, 9):
        for turn in range(seats):
            v = view(
                seats,
                turn=turn,
                controller=(turn + 1) % seats,
                chances=3,
                hurry_ms=3000,
                hurry_left=1200,
            )
            for now in (0, 333, 1000):
                px = ring.game(v, now)
                assert len(px) == 24
                for c in px:
                    assert len(c) == 3
                    for x in c:
                        assert isinstance(x, int) and 0 <= x <= 255


def test_turn_seat_pulses_and_outshines_the_others():
    v = view(4, turn=2)
    seen = []
    for now in range(0, 700, 50):
        px = ring.game(v, now)
        mine = brightness(px[12])
        seen.append(mine)
    assert max(seen) > 2 * min(seen)  # it visibly pulses
    px = ring.game(v, 350)  # pulse peak
    for s in (0, 1, 3):
        assert brightness(px[12]) > 3 * brightness(px[ring.seat_pixel(s, 4)])


def test_seat_in_control_is_steady_and_bright():
    v = view(4, turn=1, controller=3, chances=2, phase="control")
    a = ring.game(v, 0)[18]
    b = ring.game(v, 400)[18]
    assert a == b == ring.seat_color(3)


def test_chances_are_white_dots_clockwise_after_the_answering_seat():
    for chances in (1, 2, 4, 5):
        v = view(4, turn=1, controller=0, chances=chances, phase="control")
        px = ring.game(v, 0)
        white = [
            i
            for i in range(24)
            if px[i][0] == px[i][1] == px[i][2] and px[i][0] > 100 and i not in (0, 6, 12, 18)
        ]
        assert white == list(range(7, 7 + chances)), (chances, white)
    # Eight seats leave two free pixels between seats: the dots skip the seat pixels.
    v = view(8, turn=0, controller=7, chances=4, phase="control")
    px = ring.game(v, 0)
    white = [i for i in range(24) if px[i] == ring.scale(ring.WHITE, 170)]
    assert white == [1, 2, 4, 5]


def test_hurry_arc_shrinks_and_turns_red_in_the_last_second():
    counts = []
    for left in (3000, 2000, 1000, 500, 0):
        v = view(4, turn=0, hurry_ms=3000, hurry_left=left)
        px = ring.game(v, 0)
        arc = [i for i in lit(px) if i not in (0, 6, 12, 18)]
        counts.append(len(arc))
        if left == 500:
            for i in arc:
                assert px[i][1] == 0 and px[i][0] > 0  # red
        if left == 2000:
            for i in arc:
                assert px[i][1] > 0  # amber
        if arc:
            assert 23 in arc  # it starts right behind (counter-clockwise of) the seat
    assert counts[0] == 20 and counts[-1] == 0
    assert counts == sorted(counts, reverse=True) and counts[1] < counts[0]


def test_no_arc_when_hurry_is_off():
    px = ring.game(view(4, turn=0, hurry_ms=0, hurry_left=-1), 0)
    assert lit(px) == [0, 6, 12, 18]


def test_locked_seat_is_red_and_penalty_blinks_amber():
    v = view(4, turn=0, locked=[False, False, True, False])
    px = ring.game(v, 0)
    assert px[12][0] > 150 and px[12][1] == 0 and px[12][2] == 0
    v = view(4, turn=0, penalty=[False, True, False, False])
    colours = set([ring.game(v, now)[6] for now in (0, 250, 500, 750)])
    assert len(colours) == 2
    assert ring.scale(ring.AMBER, ring.DIM) in colours


def test_out_of_cards_seat_is_dimmer():
    v = view(4, turn=0, stacks=[10, 0, 10, 10])
    px = ring.game(v, 0)
    assert 0 < brightness(px[6]) < brightness(px[12])


def test_won_slap_flashes_the_whole_ring_in_the_winners_colour():
    fx = effects.Effects()
    fx.note([{"r": "slap", "t": 1000, "by": 2, "ok": True, "order": [[2, 0]], "rule": "pair"}])
    v = view(4, turn=1)
    px = ring.game(v, 1010, fx)
    assert px == [ring.seat_color(2)] * 24
    dark = ring.game(v, 1160, fx)
    assert lit(dark) == []  # it blinks
    after = ring.game(v, 1000 + ring.FLASH_MS + 10, fx)
    assert after == ring.game(v, 1000 + ring.FLASH_MS + 10)  # the flash is over


def test_wrong_slap_flashes_red_around_the_slapper():
    fx = effects.Effects()
    fx.note([{"r": "slap", "t": 50, "by": 1, "ok": False, "paid": 3, "order": [[1, 0]]}])
    px = ring.game(view(4, turn=0), 60, fx)
    for p in (5, 6, 7):
        assert px[p] == ring.RED
    assert px[0] != ring.RED


def test_winner_comet_moves_in_the_winners_colour():
    v = view(4, phase="over", winner=3, turn=-1)
    a = ring.game(v, 0)
    b = ring.game(v, 200)
    assert a != b
    assert a[18] == ring.seat_color(3) and b[18] == ring.seat_color(3)
    for c in a:
        if c != (0, 0, 0):
            assert c[0] == 0 or c[0] * ring.seat_color(3)[0] > 0


def test_progress_arc_grows_with_the_cards_enrolled():
    a = [p for p in ring.progress(10, 125, 300) if p == ring.scale(ring.GREEN, 90)]
    b = [p for p in ring.progress(100, 125, 300) if p == ring.scale(ring.GREEN, 90)]
    assert len(a) < len(b)
    assert len([p for p in ring.progress(125, 125, 0) if p != (0, 0, 0)]) == 24


def test_ring_follows_a_real_referee_game():
    from topper.games.slap.pad import PadSlapReferee
    from topper.games.slap.engine import SlapGame

    for variant in ("ww3", "armageddon"):
        ref = PadSlapReferee(SlapGame(variant, 5, 2), seed=3, hurry_ms=2000)
        fx = effects.Effects()
        fx.note(ref.start(0))
        t = 0
        for i in range(200):
            t += 450
            fx.note(ref.lay(t))
            if i % 7 == 3:
                fx.note(ref.press(i % 5, t + 20))
            fx.note(ref.tick(t + 100))
            v = ref.view(t + 100)
            px = ring.game(v, t + 100, fx)
            assert len(px) == 24
            if v["phase"] == "over":
                break


def test_the_devices_frame_is_the_simulators_and_allocates_nothing_on_micropython():
    # The device draws into one kept list with colours packed as 0xRRGGBB ints (on a
    # slap's way to the ring, which allocates nothing: docs/benchmarks.md); the
    # simulator draws tuples. Same pixels; and under MicroPython, from the second
    # frame on, not one byte (a cached table made in a comprehension once cost 32 a
    # frame: its arguments became closure cells at every call).
    import gc

    count = getattr(gc, "mem_alloc", None)  # MicroPython's; CPython has none
    fx = effects.Effects()
    fx.note([{"r": "slap", "by": 2, "ok": False, "t": 1000}])
    fx.outcome_t = 1000
    for seats in (2, 5, 8):
        v = view(seats, turn=1, pending=seats - 1, hurry_ms=3000, hurry_left=900)
        px = [0] * 24
        for now in (1000, 1100, 1250, 1700, 5000):
            want = ring.game(v, now, fx, 24)
            ring.game(v, now, fx, 24, px, ring.packed)
            got = [((c >> 16) & 255, (c >> 8) & 255, c & 255) if isinstance(c, int) else c for c in px]
            assert got == want, (seats, now)
            if count is not None:
                before = count()
                ring.game(v, now, fx, 24, px, ring.packed)
                assert count() - before == 0, (seats, now, count() - before)
