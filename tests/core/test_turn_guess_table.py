"""Guess My Card at a random table, with and without the card pad: players who mostly
press what the screen asks for and now and then press or tap nonsense, with a chess
clock. Every game ends, a refused input changes nothing, the clock follows the turn, a
hidden secret never shows, and restore() at any point gives the same game."""

from _scale import games
from topper import cards, clock
from topper.games.guess import turn as turn_guess
from topper.gamekit import Entry
from topper.games.guess.engine import Phase
from topper.jsonl import dumps, loads
from topper.rng import Rng
from topper.inputs import CHORD, LONG, SHORT, TABLE


def _game_only(ref):
    saved = ref.to_dict()
    del saved["message"]
    return dumps(saved)


def _sensible(ref, rng, deck):
    """What a table that follows the screen does now: (kind, press or card, seat)."""
    m = ref.match
    due = m.current_player()
    p = m.phase
    if p == Phase.SECRETS:
        return ("c", deck[rng.below(len(deck))], -1)
    if p == Phase.SCORED:
        return ("b", TABLE, -1)
    if p == Phase.ANSWER:
        low, high = m.true_answer()
        if ref._count < low or (ref._count < high and rng.below(2)):
            return ("b", SHORT, due)
        return ("b", TABLE, -1)
    if p == Phase.VERDICT:
        return ("b", SHORT if rng.below(4) == 0 else LONG, due)
    roll = rng.below(10)
    if roll < 3:
        return ("b", SHORT, due)
    if roll < 4:
        return ("b", TABLE, -1)
    if ref.entry == Entry.PAD:
        return ("c", deck[rng.below(len(deck))], -1)
    return ("b", LONG, due)


def _nonsense(ref, rng):
    roll = rng.below(4)
    seat = rng.below(ref.seats)
    if roll == 0:
        return ("c", rng.below(130), -1)
    if roll == 1:
        return ("b", CHORD, seat)
    return ("b", (SHORT, LONG, TABLE)[rng.below(3)], seat)


def _hidden(m):
    if m.phase in (Phase.SCORED, Phase.OVER):
        return []
    return [
        cards.format_card(m.secrets[s])
        for s in range(m.game.players)
        if not m.revealed[s] and m.secrets[s] >= 0
    ]


def _play(g):
    entry = Entry.PAD if g % 2 else Entry.BUTTONS
    n = 2 + g % 7
    ref = turn_guess.referee(n, entry, g, clock.fischer(30000, 1000), {"hands": 1 + g % 3 // 2})
    rng = Rng(g)
    deck = cards.full_deck()
    rng.shuffle(deck)
    t = 0
    out = ref.start(t)
    steps = 0
    while not ref.is_over():
        steps += 1
        assert steps < 6000, "a game must end"
        kind, what, seat = _nonsense(ref, rng) if rng.below(5) == 0 else _sensible(ref, rng, deck)
        before = _game_only(ref)
        t += rng.below(4000)
        out = ref.card(what, t) if kind == "c" else ref.button(what, seat, t)
        if out and out[0]["r"] == "error":
            assert len(out) == 1 and out[0]["why"], out
            assert _game_only(ref) == before, "a refused input changes nothing: %r" % (out,)
        view = ref.view(t)
        public = dumps(view) + dumps(out)
        for secret in _hidden(ref.match):
            assert secret not in public, "secret %s leaked: %s" % (secret, public)
        for text in view["lines"] + [view["hint"]]:
            assert len(text) <= 21, text
        if not ref.clock.over:
            assert ref.clock.on_turn == ref.match.current_player(), "the clock follows the turn"
        if rng.below(40) == 0:
            again = turn_guess.restore(loads(dumps(ref.to_dict())), 0)
            theirs = again.view(t)
            view["clock"] = theirs["clock"] = None
            assert view == theirs
            assert _game_only(again) == _game_only(ref)
    assert ref.clock.over
    return ref


def test_random_tables_with_and_without_the_pad():
    for g in range(games(120)):
        ref = _play(g)
        assert ref.view(0)["winners"] == ref.match.winners() != []
