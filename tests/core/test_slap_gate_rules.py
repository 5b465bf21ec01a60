"""What the slap gate (docs/slap-gate.md) is told before a race, from the referee: the
seats whose press would open a race (``can_race``), and the tie picks
(``topper.games.slap.race.tie_picks``): when seats fall in the same interrupt, the gate
lights the seat the referee then ranks first, worked out without spending its draws."""

from _rig import rigged_referee
from topper.games.slap import race as slaprace
from topper.games.slap.blind import BlindSlapReferee
from topper.games.slap.engine import WW3
from topper.rng import Rng


def ranked_first(seed, group, later=()):
    """The seat ``settle_into`` puts first when ``group`` press at the same instant
    (and ``later`` after them), with a tie generator seeded ``seed``."""
    rng = Rng(seed)
    race = slaprace.Race()
    seats = list(group)
    for i in range(len(seats)):
        if i == 0:
            race.open(100, 250, seats[i])
        else:
            race.add(100, 250, seats[i])
    for s in later:
        race.add(101, 0, s)
    order = []
    tied = []
    race.settle_into(rng, order, tied, None)
    return order[0][0]


def test_the_pick_is_the_seat_the_referee_ranks_first():
    for seed in range(60):
        picks = slaprace.tie_picks(Rng(seed), [0] * 9)
        for k in range(2, 9):
            # the group in any arrival order, seats spread over 8
            group = [(seed + 3 * i) % 8 for i in range(k)]
            if len(set(group)) < k:
                group = list(range(k))
            group.reverse()
            by_seat = sorted(group)
            assert ranked_first(seed, group) == by_seat[picks[k]], (seed, k, group, picks)


def test_later_presses_do_not_change_the_first_place():
    for seed in range(30):
        picks = slaprace.tie_picks(Rng(seed), [0] * 9)
        assert ranked_first(seed, [5, 2], later=[0, 7, 3]) == [2, 5][picks[2]]


def test_picks_spend_no_draw_and_vary_fairly():
    rng = Rng(7)
    before = rng.state
    slaprace.tie_picks(rng, [0] * 9)
    assert rng.state == before
    firsts = [0, 0, 0]
    for seed in range(300):
        firsts[slaprace.tie_picks(Rng(seed), [0] * 9)[3]] += 1
    # every one of three tied seats comes first about a third of the time
    assert min(firsts) > 60, firsts
    assert slaprace.tie_picks(Rng(1), [9] * 9)[:2] == [0, 0]


def opens_race(ref, seat, t):
    before = ref.racing()
    out = ref.press(seat, t)
    return not before and ref.racing(), out


def test_can_race_says_what_a_press_would_do_on_the_card_game():
    g, ref = rigged_referee(WW3, ["1RC 1RH 4YS 2GT", "1GT 2BS 3YC 4GC", "4GC 3BH 2YT", "2BH 3BS"])
    ref.lay(100)  # one card: a slap is wrong, and the slapper pays
    assert [ref.can_race(s) for s in range(4)] == [True] * 4
    assert opens_race(ref, 1, 500)[0]
    assert not any(ref.can_race(s) for s in range(4))  # the race is open
    ref.tick(600)
    ref.tick(5000)  # the race closed
    assert not ref.racing()
    flags = [ref.can_race(s) for s in range(4)]
    for s in range(4):
        t = 6000 + 4000 * s  # each press after the last one's race closed
        opened, out = opens_race(ref, s, t)
        assert opened == flags[s], (s, flags, out)
        if opened:
            ref.tick(t + 100)
            ref.tick(t + 3000)


def test_can_race_on_blind_play():
    ref = BlindSlapReferee("ww3", 4, seed=3)
    assert not ref.can_race(0)  # no game yet
    ref.start(0, 0)
    assert ref.can_race(2)
    ref.toggle_out(2, 900)  # P3 is out of cards: a wrong slap now locks them out
    ref.press(2, 1000)
    ref.tick(1010)
    assert ref.pending == 2 and not any(ref.can_race(s) for s in range(4))
    ref.table(1100, long=True)  # wrong: P3, out of cards, is locked out (RULES.md 8)
    ref.tick(2100)
    ref.tick(9000)
    seen = []
    for s in (2, 0, 1, 3):  # P3 first: a pot won unlocks everyone
        t = 10000 + s * 5000
        flag = ref.can_race(s)
        opened, out = opens_race(ref, s, t)
        assert opened == flag, (s, out)
        seen.append(flag)
        ref.tick(t + 10)
        if ref.pending >= 0:
            ref.table(t + 20)
        ref.tick(t + 4000)
    assert False in seen and True in seen  # the locked seat could not race, the others could



def test_a_referees_picks_are_worked_out_again_only_when_its_draws_moved():
    # The gate is armed after every ruling: the referee keeps its last picks while its
    # tie draws stand (on a board each draw is long ints), and they are always the
    # picks its draws give now.
    ref = BlindSlapReferee("ww3", 4, seed=11)

    def fresh(n=9):
        return slaprace.tie_picks(ref._tie_rng, [0] * n)

    first = ref.tie_picks([0] * 9)
    assert first == fresh()
    assert ref.tie_picks([7] * 9) == first
    for _ in range(20):  # ties settled: the draws moved
        ref._tie_rng.below(5)
        assert ref.tie_picks([0] * 9) == fresh()
    assert ref.tie_picks([0] * 5) == fresh(5)
