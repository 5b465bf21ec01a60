"""First touch wins (docs/slap-gate.md, "How the gate decides"), on the emulated board.

A microswitch chatters for a while after its contact first closes. The seat whose contact
touched first must win the slap however long its contact chatters (within the gate's
bounce window), and a glitch (a pulse too short to be a press, with no press after it)
must never slap. Each configuration is booted once with 8 seats and plays many races of
2 to 8 seats: a first toucher with chatter within and beyond the gate's 500 us check,
clean seats 0.1 to 3 ms behind it, and a lone glitch before a real press.

Every capture mode applies the first-touch rule (keypad at its 1 ms scans, pio to the
microsecond), with or without the gate: the first toucher is ruled the slapper through
its chatter, and the lone glitch never slaps (with the gate, the ring and the ruling
agree on it).

What is asserted is what a player sees: the seat the ring lights first (with the gate),
the ruling's slapper, the order of the ranking and that no margin is negative.
"""

import time

import pytest
import slap_table as st

SEATS = 8
HOLD_MS = 80

# The contact's chatter after its first touch, in us: closed, open, closed, ... (the
# harness's bounce_us). The gate checks a contact 500 us after a closing.
BUG = [300, 250, 200, 300]  # open at the first check: the press that used to lose
FINE = [100] * 9  # many short flips, all inside the first check
LONG_GAPS = [600, 400, 900, 300]  # closings longer than the check, open gaps between
LONG = [400, 300, 500, 400, 300, 600, 400, 500]  # 3.4 ms of chatter
# A first closing longer than a 1 ms scan, then 1.8 ms of chatter: keypad reads it closed
# at its first scan, but not for 3 scans in a row until 3 ms after the touch
SCANNED = [1200, 300, 400, 300, 500, 300]

# (first toucher, its chatter, [(clean seat, us after the first touch), ...]); seats 1-based
RACES = [
    (3, BUG, [(2, 279)]),
    (5, FINE, [(1, 100), (8, 900)]),
    (2, LONG_GAPS, [(6, 300), (7, 1000), (4, 2000)]),
    (7, LONG, [(3, 500), (1, 1500), (8, 3000), (5, 3000)]),
    (1, BUG, [(s, 100 * s) for s in range(2, 9)]),
    (8, LONG, [(s, 400 * s - 300) for s in range(1, 8)]),
    (4, FINE, [(2, 3000), (6, 2500), (1, 200), (3, 700), (5, 1200)]),
]


def home(seat):
    """P``seat``'s pixel (1-based) on the 24-pixel ring."""
    return (2 * (seat - 1) * 24 + SEATS) // (2 * SEATS)


def _white(px, seat):
    """P``seat``'s pixel is the bright white of a blind slap waiting for the table (the
    ring's full level at its brightness, 37; the seats' own colours, P6's dim white
    among them, are drawn at a sixth of that). No race here follows a win of P6's,
    whose turn pulses its white up to full."""
    p = px[home(seat)]
    return p[0] == p[1] == p[2] >= 30


def _race(b, presses, watch_ring, glitch=None, lead_us=20_000):
    """Presses ``[(seat, offset_us, bounce_us), ...]`` and perhaps a ``glitch``, ``(seat,
    offset_us, length_us)``: one short pulse; returns the seat the first ring update
    after the first edge lit white (or None when not watched), the slap ruling and the
    ranking with the late presses after it, as ``[[seat, margin_us], ...]`` (0-based
    seats, as on the wire)."""
    b.data_lines()
    before = b.cmd("ring")
    t0 = b.t_us + lead_us
    for seat, off, bounce in presses:
        b.press(seat, at_ms=(t0 + off) / 1000, hold_ms=HOLD_MS, bounce_us=bounce)
    if glitch is not None:
        seat, off, length = glitch
        gp = b.cmd("pinmap")["map"]["seats"][seat - 1]
        b.pin(gp, 0, at_ms=(t0 + off) / 1000)
        b.pin(gp, None, at_ms=(t0 + off + length) / 1000)
    b.run_until_us(t0)
    lit = None
    if watch_ring:
        seen = before["updates"]
        while b.t_us - t0 < 20_000 and lit is None:
            b.run_us(200)
            r = b.cmd("ring")
            if r["updates"] == seen or r["started_us"] < t0:
                seen = r["updates"]
                continue
            # the first frame begun after the first edge: which pressed seat it lights
            lit = [s for s, _, _ in presses if _white(r["pixels"], s)]
            assert len(lit) == 1, ("the first frame after the press", before, r)
            lit = lit[0]
    slap, _ = b.data_until(lambda o: o.get("r") == "slap", timeout_ms=3000)
    b.run_ms(1100)  # the race closes: every press after the ranking is ruled late by now
    late = [[o["seat"], o["margin_us"]] for o in b.data_lines() if o.get("r") == "late"]
    st.table_short(b, after_ms=300)  # the table says good: the next race may open
    return lit, slap, slap["order"] + late


