"""The portable decoder of the PIO seat capture (docs/pio-capture.md): dating words
against the ticks, counter and ticks wrap, bounce hold-off, ties, overflow and stale
drains. Words are built by hand here; tests/host/test_pio_capture.py gets them from the
real program in an emulator."""

from topper.pio_decode import (
    COUNT_MASK,
    COUNT_PERIOD,
    HOLDOFF_US,
    MAX_GAP_MS,
    SeatDecoder,
    pack,
    unpack,
)
from topper.ticks import PERIOD, ticks_add

C0 = COUNT_MASK  # the counter at the sync point (the state machine starts at all ones)
IDLE = 0xFF


def _snap(*down):
    """Snapshot byte with the given seats pressed (active low)."""
    s = IDLE
    for seat in down:
        s &= ~(1 << seat)
    return s


def _at(us, *down, c0=C0):
    """The word pushed ``us`` microseconds after the sync point."""
    return pack(_snap(*down), c0 - us)


def _decoder(seats=4, t0=1000, c0=C0, **kw):
    d = SeatDecoder(seats, **kw)
    d.sync(c0, t0)
    d.decode([pack(IDLE, c0)], 1, t0, [])  # the baseline word the init forces
    return d


def test_pack_and_unpack_round_trip():
    for snap, count in [(0xFF, 0), (0x00, COUNT_MASK), (0xA5, 0x123456)]:
        assert unpack(pack(snap, count)) == (snap, count)
    assert unpack(pack(0x1FF, COUNT_PERIOD + 5)) == (0xFF, 5)
    # a word is never negative and never above 30 bits: a small int on the board
    assert pack(0xFF, COUNT_MASK) == (1 << 30) - 1


def test_words_are_dated_to_the_microsecond():
    d = _decoder()
    out = d.decode([_at(1234, 2)], 1, 1002, [])
    assert out == [(2, True, 1001, 234)]


def test_the_date_does_not_depend_on_when_the_drain_happens():
    # The same word drained 1 ms or 3 s later gets the same stamp: the reference moves
    # along an exact line, it is not re-measured.
    for now in (1002, 1003, 1500, 4000):
        d = _decoder()
        d.decode([], 0, 1001, [])
        out = d.decode([_at(1234, 1)], 1, now, [])
        assert out == [(1, True, 1001, 234)], (now, out)


def test_a_word_pushed_just_after_the_ticks_read_is_after_now():
    d = _decoder()
    out = d.decode([_at(5400, 0)], 1, 1005, [])  # pushed 400 us after "now"
    assert out == [(0, True, 1005, 400)]


def test_buttons_held_at_start_are_no_press_but_their_release_is_reported():
    d = SeatDecoder(4)
    d.sync(C0, 50)
    out = d.decode([pack(_snap(3), C0), _at(2000)], 2, 60, [])
    assert out == [(3, False, 52, 0)]


def test_order_and_margin_of_close_presses():
    d = _decoder()
    out = d.decode([_at(200, 2), _at(203, 2, 0)], 2, 1001, [])
    assert out == [(2, True, 1000, 200), (0, True, 1000, 203)]


def test_one_snapshot_with_two_new_bits_is_a_tie():
    d = _decoder()
    out = d.decode([_at(500, 1, 3)], 1, 1001, [])
    assert out == [(1, True, 1000, 500), (3, True, 1000, 500)]


def test_bounce_is_ignored_and_never_delays_the_first_edge():
    d = _decoder()
    words = [
        _at(100, 1),  # first contact: stamped here
        _at(101),  # chatter: up,
        _at(103, 1),  # down,
        _at(150, 1, 2),  # another seat's clean press in the middle of the chatter
        _at(160, 2),  # seat 1 up again,
        _at(170, 1, 2),  # and down for good
    ]
    out = d.decode(words, len(words), 1001, [])
    assert out == [(1, True, 1000, 100), (2, True, 1000, 150)]
    assert d.bounces == 4
    # long after the hold-off: the pin settled where it was reported, nothing to add
    assert d.decode([], 0, 1100, []) == []
    assert d.held() == 0b0110


def test_release_bounce_gives_one_release():
    d = _decoder()
    d.decode([_at(100, 0)], 1, 1050, [])
    words = [_at(60000), _at(60001, 0), _at(60004), _at(60009, 0), _at(60012)]
    out = d.decode(words, len(words), 1100, [])
    assert out == [(0, False, 1060, 0)]
    assert d.decode([], 0, 1200, []) == []


