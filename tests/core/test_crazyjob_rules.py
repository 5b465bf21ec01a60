"""Stored Crazy Job rules (topper.games.crazy.rules): the seed's arithmetic, what may follow
what, validity, the notation, the words an owner reads, and entry with buttons."""

from topper.games.crazy import rules as R
from topper.cards import format_card, full_deck, parse

# rule, last legal card, candidate, may it follow?
FOLLOWS = [
    # Seed line 13: "count up number by one": after a 2, a 3 is right, then a 4.
    ("N=n+1", "2RC", "3GT", True),
    ("N=n+1", "3GT", "4YH", True),
    ("N=n+1", "2RC", "4RC", False),
    # Modulo 5 with wild = 0: after a 4 comes a ?, after a ? a 1 (seed line 11).
    ("N=n+1", "4BS", "*BS", True),
    ("N=n+1", "*BS", "1RC", True),
    ("N=n+1", "4BS", "1BS", False),
    # Seed line 17: "the new color equals the old number": after a 3, green; a green 1
    # then asks for red, a green 4 for blue.
    ("C=n", "3RC", "1GC", True),
    ("C=n", "1GC", "2RH", True),
    ("C=n", "4GC", "2BH", True),
    ("C=n", "4GC", "2RH", False),
    ("C=n", "*GC", "2*H", True),  # a ? number asks for black (both 0)
    # Offsets wrap: black (0) + 3 = green.
    ("S=c+3", "1*C", "1RT", True),
    ("S=c+3", "1*C", "1RS", False),
    ("S=n-1", "1RC", "2R*", True),  # 1 - 1 = 0: blob
    # Not, above, below, fixed values.
    ("S!=s", "2RH", "3YH", False),
    ("S!=s", "2RH", "3YT", True),
    ("N>2", "1RC", "3RC", True),
    ("N>2", "1RC", "2RC", False),
    ("C<2", "1BS", "1RS", True),
    ("C<2", "1BS", "1*S", True),  # black counts 0
    ("C<2", "1BS", "1YS", False),
    ("C=4", "1RC", "2BH", True),
    # And / or.
    ("N=n+1&C!=c", "2RC", "3RC", False),
    ("N=n+1&C!=c", "2RC", "3GC", True),
    ("N=n+1|S=4", "2RC", "1GS", True),
    ("N=n+1|S=4", "2RC", "3GC", True),
    ("N=n+1|S=4", "2RC", "1GC", False),
]


def test_what_may_follow_table():
    for text, last, card, want in FOLLOWS:
        rule = R.Rule(R.parse(text))
        assert rule.legal_next(parse(last), parse(card)) == want, (text, last, card)


def test_a_run_counts_up_through_the_wild():
    # Seed line 17: from 2, "3,4,?,1" is a correct run of four, "3,3,3,3" is not.
    rule = R.Rule(R.parse("N=n+1"))
    last = parse("2RC")
    for text in ("3YH", "4GT", "*BS", "1RC"):
        assert rule.legal_next(last, parse(text))
        last = parse(text)
    assert not rule.legal_next(parse("3YH"), parse("3GT"))


NOTATION = [
    ("N=n+1", "number is last number + 1"),
    ("C=n", "color is last number"),
    ("S!=s", "suit is not last suit"),
    ("N>2", "number is above 2"),
    ("N=0", "number is ? (0)"),
    ("C=4", "color is blue"),
    ("S<3", "suit is below triangle (3)"),
    ("N=n+1&C!=c", "number is last number + 1 and color is not last color"),
    ("S=n+4|C=2", "suit is last number + 4 or color is yellow"),
]


def test_notation_and_words():
    for text, words in NOTATION:
        rule = R.Rule(R.parse(text))
        assert rule.notation() == text
        assert rule.describe() == words, rule.describe()
    assert R.Rule(R.parse("S=n-1")).notation() == "S=n+4"
    assert R.parse(" N = n + 1 ") == R.parse("N=n+1")


def test_bad_notation_is_refused():
    for text in ("", "X=n", "N~n", "N=x", "N=n+5", "N=n*2", "N=5", "N=n&C=c&S=s", "N"):
        try:
            R.parse(text)
        except R.RuleFormError:
            continue
        raise AssertionError("accepted %r" % text)


