"""The seat-capture PIO program, as assembled for the board, run in the pioemu emulator
against scripted pin waveforms; its FIFO words decoded by ``topper.pio_decode`` and
ranked by the core (``topper.games.slap.race`` and the referee). docs/pio-capture.md."""

from _rig import rigged_referee
from test_pio_rig import CYCLES_PER_US, FIFO_DEPTH, PROGRAM, RESYNC, Machine, Pins, stamp_us
from topper.games.slap import race as slaprace
from topper.pio_decode import COUNT_MASK, GUARD_MS, SeatDecoder, pack, unpack
from topper.rng import Rng
from topper.games.slap.engine import WW3

T0 = 5000  # ticks (ms) at the sync point
PAIR_ON_TOP = ["1RC 1RH 4YS 2GT", "1GT 2BS 3YC 4GC", "4GC 3BH 2YT", "2BH 3BS"]


def _capture(pins, until_us, x0=None, seats=4, every_us=50):
    """Run the program to ``until_us``, reading its FIFO every ``every_us`` (as the DMA
    ring does, within microseconds), and decode with the sync the driver makes (counter
    start at the ticks T0), then drain once more after the pins have stayed as they
    ended long enough for the presses held then to be confirmed (GUARD_MS behind the
    drain's now). Returns (machine, words, events, decoder)."""
    m = Machine(pins, x0=x0)
    words = []
    t = 0
    while t < until_us:
        t = min(t + every_us, until_us)
        m.run_until_us(t)
        words.extend(m.read())
    assert not m.rxstall
    d = SeatDecoder(seats)
    d.sync(COUNT_MASK if x0 is None else x0, T0)
    now = T0 + int(until_us // 1000)
    events = d.decode(words, len(words), now, [])
    events = d.decode([], 0, now + GUARD_MS + 1, events)
    return m, words, events, d


def _counts_after_start(words, x0=COUNT_MASK):
    return [((x0 - unpack(w)[1]) & COUNT_MASK, unpack(w)[0]) for w in words]


def test_program_is_small_and_loops_over_its_whole_length():
    assert len(PROGRAM.assembled) <= 32
    assert PROGRAM.pio_kwargs["wrap_target"] == 0
    assert PROGRAM.pio_kwargs["wrap"] == len(PROGRAM.assembled) - 1


def test_both_paths_of_the_loop_take_exactly_one_microsecond():
    # Quiet pins: only the "unchanged" path. The counter must step once per 10 cycles.
    m = Machine(Pins())
    m.run_until(10000)
    assert 0xFFFFFFFF - m.state.x_register == 1000
    assert len(m.pushed) == 1  # just the baseline
    # A pin toggling every microsecond: the "changed" path on every loop. Every loop
    # pushes, the pushes are exactly 10 cycles apart and the counts one apart.
    p = Pins()
    for k in range(1, 400):
        (p.down if k % 2 else p.up)(k + 0.5, 0)
    m = Machine(p)
    m.run_until_us(300)
    cycles = [c for c, _ in m.pushed[1:]]
    assert all(b - a == CYCLES_PER_US for a, b in zip(cycles, cycles[1:], strict=False))
    counts = [unpack(w)[1] for _, w in m.pushed[1:]]
    assert all(a - b == 1 for a, b in zip(counts, counts[1:], strict=False))
    assert 0xFFFFFFFF - m.state.x_register == 300


def test_baseline_word_first():
    _, words, events, _ = _capture(Pins().down(0, 3), 20)
    assert words[0] == pack(0xFF & ~(1 << 3), COUNT_MASK)  # held at start: not a press
    assert events == []
    # even with every button held (a snapshot of 0): no sample can equal the init's Y
    p = Pins()
    for seat in range(8):
        p.down(0, seat)
    _, words, events, _ = _capture(p, 20)
    assert words == [pack(0x00, COUNT_MASK)] and events == []


def test_two_seats_3us_apart_get_distinct_stamps_in_the_right_order():
    _, words, events, _ = _capture(Pins().down(200.0, 2).down(203.0, 0), 400)
    assert _counts_after_start(words) == [(0, 0xFF), (200, 0xFB), (203, 0xFA)]
    assert events == [(2, True, T0, 200), (0, True, T0, 203)]
    order, tied = slaprace.rank([(t, us, s) for s, _, t, us in events], Rng(1))
    assert order == [[2, 0], [0, 3]] and tied == []


def test_margin_is_3us_within_the_resolution_at_any_phase():
    # Edges 3.0 us apart, placed at every phase of the 1 us sampling loop.
    for tenth in range(10):
        t = 200 + tenth / 10
        _, _, events, _ = _capture(Pins().down(t, 1).down(t + 3.0, 3), 400)
        assert [e[0] for e in events] == [1, 3]
        margin = stamp_us(events[1], T0) - stamp_us(events[0], T0)
        assert margin == 3, (t, margin)
        assert abs(stamp_us(events[0], T0) - t) <= 1
    # 2.5 us apart: 2 or 3 depending on the phase, never a tie, never reversed
    for tenth in range(10):
        t = 200 + tenth / 10
        _, _, events, _ = _capture(Pins().down(t, 1).down(t + 2.5, 3), 400)
        margin = stamp_us(events[1], T0) - stamp_us(events[0], T0)
        assert [e[0] for e in events] == [1, 3] and margin in (2, 3)


def test_the_referee_ranks_the_decoded_presses():
    _, ref = rigged_referee(WW3, PAIR_ON_TOP)
    ref.lay(T0 - 400)
    ref.lay(T0 - 300)  # 1RC 1RH: a pair to slap
    _, _, events, _ = _capture(Pins().down(200.0, 3).down(203.0, 1), 400)
    for seat, pressed, t, us in events:
        assert pressed
        ref.press(seat, t, us)
    out = ref.tick(T0 + 2)
    slap = next(r for r in out if r["r"] == "slap")
    assert slap["order"] == [[3, 0], [1, 3]] and slap["by"] == 3 and slap["tie"] == []


def test_simultaneous_edges_are_one_snapshot_and_a_true_tie():
    # (the loop samples 0.1 us into each microsecond: an edge at 300.3 is seen by the
    # sample at 301.1 and stamped 301)
    _, words, events, _ = _capture(Pins().down(300.3, 0).down(300.3, 2), 500)
    assert _counts_after_start(words) == [(0, 0xFF), (301, 0xFA)]
    assert events == [(0, True, T0, 301), (2, True, T0, 301)]
    order, tied = slaprace.rank([(t, us, s) for s, _, t, us in events], Rng(3))
    assert tied == [0, 2] and [m for _, m in order] == [0, 0]
    # and the referee calls it a tie too
    _, ref = rigged_referee(WW3, PAIR_ON_TOP)
    ref.lay(T0 - 400)
    ref.lay(T0 - 300)
    for seat, _, t, us in events:
        ref.press(seat, t, us)
    slap = next(r for r in ref.tick(T0 + 2) if r["r"] == "slap")
    assert slap["tie"] == [0, 2] and slap["by"] in (0, 2)


def test_bouncing_press_first_edge_stamped_bounce_ignored():
    p = Pins().bounce(100.0, 1, [1.5, 2.0, 6.0, 0.7, 11.0, 33.0])  # 7 edges, ends down
    p.down(130.0, 2)  # a clean press by another seat in the middle of the chatter
    _, words, events, d = _capture(p, 600)
    assert len(words) == 1 + 7 + 1  # every chatter edge reached the FIFO...
    assert events == [(1, True, T0, 100), (2, True, T0, 130)]  # ...none became a press
    assert d.bounces == 6
    # after the hold-off: the pins settled down, as reported: nothing more
    assert d.decode([], 0, T0 + 50, []) == []
    assert d.held() == 0b110


def test_bouncing_release_is_one_release_at_its_first_edge():
    p = Pins().down(50, 0).bounce(20000.0, 0, [0.8, 3.1, 1.2, 25.0], settle_down=False)
    m = Machine(p)
    d = SeatDecoder(4)
    d.sync(COUNT_MASK, T0)
    m.run_until_us(4000)  # held 500 us by 550, and a drain 3 ms past that
    assert d.decode(m.read(), 2, T0 + 4, []) == [(0, True, T0, 50)]
    m.run_until_us(20200)
    words = m.read()
    assert len(words) == 5
    assert d.decode(words, len(words), T0 + 20, []) == [(0, False, T0 + 20, 0)]
    assert d.decode([], 0, T0 + 40, []) == []


def test_long_hold_produces_nothing_until_release():
    # Held 12 ms, past the 8 ms hold-off, drained every 2 ms.
    p = Pins().down(100.0, 3).up(12100.0, 3)
    m = Machine(p)
    d = SeatDecoder(4)
    d.sync(COUNT_MASK, T0)
    events = []
    for ms in range(2, 13, 2):
        m.run_until_us(ms * 1000)
        words = m.read()
        events.extend(d.decode(words, len(words), T0 + ms, []))
        if ms > 2:
            assert words == []
    assert events == [(3, True, T0, 100)]
    m.run_until_us(12300)
    assert d.decode(m.read(), 1, T0 + 12, []) == [(3, False, T0 + 12, 100)]
    assert len(m.pushed) == 3


def test_counter_wrap():
    # Start the counter 40 us before it wraps through zero: X and its 24-bit field
    # wrap between the two presses, which are still dated and ordered right.
    p = Pins().down(30.0, 0).down(55.0, 1)
    m, words, events, _ = _capture(p, 100, x0=40)
    assert m.state.x_register > 0xFFFFFF00  # X really went through zero
    assert [unpack(w)[1] for w in words] == [40, 10, (40 - 55) & COUNT_MASK]
    assert events == [(0, True, T0, 30), (1, True, T0, 55)]


def test_overflow_drops_new_words_but_never_stops_the_clock():
    # Nobody drains while 12 edges arrive: the 8-word FIFO keeps the oldest 8 and the
    # push is non-blocking, so the counter runs on; a press after the overflow is
    # stamped exactly.
    p = Pins()
    for k in range(12):
        (p.down if k % 2 == 0 else p.up)(10.0 + 5 * k, 2)
    p.down(400.0, 0)
    m = Machine(p)
    m.run_until_us(300)
    assert m.rxstall and len(m.fifo) == FIFO_DEPTH
    d = SeatDecoder(4)
    d.sync(COUNT_MASK, T0)
    words = m.read()
    d.decode(words, len(words), T0, [])
    d.lost()
    m.clear_rxfifo()
    m.run_until_us(4500)
    words = m.read()
    out = d.decode(words, len(words), T0 + 4, [])
    assert out == [(0, True, T0, 400)]
    assert d.overflows == 1


def test_resync_instruction_forces_a_fresh_snapshot():
    for down in ([1], list(range(8))):  # also when the snapshot is 0: all held
        p = Pins()
        for seat in down:
            p.down(20.0, seat)
        m = Machine(p)
        m.run_until_us(100)
        assert len(m.read()) == 2
        m.exec(RESYNC.assembled)
        m.run_until_us(110)
        words = m.read()
        expect = 0xFF & ~sum(1 << s for s in down)
        assert len(words) == 1 and unpack(words[0])[0] == expect


def test_shift_direction_matters():
    # The driver passes in_shift_right=False; with the default (True) the words are
    # garbage. This guards the config the emulator runs with.
    m = Machine(Pins().down(20.0, 1), shift_right=True)
    m.run_until_us(60)
    words = m.read()
    assert [unpack(w)[0] for w in words] != [0xFF, 0xFD]
