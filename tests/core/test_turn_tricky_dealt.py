"""The Tricky Dick referee on a dealt game (the simulator's way): bots for every seat over
many seeds, in every mode, with and without a chess clock, checked after every card."""

from _census import tricky_cards
from _scale import games
from _tricky import game_only
from topper import clock, jsonl
from topper.inputs import CHORD, SHORT, TABLE
from topper.games.tricky import turn as turn_tricky
from topper.cards import format_card
from topper.gamekit import Entry, RuleError
from topper.rng import Rng

CONTROLS = (
    None,
    clock.fischer(60000, 2000),
    clock.per_move(5000),
    clock.bronstein(30000, 3000),
    clock.sudden_death(20000),
    clock.hourglass(15000),
)

def _make(g, control):
    options = {"mode": g % 3, "hands": 1 if g % 4 else 2}
    return turn_tricky.referee(4, Entry.DEALT, g, control, options)


def _check_no_hand_shown(ref, view, rulings):
    """A card still in a hand is never on the screen nor in a ruling of this hand."""
    m = ref.match
    text = " ".join(view["lines"] + [view["message"], view["hint"]])
    shown = []
    for r in rulings:
        if r["r"] == "deal":
            shown = []  # a new deal: the cards of the last hand are in play again
        if "card" in r:
            shown.append(r["card"])
        for p in r.get("plays", []):
            shown.append(p[1])
    for hand in m.hands:
        for card in hand:
            assert format_card(card) not in text, "%s shown while held" % format_card(card)
            assert card not in shown, "%s in a ruling while held" % format_card(card)


def _check_turn(ref, view):
    m = ref.match
    turn = m.current_player()
    assert view["turn"] == turn
    for seat in range(4):
        got = ref.choices(seat)
        if seat != turn:
            assert got == [], "P%d has choices off turn" % (seat + 1)
            continue
        assert [c[1] for c in got] == sorted(m.hands[seat])
        assert [c[0] for c in got] == ["play " + format_card(c) for c in sorted(m.hands[seat])]
    c = ref.clock
    if c is not None:
        assert c.on_turn == turn, "the clock runs for P%d, the engine asks P%d" % (c.on_turn + 1, turn + 1)


def _same(a, b):
    """Two referees show and offer the same (the clock aside: the journal keeps it)."""
    va = a.view(0)
    vb = b.view(0)
    va["clock"] = vb["clock"] = None
    assert va == vb
    for seat in range(4):
        assert a.choices(seat) == b.choices(seat)


def _strip(rulings):
    out = []
    for r in rulings:
        if r["r"] in ("flag", "pause", "resume", "stop"):
            continue  # the clock's: a restored referee has none
        r = dict(r)
        r.pop("t")
        out.append(r)
    return out


def test_bots_play_every_dealt_game_to_its_end():
    played = 0
    for g in range(games(300)):
        control = CONTROLS[g % len(CONTROLS)]
        ref = _make(g, control)
        rng = Rng(g + 7919)
        t = rng.below(1 << 29)  # anywhere: some games cross the tick wrap
        rulings = ref.start(t)
        bots = [ref.bot(seat, g * 4 + seat) for seat in range(4)]
        copy_at = rng.below(60)
        copy = None
        steps = 0
        while not ref.is_over():
            steps += 1
            assert steps <= 16 * 4 * 2, "a game that does not end"
            view = ref.view(t)
            tricky_cards(ref.match)
            _check_no_hand_shown(ref, view, rulings)
            _check_turn(ref, view)
            if steps == copy_at:
                copy = turn_tricky.restore(jsonl.loads(jsonl.dumps(ref.to_dict())), 0)
                _same(ref, copy)
            action = bots[view["turn"]].choose(ref)
            t = (t + 1 + rng.below(9000)) & ((1 << 29) - 1)
            rulings = ref.act(action, t)
            assert [r for r in rulings if r["r"] == "error"] == [], rulings
            if copy is not None:
                assert _strip(copy.act(action, t)) == _strip(rulings)
                _same(ref, copy)
        view = ref.view(t)
        assert view["over"] and view["turn"] == -1 and view["hint"] == ""
        assert view["winners"] == ref.match.winners() and view["winners"]
        assert view["scores"] == ref.match.scores
        assert rulings[-1]["r"] == "over" or (control is not None and rulings[-1]["r"] == "stop")
        if ref.clock is not None:
            assert ref.clock.over, "the clock stops with the game"
        final = game_only(ref)
        for press in (CHORD, SHORT, TABLE):
            out = ref.button(press, 0, t)
            assert out[0]["why"] == "the game is over" and game_only(ref) == final
        assert ref.act(ref.match.history[-1], t)[0]["why"] == "the game is over"
        played += 1
    assert played == games(300)


