"""Helpers for scenario tests: games with stacks the test chooses."""

from topper import cards
from topper.games.slap.pad import PadSlapReferee
from topper.games.slap.engine import WW3, SlapGame


def codes(text):
    """'3RC 2RC JK' -> card codes, in the order written."""
    return [cards.parse(w) for w in text.split()]


def rigged(variant, stacks, starter=0, jokers=2):
    """A game whose seats hold ``stacks`` (strings, TOP CARD FIRST), started by
    ``starter``. Cards need not form a real deck: these are rule scenarios."""
    g = SlapGame(variant, len(stacks), jokers)
    for seat, text in enumerate(stacks):
        g.stacks[seat] = list(reversed(codes(text)))
    g.start_pile(starter)
    return g


def rigged_referee(variant, stacks, starter=0, hurry_ms=0, seed=1, **kw):
    g = rigged(variant, stacks, starter)
    ref = PadSlapReferee(g, seed=seed, hurry_ms=hurry_ms, **kw)
    ref._sync(0)
    return g, ref


def kinds(rulings):
    return [r["r"] for r in rulings]


def pot_text(g):
    return " ".join([cards.format_card(c) for c in g.pot])


# A deal whose first two cards (P1's 1RC, then its 1RH) make a pair.
PAIR_ON_TOP = ["1RC 1RH 4YS 2GT", "1GT 2BS 3YC 4GC", "4GC 3BH 2YT", "2BH 3BS"]


def pair_ready(**kw):
    """A World War 3 referee with a pair on the pile (laid at 100 and 200)."""
    g, ref = rigged_referee(WW3, PAIR_ON_TOP, **kw)
    ref.lay(100)
    ref.lay(200)
    return g, ref
