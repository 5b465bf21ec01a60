"""The Crazy Job referee without a card pad: every rule on paper, plays counted with the
seat button, the rule maker's answers, the hand's end and undo; then whole games on paper
played in a dealt game and mirrored press by press."""

from _scale import games
from test_turn_crazy_pad import run
from topper.games.crazy import rules as crazyrules
from topper.games.crazy import turn as turn_crazy
from topper.games.crazy.engine import PAPER, Act, Phase
from topper.gamekit import Entry
from topper.rng import Rng
from topper.inputs import LONG, SHORT, TABLE


def test_a_hand_on_paper():
    ref = turn_crazy.referee(3, Entry.BUTTONS, 1, None, {"hands": 2})
    ref.start(0)
    assert ref.lines() == ["Hand 1/2", "rules written 0/3"]
    run(
        ref,
        [
            ("L2", "error: no card pad: write the rule on paper", "P2: write rule, press"),
            ("S2", "rule", None),
            ("T", "error: P3 writes a rule", None),
            ("S3 S1", "rule", "P1: starts up, table"),
            ("S1", "error: P1 turns up the starts, then the table button", None),
            ("T", "start start start deal", "P2: press per card"),
            ("C3", "undo", "P1: starts up, table"),  # the three starts were one press
            ("T", "start start start deal", "P2: press per card"),
            ("T", "error: P2: one press per card laid first", None),
            ("S2 S2", "", "P2: 2 laid, table"),
            ("S1", "error: P2 is due, not P1", None),
            ("L2", "error: 2 counted: the table button plays them", None),
            ("T", "judge", "P3: short ok, long no"),  # P2's first turn: P3's rule
        ],
    )
    assert ref.lines()[1:3] == ["P2 on P3's rule", "played -- --"]
    assert ref.view(0)["turn"] == 2 and ref.view(0)["focus"] == 1, "the ring: P3 judges P2"
    run(ref, [("L3", "play", "P3: press per card")])
    assert ref.view(0)["message"] == "P2: wrong, draws 4"
    assert ref.lines()[2:] == ["last --, line of 1", "held 5 7 5"]
    view = ref.view(0)
    assert (view["turn"], view["focus"], view["next"]) == (2, 0, 0), "P3 plays on P1's rule"
    run(
        ref,
        [
            ("S3 S3 S3 S3", "", "P3: 4 laid, table"),
            ("S3", "error: 4 cards at most: now the table button", None),
            ("T", "judge", "P1: short ok, long no"),
            ("S1", "play", "P1: press per card"),
        ],
    )
    assert ref.view(0)["message"] == "P3: 4 right"
    # P1 on P2's rule says "no legal card"; P2 says wrong and moves a card.
    run(
        ref,
        [
            ("S1 C2", "", "P1: press per card"),  # undo drops the count
            ("L1", "judge", "P2: short ok, long no"),
            ("L2", "none pick", "P2: move card, press"),
            ("L2", "error: P2 moves a card, then a short press", None),
            ("S2", "picked", "P2: press per card"),
        ],
    )
    assert ref.view(0)["message"] == "P1: draws 5"
    assert ref.lines()[3] == "held 9 7 1"
    # P2 wrong on P1's rule; P3 plays its last card, right: the hand is over.
    run(ref, [("S2 T L1", "play", None), ("S3 T", "judge", "P2: short ok, long no")])
    run(ref, [("S2", "play score", "table: next hand")])
    assert ref.view(0)["message"] == "P3 wins hand 1"
    assert ref.lines() == ["Hand 1/2", "P3 won hand 1", "pts 9 8 0", "tot 9 8 0"]
    run(
        ref,
        [
            ("S3", "error: P3's rule was on paper", "table: next hand"),
            ("L1", "error: the table button deals the next hand", None),
            ("T", "hand", "P3: write rule, press"),  # P2 deals hand 2
        ],
    )


def test_no_card_pad_no_card():
    ref = turn_crazy.referee(2, Entry.BUTTONS, 1, None, None)
    ref.start(0)
    assert ref.card(3, 0)[0]["why"] == "this game has no card pad"


# ----- whole games on paper, mirrored ------------------------------------------------


def judge(m, rules):
    """The rule maker's answer, from the rule the test wrote down for them."""
    pend = m.pending
    rule = rules[pend["owner"]]
    last = m.lines[pend["owner"]][-1]
    if pend["kind"] == Act.PLAY:
        for card in pend["cards"]:
            if not rule.legal_next(last, card):
                return (Act.WRONG,)
            last = card
        return (Act.RIGHT,)
    for card in pend["shown"]:
        if rule.legal_next(last, card):
            return (Act.WRONG,)
    return (Act.RIGHT,)


def presses(m, action):
    """The presses on the buttons-only device for the dealt game's next action."""
    seat = m.current_player()
    kind = action[0]
    if kind == Act.PLAY:
        return [(SHORT, seat)] * (len(action) - 1) + [(TABLE, -1)]
    if kind in (Act.NONE, Act.WRONG):
        return [(LONG, seat)]
    if kind == Act.NEXT:
        return [(TABLE, -1)]
    return [(SHORT, seat)]  # a paper rule, right, a card moved


def test_paper_games_mirrored_on_the_buttons_keep_the_same_counts():
    singles = crazyrules.valid_single_rules()
    for g in range(games(24)):
        n = 2 + g % 7
        rng = Rng(g)
        options = {"hands": 1 + g % 2}
        dealt = turn_crazy.referee(n, Entry.DEALT, g, None, options)
        device = turn_crazy.referee(n, Entry.BUTTONS, g, None, options)
        bots = [dealt.bot(s, g + s) for s in range(n)]
        dealt.start(0)
        device.start(0)
        rules = None
        steps = 0
        while not dealt.is_over():
            steps += 1
            assert steps < 3000
            m = dealt.match
            if m.phase == Phase.RULES:
                rules = rules or [crazyrules.Rule(singles[rng.below(len(singles))]) for _ in range(n)]
                action = (Act.RULE, PAPER)
            elif m.phase == Phase.JUDGE:
                action = judge(m, rules)
            elif m.phase == Phase.PICK:
                last = m.lines[m.pending["owner"]][-1]
                legal = [c for c in m.pending["shown"] if rules[m.pending["owner"]].legal_next(last, c)]
                action = (Act.PICK, legal[rng.below(len(legal))])
            else:
                action = bots[m.current_player()].choose(dealt)
                if m.phase == Phase.PLAY and rng.below(12) == 0:
                    action = (Act.NONE,)  # a bluff or a mistake: the claim may be wrong
                if action[0] == Act.NEXT:
                    rules = None
            todo = presses(m, action)
            dealt_out = dealt.act(action, steps)
            out = []
            for press, seat in todo:
                out += device.button(press, seat, steps)
            if device.match.phase == Phase.STARTS:
                out += device.button(TABLE, -1, steps)  # the dealer turned up the starts
            assert not [r for r in out if r["r"] == "error"], (action, out)
            assert [r["r"] for r in out if r["r"] != "start"] == [r["r"] for r in dealt_out]
            dv = dealt.match.view()
            v = device.match.view()
            for key in ("phase", "turn", "player", "owner", "k", "held", "pile", "scores", "hand_points"):
                assert dv[key] == v[key], key
            assert [len(line) for line in dv["lines"]] == [len(line) for line in v["lines"]]
            assert device.view(steps)["focus"] == dealt.view(steps)["focus"]
        assert device.is_over() and device.winners() == dealt.winners()
