"""The Crazy Job referee with the card pad: a stored rule entered with a seat button,
starting cards, plays and a shown hand read card by card, the rule maker's answers,
refused input and undo; then whole bot games mirrored press by press from dealt games."""

from _scale import games
from test_turn_crazy import _secrets
from topper.games.crazy import rules as crazyrules
from topper.games.crazy import turn as turn_crazy
from topper.cards import parse
from topper.games.crazy.engine import PAPER, Act, Phase
from topper.gamekit import Entry
from topper.jsonl import dumps
from topper.inputs import CHORD, LONG, SHORT, TABLE

PRESSES = {"S": SHORT, "L": LONG, "T": TABLE, "C": CHORD}


def feed(ref, event, t=0):
    """One event of a scenario: "S2" (P2's short press), "L1", "C3", "T", or a card."""
    if event[0] in PRESSES and len(event) <= 2:
        seat = int(event[1:]) - 1 if len(event) == 2 else -1
        return ref.button(PRESSES[event[0]], seat, t)
    return ref.card(parse(event), t)


def state(ref):
    """The game and the input being gathered; not the message, which says why not."""
    saved = ref.to_dict()
    del saved["message"]
    picks = ref.entry_rule.picks if ref.entry_rule is not None else None
    return dumps([saved, ref.taps, ref.claim, ref.count, picks, ref.highlight, ref.shown])


def run(ref, rows):
    """Each row: events (space-separated), what the last one returns (ruling kinds, or
    "error: <words of the why>"), the hint after it (None: not checked)."""
    for events, expect, hint in rows:
        words = events.split(" ")
        for e in words[:-1]:
            out = feed(ref, e)
            assert not [r for r in out if r["r"] == "error"], (e, out)
        before = state(ref)
        out = feed(ref, words[-1])
        if expect.startswith("error: "):
            assert len(out) == 1 and out[0]["r"] == "error", (events, out)
            assert expect[7:] in out[0]["why"], (events, out[0]["why"])
            assert state(ref) == before, "a refused input changes nothing"
            assert ref.view(0)["message"] == out[0]["why"]
        else:
            assert " ".join([r["r"] for r in out]) == expect, (events, out)
        if hint is not None:
            assert ref.hint() == hint, (events, ref.hint())


def two_on_the_pad():
    ref = turn_crazy.referee(2, Entry.PAD, 1, None, {"hands": 1})
    ref.start(0)
    return ref


def test_a_stored_rule_entered_with_the_seat_button():
    ref = two_on_the_pad()
    run(
        ref,
        [
            ("S1", "error: P2 is due, not P1", "P2: your rule"),
            ("L2", "", "short=next long=pick"),
            ("S2", "", None),
        ],
    )
    assert ref.lines()[:2] == ["P2 rule: New card's", "> color"]
    assert ref.view(0)["message"] == "P2 enters a rule"
    run(
        ref,
        [
            ("T", "", "P2: your rule"),  # out of the entry from its first step
            ("L2 L2 L2 L2 S2", "", None),  # number, is, last number, highlight +1
        ],
    )
    assert ref.lines()[:2] == ["P2 rule: Plus", "> +1"]
    run(
        ref,
        [
            ("L2 L2", "", "long=store table=back"),  # +1, that's all
            ("S1", "error: P2 is entering a rule", None),
            ("S2", "error: long press stores it", None),
        ],
    )
    assert ref.lines() == ["P2: store this rule?", "number is last number", "+ 1"]
    run(ref, [("L2", "rule", "P1: your rule")])
    assert ref.view(0)["message"] == "P2: rule stored"
    assert "number" not in dumps(ref.view(0)), "the table sees only that a rule is stored"
    assert ref.match.hand_view(1)["notation"] == "N=n+1"


def test_a_rule_that_would_shut_a_line_is_refused_on_the_spot():
    ref = two_on_the_pad()
    run(ref, [("S2", "rule", None)])  # P2 on paper
    # number, is above (2 short presses), last number, +0, that's all
    run(ref, [("L1 L1 S1 S1 L1 L1 L1 L1", "", "long=store table=back")])
    assert ref.lines()[0] == "P1: cannot store"
    assert "nothing may follow 4**" in " ".join(ref.lines())
    run(ref, [("L1", "error: a card would have no follower", None)])
    assert "number" not in dumps(ref.view(0)["message"]), "the refusal does not tell the rule"
    # Back one step, "or ...", then: number is the value ?
    run(ref, [("T S1 S1 L1 L1 L1 S1 S1 S1 L1 L1", "", "long=store table=back")])
    assert ref.lines()[1:] == ["number is above last", "number or number is ?", "(0)"]
    run(ref, [("L1", "rule commit", "P1: read P2's start")])
    assert ref.match.hand_view(0)["notation"] == "N>n|N=0"


