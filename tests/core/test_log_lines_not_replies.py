"""On the serial link a line with a ``"k"`` key is a reply to the host and a line
without one is the game's log (docs/serial-protocol.md). So no ruling any game streams
may carry a ``k`` of its own, or the host would file a play as a reply and lose it from
the saved log: whole bot games of every turn game, and random slap games, show none."""

from topper.games.crazy import turn as turn_crazy
from topper.games.guess import turn as turn_guess
from topper.games.tricky import turn as turn_tricky
from topper.games.tripp import turn as turn_tripp
from topper.gamekit import Entry
from topper.games.slap.pad import PadSlapReferee
from topper.rng import Rng
from topper.games.slap.engine import SlapGame


def _turn_rulings(module, seats, seed):
    ref = module.referee(seats, Entry.DEALT, seed, None, None)
    bots = [ref.bot(s, s + seed) for s in range(seats)]
    out = list(ref.start(0))
    steps = 0
    while not ref.is_over() and steps < 4000:
        out.extend(ref.act(bots[ref.view(steps)["turn"]].choose(ref), steps))
        steps += 1
    assert ref.is_over()
    return out


def test_no_turn_game_ruling_has_the_reply_key():
    for module, seats in ((turn_tripp, 3), (turn_tricky, 4), (turn_crazy, 3), (turn_guess, 3)):
        for seed in range(2):
            rulings = _turn_rulings(module, seats, seed)
            kinds = set([r["r"] for r in rulings])
            assert len(kinds) > 4, (module.GAME, kinds)
            assert [r for r in rulings if "k" in r] == [], module.GAME


def test_no_slap_ruling_has_the_reply_key():
    rng = Rng(3)
    for game in ("ww3", "armageddon"):
        ref = PadSlapReferee(SlapGame(game, 3, 2), seed=5, hurry_ms=2000)
        out = list(ref.start(0, 0))
        t = 0
        for _ in range(600):
            t += 50 + rng.below(700)
            if rng.below(3):
                out.extend(ref.lay(t))
            else:
                out.extend(ref.press(rng.below(3), t))
            out.extend(ref.tick(t + 1))
        assert len(set([r["r"] for r in out])) > 3
        assert [r for r in out if "k" in r] == []
