"""One referee interface: every referee of every registered game, with the card pad and
without, takes the same input events (``topper.inputs``) through ``take``, and answers
each with a list of rulings. An input a game has no use for is one error ruling that
changes nothing the table can see; a random stream of every kind of input never breaks
a referee (the shells hand them whatever the table does)."""

import sys

from _scale import games
from topper import cards, inputs, jsonl, stdcards
from topper import games as registry
from topper.games.slap.blind import BlindSlapReferee
from topper.games.slap.engine import SlapGame
from topper.games.slap.pad import PadSlapReferee
from topper.gamekit import Entry
from topper.rng import Rng

KINDS = tuple(range(len(inputs.NAMES)))
T0 = 1000

# What each kind of referee has no use for: the shell keeps these (the menu, END GAME?).
NO_USE = {
    "pad": (inputs.SHORT, inputs.LONG, inputs.TABLE, inputs.TABLE_LONG, inputs.CHORD),
    "blind": (inputs.SHORT, inputs.LONG, inputs.CARD),
    "turn": (inputs.PRESS, inputs.TABLE_LONG),
}


def _turn(key, entry, seed):
    name = registry.find(key).referee
    __import__(name)
    low = registry.find(key).players[0]
    return sys.modules[name].referee(low, entry, seed, None, registry.options(key))


def referees(seed=1):
    """``(name, family, referee started at T0, its deck)`` for every game and entry."""
    out = []
    for key in registry.keys():
        if registry.is_turn(key):
            deck = stdcards.deck(2) if key == "tripp" else cards.full_deck(2)
            for entry in (Entry.PAD, Entry.BUTTONS):
                ref = _turn(key, entry, seed)
                ref.start(T0)
                out.append(("%s/%s" % (key, entry), "turn", ref, deck))
        else:
            pad = PadSlapReferee(SlapGame(key, 3, 2), seed=seed, hurry_ms=3000)
            pad.start(T0, 0)
            out.append((key + "/pad", "pad", pad, cards.full_deck(2)))
            blind = BlindSlapReferee(key, 3, seed=seed, hurry_ms=3000)
            blind.start(T0, 0)
            out.append((key + "/blind", "blind", blind, None))
    return out


def _seen(ref, t):
    """The view but its message line (where an error is said)."""
    v = dict(ref.view(t))
    v.pop("message", None)
    return jsonl.dumps(v)


SEATED = (inputs.PRESS, inputs.SHORT, inputs.LONG, inputs.CHORD)


def _seats(ref):
    return ref.seats if hasattr(ref, "seats") else ref.game.seats


def _well_formed(name, kind, rulings, t):
    assert isinstance(rulings, list), (name, kind)
    for r in rulings:
        assert isinstance(r, dict) and isinstance(r.get("r"), str), (name, kind, r)
        assert isinstance(r.get("t"), int), (name, kind, r)


def test_the_input_names_are_distinct_and_cover_every_kind():
    assert len(set(inputs.NAMES)) == len(inputs.NAMES) == len(KINDS)
    assert inputs.no_use(inputs.CHORD) == "no use for chord here"


def test_an_input_a_game_has_no_use_for_is_one_error_and_changes_nothing():
    for name, family, ref, _ in referees():
        t = T0 + 500
        for kind in NO_USE[family]:
            before = _seen(ref, t)
            got = ref.take(kind, 1, t, 0, 0)
            assert len(got) == 1 and got[0]["r"] == "error" and got[0]["t"] == t, (name, kind, got)
            assert _seen(ref, t) == before, (name, inputs.NAMES[kind])


def test_the_inputs_a_game_uses_reach_it():
    for name, family, ref, deck in referees():
        t = T0 + 500
        if family == "pad":
            got = ref.take(inputs.CARD, -1, t, 0, ref.game.deck[0])
            assert got and got[0]["r"] == "lay", (name, got)  # the seat due laid it
            ref.take(inputs.PRESS, 2, t + 100, 300)  # a slap at the pile opens a race
            assert any(r["r"] in ("slap", "wrong", "early") for r in ref.take(inputs.TICK, -1, t + 200)), name
        elif family == "blind":
            ref.take(inputs.PRESS, 2, t)
            got = ref.take(inputs.TICK, -1, t + 50)
            assert [r["r"] for r in got] == ["slap"], (name, got)
            assert [r["r"] for r in ref.take(inputs.TABLE_LONG, -1, t + 100)] == ["confirm"], name
            assert [r["r"] for r in ref.take(inputs.CHORD, 1, t + 200)] == ["out"], name
        else:
            # A short press or a card: the game rules on it (its own ruling or its own error).
            got = ref.take(inputs.SHORT, 0, t) + ref.take(inputs.CARD, -1, t + 10, 0, deck[5])
            _well_formed(name, "short+card", got, t)
            assert got, name


def test_random_inputs_of_every_kind_never_break_a_referee():
    for seed in range(games(6)):
        rng = Rng(seed + 77)
        for name, family, ref, deck in referees(seed):
            t = T0
            for _ in range(150):
                t += 1 + rng.below(900)
                kind = KINDS[rng.below(len(KINDS))]
                # a seat the game has, or none (a seat it has not is a shell's bug: ValueError)
                seat = rng.below(_seats(ref)) if kind in SEATED else -1
                card = None if deck is None else deck[rng.below(len(deck))]
                if family == "pad" and kind == inputs.CARD and rng.below(2):
                    card = None  # the seeded game's own next card
                got = ref.take(kind, seat, t, rng.below(1000), card)
                _well_formed(name, inputs.NAMES[kind], got, t)
                ref.view(t)
