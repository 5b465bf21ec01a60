"""Stored Crazy Job rules stay secret until the hand ends, and the log proves afterwards
that the device judged by the rule it had sealed."""

from _scale import games
from topper import commit
from topper.games.crazy import rules as crazyrules
from topper.games.crazy.bots import Bot
from topper.games.crazy.engine import Act, CrazyJob, replay
from topper.jsonl import dumps

# Every int a public output may hold: seats, counts, turn numbers, scores. A card is
# written in its notation and a rule never appears, so nothing else may be an int.
PUBLIC_INTS = (
    "hand", "hands", "target", "dealer", "seat", "owner", "player", "turn", "k", "nth", "seats",
    "held", "pile", "draw", "drawn", "cards", "winner", "winners", "points", "scores",
    "hand_points", "seed",
)  # fmt: skip


def _bot_match(g):
    m = CrazyJob(players=2 + g % 4, hands=1 + g % 2).new_match(g)
    bots = [Bot(g * 5 + s) for s in range(m.game.players)]
    for b in bots:
        b.observe(m.rulings)
    while not m.is_over():
        rulings = m.apply(bots[m.current_player()].choose(m))
        for b in bots:
            b.observe(rulings)
    return m


def _outputs(game, seed, history):
    """Replay ``history``: after each action, its rulings then the shared screen."""
    m = game.new_match(seed)
    out = list(m.rulings) + [m.view()]
    for action in history:
        out.extend(m.apply(action))
        out.append(m.view())
    return m, out


def _ints(obj, key, found):
    if isinstance(obj, bool) or obj is None or isinstance(obj, str):
        return
    if isinstance(obj, int):
        found.append(key)
    elif isinstance(obj, dict):
        for k in sorted(obj):
            _ints(obj[k], k, found)
    else:
        for x in obj:
            _ints(x, key, found)


def _rules_by_hand(history, players):
    """The stored rules of each hand, in the order they were written."""
    hands = []
    for action in history:
        if action[0] == Act.RULE:
            if not hands or len(hands[-1]) == players:
                hands.append([])
            hands[-1].append(crazyrules.Rule(action[1]))
    return hands


def test_no_rule_in_any_public_output_before_its_hand_ends():
    for g in range(games(150)):
        m = _bot_match(g)
        _, out = _outputs(m.game, g, m.history)
        rules = _rules_by_hand(m.history, m.game.players)
        hand = -1
        secret = []
        for obj in out:
            text = dumps(obj)
            if isinstance(obj, dict) and obj.get("r") == "hand":
                hand += 1
                secret = [r.notation() for r in rules[hand]] + [r.describe() for r in rules[hand]]
            if isinstance(obj, dict) and obj.get("r") == "reveal":
                secret = []  # the hand is over: its rules may be shown now
            for s in secret:
                assert s not in text, "rule %r leaked: %s" % (s, text[:200])
            keys = []
            _ints(obj, None, keys)
            for k in keys:
                assert k in PUBLIC_INTS, "an int under %r: %s" % (k, text[:200])


def _twin(code):
    """The same one-clause rule written as "X and X": it judges exactly alike."""
    first = crazyrules.Rule(code).first
    return crazyrules.encode(first, crazyrules.AND, first)


def _masked(obj):
    if isinstance(obj, dict):
        if obj.get("r") == "reveal":
            return "reveal"
        out = {}
        for k in obj:
            out[k] = "sealed" if k in ("digest", "digests") else _masked(obj[k])
        return out
    if isinstance(obj, list):
        return [_masked(x) for x in obj]
    return obj


def test_public_outputs_do_not_depend_on_how_a_rule_is_written():
    # Two tables play the same cards; one wrote every rule differently but equivalently.
    # Whatever a spectator sees before the reveal must be identical: the screens and
    # rulings carry nothing derived from the rules themselves but the judgements.
    for g in range(games(60)):
        m = _bot_match(g)
        twin_history = []
        for action in m.history:
            twin_history.append((Act.RULE, _twin(action[1])) if action[0] == Act.RULE else action)
        _a, out_a = _outputs(m.game, g, m.history)
        _b, out_b = _outputs(m.game, g, twin_history)
        assert len(out_a) == len(out_b)
        for x, y in zip(out_a, out_b):
            assert dumps(_masked(x)) == dumps(_masked(y))
        # ...but the seals differ, and each opens only with its own rule.
        seals_a = [r["digest"] for r in out_a if isinstance(r, dict) and r.get("r") == "commit"]
        seals_b = [r["digest"] for r in out_b if isinstance(r, dict) and r.get("r") == "commit"]
        assert seals_a and all(x != y for x, y in zip(seals_a, seals_b))


def test_only_the_owner_sees_the_rule():
    m = CrazyJob(players=3, hands=1).new_match(4)
    for text in ("N=n+1", "C!=c", "S=2"):
        m.apply((Act.RULE, crazyrules.parse(text)))
    # Seats write from the dealer's left: P2, P3, then P1.
    assert m.hand_view(1)["rule"] == "number is last number + 1"
    assert m.hand_view(2)["notation"] == "C!=c"
    assert m.hand_view(0)["rule"] == "suit is heart"
    assert len(m.hand_view(1)["hand"]) == 5
    view = dumps(m.view())
    for secret in ("N=n+1", "C!=c", "S=2", "heart", "last number"):
        assert secret not in view
    assert m.view()["rules"] == ["stored", "stored", "stored"]


def test_the_log_verifies_and_tampering_is_caught():
    m = _bot_match(7)
    _, out = _outputs(m.game, 7, m.history)
    log = [r for r in out if "r" in r]
    assert commit.check_log(log) == []
    reveals = [r for r in log if r["r"] == "reveal"]
    assert (
        reveals and reveals[0]["text"] == crazyrules.Rule(crazyrules.parse(reveals[0]["secret"])).describe()
    )
    # A device that claims afterwards to have held another rule is caught.
    forged = [dict(r) for r in log]
    for r in forged:
        if r["r"] == "reveal":
            r["secret"] = "N=n+1" if r["secret"] != "N=n+1" else "N=n+2"
            break
    assert len(commit.check_log(forged)) == 1
    # The seals on the shared screen are the ones in the log.
    sealed = [r["digest"] for r in log if r["r"] == "commit"]
    first_hand = replay(m.game, 7, m.history[: m.game.players])
    assert sorted([d for d in first_hand.view()["digests"] if d]) == sorted(sealed[: m.game.players])
