"""Tripp Jokes with the card pad: taps and presses in, rulings, messages, hints and the
turn out; and whole bot games mirrored onto the pad, card by card, which the pad must
judge exactly as the dealt engine does."""

from _scale import games
from topper import clock
from topper import games as registry
from topper.gamekit import Entry
from topper.rng import Rng
from topper.stdcards import parse
from topper.games.tripp.engine import Act
from topper.games.tripp.turn import referee, restore
from topper.inputs import CHORD, LONG, SHORT, TABLE

PRESSES = {"short": SHORT, "long": LONG, "table": TABLE, "chord": CHORD}


def feed(ref, step, t):
    """One step of a scenario: "7H" (a card on the pad) or "short P2" (a press)."""
    words = step.split()
    if words[0] in PRESSES:
        seat = int(words[1][1:]) - 1 if len(words) > 1 else -1
        return ref.button(PRESSES[words[0]], seat, t)
    return ref.card(parse(words[0]), t)


def run(ref, table):
    """Rows: (step, ruling kinds or "error: <why starts>", hint, turn, message or None)."""
    t = 0
    for step, want, hint, turn, message in table:
        t += 1000
        before = ref.to_dict()
        rulings = feed(ref, step, t)
        kinds = [r["r"] for r in rulings]
        view = ref.view(t)
        if want.startswith("error"):
            assert kinds == ["error"], (step, rulings)
            assert rulings[0]["why"].startswith(want[7:]), (step, rulings[0]["why"])
            assert view["message"] == rulings[0]["why"]
            del before["message"]
            after = ref.to_dict()
            del after["message"]
            assert after == before, "a refused %s changed the game" % step
        else:
            assert kinds == want.split(), (step, kinds)
        assert view["hint"] == hint, (step, view["hint"])
        assert view["turn"] == turn, (step, view["turn"])
        if message is not None:
            assert view["message"] == message, (step, view["message"])
    return ref


def _two_player_game():
    ref = referee(2, Entry.PAD, 5, None, registry.options("tripp"))
    ref.start(0)
    return ref


SETUP = (
    # P1 deals, so P2 (the dealer's left) chooses first.
    ("AS", "tap", "P2: tap face-up 2/3", 1, None),
    ("short P2", "error: P2: tap 3 face-up", "P2: tap face-up 2/3", 1, None),
    ("KS", "tap", "P2: tap face-up 3/3", 1, None),
    ("QS", "faceup", "P1: tap face-up 1/3", 0, "P2 up A K Q"),
    ("AS", "error: AS is on the table already", "P1: tap face-up 1/3", 0, None),
    ("AH", "tap", "P1: tap face-up 2/3", 0, None),
    ("KH", "tap", "P1: tap face-up 3/3", 0, None),
    ("QH", "tap", "P1: tap start card", 0, None),
    ("long P1", "untap", "P1: tap face-up 1/3", 0, "P1 takes back A K Q"),
    ("AH", "tap", "P1: tap face-up 2/3", 0, None),
    ("KH", "tap", "P1: tap face-up 3/3", 0, None),
    ("QH", "tap", "P1: tap start card", 0, None),
    ("7C", "faceup start", "P2: tap, button", 1, "start card 7"),
)

PLAY = (
    ("short P1", "error: P1 is not on turn (P2 is)", "P2: tap, button", 1, None),
    ("5D", "error: 5 does not beat 7", "P2: tap, button", 1, None),
    ("8D", "tap", "P2: 8 +button", 1, None),
    ("9D", "error: one value per play: lay 8 first", "P2: 8 +button", 1, None),
    ("8H", "tap", "P2: 8 8 +button", 1, None),
    ("short P2", "play draw turn", "P1: tap, button", 0, "P2 plays 8 8"),
    ("table", "error: with the pad", "P1: tap, button", 0, None),
    ("chord P1", "error: with the pad", "P1: tap, button", 0, None),
    ("2C", "tap", "P1: 2 +button", 0, None),
    ("short P1", "play again", "P1 again: tap, button", 0, "P1 plays 2"),
    ("10C", "tap", "P1 again: 10 +button", 0, None),
    ("short P1", "play burn again", "P1 again: tap, button", 0, "10 burns the pile"),
    ("JK", "tap", "P1 again: JK +button", 0, None),
    ("short P1", "play joker draw turn", "P2: tap, button", 1, "joker: P1 takes 0"),
    # A joker on top leaves a free board: there is always a card to play.
    ("short P2", "error: free board: P2 must play", "P2: tap, button", 1, None),
    ("4C", "tap", "P2: 4 +button", 1, None),
    ("short P2", "play draw turn", "P1: tap, button", 0, "P2 plays 4"),
    # P1 cannot beat the 4 with a card it shows, so the button picks the pile up.
    ("short P1", "pickup turn", "P2: tap, button", 1, "P1 picks up 2"),
    ("9S", "tap", "P2: 9 +button", 1, None),
    ("short P2", "play draw turn", "P1: tap, button", 0, "P2 plays 9"),
    # P1 now holds the joker it picked up, in everyone's sight: it must play.
    ("short P1", "error: P1 can play a JK: no pickup", "P1: tap, button", 0, None),
    ("4C", "error: 4 does not beat 9", "P1: tap, button", 0, None),
    ("JK", "tap", "P1: JK +button", 0, None),
    # The deck's other joker may be in P1's hand too; a third there cannot be.
    ("JK", "tap", "P1: JK JK +button", 0, None),
    ("JK", "error: JK is on the table already", "P1: JK JK +button", 0, None),
    ("long P1", "untap", "P1: tap, button", 0, "P1 takes back JK JK"),
    ("long P1", "error: no tapped card to take back", "P1: tap, button", 0, None),
    ("JK", "tap", "P1: JK +button", 0, None),
    ("short P1", "play joker turn", "P2: tap, button", 1, "joker: P1 takes 1"),
    ("5C", "tap", "P2: 5 +button", 1, None),
    ("5D", "tap", "P2: 5 5 +button", 1, None),
    ("short P2", "play draw turn", "P1: tap, button", 0, "P2 plays 5 5"),
    # Three 5s on top, laid by two seats: the pile is cleared and P1 goes on.
    ("5H", "tap", "P1: 5 +button", 0, None),
    ("short P1", "play clear again", "P1 again: tap, button", 0, "5s cleared"),
)


