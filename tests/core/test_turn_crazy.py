"""The Crazy Job referee in a dealt game (the simulator): bots at every seat through the
referee, 2 to 8 players, with and without a chess clock, checked after every action."""

from _census import crazy_cards
from _scale import games
from topper.games.crazy import turn as turn_crazy
from topper.clock import fischer, hourglass, per_move
from topper.games.crazy.engine import Act, Phase
from topper.gamekit import Entry, RuleError
from topper.jsonl import dumps
from topper.rng import Rng

CLOCK_RULINGS = ("flag", "pause", "resume", "stop")
CONTROLS = (None, fischer(60000, 2000), per_move(9000), hourglass(30000))


def _referee(g):
    n = 2 + g % 7
    options = {"hands": 1 if g % 3 else 2, "target": 0}
    return turn_crazy.referee(n, Entry.DEALT, g, CONTROLS[g % len(CONTROLS)], options)


def _secrets(m, public=()):
    """What must not show before this hand ends: its stored rules in words and notation,
    and (one deck: each card once) the cards in every hand but those in ``public`` (a
    hand shown for "no legal card")."""
    out = []
    if m.phase in (Phase.SCORED, Phase.OVER):
        return out
    for seat in range(m.game.players):
        mine = m.hand_view(seat)
        if mine["rule"] is not None and m.phase != Phase.RULES:
            out.extend([mine["rule"], mine["notation"]])
        if m.game.decks == 1:
            out.extend([c for c in mine["hand"] if c not in public])
    return out


def _check_public(ref, rulings, t):
    v = ref.view(t)
    text = dumps(v) + dumps(rulings) + " ".join([ref.describe(r) for r in rulings])
    for s in _secrets(ref.match):
        assert s not in text, "secret %r shown: %s" % (s, text[:300])
    assert len(v["lines"]) <= 4
    for r in rulings:
        if r["r"] in ("hand", "rule", "start", "play", "none", "picked", "score"):
            assert len(ref.describe(r)) <= 21, "news fits the message line: %r" % ref.describe(r)
    for line in v["lines"]:
        assert len(line) <= 21, line


def _check_choices(ref, rng):
    m = ref.match
    due = m.current_player()
    for seat in range(ref.seats):
        if seat != due:
            assert ref.choices(seat) == [], "only the seat due has choices"
    menu = ref.choices(due)
    assert menu, "the seat due can always do something"
    labels = [label for label, _ in menu]
    assert len(set(labels)) == len(labels), "each choice has its own label"
    for _, action in menu:
        assert m.is_legal(action), action
    # A few of them for real, on copies of the game.
    saved = ref.to_dict()
    for _ in range(2):
        label, action = menu[rng.below(len(menu))]
        copy = turn_crazy.restore(saved, 0)
        out = copy.act(action, 0)
        assert not [r for r in out if r["r"] == "error"], (label, out)


def _same(a, b, t):
    va = a.view(t)
    vb = b.view(t)
    if a.clock is not None:  # the journal keeps the clock, not the game
        va["clock"] = vb["clock"] = va["message"] = vb["message"] = None
    assert va == vb
    for seat in range(a.seats):
        assert a.choices(seat) == b.choices(seat)


def _play(g):
    ref = _referee(g)
    n = ref.seats
    rng = Rng(g * 7 + 1)
    bots = [ref.bot(s, g * 10 + s) for s in range(n)]
    t = 1000
    rulings = ref.start(t)
    twin = None  # a restored copy, played on alongside from a random point
    steps = 0
    while not ref.is_over():
        steps += 1
        assert steps < 3000, "a game must end"
        m = ref.match
        if m.phase != Phase.RULES:  # the cards are dealt once every rule is written
            crazy_cards(m)
        if ref.clock is not None and not ref.clock.over:
            assert ref.clock.on_turn == m.current_player(), "the clock follows the engine"
        if steps % 7 == 1:
            _check_choices(ref, rng)
        if twin is None and rng.below(40) == 0:
            twin = turn_crazy.restore(ref.to_dict(), 0)
            assert dumps(ref.to_dict()) == dumps(twin.to_dict())
        seat = m.current_player()
        action = bots[seat].choose(ref)
        t += rng.below(15000)
        rulings = ref.act(action, t)
        assert not [r for r in rulings if r["r"] == "error"], rulings
        _check_public(ref, rulings, t)
        if twin is not None:
            assert twin.act(action, t) == [r for r in rulings if r["r"] not in CLOCK_RULINGS]
            _same(ref, twin, t)
    assert ref.match.phase == Phase.OVER
    assert ref.view(t)["hint"] == "" and ref.choices(ref.match.current_player()) == []
    if ref.clock is not None:
        assert ref.clock.over, "the clock stops with the game"
    return ref, twin