def test_a_hand_read_by_the_pad():
    ref = two_on_the_pad()
    # P2 stores "number is last number + 1", P1 writes on paper.
    run(ref, [("L2 L2 L2 L2 S2 L2 L2 L2", "rule", None), ("S1", "rule commit", "P1: read P2's start")])
    run(
        ref,
        [
            ("S1", "error: read each starting card", None),
            ("2BC", "start", "P1: read P1's start"),
            ("2BC", "error: 2BC is already face up on the table", None),
            ("2RC", "start deal", "P2: read cards, press"),
            ("S2", "error: read the cards you play first", None),
            ("3YH", "", "P2: 1 read, press"),
            ("3YH", "error: 3YH was read already", None),
            ("S1", "error: P2 is due, not P1", None),
            ("T", "error: your seat button plays", None),
            ("S2", "judge", "P1: short ok, long no"),  # P1's rule is on paper
            ("T", "error: P1 judges", None),
            ("L2", "error: P1 is due, not P2", None),
            ("S1", "play", "P1: read cards, press"),
        ],
    )
    assert ref.view(0)["message"] == "P2: 1 right"
    assert ref.lines()[2:] == ["last 2BC, line of 1", "held 5 4"]
    # P1 on P2's stored rule: judged at once.
    run(ref, [("4GT S1", "play", "P2: read cards, press")])
    assert ref.view(0)["message"] == "P1: wrong, draws 2"
    assert ref.lines()[2:] == ["last 3YH, line of 2", "held 6 4"]
    # P2 says "no legal card": shows the whole hand, P1 says wrong and moves a card.
    run(
        ref,
        [
            ("L2", "", "P2: read hand, table"),
            ("1RH", "", None),
            ("T", "error: show the whole hand: 4 cards, not 1", None),
            ("1RT 1RS 4YS", "", None),
            ("2GH", "error: that is the whole hand", None),
            ("S2", "error: a shown hand ends with the table button", None),
            ("T", "judge", "P1: short ok, long no"),
            ("L1", "none pick", "P1: read card to move"),
            ("S1", "error: read the card you move", None),
            ("4GT", "error: pick a card of the shown hand", None),
            ("4YS", "picked", "P1: read cards, press"),
        ],
    )
    assert ref.view(0)["message"] == "P2: draws 5, 4YS up"
    assert ref.lines()[2:] == ["last 2BC, line of 1", "held 6 8"]
    # Undo: the move is taken back; then P1 moves another card.
    run(ref, [("C2", "undo", "P1: read card to move")])
    assert ref.view(0)["message"] == "undone: P1's pick"
    run(ref, [("1RS", "picked", "P1: read cards, press")])
    assert ref.match.lines[0] == [parse("2RC"), parse("3YH"), parse("1RS")]
    # Undo drops cards read but not played, and only them.
    run(ref, [("3RC 4RC C1", "", "P1: read cards, press"), ("3RC S1", "play", None)])
    assert ref.view(0)["message"] == "P1: 1 right"


def test_a_card_is_refused_when_none_is_expected():
    ref = turn_crazy.referee(2, Entry.PAD, 1, None, None)
    assert ref.card(parse("2RC"), 0)[0]["why"] == "no card is expected now"
    ref.start(0)
    run(ref, [("2RC", "error: no card is expected now", None), ("C1", "error: nothing to undo", None)])
    assert ref.card(125, 0)[0]["why"] == "125 is not a card of the deck"
    assert ref.button(7, 0, 0)[0]["why"] == "unknown press 7"
    assert ref.button(SHORT, 2, 0)[0]["why"] == "no seat 2 at this table"
    dealt = turn_crazy.referee(2, Entry.DEALT, 1, None, None)
    dealt.start(0)
    assert dealt.button(SHORT, 1, 0)[0]["r"] == "error" and dealt.card(1, 0)[0]["r"] == "error"


# ----- whole games: a dealt game with bots, mirrored on the pad ----------------------


