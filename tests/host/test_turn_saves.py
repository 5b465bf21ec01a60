"""Turn games' power-cut saves (docs/power-cut.md): the form the device writes is
compact, so that a whole game fits an nvm slot; a save of the form older firmware wrote
still restores; and a game restored from its save at any move plays on to the same end
as the game never cut.

The games are played by seeded bots at a physical table, their moves fed to the device's
referee as taps and presses (``topper_host.sim.ref_feed``)."""

import json
import os

import pytest
from topper import intpack, jsonl
from topper_host.sim.ref_feed import Game

# Saves in the forms older firmware wrote, captured from these very games, one a line:
# the game, its seats, seed, pad, options, the plays made, the stamp, the packed
# snapshot as the store held it, and its form.
# - "lists", before the compact form: Tripp Jokes with the pad kept its inputs as
#   ["card", code] / ["press", kind, seat] lists, Tricky Dick its history as card codes
#   and reports as two ints, Crazy Job and Guess My Card their actions as lists. The
#   Guess My Card game with the pad is one whose deals turned up no wild card: the table
#   taps such a wild now, which older firmware never heard, so an older save counts none
#   (docs/games/guess-my-card.md) and only a game without one is the same game today.
# - "compact", before the referees took the driver's press kinds: Tripp Jokes and
#   Tricky Dick numbered a saved press 0-3 (short, long, table, chord: inputs.BUTTONS).
_KEYS = ("game", "seats", "seed", "pad", "options", "plays", "t", "save", "form")
OLD_SAVES = [
    tuple(json.loads(line)[k] for k in _KEYS)
    for line in open(os.path.join(os.path.dirname(__file__), "old_turn_saves.jsonl"))
]


def _ids(cases):
    return ["%s-%s-%s" % (c[0], "pad" if c[3] else "buttons", c[8]) for c in cases]


def _play_to(game, seats, seed, pad, options, plays):
    g = Game(game, seats, seed, pad, options)
    while g.plays < plays and not g.over:
        g.step()
    return g


def _end(g):
    while not g.over:
        g.step()
    v = g.device.view(g.t)
    return v["winners"], v["scores"], g.device.is_over()


def _restored(g, text, t):
    snap = intpack.unpack(jsonl.loads(text))
    assert snap["game"] == g.cfg["game"] and snap["cfg"] == g.cfg
    return g.mod.restore(snap["ref"], t)


@pytest.mark.parametrize("case", OLD_SAVES, ids=_ids(OLD_SAVES))
def test_a_save_of_the_older_form_restores_and_plays_on_to_the_same_end(case):
    game, seats, seed, pad, options, plays, t, text, _form = case
    g = _play_to(game, seats, seed, pad, options, plays)
    assert g.t == t  # the same game as the one the save was taken from
    ref = _restored(g, text, t)
    assert ref.view(t) == g.device.view(t)
    want = _end(g)
    cut = _play_to(game, seats, seed, pad, options, plays)
    cut.device = ref
    assert _end(cut) == want