def test_codes_are_a_few_small_ints():
    c = R.clause(0, R.EQ, 0, 1)
    assert R.clause_parts(c) == (0, R.EQ, 0, 1)
    assert R.Rule(R.encode(c)).notation() == "N=n+1"
    code = R.encode(c, R.OR, R.clause(2, R.EQ, R.FIXED, 4))
    assert 0 <= code < R.CODES and R.Rule(code).notation() == "N=n+1|S=4"
    for bad in (-1, R.CODES, "N=n+1", None):
        try:
            R.Rule(bad)
        except R.RuleFormError:
            continue
        raise AssertionError("accepted code %r" % (bad,))
    try:
        R.encode(c, R.ONLY, 5)
    except R.RuleFormError:
        pass
    else:
        raise AssertionError("a lone clause took a second one")


def _brute_count(rule, last):
    return len([c for c in full_deck() if c != last and rule.legal_next(last, c)])


def test_count_after_matches_the_deck():
    texts = ["N=n+1", "C=n", "S!=s", "N>2", "C<1", "N=n+1&C!=c", "N=n+1|S=4", "N>n|N=0"]
    lasts = [parse(t) for t in ("2RC", "4BS", "***", "1*T", "*GH")]
    for text in texts:
        rule = R.Rule(R.parse(text))
        for last in lasts:
            assert rule.count_after(last) == _brute_count(rule, last), (text, format_card(last))


def test_invalid_rules_name_a_card_nothing_may_follow():
    for text, stuck in (("N>n", "4**"), ("N=1&N=2", "***"), ("C<c", "***"), ("N<0", "***")):
        try:
            R.check(R.parse(text))
        except R.RuleFormError as e:
            assert "nothing may follow %s" % stuck in str(e), str(e)
            continue
        raise AssertionError("%s accepted" % text)
    # Either side of an "or" may keep a line open.
    assert R.check(R.parse("N>n|N=0")).blocked_after() == -1


def test_every_listed_one_clause_rule_admits_a_card_after_every_card():
    singles = R.valid_single_rules()
    assert len(singles) == 132
    assert singles == sorted(singles)
    lasts = [parse(t) for t in ("***", "4BS", "1RC", "*Y*", "3G*")]
    for code in singles:
        rule = R.Rule(code)
        for last in lasts:
            assert _brute_count(rule, last) >= 1, rule.notation()


def test_listed_rules_all_judge_differently():
    signatures = []
    # Last cards whose number, color and suit differ, so "N=n" and "N=c" can disagree.
    lasts = [parse(t) for t in ("***", "1YT", "2GS", "3BC", "4RH", "*RS", "2*C", "3Y*")]
    probes = full_deck()
    for code in R.valid_single_rules():
        rule = R.Rule(code)
        sig = []
        for last in lasts:
            sig.append(tuple([rule.legal_next(last, c) for c in probes]))
        sig = tuple(sig)
        assert sig not in signatures, rule.notation()
        signatures.append(sig)


def test_entering_the_seed_rule_with_buttons():
    e = R.RuleEntry()
    assert e.prompt() == "New card's" and e.options() == ["number", "color", "suit"]
    e.choose(0)
    assert e.options() == ["is", "is not", "is above", "is below"]
    e.choose(0)
    assert e.options() == ["last number", "last color", "last suit", "a value"]
    e.choose(0)
    assert e.prompt() == "Plus" and e.options() == ["+0", "+1", "+2", "+3", "+4"]
    e.choose(1)
    assert e.prompt() == "Then" and e.options() == ["that's all", "and ...", "or ..."]
    assert not e.done()
    e.choose(0)
    assert e.done() and e.options() == []
    assert R.Rule(e.code()).notation() == "N=n+1" and e.problem() is None


def test_entering_two_clauses_a_fixed_value_and_going_back():
    e = R.RuleEntry()
    for i in (1, 0, 0, 0, 2):  # color is last number +0, or ...
        e.choose(i)
    for i in (2, 0, 3):  # suit is a value ...
        e.choose(i)
    assert e.prompt() == "Value"
    assert e.options() == ["blob", "circle", "heart", "triangle", "square"]
    e.choose(4)
    assert e.done() and R.Rule(e.code()).notation() == "C=n|S=4"
    e.back()
    assert not e.done() and e.prompt() == "Value"
    e.choose(3)
    assert R.Rule(e.code()).describe() == "color is last number or suit is triangle"
    try:
        e.choose(0)
    except R.RuleFormError:
        pass
    else:
        raise AssertionError("chose past the end")


def test_entry_reports_a_rule_the_device_would_refuse():
    e = R.RuleEntry()
    for i in (0, 2, 0, 0, 0):  # number is above last number: nothing follows a 4
        e.choose(i)
    assert e.done()
    assert "nothing may follow" in e.problem()
    try:
        R.RuleEntry().code()
    except R.RuleFormError:
        pass
    else:
        raise AssertionError("an empty entry gave a code")
