"""Slap ties: how often two presses share a stamp with keypad (1 ms) and with the PIO
capture (1 us). Prints figures, asserts nothing (docs/pio-capture.md records them).

1. The PIO resolution, from the program's constants and measured by running the
   assembled program in the pioemu emulator (when installed): cycles per counter step
   on the "unchanged" path (quiet pins) and on the "changed" path (a pin toggling
   every loop).
2. Tie rates for players reacting to the same card, reaction times ~ N(250 ms, 40 ms),
   independent. A stamp is the sampling bin a press falls in: 1 ms keypad scans (random
   phase) or 1 us PIO loops. Two presses tie when they share a bin. Exact figure for a
   pair (the difference D of two reactions is N(0, 40*sqrt(2) ms) and the chance that
   two presses D apart share a bin of width q is max(0, 1 - |D|/q)), and a seeded
   simulation for 2, 4 and 8 players (tie for first place = the two fastest share a
   bin).

Command: ``.venv/bin/python bench/bench_ties.py`` (``--trials N`` for the simulation).
"""

import math
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "firmware", "lib"))

from topper_hw import pio_seats  # noqa: E402

MEAN_US = 250000.0
SIGMA_US = 40000.0
SEED = 20240611
KEYPAD_US = 1000  # settings.toml TOPPER_SCAN_US
PIO_US = pio_seats.LOOP_CYCLES * 1000000 // pio_seats.SM_HZ


def pair_tie_exact(q_us, sigma_us=SIGMA_US):
    """P(two presses share a bin of width q): E[max(0, 1 - |D|/q)], D ~ N(0, s)."""
    s = sigma_us * math.sqrt(2.0)
    a = q_us / (s * math.sqrt(2.0))
    p_close = math.erf(a)  # P(|D| < q)
    mean_abs_close = 2.0 * s / math.sqrt(2.0 * math.pi) * (1.0 - math.exp(-a * a))
    return p_close - mean_abs_close / q_us


def first_place_tie(players, q_us, sigma_us=SIGMA_US):
    """P(the two fastest of ``players`` share a bin), for q much smaller than sigma:
    q/2 times the density at 0 of the gap between the two fastest, which is
    n(n-1) * integral of f(x)^2 (1 - F(x))^(n-2) dx (order statistics)."""
    steps = 4000
    lo, hi = -9.0, 9.0
    h = (hi - lo) / steps
    total = 0.0
    for i in range(steps + 1):
        z = lo + i * h
        phi = math.exp(-z * z / 2) / math.sqrt(2 * math.pi)
        tail = 0.5 * math.erfc(z / math.sqrt(2))
        w = 1 if i in (0, steps) else (4 if i % 2 else 2)  # Simpson
        total += w * phi * phi * tail ** (players - 2)
    integral = total * h / 3 / sigma_us
    return q_us / 2 * players * (players - 1) * integral


def simulate(players, q_us, trials, rng):
    """Fraction of slaps whose two fastest presses share a bin."""
    ties = 0
    for _ in range(trials):
        phase = rng.random() * q_us  # where the scan grid sits: no seat is favoured
        best = second = None
        for _ in range(players):
            b = math.floor((rng.gauss(MEAN_US, SIGMA_US) + phase) / q_us)
            if best is None or b < best:
                best, second = b, best
            elif second is None or b < second:
                second = b
        if best == second:
            ties += 1
    return ties


def _quiet(clock: int) -> int:
    return 0xFF


def _toggling(clock: int) -> int:
    # seat 0 changes between every two samples (one loop = 10 cycles)
    return 0xFE if (clock // pio_seats.LOOP_CYCLES) % 2 else 0xFF


def measured_resolution():
    """(cycles per step quiet, cycles per step toggling) from the emulator, or None."""
    try:
        from pioemu import State, emulate
    except ImportError:
        return None
    program, _, _ = pio_seats.programs()
    kw = program.pio_kwargs
    steps = 200
    out = []
    for toggle in (False, True):
        pins = _quiet if not toggle else _toggling

        start = State(x_register=0xFFFFFFFF, y_register=0xFFFFFFFF)
        cycles = steps * pio_seats.LOOP_CYCLES
        for _, state in emulate(
            list(program.assembled),
            stop_when=lambda op, s, cycles=cycles: s.clock >= cycles,
            initial_state=start,
            input_source=pins,
            shift_isr_right=False,
            wrap_target=kw["wrap_target"],
            wrap_top=kw["wrap"],
        ):
            state.receive_fifo.clear()  # the DMA keeps the FIFO empty
        out.append(state.clock / (0xFFFFFFFF - state.x_register))
    return out


def main(argv):
    trials = 200000
    if "--trials" in argv:
        trials = int(argv[argv.index("--trials") + 1])
    print("PIO capture resolution")
    print(
        "  program: %d instructions, %d cycles a loop at %d MHz = %d us per sample"
        % (
            len(pio_seats.programs()[0].assembled),
            pio_seats.LOOP_CYCLES,
            pio_seats.SM_HZ // 1000000,
            PIO_US,
        )
    )
    m = measured_resolution()
    if m is None:
        print("  emulator: pioemu not installed (pip install rp2040-pio-emulator)")
    else:
        print("  emulator: %.3f cycles/step quiet pins, %.3f cycles/step pin toggling" % tuple(m))
    print("  counter: 22 bits stamped, wraps every %.3f s" % ((1 << 22) / 1e6))
    print()
    print("Ties, reaction times N(%.0f ms, %.0f ms)" % (MEAN_US / 1000, SIGMA_US / 1000))
    for name, q in (("keypad 1 ms", KEYPAD_US), ("PIO %d us" % PIO_US, PIO_US)):
        p = pair_tie_exact(q)
        print(
            "  %-12s pair, exact: %.3g (1 in %s contested slaps)"
            % (name, p, "{:,.0f}".format(1 / p))
        )
    print()
    print("  tie for first place (order statistics, q << sigma):")
    print("  %-8s %-26s %-26s" % ("players", "keypad 1 ms", "PIO %d us" % PIO_US))
    for players in (2, 4, 8):
        k = first_place_tie(players, KEYPAD_US)
        u = first_place_tie(players, PIO_US)
        print(
            "  %-8d %-26s %-26s"
            % (
                players,
                "%.3g (1 in %.0f)" % (k, 1 / k),
                "%.3g (1 in %s)" % (u, "{:,.0f}".format(1 / u)),
            )
        )
    print()
    print("  seeded simulation (seed %d), tie for first place:" % SEED)
    print("  %-8s %-26s %-26s" % ("players", "keypad 1 ms", "PIO %d us" % PIO_US))
    for players, n in ((2, trials * 10), (4, trials), (8, trials)):
        rng = random.Random(SEED + players)
        k = simulate(players, KEYPAD_US, n, rng)
        u = simulate(players, PIO_US, n, rng)
        print(
            "  %-8d %-26s %-26s"
            % (players, "%d/%d = %.3g" % (k, n, k / n), "%d/%d = %.3g" % (u, n, u / n))
        )


if __name__ == "__main__":
    main(sys.argv[1:])