def entry_presses(seat, code):
    """The presses that enter stored rule ``code`` (crazyrules.RuleEntry's steps)."""
    first = code % 240
    join = code // 240 // 240
    picks = list(crazyrules.clause_parts(first)) + [join]
    if join:
        picks += list(crazyrules.clause_parts(code // 240 % 240))
    out = [(LONG, seat)]
    for i in picks:
        out += [(SHORT, seat)] * i + [(LONG, seat)]
    return out + [(LONG, seat)]


def mirror(dealt, action):
    """What the table does on the pad device for the action the dealt game is about to
    take: (presses before the cards, the cards the pad reads, presses after)."""
    m = dealt.match
    seat = m.current_player()
    kind = action[0]
    if kind == Act.RULE and action[1] == PAPER:
        return [], [], [(SHORT, seat)]
    if kind == Act.RULE:
        return [], [], entry_presses(seat, action[1])
    if kind == Act.PLAY:
        return [], list(action[1:]), [(SHORT, seat)]
    if kind == Act.NONE:
        return [(LONG, seat)], list(m.hands[seat]), [(TABLE, -1)]
    if kind == Act.PICK:
        return [], [action[1]], []
    return [], [], [(TABLE, -1)]


def on_pad(pad, plan, t):
    before, cards, after = plan
    out = []
    for press, seat in before:
        out += pad.button(press, seat, t)
    for c in cards:
        out += pad.card(c, t)
    for press, seat in after:
        out += pad.button(press, seat, t)
    return out


def test_bot_games_mirrored_on_the_pad_keep_the_same_table():
    for g in range(games(24)):
        n = 2 + g % 7
        options = {"hands": 1 + g % 2}
        dealt = turn_crazy.referee(n, Entry.DEALT, g, None, options)
        pad = turn_crazy.referee(n, Entry.PAD, g, None, options)
        bots = [dealt.bot(s, g + s) for s in range(n)]
        dealt.start(0)
        pad.start(0)
        steps = 0
        public = []  # cards of hands shown for "no legal card"
        while not dealt.is_over():
            steps += 1
            assert steps < 3000
            action = bots[dealt.match.current_player()].choose(dealt)
            if dealt.match.phase == Phase.PLAY and (g + steps) % 11 == 0:
                action = (Act.NONE,)  # a claim that may be wrong: the maker moves a card
            plan = mirror(dealt, action)
            dealt_out = dealt.act(action, steps)
            out = on_pad(pad, plan, steps)
            assert not [r for r in out if r["r"] == "error"], (action, out)
            if pad.match.phase == Phase.STARTS:  # the dealer reads every starting card
                for i in range(n):
                    seat = (pad.match.dealer + 1 + i) % n
                    out += pad.card(dealt.match.lines[seat][0], steps)
            assert not [r for r in out if r["r"] == "error"], (action, out)
            for r in out:
                if r["r"] == "none":
                    public.extend(r["shown"])
            shown = dumps(pad.view(steps)) + dumps(out) + " ".join([pad.describe(r) for r in out])
            for secret in _secrets(dealt.match, public):
                assert secret not in shown, "secret %r on the pad device" % secret
            dv = dealt.match.view()
            pv = pad.match.view()
            dv["entry"] = pv["entry"] = None
            assert dv == pv, "the pad device follows the same game"
            if dv["phase"] != "rules":  # the pad's rule lines say how to store one
                assert dealt.lines() == pad.lines()
            kinds = [r["r"] for r in dealt_out]
            assert [r["r"] for r in out if r["r"] != "start"] == kinds
        assert pad.is_over() and pad.winners() == dealt.winners()


def test_after_the_hand_a_seat_button_shows_that_seat_s_revealed_rule():
    dealt = turn_crazy.referee(2, Entry.DEALT, 4, None, {"hands": 2})
    pad = turn_crazy.referee(2, Entry.PAD, 4, None, {"hands": 2})
    bots = [dealt.bot(s, s) for s in range(2)]
    dealt.start(0)
    pad.start(0)
    while dealt.match.phase != Phase.SCORED:
        action = bots[dealt.match.current_player()].choose(dealt)
        plan = mirror(dealt, action)
        dealt.act(action, 0)
        on_pad(pad, plan, 0)
        if pad.match.phase == Phase.STARTS:
            for seat in (1, 0):
                pad.card(dealt.match.lines[seat][0], 0)
    assert pad.match.phase == Phase.SCORED and pad.hint() == "table: next hand"
    text = dealt.match.hand_view(0)["rule"]
    run(pad, [("S1", "", "table: next hand")])
    assert pad.lines()[0] == "P1's rule was" and " ".join(pad.lines()[1:]) == text
    run(pad, [("C2", "", None), ("T", "hand", "P1: your rule")])  # undo hides it again
