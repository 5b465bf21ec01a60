"""Screens and ring without a card pad (a view from topper.games.slap.blind)."""

try:
    import topper_view  # noqa: F401
except ImportError:  # CPython pytest: firmware/lib is not on the path by itself
    import sys

    sys.path.insert(0, __file__.rsplit("/", 3)[0] + "/firmware/lib")

from topper.games.slap.blind import BlindSlapReferee
from topper_view import effects, ring, screen, sounds


def fits(lines):
    assert len(lines) == 8
    for s in lines:
        assert len(s) <= 21, s


def has(lines, text):
    for s in lines:
        if text in s:
            return True
    return False


def test_a_blind_slap_waits_for_the_table_on_screen_and_ring():
    ref = BlindSlapReferee("ww3", 4, seed=5)
    fx = effects.Effects()
    fx.note(ref.start(0, 1))
    fx.note(ref.press(2, 100) + ref.press(0, 103) + ref.tick(150))
    v = ref.view(150)
    lines = screen.game(v, 150, fx)
    fits(lines)
    assert lines[0] == "P3 SLAPPED: GOOD?"
    assert has(lines, "short:yes  long:no")
    assert has(lines, "1. P3     0ms") and has(lines, "2. P1     3ms")
    colours = set([ring.game(v, now, fx)[12] for now in range(150, 950, 100)])
    assert ring.WHITE in colours  # the slapper blinks while the table decides
    rulings = ref.table(900)  # short press: good
    assert sounds.for_rulings(rulings) == sounds.SLAP_OK
    fx.note(rulings)
    v = ref.view(910)
    assert screen.game(v, 910, fx)[0] == "P3 TAKES THE POT"
    assert ring.game(v, 910, fx) == [ring.seat_color(2)] * 24


def test_wrong_blind_slap_screen_and_red_flash():
    ref = BlindSlapReferee("armageddon", 3, seed=1)
    fx = effects.Effects()
    fx.note(ref.start(0, 0))
    fx.note(ref.press(1, 50) + ref.tick(60))
    fx.note(ref.table(500, long=True))
    v = ref.view(510)
    assert screen.game(v, 510, fx)[0] == "WRONG: P2 PAYS 3"
    px = ring.game(v, 510, fx)
    assert px[ring.seat_pixel(1, 3)] == ring.RED


def test_out_seats_are_marked_and_dim():
    ref = BlindSlapReferee("ww3", 4, seed=2)
    ref.start(0, 0)
    ref.toggle_out(3, 10)
    v = ref.view(20)
    lines = screen.game(v, 20)
    fits(lines)
    assert has(lines, "P4 out")
    assert has(lines, ">P1")
    px = ring.game(v, 20)
    assert sum(px[18]) < sum(px[6])


def test_blind_winner_and_every_screen_fits():
    ref = BlindSlapReferee("ww3", 3, seed=9, hurry_ms=2000)
    fx = effects.Effects()
    fx.note(ref.start(0, 2))
    t = 0
    for i in range(30):
        t += 700
        fx.note(ref.table(t))
        if i % 4 == 1:
            fx.note(ref.press(i % 3, t + 10) + ref.tick(t + 20))
            fx.note(ref.table(t + 300, long=(i % 8 == 1)))
        v = ref.view(t + 350)
        fits(screen.game(v, t + 350, fx))
        assert len(ring.game(v, t + 350, fx)) == 24
    fx.note(ref.toggle_out(0, t + 1000) + ref.toggle_out(1, t + 1001))
    v = ref.view(t + 1002)
    lines = screen.game(v, t + 1002, fx)
    assert has(lines, "P3 WINS!")
