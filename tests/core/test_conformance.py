"""One conformance test over every game in the registry (topper.games), through the
interfaces the device and the simulator use, so that a game added to the registry is
held to the same contract as the six there now:

- random play to the end: the simulator's dealt game with the game's own bots (turn
  games, under a chess clock or none) or the seeded random table (slap games, with the
  card pad's referee), every card accounted for after every action (_census.py);
- save and restore at a random point: the referee's power-cut ``save``, through the
  JSON the store holds, given back by its module's ``restore`` (turn games with their
  clock; the card pad's slap referee in the middle of its log's replay); the copy rules
  every later action exactly as the game that never stopped;
- replay: the same seed and the same actions make the same rulings, byte for byte
  (turn games), and a slap game's event log replays through ``topper replay``'s core
  with every recorded ruling confirmed.

The games' own test files go deeper (secrets, scoring, the screens); this file is what
every game owes. Blind slap play's save/restore has its own random test
(test_blindref_save.py).
"""

import sys

from _census import CENSUS
from _play import play
from _scale import MICROPYTHON, games
from topper import clock, jsonl, replay
from topper import games as registry
from topper.gamekit import Entry
from topper.games.slap import pad
from topper.rng import Rng

MAX_ACTIONS = 3000
CONTROLS = (None, clock.fischer(60000, 2000), clock.per_move(5000), clock.hourglass(30000))


def _module(key):
    """A turn game's referee module, as the device loads it (no importlib)."""
    name = registry.find(key).referee
    __import__(name)
    return sys.modules[name]


def _seats(key, seed):
    low, high = registry.find(key).players
    return low + seed % (high - low + 1)


def _restored(mod, ref, t):
    """The referee as a power cut leaves it: its save, through JSON, restored."""
    return mod.restore(jsonl.loads(jsonl.dumps(ref.save(t))), t)


def _lines(rulings):
    return [jsonl.dumps(r) for r in rulings]


def _play_turn(key, seed):
    mod = _module(key)
    seats = _seats(key, seed)
    control = CONTROLS[seed % len(CONTROLS)]
    census = CENSUS[key]
    ref = mod.referee(seats, Entry.DEALT, seed, control, registry.options(key))
    bots = [ref.bot(s, seed * 16 + s) for s in range(seats)]
    rng = Rng(seed * 31 + seats)
    t = 1000
    made = list(ref.start(t))
    census(ref)
    actions = []
    cut = rng.below(60)
    twin = None
    while not ref.is_over() and len(actions) < MAX_ACTIONS:
        if len(actions) == cut:
            twin = _restored(mod, ref, t)
        turn = ref.view(t)["turn"]
        assert 0 <= turn < seats, "%s: nobody on turn in a game not over" % key
        action = bots[turn].choose(ref)
        t += 50 + rng.below(3000)
        out = ref.act(action, t)
        assert out and out[0]["r"] != "error", (key, seed, out)
        census(ref)
        if twin is not None:
            again = twin.act(action, t)
            assert _lines(again) == _lines(out), "%s seed %d: the restored copy ruled otherwise" % (key, seed)
        actions.append((action, t))
        made.extend(out)
    assert ref.is_over(), "%s seed %d: no end in %d actions" % (key, seed, MAX_ACTIONS)

    again = mod.referee(seats, Entry.DEALT, seed, control, registry.options(key))
    remade = list(again.start(1000))
    for action, at in actions:
        remade.extend(again.act(action, at))
    assert _lines(remade) == _lines(made), "%s seed %d: the same actions ruled otherwise" % (key, seed)
    return len(actions)


class _Holder:
    """What the census reads of a slap referee (``play``'s check gets the game)."""

    def __init__(self, game):
        self.game = game


class _Held:
    """The replay's referee, swapped for its restored copy at a power cut."""

    def __init__(self, ref):
        self.ref = ref

    def __getattr__(self, name):
        return getattr(self.ref, name)


def _play_slap(key, seed):
    census = CENSUS[key]
    log = []
    seats = _seats(key, seed)

    def check(g):
        census(_Holder(g))

    ref, events = play(key, seats, seed * 7919 + 1, jokers=seed % 3, check=check, sink=log.append)
    assert ref.game.winner >= 0, "%s seed %d: no winner in %d events" % (key, seed, events)
    recorded = [line for line in log[1:] if line.startswith('{"') and '"r":' in line]
    h, read = replay.read(log)
    held = _Held(replay.make(h))
    cut = 1 + Rng(seed).below(len(recorded))  # the power goes after this ruling
    replayed = []
    for r in replay.rulings(h, read, held):
        replayed.append(jsonl.dumps(r))
        if len(replayed) == cut:
            # The referee as a power cut leaves it: its save, through JSON, restored;
            # the copy must rule every later event as the game that never stopped.
            now = held.ref.last_seen()
            held.ref = pad.restore(jsonl.loads(jsonl.dumps(held.ref.save(now))), now)
    # every recorded ruling was confirmed by the replay (it raises on a difference),
    # and the replay made no ruling the game did not record
    assert replayed[: len(recorded)] == recorded, "%s seed %d: the replay ruled otherwise" % (key, seed)
    # and it ends holding the same game, to its random draws and its screen's message
    end = ref.last_seen()
    assert jsonl.dumps(held.ref.save(end)) == jsonl.dumps(ref.save(end)), "%s seed %d" % (key, seed)
    return events


def test_every_registered_game_has_a_census():
    assert sorted(CENSUS) == sorted(registry.keys()), "add the new game's census to _census.py"


# Whole games under MicroPython in WebAssembly take seconds each: a few seeds a game
# there, the rest on CPython.
SEEDS = 3 if MICROPYTHON else games(16)


def test_every_game_plays_to_the_end_keeps_its_cards_restores_and_replays():
    for key in registry.keys():
        longest = 0
        for seed in range(SEEDS):
            if registry.is_turn(key):
                n = _play_turn(key, seed)
            else:
                n = _play_slap(key, seed)
            longest = max(longest, n)
        assert longest > 0, key
