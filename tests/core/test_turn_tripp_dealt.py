"""The Tripp Jokes referee with dealt cards (the simulator): seeded bot games for every
seat through the referee, 2 to 8 players, with and without a chess clock.

After every action: every card of the game is somewhere exactly once, the clock runs
for the seat the engine has on turn, only that seat has choices; at random points a
restored copy plays on identically, every choice on offer applies, and the view does
not change when the hidden cards (hands, face-down cards, deck) are shuffled among
themselves: nothing secret reaches the screen.
"""

from _scale import games
from topper import clock
from topper.inputs import SHORT
from topper import games as registry
from topper.gamekit import Entry
from topper.rng import Rng
from topper.games.tripp.turn import referee, restore

MAX_ACTIONS = 2500
CONTROLS = (None, clock.fischer(60000, 2000), clock.per_move(3000), clock.hourglass(30000))


def public(view):
    """The view without the clock (the journal saves the clock apart)."""
    out = dict(view)
    del out["clock"]
    return out


def _check_step(ref, everything):
    s = ref.state
    assert s.all_cards() == everything, "a card was lost or duplicated"
    turn = s.current_player()
    view = ref.view(0)
    assert view["turn"] == turn and view["next"] == s.next_player()
    assert len(view["lines"]) <= 4
    for text in view["lines"] + [view["message"], view["hint"]]:
        assert isinstance(text, str)
    for seat in range(ref.seats):
        if seat != turn:
            assert ref.choices(seat) == [], "a seat off turn was offered a move"
    if ref.clock is not None:
        if s.is_over():
            assert ref.clock.over
        elif ref.clock.active[turn]:
            assert ref.clock.on_turn == turn, "the clock runs for another seat"


def _hidden_shuffled(ref, rng):
    """A copy of ``ref`` whose hidden cards are dealt out again at random."""
    twin = restore(ref.to_dict(), 0)
    s = twin.state
    hidden = list(s.deck)
    for seat in range(ref.seats):
        hidden.extend(s.hands[seat])
        hidden.extend(s.facedown[seat])
    rng.shuffle(hidden)
    s.deck = [hidden.pop() for _ in s.deck]
    for seat in range(ref.seats):
        s.hands[seat] = sorted([hidden.pop() for _ in s.hands[seat]])
        s.facedown[seat] = [hidden.pop() for _ in s.facedown[seat]]
    return twin


def _play(players, seed, control, options):
    ref = referee(players, Entry.DEALT, seed, control, options)
    everything = sorted(ref.game.cards())
    rng = Rng(seed * 7 + players)
    bots = [ref.bot(seat, seed * 16 + seat) for seat in range(players)]
    t = 1000
    ref.start(t)
    twin = None  # a restored copy that follows every action from some point on
    restore_at = rng.below(120)
    n = 0
    while not ref.is_over() and n < MAX_ACTIONS:
        turn = ref.state.current_player()
        if n == restore_at:
            twin = restore(ref.to_dict(), 0)
            assert public(twin.view(t)) == public(ref.view(t))
            assert twin.choices(turn) == ref.choices(turn)
        if rng.below(25) == 0:
            offered = ref.choices(turn)
            assert offered, "the seat on turn always has something to do"
            for label, action in offered:
                probe = restore(ref.to_dict(), 0)
                assert probe.act(action, t)[0]["r"] != "error", label
            assert public(_hidden_shuffled(ref, rng).view(t)) == public(ref.view(t))
        action = bots[turn].choose(ref)
        t += 50 + rng.below(4000)
        moves = ref.clock.moves[:] if ref.clock is not None else None
        rulings = ref.act(action, t)
        if moves is not None and [r for r in rulings if "place" in r] and not ref.is_over():
            # Going out ends the turn without a move: the next seat's clock just starts.
            assert ref.clock.moves == moves, "a seat going out pressed the clock for another"
        assert rulings and rulings[0]["r"] != "error", rulings
        for r in rulings:
            # A flag carries the moment the time ran out; everything else is now.
            assert r["t"] <= t if r["r"] == "flag" else r["t"] == t
            if r["r"] in ("draw", "pickup", "joker", "turn", "again"):
                assert "card" not in r and "cards" not in r, r
        _check_step(ref, everything)
        if twin is not None:
            twin.act(action, t)
            assert public(twin.view(t)) == public(ref.view(t))
        n += 1
    assert ref.is_over(), (players, seed)
    return ref


def test_bot_games_through_the_referee_end_and_keep_every_card():
    for players in range(2, 9):
        for seed in range(games(12)):
            control = CONTROLS[seed % len(CONTROLS)]
            options = registry.options("tripp", {"places": seed % 2, "jokers": (2, 1, 0)[seed % 3]})
            ref = _play(players, seed, control, options)
            s = ref.state
            view = ref.view(0)
            assert view["over"] and view["hint"] == ""
            assert view["winners"] == ([] if s.winner < 0 else [s.winner])
            if options["places"] and not s.stalled:
                assert sorted(s.out) == list(range(players)), "places: everyone is ranked"
            # The game's own record replays to the same end.
            again = restore(ref.to_dict(), 0)
            assert public(again.view(0)) == public(view)


def test_play_again_keeps_the_seat_and_its_clock():
    # Whenever the engine says "again", the same seat stays on turn and its clock runs.
    seen = 0
    for seed in range(games(20)):
        ref = referee(3, Entry.DEALT, seed, clock.fischer(600000, 0), registry.options("tripp"))
        bots = [ref.bot(seat, seed + seat) for seat in range(3)]
        t = 0
        ref.start(t)
        while not ref.is_over():
            turn = ref.state.current_player()
            t += 700
            rulings = ref.act(bots[turn].choose(ref), t)
            if [r for r in rulings if r["r"] == "again"]:
                seen += 1
                assert ref.state.current_player() == turn
                assert ref.clock.on_turn == turn
                assert ref.view(t)["hint"].startswith("P%d again" % (turn + 1))
    assert seen > 0


def test_a_refused_action_is_an_error_and_changes_nothing():
    ref = referee(4, Entry.DEALT, 3, clock.fischer(60000, 1000), registry.options("tripp"))
    ref.start(0)
    before = ref.to_dict()
    for action in ((1, 5), (3,), (9, 1), "play", (), (0, 60, 61, 62)):
        rulings = ref.act(action, 10)
        assert len(rulings) == 1 and rulings[0]["r"] == "error" and rulings[0]["why"]
        assert ref.view(10)["message"] == rulings[0]["why"]
        after = ref.to_dict()
        del after["message"]
        del before["message"]
        assert after == before
        before = ref.to_dict()
    assert ref.button(SHORT, 1, 20)[0]["r"] == "error"
    assert ref.card(5, 20)[0]["r"] == "error"


def test_choices_are_labelled_in_words_and_in_the_engine_order():
    ref = referee(2, Entry.DEALT, 11, None, registry.options("tripp"))
    ref.start(0)
    seat = ref.state.current_player()
    setup = ref.choices(seat)
    assert len(setup) == 20 and setup[0][0].startswith("face up ")
    assert [a for _, a in setup] == ref.state.legal_actions()
    while ref.state.phase == 0:
        ref.act(ref.bot(0, 1).choose(ref), 0)
    labels = [label for label, _ in ref.choices(ref.state.current_player())]
    assert labels and len(set(labels)) == len(labels)
    for label in labels:
        assert label == "pick up" or label.startswith("play ") or label.startswith("flip card ")