def test_bots_play_every_game_to_its_end_through_the_referee():
    ended = 0
    for g in range(games(60)):
        ref, _ = _play(g)
        won = ref.winners()
        assert won and min(ref.scores()) == ref.scores()[won[0]]
        ended += 1
    assert ended == games(60)


def test_a_restored_game_is_the_same_game():
    for g in range(games(30)):
        ref = _referee(g)
        bots = [ref.bot(s, s) for s in range(ref.seats)]
        ref.start(0)
        for _ in range(5 + g % 20):
            if ref.is_over():
                break
            ref.act(bots[ref.match.current_player()].choose(ref), 0)
        copy = turn_crazy.restore(ref.to_dict(), 0)
        _same(ref, copy, 0)
        # A bot that joins late learns the same table from either and plays alike.
        if not ref.is_over():
            seat = ref.match.current_player()
            assert copy.bot(seat, 99).choose(copy) == ref.bot(seat, 99).choose(ref)


def test_choices_name_the_move():
    ref = turn_crazy.referee(3, Entry.DEALT, 5, None, {"hands": 1})
    assert ref.choices(1) == [], "nothing before the start"
    ref.start(0)
    menu = ref.choices(1)  # P2, the dealer's left, writes first
    assert menu[0] == ("rule on paper", (Act.RULE, -1))
    assert "rule: number is last number + 1" in [label for label, _ in menu]
    assert ref.choices(0) == [] and ref.choices(2) == []
    for seat in (1, 2, 0):
        ref.act(ref.bot(seat, 0).choose(ref), 0)
    m = ref.match
    assert m.phase == Phase.PLAY and m.current_player() == 1
    menu = ref.choices(1)
    hand = sorted(m.hands[1])
    singles = [a for _, a in menu if len(a) == 2]
    assert singles == [(Act.PLAY, c) for c in hand], "first every single card, in order"
    assert menu[-1] == ("no legal card", (Act.NONE,))
    assert len([a for _, a in menu if len(a) == 5]) == 120, "runs of 4 from 5 cards"
    label, action = menu[0]
    assert label == "play " + " ".join([m.hand_view(1)["hand"][0]])


def test_bad_actions_change_nothing():
    ref = turn_crazy.referee(2, Entry.DEALT, 3, None, None)
    out = ref.act((Act.RULE, -1), 5)
    assert out == [{"r": "error", "t": 5, "why": "the game has not started"}]
    ref.start(0)
    before = ref.to_dict()
    for action in ((Act.PLAY, 3), (Act.RULE, 171000), (99,), "x"):
        out = ref.act(action, 7)
        assert len(out) == 1 and out[0]["r"] == "error" and out[0]["why"], action
        assert ref.view(7)["message"] == out[0]["why"]
        assert ref.to_dict()["history"] == before["history"]


def test_bots_only_in_a_dealt_game():
    for entry in (Entry.PAD, Entry.BUTTONS):
        ref = turn_crazy.referee(3, entry, 1, None, None)
        try:
            ref.bot(0, 0)
            raise AssertionError("a bot cannot see the cards of a real deck")
        except RuleError:
            pass


def test_the_menu_options_reach_the_engine():
    ref = turn_crazy.referee(4, Entry.DEALT, 1, None, {"target": 50})
    assert ref.match.game.target == 50 and ref.match.game.hands == 0
    assert ref.lines()[0] == "Hand 1 to 50"
    ref = turn_crazy.referee(4, Entry.DEALT, 1, None, None)
    assert ref.match.game.hands == 4, "by default everybody deals once"
    assert ref.lines()[0] == "Hand 1/4"
    try:
        turn_crazy.referee(4, Entry.DEALT, 1, None, {"hands": 5})
        raise AssertionError("5 hands is not a menu value")
    except ValueError:
        pass
