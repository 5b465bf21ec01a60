"""Guess My Card through its referee, dealt (the simulator): bots at every seat over many
seeded games, 2 to 8 players, with and without a chess clock, checked after every step."""

from _census import guess_cards
from _scale import games
from topper import clock
from topper.games.guess import turn as turn_guess
from topper.cards import format_card
from topper.gamekit import Entry, RuleError
from topper.games.guess.engine import Act, Phase
from topper.jsonl import dumps, loads
from topper.rng import Rng

CONTROLS = (
    None,
    clock.fischer(60000, 2000),
    clock.bronstein(30000, 3000),
    clock.sudden_death(90000),
    clock.hourglass(40000),
    clock.per_move(5000),
)


def _new(g):
    n = 2 + g % 7
    control = CONTROLS[g % len(CONTROLS)]
    ref = turn_guess.referee(n, Entry.DEALT, g, control, {"hands": 1 if g % 3 else 2})
    return ref


def _public(ref, t):
    view = ref.view(t)
    for text in view["lines"] + [view["hint"]]:
        assert len(text) <= 21, "fits the screen: %r" % text
    assert len(view["lines"]) <= 4
    return dumps(view)


def _hidden(m, spoken):
    """Secret cards still face down whose name no player has said aloud."""
    if m.phase in (Phase.SCORED, Phase.OVER):
        return []
    out = []
    for s in range(m.game.players):
        text = format_card(m.secrets[s])
        if not m.revealed[s] and text not in spoken:
            out.append(text)
    return out


def _spoken(action, spoken):
    if action[0] == Act.ASK:
        spoken.append(format_card(action[3]))
    elif action[0] == Act.GUESS:
        spoken.append(format_card(action[2]))
    elif action[0] == Act.NEXT:
        del spoken[:]


def _play(g, on_step=None):
    ref = _new(g)
    n = ref.seats
    rulings = ref.start(0)
    bots = [ref.bot(s, g * 8 + s) for s in range(n)]
    rng = Rng(g)
    t = 0
    spoken = []
    steps = 0
    while not ref.is_over():
        steps += 1
        assert steps < 2000, "a game must end"
        m = ref.match
        due = m.current_player()
        assert ref.view(t)["turn"] == due
        for s in range(n):
            if s != due:
                assert ref.choices(s) == [], "only the seat due has choices"
        action = bots[due].choose(ref)
        assert action in [a for _, a in ref.choices(due)], action
        for text in _hidden(m, spoken):
            public = _public(ref, t) + dumps(rulings)
            assert text not in public, "secret %s leaked" % text
        if on_step is not None:
            on_step(ref, t)
        t += rng.below(9000)
        _spoken(action, spoken)
        rulings = ref.act(action, t)
        assert rulings and rulings[0]["r"] != "error", rulings
        guess_cards(ref.match)
        if ref.clock is not None and not ref.clock.over:
            assert ref.clock.on_turn == ref.match.current_player(), "the clock follows the turn"
    if ref.clock is not None:
        assert ref.clock.over, "the clock stops with the game"
    return ref


def test_bots_finish_every_game_and_nothing_secret_shows():
    for g in range(games(150)):
        ref = _play(g)
        view = ref.view(0)
        assert view["over"] and view["winners"] == ref.match.winners()
        totals = [0] * ref.seats
        for hand in ref.match.hand_results:
            for s in range(ref.seats):
                totals[s] += hand[s]
        assert totals == ref.scores(), "the hands add up to the totals"
        assert view["hint"] == "" and ref.choices(view["winners"][0]) == []


def _same(a, b, t):
    va = a.view(t)
    vb = b.view(t)
    va["clock"] = vb["clock"] = None  # the journal restores the clock apart
    assert va == vb, (va, vb)
    for s in range(a.seats):
        assert a.choices(s) == b.choices(s)


def test_restore_at_any_point_plays_on_identically():
    for g in range(games(40)):
        stops = Rng(g + 1000)
        copies = []

        def save(ref, t, stops=stops, copies=copies):
            if stops.below(6) == 0:
                saved = loads(dumps(ref.to_dict()))  # through JSON, as the journal does
                copies.append((turn_guess.restore(saved, 0), len(ref.match.history)))

        ref = _play(g, save)
        for copy, at in copies:
            for action in ref.match.history[at:]:
                out = copy.act(action, 0)
                assert out[0]["r"] != "error", out
            _same(ref, copy, 0)
            assert copy.to_dict()["history"] == ref.to_dict()["history"]


def test_a_restored_game_is_played_on_by_fresh_bots():
    for g in range(games(20)):
        ref = _new(g)
        ref.start(0)
        bots = [ref.bot(s, s) for s in range(ref.seats)]
        for _ in range(5 + g % 11):
            if ref.is_over():
                break
            ref.act(bots[ref.match.current_player()].choose(ref), 0)
        copy = turn_guess.restore(ref.to_dict(), 0)
        _same(ref, copy, 0)
        bots = [copy.bot(s, s) for s in range(copy.seats)]
        steps = 0
        while not copy.is_over():
            steps += 1
            assert steps < 2000
            out = copy.act(bots[copy.match.current_player()].choose(copy), 0)
            assert out[0]["r"] != "error", out


def test_every_choice_applies_and_labels_are_distinct():
    for g in range(games(15)):
        ref = _new(g)
        ref.start(0)
        bots = [ref.bot(s, s) for s in range(ref.seats)]
        rng = Rng(g)
        while not ref.is_over():
            due = ref.match.current_player()
            choices = ref.choices(due)
            labels = [label for label, _ in choices]
            assert len(set(labels)) == len(labels), "a menu of distinct words"
            saved = ref.to_dict()
            for _ in range(3):
                label, action = choices[rng.below(len(choices))]
                copy = turn_guess.restore(saved, 0)
                out = copy.act(action, 0)
                assert out[0]["r"] != "error", (label, out)
            ref.act(bots[due].choose(ref), 0)


def test_refused_actions_change_nothing():
    ref = _new(4)
    ref.start(0)
    m = ref.match
    asker = m.current_player()
    other = (asker + 1) % ref.seats
    not_held = [c for c in range(125) if c not in m.hands[asker]][0]
    before = dumps(ref.to_dict())
    for action in (
        (Act.ASK, asker, m.hands[asker][0], m.hands[asker][0]),  # oneself
        (Act.ASK, other, not_held, not_held),  # a card not in hand
        (Act.ANSWER, 1),  # nobody was asked
        (Act.NEXT,),
        ("ask",),
    ):
        out = ref.act(action, 5)
        assert len(out) == 1 and out[0]["r"] == "error" and out[0]["why"], out
        assert ref.view(5)["message"] == out[0]["why"]
        saved = ref.to_dict()
        saved["message"] = loads(before)["message"]
        assert dumps(saved) == before, "a refused action changes nothing"


def test_options_and_entries_are_checked():
    for bad in ({"hands": 5}, {"hands": 0}):
        try:
            turn_guess.referee(4, Entry.DEALT, 1, None, bad)
        except ValueError:
            continue
        raise AssertionError("accepted %r" % bad)
    ref = turn_guess.referee(4, Entry.BUTTONS, 1, None, None)
    try:
        ref.bot(0, 1)
    except RuleError:
        pass
    else:
        raise AssertionError("a bot cannot play cards nobody sees")
    ref = turn_guess.referee(3, Entry.DEALT, 1, None, {})
    assert ref.start(0)[0]["r"] == "hand"
    assert ref.start(0)[0]["r"] == "error", "a game starts once"
