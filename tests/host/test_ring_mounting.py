"""The ring driver (topper_hw.pixels.Ring) shows a frame where the ring is mounted:
pixel ``offset`` faces P1, numbered clockwise or (``reverse``) the other way, and a
frame already showing is not sent again."""

from topper_host.virtual.parts import Strip
from topper_hw.pixels import Ring

N = 24


def _frame(lit):
    """Pixel ``i`` of ``lit`` in a colour of its own (0xRRGGBB), the rest off."""
    out = [0] * N
    for i in lit:
        out[i] = 0x010000 * (i + 1) + 7
    return out


def test_a_ring_mounted_as_numbered_shows_the_frame_as_it_is():
    strip = Strip(N)
    ring = Ring(strip, N)
    assert ring.show(_frame([0, 5]))
    shown = strip.colors()
    assert shown[0] == (1, 0, 7) and shown[5] == (6, 0, 7) and shown.count((0, 0, 0)) == N - 2


def test_a_turned_ring_puts_p1s_pixel_at_its_offset():
    strip = Strip(N)
    ring = Ring(strip, N, offset=3)
    ring.show(_frame([0, 23]))
    shown = strip.colors()
    assert shown[3] == (1, 0, 7) and shown[2] == (24, 0, 7)


def test_a_reversed_ring_counts_the_other_way():
    strip = Strip(N)
    ring = Ring(strip, N, offset=3, reverse=True)
    ring.show(_frame([0, 1]))
    shown = strip.colors()
    assert shown[3] == (1, 0, 7) and shown[2] == (2, 0, 7)


def test_the_same_frame_is_not_sent_twice_even_in_a_list_rewritten():
    strip = Strip(N)
    ring = Ring(strip, N)
    px = _frame([4])
    assert ring.show(px) and not ring.show(list(px))
    px[4] = 0
    px[9] = 0x00FF00  # the app rewrites its one frame list
    assert ring.show(px)
    assert strip.colors()[9] == (0, 255, 0) and strip.colors()[4] == (0, 0, 0) and ring.shows == 2
