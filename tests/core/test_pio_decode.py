"""The portable decoder of the PIO seat capture (docs/pio-capture.md): dating words
against the ticks, counter and ticks wrap, the first-touch rule (a press stamped at its
first edge, reported once held ``confirm_us``, a glitch dropped), bounce hold-off, ties,
overflow and stale drains. Words are built by hand here; tests/host/test_pio_capture.py
gets them from the real program in an emulator.

A press is reported once it is known to have been held ``CONFIRM_US``: at a later word,
or at a drain whose ``now`` is ``GUARD_MS`` past that (a word still unread may be
stamped up to that much before ``now``)."""

from topper.pio_decode import (
    BOUNCE_US,
    CONFIRM_US,
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
    # not yet: held since 1001.234, confirmed at 1001.734, which is not 3 ms behind now
    assert d.decode([_at(1234, 2)], 1, 1002, []) == []
    assert d.decode([], 0, 1004, []) == []
    out = d.decode([], 0, 1005, [])
    assert out == [(2, True, 1001, 234)]


def test_the_date_does_not_depend_on_when_the_drain_happens():
    # The same word drained 1 ms or 3 s later gets the same stamp: the reference moves
    # along an exact line, it is not re-measured.
    for now in (1005, 1006, 1500, 4000):
        d = _decoder()
        d.decode([], 0, 1001, [])
        out = d.decode([_at(1234, 1)], 1, now, [])
        assert out == [(1, True, 1001, 234)], (now, out)


def test_a_word_pushed_just_after_the_ticks_read_is_after_now():
    d = _decoder()
    assert d.decode([_at(5400, 0)], 1, 1005, []) == []  # pushed 400 us after "now"
    out = d.decode([], 0, 1009, [])
    assert out == [(0, True, 1005, 400)]


def test_buttons_held_at_start_are_no_press_but_their_release_is_reported():
    d = SeatDecoder(4)
    d.sync(C0, 50)
    out = d.decode([pack(_snap(3), C0), _at(2000)], 2, 60, [])
    assert out == [(3, False, 52, 0)]


def test_order_and_margin_of_close_presses():
    d = _decoder()
    out = d.decode([_at(200, 2), _at(203, 2, 0)], 2, 1004, [])
    assert out == [(2, True, 1000, 200), (0, True, 1000, 203)]


def test_one_snapshot_with_two_new_bits_is_a_tie():
    d = _decoder()
    out = d.decode([_at(500, 1, 3)], 1, 1005, [])
    assert out == [(1, True, 1000, 500), (3, True, 1000, 500)]


def test_bounce_is_ignored_and_never_moves_the_first_edge():
    d = _decoder()
    words = [
        _at(100, 1),  # first contact: stamped here
        _at(101),  # chatter: up,
        _at(103, 1),  # down,
        _at(150, 1, 2),  # another seat's clean press in the middle of the chatter
        _at(160, 2),  # seat 1 up again,
        _at(170, 1, 2),  # and down for good
    ]
    out = d.decode(words, len(words), 1004, [])
    assert out == [(1, True, 1000, 100), (2, True, 1000, 150)]
    assert d.bounces == 4  # seat 1's edges after its first touch
    out = d.decode([_at(7000, 2), _at(7002, 1, 2)], 2, 1013, [])  # in the hold-off
    assert out == [] and d.bounces == 6
    # long after the hold-off: the pin settled where it was reported, nothing to add
    assert d.decode([], 0, 1100, []) == []
    assert d.held() == 0b0110


def test_release_bounce_gives_one_release():
    d = _decoder()
    assert d.decode([_at(100, 0)], 1, 1050, []) == [(0, True, 1000, 100)]
    words = [_at(60000), _at(60001, 0), _at(60004), _at(60009, 0), _at(60012)]
    out = d.decode(words, len(words), 1100, [])
    assert out == [(0, False, 1060, 0)]
    assert d.decode([], 0, 1200, []) == []


def test_a_tap_shorter_than_the_hold_off_is_released_at_its_end():
    d = _decoder()
    out = d.decode([_at(100, 0), _at(2100)], 2, 1002, [])
    assert out == [(0, True, 1000, 100)]  # held 2 ms: the release word confirmed it
    # not yet: the hold-off ends at 1008.100 and the guard keeps 3 ms behind now
    assert d.decode([], 0, 1011, []) == []
    out = d.decode([], 0, 1012, [])
    assert out == [(0, False, 1008, 100)]


def test_a_hold_off_ending_before_a_word_is_closed_before_it():
    # events come out in time order even when a hold-off ends between two words
    d = _decoder()
    out = d.decode([_at(100, 0), _at(2100), _at(9000, 3)], 3, 1013, [])
    assert out == [(0, True, 1000, 100), (0, False, 1008, 100), (3, True, 1009, 0)]


def test_a_press_after_the_hold_off_is_a_new_press():
    d = _decoder()
    gap = HOLDOFF_US + 30000
    words = [_at(100, 0), _at(40000), _at(40000 + gap, 0)]
    out = d.decode(words, 3, 1200, [])
    assert [e[:2] for e in out] == [(0, True), (0, False), (0, True)]


def test_long_hold_gives_nothing_until_release():
    d = _decoder()
    assert d.decode([_at(100, 2)], 1, 1004, []) == [(2, True, 1000, 100)]
    for now in range(1005, 4000, 97):
        assert d.decode([], 0, now, []) == []
    assert d.decode([_at(3500000)], 1, 4600, []) == [(2, False, 4500, 0)]


def test_counter_wrap_with_regular_drains():
    # The 22-bit field wraps every 4.194304 s; drained every second for a minute, a
    # press after 14 wraps is dated exactly.
    d = _decoder(t0=0, c0=1000)
    for now in range(1000, 60001, 1000):
        d.decode([], 0, now, [])
    t = 60000500  # us after the sync
    out = d.decode([pack(_snap(1), (1000 - t) & COUNT_MASK)], 1, 60004, [])
    assert out == [(1, True, 60000, 500)]
    assert d.stale == 0


def test_ticks_wrap():
    t0 = PERIOD - 3
    d = _decoder(t0=t0)
    out = d.decode([_at(4250, 0)], 1, 5, [])
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
    d.decode([_at(100, 0)], 1, 1004, [])
    d.lost()  # seat 0's release and seat 1's press were dropped
    out = d.decode([_at(30000, 1)], 1, 1034, [])
    assert out == [(0, False, 1030, 0), (1, True, 1030, 0)]
    assert d.overflows == 1 and d.late == 2


def test_a_lost_baseline_counts_against_nobody_pressed():
    # The words lost held the baseline: the resync word's held seats are presses.
    d = SeatDecoder(4)
    d.sync(C0, 1000)
    d.lost()
    out = d.decode([_at(700, 2)], 1, 1005, [])
    assert out == [(2, True, 1000, 700)] and d.late == 1


def test_a_resync_word_with_nothing_new_gives_nothing():
    d = _decoder()
    d.decode([_at(100, 0)], 1, 1004, [])
    assert d.decode([_at(20000, 0)], 1, 1021, []) == []


def test_seats_beyond_the_count_are_ignored():
    d = _decoder(seats=2)
    out = d.decode([_at(100, 5), _at(200, 5, 1)], 2, 1004, [])
    assert out == [(1, True, 1000, 200)]


def test_bad_seat_count():
    for n in (0, 9):
        try:
            SeatDecoder(n)
        except ValueError:
            continue
        raise AssertionError(n)


# ----- the first-touch rule (docs/slap-gate.md, "How the gate decides") ---------------


def _chatter(seat, t0, flips, *others):
    """Words of ``seat`` touching at ``t0`` us and chattering: closed, open, closed, ...
    for the ``flips`` (us), then closed for good; ``others``: seats held meanwhile."""
    words = [_at(t0, seat, *others)]
    t = t0
    closed = True
    for f in flips:
        t += f
        closed = not closed
        words.append(_at(t, *((seat,) if closed else ()), *others))
    if not closed:
        words.append(_at(t + 50, seat, *others))
    return words


def _merge(*streams):
    """One word stream from per-seat scripts ``[(us, seat, down), ...]``."""
    events = sorted(e for s in streams for e in s)
    down = set()
    words = []
    for us, seat, pressed in events:
        if pressed:
            down.add(seat)
        else:
            down.discard(seat)
        words.append(_at(us, *sorted(down)))
    return words


def _script(seat, t0, flips):
    """``seat``'s contact from ``t0``: closed, then open and closed by turns for each of
    ``flips`` (us), ending closed."""
    out = [(t0, seat, True)]
    t = t0
    closed = True
    for f in flips:
        t += f
        closed = not closed
        out.append((t, seat, closed))
    if not closed:
        out.append((t + 50, seat, True))
    return out


def test_chatter_within_the_window_keeps_the_first_touch():
    d = _decoder()
    # open at the first check (500 us after the first touch): held from 1050 us
    words = _chatter(1, 1000, [300, 250, 200, 300])
    assert d.decode(words, len(words), 1002, []) == []  # undecided yet
    assert d.decode([], 0, 1005, []) == []  # held from 1002.050: confirmed at .550
    assert d.decode([], 0, 1006, []) == [(1, True, 1001, 0)]
    assert d.glitches == 0 and d.held() == 0b10


def test_a_glitch_is_dropped():
    d = _decoder()
    out = d.decode([_at(1000, 2), _at(1200)], 2, 1002, [])  # 200 us, nothing after
    assert out == []
    for now in range(1003, 1030):
        assert d.decode([], 0, now, []) == [], now
    assert d.glitches == 1 and d.held() == 0
    # and the seat listens afresh: its next touch is a new first touch
    assert d.decode([_at(40000, 2)], 1, 1044, []) == [(2, True, 1040, 0)]


def test_a_short_pulse_then_a_hold_within_the_window_is_one_press_from_the_pulse():
    d = _decoder()
    words = [_at(1000, 0), _at(1200), _at(4900, 0)]  # re-closes 3.9 ms later, holds
    out = d.decode(words, 3, 1009, [])
    assert out == [(0, True, 1001, 0)] and d.glitches == 0


def test_a_closing_begun_in_the_window_and_broken_after_it_is_a_glitch():
    d = _decoder()
    t0 = 1000
    words = [_at(t0, 0), _at(t0 + 100), _at(t0 + BOUNCE_US - 100, 0), _at(t0 + BOUNCE_US + 200)]
    assert d.decode(words, 4, 1020, []) == []
    assert d.glitches == 1


def test_held_exactly_confirm_us_is_a_press():
    d = _decoder()
    out = d.decode([_at(1000, 0), _at(1000 + CONFIRM_US)], 2, 1020, [])
    assert [e[:2] for e in out] == [(0, True), (0, False)]
    d = _decoder()
    assert d.decode([_at(1000, 0), _at(999 + CONFIRM_US)], 2, 1020, []) == []


def test_a_contact_chattering_past_the_window_is_a_glitch_then_a_new_touch():
    d = _decoder()
    # closed 400 us, open 300 us, by turns, for 6 ms: never held 500 us
    flips = [400, 300] * 9
    words = _chatter(3, 1000, flips)
    out = d.decode(words, len(words), 1012, [])
    # the closing begun at 5.9 ms (in the window) broke at 6.3 ms (past it): a glitch;
    # the next closing, at 6.6 ms, is a new first touch, stamped there
    assert d.glitches == 1
    assert out == [(3, True, 1006, 600)], out


def test_a_glitch_never_holds_back_nor_takes_a_real_press():
    # a 200 us glitch on seat 5, then seat 1's clean press 1 ms later
    d = _decoder(seats=8)
    words = _merge([(1000, 5, True), (1200, 5, False)], [(2000, 1, True)])
    assert d.decode(words, len(words), 1006, []) == [(1, True, 1002, 0)]
    assert d.held() == 0b10


def test_the_first_toucher_is_stamped_first_through_its_chatter():
    # Two seats, the second clean 0.1 to 3 ms behind the first, which chatters: every
    # pattern keeps the first touch first, whatever the order the two are decided in.
    patterns = [
        [300, 250, 200, 300],  # open at the first check
        [100] * 9,  # many short flips inside the first check
        [600, 400, 900, 300],  # closings longer than the check, gaps between
        [400, 300, 500, 400, 300, 600, 400, 500],  # 3.4 ms of chatter
    ]
    for flips in patterns:
        for gap in (100, 279, 500, 900, 1500, 2000, 3000):
            d = _decoder(seats=8)
            words = _merge(_script(6, 1000, flips), [(1000 + gap, 2, True)])
            out = d.decode(words, len(words), 1002, [])
            out = d.decode([], 0, 1010, out)
            assert out == [(6, True, 1001, 0), (2, True, 1001 + gap // 1000, gap % 1000)], (flips, gap, out)
            assert d.glitches == 0
