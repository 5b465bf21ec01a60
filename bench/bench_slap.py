"""Slap-game benchmark: prints figures, asserts nothing.

- events per second of the core for each variant (4 players, seeded random tables):
  each game is first played once by a seeded random table (the driver: its draws and
  its choices), which records the events; the figure is the time a fresh referee
  takes to judge those events again (the same rulings, since the referee is
  deterministic). The driver's own cost is printed apart: the same games with the
  random table deciding each event as it goes;
- microseconds per event for a slap (press + the tick that settles it), measured on
  a pot that always holds a pair;
- heap used by importing the core, where the interpreter tells (MicroPython: gc.mem_alloc).

Runs under CPython (``python bench/bench_slap.py [--cpu]``; ``--cpu`` times in process
CPU time, for a shared machine) and under MicroPython (the same file through the
MicroPython runner, see docs/portability.md).
"""

import sys

from _timing import heap, now_us, since_us, use_cpu_time


heap_before = heap()
from topper.games.slap.pad import PadSlapReferee  # noqa: E402
from topper.rng import Rng  # noqa: E402
from topper.games.slap.engine import ARMAGEDDON, WW3, Phase, SlapGame  # noqa: E402

heap_after = heap()


# A recorded event is one int: the stamp, then 3 bits: the seat pressing, or _LAY.
_LAY = 7


def random_game(variant, seed, log=None):
    """One game driven by a seeded random table; returns the count of events. With
    ``log`` a list, each event is appended to it (see _LAY).

    The table takes one 32-bit draw an event and reads its fields: 9 bits of gap
    (40-551 ms), 7 bits of roll (a slap on a slappable pot 77 times in 128, a stray
    press 5 in 128 otherwise), 3 bits of seat. One draw instead of four keeps the
    driver's cost small beside the referee's (with four, the table's own draws were a
    fifth of the time)."""
    g = SlapGame(variant, 4, 2)
    ref = PadSlapReferee(g, seed=seed)
    draw = Rng(seed + 1).next32
    slappable = g.slappable
    t = 0
    ref.start(t)
    n = 0
    while g.phase != Phase.OVER and n < 60000:
        n += 1
        x = draw()
        t += 40 + (x & 511)
        roll = (x >> 9) & 127
        if roll < 77 and slappable() is not None:
            # quicker seats slap more often, as at a real table
            seat = min(3, ((x >> 16) & 3) + ((x >> 18) & 1))
            ref.press(seat, t)
        elif roll < 5:
            seat = (x >> 16) & 3
            ref.press(seat, t)
        else:
            seat = _LAY
            ref.lay(t)
        if log is not None:
            log.append(t << 3 | seat)
    return n


def replay(variant, seed, log):
    """The referee alone judging a recorded game."""
    ref = PadSlapReferee(SlapGame(variant, 4, 2), seed=seed)
    ref.start(0)
    lay = ref.lay
    press = ref.press
    for e in log:
        seat = e & 7
        if seat == _LAY:
            lay(e >> 3)
        else:
            press(seat, e >> 3)
    return ref


def core_events_per_second(variant, games):
    """Events a second of the referee judging recorded random games (driver untimed)."""
    logs = []
    for seed in range(games):
        log = []
        random_game(variant, seed, log)
        logs.append(log)
    events = 0
    t0 = now_us()
    for seed in range(games):
        ref = replay(variant, seed, logs[seed])
        events += len(logs[seed])
    us = since_us(t0)
    if ref.game.phase != Phase.OVER:
        raise RuntimeError("a replayed game did not end as recorded")
    return events * 1e6 / us, events * 1.0 / games, us / events


def games_per_second(variant, games):
    """Whole games a second with the random table deciding each event as it goes."""
    t0 = now_us()
    events = 0
    for seed in range(games):
        events += random_game(variant, seed)
    us = since_us(t0)
    return games * 1e6 / us, events * 1.0 / games, us / events


def slap_us(rounds):
    """One slap on a pair: the press, then the tick that settles it. The pot is rebuilt
    (outside the timing) before each round."""
    total = 0
    for i in range(rounds):
        g = SlapGame(WW3, 4, 0)
        ref = PadSlapReferee(g, seed=i, hurry_ms=0)
        g.deal(Rng(i))
        g.stacks[0][-1] = 1 * 25 + 1 * 5 + 1  # 1RC
        g.stacks[0][-2] = 1 * 25 + 1 * 5 + 2  # 1RH: a pair once both are down
        g.start_pile(0)
        ref.lay(10)
        ref.lay(20)
        t0 = now_us()
        ref.press(2, 100)
        out = ref.tick(101)
        total += since_us(t0)
        assert out[0]["ok"]
    return total / rounds


def main():
    small = sys.implementation.name != "cpython"
    cpu = use_cpu_time(sys.argv)
    print("interpreter: %s %s%s" % (sys.implementation.name, sys.version.split()[0],
                                    ", timed in process CPU time" if cpu else ""))
    if heap_before is not None:
        print("heap used by importing the slap core: %d bytes" % (heap_after - heap_before))
    n = 3 if small else 60
    for variant in (WW3, ARMAGEDDON):
        eps, ev, us_ev = core_events_per_second(variant, n)
        print(
            "%-10s core      %9.0f events/s  (%d games, %.0f events/game, %.2f us/event)"
            % (variant, eps, n, ev, us_ev)
        )
        gps, ev, us_ev = games_per_second(variant, n)
        print(
            "%-10s +driver   %9.0f events/s  (%.1f games/s with the random table deciding, %.2f us/event)"
            % (variant, gps * ev, gps, us_ev)
        )
    print("slap (press + settle): %.1f us/event" % slap_us(50 if small else 2000))


main()