def _expect(lit, slap, order, first, presses, gate, exact_us):
    """The first toucher lit (with the gate) and ruled the slapper, every seat ranked in
    the order of its first touch (within ``exact_us``), no margin negative."""
    want = [s - 1 for s, _, _ in sorted(presses, key=lambda p: p[1])]
    got = [s for s, _ in order]
    where = (presses, lit, slap, order)
    if gate:
        assert lit == first, where
    assert slap["by"] == first - 1, where
    assert slap["tie"] == [], where
    assert got[0] == first - 1 and sorted(got) == sorted(want), where
    assert all(m >= 0 for _, m in order), where
    offsets = {s - 1: off for s, off, _ in presses}
    for seat, margin in order:
        assert abs(margin - offsets[seat]) <= exact_us, where


def _play(b, races, gate, exact_us):
    for first, chatter, clean in races:
        presses = [(first, 0, chatter)] + [(s, off, []) for s, off in clean]
        lit, slap, order = _race(b, presses, watch_ring=gate)
        _expect(lit, slap, order, first, presses, gate, exact_us)


def _glitch(b, gate):
    """A lone glitch (200 us, no press after it) on P6, then P2's real press 1 ms later:
    P2 wins (and is lit, with the gate), P6 is nowhere in the ranking."""
    lit, slap, order = _race(b, [(2, 1000, [])], watch_ring=gate, glitch=(6, 0, 200))
    assert slap["by"] == 1 and [s for s, _ in order] == [1], (lit, slap, order)
    if gate:
        assert lit == 2, (lit, slap, order)


@pytest.mark.parametrize("capture", ["keypad", "pio"])
def test_the_first_touch_wins_through_the_gate(board_factory, capture):
    started = time.monotonic()
    b = st.blind_race_board(board_factory, SEATS, capture, seed=5)
    # the gate's stamps are microseconds: every margin is the script's, to a few us; in
    # keypad mode the interrupt stamps them, and a touch that comes while the gate's own
    # interrupt or alarm is at work waits for it (seen up to 25 us: docs/slap-gate.md)
    _play(b, RACES if capture == "keypad" else RACES[:4], gate=True,
          exact_us=30 if capture == "keypad" else 10)
    # the capture reports only confirmed presses: the ring and the ruling agree
    _glitch(b, gate=True)
    print("\n[first touch] %s with the gate: %.1f s wall" % (capture, time.monotonic() - started))


def test_without_the_gate_pio_ranks_the_first_touch(board_factory):
    started = time.monotonic()
    b = st.blind_race_board(board_factory, SEATS, "pio", gate=False, seed=5)
    # the PIO capture stamps a contact's first edge to the microsecond
    _play(b, RACES[:4], gate=False, exact_us=10)
    _glitch(b, gate=False)  # shorter than confirm_us: dropped by the decoder
    print("\n[first touch] pio without the gate: %.1f s wall" % (time.monotonic() - started))


def test_without_the_gate_keypad_ranks_the_first_closed_scan(board_factory):
    """keypad alone stamps a press, in whole ms, at the first scan that read its contact
    closed, and reports it once read closed for 3 scans in a row (docs/slap-gate.md,
    "Without the gate"): the first toucher wins through its chatter whenever a scan read
    it closed before the other seat's first touch, and a glitch never slaps. SCANNED's
    first closing (1.2 ms) is always read by a scan; its 3 closed scans in a row come
    only 3 ms after the touch, behind the clean seats' (a keypad debouncing by itself
    would stamp it there, behind them)."""
    started = time.monotonic()
    b = st.blind_race_board(board_factory, SEATS, "keypad", gate=False, seed=5)
    races = [
        (3, SCANNED, [(2, 1200)]),
        (5, SCANNED, [(1, 1500), (8, 2500)]),
        (7, SCANNED, [(s, 1200 + 300 * s) for s in range(1, 7)]),
        (3, BUG, [(2, 2100)]),
        (5, LONG, [(1, 5000), (8, 6000)]),
        (2, FINE, [(s, 1000 + 1100 * s) for s in range(3, 9)]),
    ]
    _play(b, races, gate=False, exact_us=2000)
    _glitch(b, gate=False)
    print("\n[first touch] keypad without the gate: %.1f s wall" % (time.monotonic() - started))
