"""Crazy Job on the host: its players' moves at the device (``pad_moves``,
``button_moves``), a player's own hand (``hand_of``), and the secret a player enters
with the buttons, a stored rule, as a log's replay finds it again (``SECRET_ENTRY``,
``entered``, ``entry_holds``: ``topper_host.sim.turn_secrets``, ``turn_feed``)."""

# The ruling that names the seat whose stored rule a log's "secret" event entered.
SECRET_ENTRY = "rule"

def hand_of(ref, seat):
    """``seat``'s cards and its own stored rule, for its panel alone."""
    hv = ref.match.hand_view(seat)
    rule = hv.get("rule")
    return list(hv["hand"]), ("your rule: %s" % rule) if rule else ""


def entered(text):
    """A stored rule's revealed text as ``(code, action)``: the engine action that
    enters it at once; ValueError in words for a text that is no stored rule."""
    from topper.games.crazy import rules
    from topper.games.crazy.engine import Act

    try:
        code = rules.parse(text)
        rules.check(code)
    except (rules.RuleFormError, AttributeError, TypeError) as e:
        raise ValueError("the revealed rule %r is not a stored rule: %s" % (text, e))
    return code, (Act.RULE, code)


def entry_holds(code, tap_ms, hold_ms):
    """How long each press of the buttons that enter rule ``code`` is held
    (topper.games.crazy.rules' ``RuleEntry``: a short press moves the highlight, a long
    one chooses, a last long one stores)."""
    from topper.games.crazy import rules

    rule = rules.Rule(code)
    picks = list(rules.clause_parts(rule.first)) + [rule.join]
    if rule.join != rules.ONLY:
        picks += list(rules.clause_parts(rule.second))
    holds = []
    for pick in picks:
        holds += [tap_ms] * pick + [hold_ms]
    holds.append(hold_ms)  # store
    return holds