def test_a_tap_shorter_than_the_hold_off_is_released_at_its_end():
    d = _decoder()
    out = d.decode([_at(100, 0), _at(2100)], 2, 1004, [])
    assert out == [(0, True, 1000, 100)]
    # not yet: the hold-off ends at 1008.100 and the guard keeps 3 ms behind now
    assert d.decode([], 0, 1011, []) == []
    out = d.decode([], 0, 1012, [])
    assert out == [(0, False, 1008, 100)]


def test_a_hold_off_ending_before_a_word_is_closed_before_it():
    # events come out in time order even when a hold-off ends between two words
    d = _decoder()
    out = d.decode([_at(100, 0), _at(2100), _at(9000, 3)], 3, 1010, [])
    assert out == [(0, True, 1000, 100), (0, False, 1008, 100), (3, True, 1009, 0)]


def test_a_press_after_the_hold_off_is_a_new_press():
    d = _decoder()
    gap = HOLDOFF_US + 30000
    words = [_at(100, 0), _at(40000), _at(40000 + gap, 0)]
    out = d.decode(words, 3, 1200, [])
    assert [e[:2] for e in out] == [(0, True), (0, False), (0, True)]


def test_long_hold_gives_nothing_until_release():
    d = _decoder()
    assert d.decode([_at(100, 2)], 1, 1001, []) == [(2, True, 1000, 100)]
    for now in range(1002, 4000, 97):
        assert d.decode([], 0, now, []) == []
    assert d.decode([_at(3500000)], 1, 4600, []) == [(2, False, 4500, 0)]


def test_counter_wrap_with_regular_drains():
    # The 22-bit field wraps every 4.194304 s; drained every second for a minute, a
    # press after 14 wraps is dated exactly.
    d = _decoder(t0=0, c0=1000)
    for now in range(1000, 60001, 1000):
        d.decode([], 0, now, [])
    t = 60000500  # us after the sync
    out = d.decode([pack(_snap(1), (1000 - t) & COUNT_MASK)], 1, 60001, [])
    assert out == [(1, True, 60000, 500)]
    assert d.stale == 0


def test_ticks_wrap():
    t0 = PERIOD - 3
    d = _decoder(t0=t0)
    out = d.decode([_at(4250, 0)], 1, 2, [])
    assert out == [(0, True, 1, 250)]
    assert out[0][2] == ticks_add(t0, 4)


def test_drains_too_far_apart_are_counted():
    d = _decoder()
    d.decode([], 0, 1000 + MAX_GAP_MS, [])
    assert d.stale == 0
    d.decode([], 0, 1000 + 2 * MAX_GAP_MS + 1, [])
    assert d.stale == 1


def test_a_word_older_than_a_wrap_is_misdated_but_counted():
    # The limit is real: a word read 4.5 s after its push is dated one wrap late, and
    # the drain that found it is counted stale.
    d = _decoder(t0=0, c0=0)
    out = d.decode([pack(_snap(0), -1000000 & COUNT_MASK)], 1, 5500, [])
    assert d.stale == 1
    late = 1000000 + COUNT_PERIOD  # pressed at 1000.000 ms, dated one wrap later
    assert out == [(0, True, late // 1000, late % 1000)]


def test_lost_words_are_counted_and_the_state_catches_up():
    d = _decoder()
    d.decode([_at(100, 0)], 1, 1001, [])
    d.lost()  # seat 0's release and seat 1's press were dropped
    out = d.decode([_at(30000, 1)], 1, 1031, [])
    assert out == [(0, False, 1030, 0), (1, True, 1030, 0)]
    assert d.overflows == 1 and d.late == 2


def test_a_lost_baseline_counts_against_nobody_pressed():
    # The words lost held the baseline: the resync word's held seats are presses.
    d = SeatDecoder(4)
    d.sync(C0, 1000)
    d.lost()
    out = d.decode([_at(700, 2)], 1, 1001, [])
    assert out == [(2, True, 1000, 700)] and d.late == 1


def test_a_resync_word_with_nothing_new_gives_nothing():
    d = _decoder()
    d.decode([_at(100, 0)], 1, 1001, [])
    assert d.decode([_at(20000, 0)], 1, 1021, []) == []


def test_seats_beyond_the_count_are_ignored():
    d = _decoder(seats=2)
    out = d.decode([_at(100, 5), _at(200, 5, 1)], 2, 1001, [])
    assert out == [(1, True, 1000, 200)]


def test_bad_seat_count():
    for n in (0, 9):
        try:
            SeatDecoder(n)
        except ValueError:
            continue
        raise AssertionError(n)
