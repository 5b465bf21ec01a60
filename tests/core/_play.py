"""A seeded random table for invariant tests: lays at human-ish pace, slaps that are
sometimes right, sometimes wrong, sometimes missed, and slow players now and then."""

from topper.slaplog import Recorder
from topper.games.slap.pad import PadSlapReferee
from topper.rng import Rng
from topper.games.slap.engine import Phase, SlapGame


def _skilled(rng, seats):
    """A slapper, the quicker seats more often: seat k slaps (k+1)**2 times as often
    as seat 0. Equal players would make a game a driftless random walk that can run
    for hours; a real table is never that even."""
    total = 0
    for k in range(seats):
        total += (k + 1) * (k + 1)
    r = rng.below(total)
    for k in range(seats):
        r -= (k + 1) * (k + 1)
        if r < 0:
            return k
    return seats - 1


def play(variant, seats, seed, jokers=2, max_events=60000, check=None, sink=None):
    """Play one game to its end; ``check(game)`` runs after every event.
    Returns ``(referee, events)``."""
    g = SlapGame(variant, seats, jokers)
    ref = PadSlapReferee(g, seed=seed, hurry_ms=3000)
    table = Recorder(ref, sink) if sink is not None else ref
    rng = Rng(seed + 1000003)
    t = rng.below(1 << 29)  # start anywhere: some games cross the tick wrap
    table.start(t)
    events = 0
    while g.phase != Phase.OVER and events < max_events:
        events += 1
        t = (t + 40 + rng.below(500)) & ((1 << 29) - 1)
        roll = rng.below(100)
        if g.slappable() is not None and roll < 60:
            table.press(_skilled(rng, seats), t)
        elif roll < 4:
            table.press(rng.below(seats), t)  # a wrong slap
        elif g.phase == Phase.AWARDED and roll < 70:
            table.tick(t)
        elif roll < 7:
            table.tick((t + 3500) & ((1 << 29) - 1))  # somebody dawdles past the hurry-up
            t = (t + 3500) & ((1 << 29) - 1)
        else:
            table.lay(t)
        if check is not None:
            check(g)
    return ref, events