def test_every_choice_applies_and_restore_matches_at_any_point():
    for g in range(games(40)):
        ref = _make(g, None)
        ref.start(0)
        bots = [ref.bot(seat, g) for seat in range(4)]
        stop = Rng(g).below(60)
        for _ in range(stop):
            ref.act(bots[ref.match.current_player()].choose(ref), 0)
        saved = ref.to_dict()
        turn = ref.match.current_player()
        for label, action in ref.choices(turn):
            other = turn_tricky.restore(saved, 0)
            _same(ref, other)
            out = other.act(action, 5)
            assert out[0]["r"] == "play" and out[0]["card"] == action, label
            assert action not in other.match.hands[turn]


def test_a_dealt_game_refuses_what_it_cannot_take():
    ref = _make(1, None)
    ref.start(0)
    turn = ref.match.current_player()
    held = ref.match.hands[turn][0]
    foreign = ref.match.hands[(turn + 1) % 4][0]
    saved = game_only(ref)
    cases = [
        ("a card another seat holds", lambda: ref.act(foreign, 1)),
        ("a wild card", lambda: ref.act(0, 1)),
        ("not a card", lambda: ref.act("3RC", 1)),
        ("a card from the pad", lambda: ref.card(held, 1)),
        ("a seat button", lambda: ref.button(SHORT, turn, 1)),
        ("nothing to undo yet", lambda: ref.button(CHORD, 0, 1)),
    ]
    for why, call in cases:
        out = call()
        assert len(out) == 1 and out[0]["r"] == "error" and out[0]["why"], why
        assert ref.message == out[0]["why"], why
        assert game_only(ref) == saved, why + " changed the game"


def test_a_dealt_game_is_for_four_with_the_menu_options():
    for seats in (2, 3, 5, 8):
        try:
            turn_tricky.referee(seats, Entry.DEALT, 0, None, None)
            raise AssertionError("%d seats accepted" % seats)
        except RuleError:
            pass
    ref = turn_tricky.referee(4, Entry.DEALT, 0, None, None)
    assert ref.options == {"mode": 0, "hands": 4}
    try:
        turn_tricky.referee(4, Entry.DEALT, 0, None, {"hands": 5})
        raise AssertionError("5 hands accepted: the menu offers 1 2 3 4 6 8 12 16")
    except ValueError:
        pass


def test_undo_takes_back_the_last_card_in_a_dealt_game():
    ref = _make(2, clock.fischer(60000, 0))
    ref.start(100)
    turn = ref.match.current_player()
    before = ref.view(100)
    hand = list(ref.match.hands[turn])
    card = ref.choices(turn)[0][1]
    ref.act(card, 200)
    assert ref.clock.on_turn == (turn + 1) % 4
    out = ref.button(CHORD, 0, 300)
    assert out[0]["r"] == "undo" and out[0]["card"] == card
    assert ref.message == "took back " + format_card(card)
    assert ref.match.hands[turn] == hand
    after = ref.view(300)
    for key in ("turn", "lines", "scores", "next", "focus"):
        assert after[key] == before[key], key
    assert ref.clock.on_turn == turn, "the clock goes back to the seat that lays again"
