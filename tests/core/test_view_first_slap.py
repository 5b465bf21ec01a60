"""The ring's first frame of a slap (topper_view.ring.first_slap): what the slap gate
sends the moment a seat wins a race, worked out before the race. A player sees it, then
the ruling's own frames; the two must be the same picture."""

from _rig import PAIR_ON_TOP, rigged_referee
from topper.games.slap.blind import BlindSlapReferee
from topper.games.slap.engine import WW3
from topper_view import effects, ring



def ruled_frame(ref, seat, t):
    """The ring right after ``seat`` slaps alone at ``t`` and the race is ruled."""
    fx = effects.Effects()
    ref.press(seat, t)
    fx.note(ref.tick(t + 5))
    return ring.game(ref.view(t + 5), t + 5, fx)


def test_a_won_slap_is_the_whole_ring_in_the_winners_colour_before_and_after():
    g, ref = rigged_referee(WW3, PAIR_ON_TOP)
    ref.lay(100)
    ref.lay(200)  # a pair on top: slappable
    before = ring.first_slap(ref.view(1000), 2, 1005)
    assert before == [ring.seat_color(2)] * ring.N
    assert ruled_frame(ref, 2, 1000) == before


def test_a_wrong_slap_is_red_around_the_slapper_over_the_table():
    g, ref = rigged_referee(WW3, PAIR_ON_TOP)
    ref.lay(100)  # one card: nothing to slap
    before = ring.first_slap(ref.view(1000), 1, 1005)
    home = ring.seat_pixel(1, 4)
    assert [before[(home + d) % ring.N] for d in (-1, 0, 1)] == [ring.RED] * 3
    after = ruled_frame(ref, 1, 1000)
    # the same picture; the ruling only changes what lies under the red
    assert after == before


def test_blind_play_lights_the_slapper_white_while_the_table_judges():
    ref = BlindSlapReferee("ww3", 4, seed=3)
    ref.start(0, 0)
    t = 1400  # a moment the pending seat's blink is on (1405 // 200 is odd)
    before = ring.first_slap(ref.view(t - 5), 3, t + 5)
    assert before[ring.seat_pixel(3, 4)] == ring.WHITE
    assert ruled_frame(ref, 3, t) == before


def test_the_device_frame_packs_the_same_colours():
    g, ref = rigged_referee(WW3, PAIR_ON_TOP)
    ref.lay(100)
    v = ref.view(1000)
    for seat in range(4):
        tuples = ring.first_slap(v, seat, 1005)
        ints = ring.first_slap(v, seat, 1005, px=[0] * ring.N, dim=ring.packed)
        as_ints = [c if isinstance(c, int) else c[0] << 16 | c[1] << 8 | c[2] for c in ints]
        assert as_ints == [c[0] << 16 | c[1] << 8 | c[2] for c in tuples]