def test_setup_taps_face_up_cards_and_the_starting_card():
    ref = run(_two_player_game(), SETUP)
    lines = ref.view(0)["lines"]
    # 54 cards: 18 dealt, the starting card on the pile.
    assert lines[:3] == ["beat 7  pile 1", "deck 35  discard 0", "cards 9 9"]


def test_play_judges_each_card_and_the_buttons_lay_or_pick_up():
    ref = run(_two_player_game(), SETUP)
    ref = run(ref, PLAY)
    assert ref.view(0)["lines"][0] == "free board  pile 0"
    # Restored from its record, the pad game shows and plays the same.
    twin = restore(ref.to_dict(), 0)
    assert twin.view(0) == ref.view(0)
    run(twin, (("6C", "tap", "P1 again: 6 +button", 0, None),))


def test_refused_before_the_start_and_for_cards_not_in_the_deck():
    ref = referee(2, Entry.PAD, 5, None, registry.options("tripp", {"jokers": 0}))
    assert ref.card(3, 0)[0]["why"] == "the game has not started"
    ref.start(0)
    for code, why in ((53, "not a card of this deck"), (-1, "not a card of this deck"), (52, "no jokers")):
        rulings = ref.card(code, 10)
        assert rulings[0]["r"] == "error" and rulings[0]["why"].startswith(why)
    assert ref.button(SHORT, 9, 10)[0]["why"] == "no seat 9 at this table"
    assert ref.act((Act.PICKUP,), 10)[0]["r"] == "error"
    assert ref.choices(1) == []


# ----- whole games: the dealt engine's cards, read by the pad -----------------------


def _mirror(players, seed, control, options):
    """A bot game dealt from ``seed``; every card it plays is tapped on a pad game."""
    dealt = referee(players, Entry.DEALT, seed, None, options)
    pad = referee(players, Entry.PAD, seed + 1, control, options)
    bots = [dealt.bot(seat, seed * 8 + seat) for seat in range(players)]
    rng = Rng(seed)
    t = 0
    dealt.start(t)
    pad.start(t)
    twin = None
    restore_at = rng.below(150)
    n = 0
    while not dealt.is_over():
        seat = dealt.state.current_player()
        action = bots[seat].choose(dealt)
        flipped = dealt.state.facedown[seat][action[1]] if action[0] == Act.FLIP else -1
        events = dealt.act(action, t)
        steps = []
        if action[0] in (Act.FACEUP, Act.PLAY):
            steps = [("card", c) for c in action[1:]]
        if action[0] == Act.FACEUP:
            steps += [("card", e["card"]) for e in events if e["r"] == "start"]
        elif action[0] == Act.FLIP:
            steps = [("card", flipped)]
        if action[0] in (Act.PLAY, Act.PICKUP):
            steps.append(("press", seat))
        for kind, x in steps:
            t += 1 + rng.below(3000)
            for ref in (pad, twin) if twin is not None else (pad,):
                rulings = ref.card(x, t) if kind == "card" else ref.button(SHORT, x, t)
                assert rulings[0]["r"] != "error", (seat, action, rulings)
        got = [e["r"] for e in rulings if e["r"] not in ("tap", "flag", "stop", "out")]
        want = [e["r"] for e in events if e["r"] != "out"]
        assert got == want, (action, got, want)
        a, b = dealt.view(t), pad.view(t)
        for key in ("turn", "next", "out", "over", "winners", "lines", "message"):
            assert a[key] == b[key], (key, a[key], b[key])
        if control is not None and not pad.is_over() and pad.clock.active[b["turn"]]:
            assert pad.clock.on_turn == b["turn"]
        if n == restore_at:
            twin = restore(pad.to_dict(), 0)
            assert twin.view(t)["lines"] == b["lines"] and twin.view(t)["hint"] == b["hint"]
        n += 1
    assert pad.is_over()
    if twin is not None:
        assert twin.view(t)["winners"] == pad.view(t)["winners"]


def test_bot_games_read_by_the_pad_are_judged_as_the_engine_judges_them():
    for players in range(2, 9):
        for seed in range(games(6)):
            options = registry.options("tripp", {"places": seed % 2, "jokers": (2, 1, 0)[seed % 3]})
            control = (None, clock.fischer(30000, 1000))[seed % 2]
            _mirror(players, seed, control, options)
