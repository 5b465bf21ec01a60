"""Portable tests of the core's foundations: ticks, rng, cards, stdcards, jsonl.

They run under pytest and under MicroPython (tests/micropython/run_core_tests.mjs), so they
use plain asserts and tables, no pytest features. Comparisons with CPython's ``json`` run
only under CPython: on a board the bytes are checked against the literal tables instead.
"""

import sys

from topper import cards, jsonl, rng, stdcards, ticks

CPYTHON = sys.implementation.name == "cpython"


def _raises(exc, fn, *args):
    """The exception ``fn(*args)`` raised; fails the test if it raised nothing."""
    try:
        fn(*args)
    except exc as e:
        return e
    name = getattr(fn, "__name__", "call")
    raise AssertionError("%s%r did not raise %s" % (name, args, exc.__name__))


def _chi2(counts, expected):
    total = 0.0
    for c in counts:
        total += (c - expected) * (c - expected) / expected
    return total


# ---- ticks -------------------------------------------------------------------------

# Stamps near zero, mid-range and just below the wrap, where plain arithmetic goes wrong.
_STAMPS = (0, 1, 1000, (1 << 28) - 1, 1 << 28, (1 << 29) - 1000, (1 << 29) - 2, (1 << 29) - 1)
_DELTAS = (0, 1, -1, 7, -7, 1000, -1000, 65_000, -65_000, (1 << 28) - 1, -(1 << 28) + 1)


def test_ticks_period_is_the_circuitpython_one():
    assert ticks.PERIOD == 1 << 29
    assert ticks.MASK == (1 << 29) - 1


def test_ticks_add_wraps():
    assert ticks.ticks_add((1 << 29) - 1, 1) == 0
    assert ticks.ticks_add(0, -1) == (1 << 29) - 1
    assert ticks.ticks_add((1 << 29) - 10, 25) == 15
    assert ticks.ticks_add(5, 1 << 29) == 5
    for t in _STAMPS:
        for d in _DELTAS:
            r = ticks.ticks_add(t, d)
            assert 0 <= r < 1 << 29, (t, d, r)


def test_ticks_diff_undoes_add_across_the_wrap():
    for t in _STAMPS:
        for d in _DELTAS:
            later = ticks.ticks_add(t, d)
            assert ticks.ticks_diff(later, t) == d, (t, d)
            assert ticks.ticks_diff(t, later) == -d, (t, d)
    # Four ms apart, straddling the wrap.
    assert ticks.ticks_diff(2, (1 << 29) - 2) == 4
    assert ticks.ticks_diff((1 << 29) - 2, 2) == -4


def test_ticks_less_across_the_wrap():
    before_wrap = (1 << 29) - 10
    after_wrap = 5
    assert ticks.ticks_less(before_wrap, after_wrap)
    assert not ticks.ticks_less(after_wrap, before_wrap)
    for t in _STAMPS:
        assert not ticks.ticks_less(t, t)
        for d in _DELTAS:
            if d > 0:
                later = ticks.ticks_add(t, d)
                assert ticks.ticks_less(t, later), (t, d)
                assert not ticks.ticks_less(later, t), (t, d)


# ---- rng ---------------------------------------------------------------------------

# Pinned outputs: a logged seed must replay the same deal on every platform and in every
# version, so a change of generator has to show up here, not in a user's replay.
_GOLDEN = (
    (0, (3676202287, 3771355314, 4048879196, 3178654579)),
    (1, (833230947, 644769584, 3146407156, 4068490046)),
    (7, (1008789367, 957150480, 1383759399, 2859241464)),
)


def test_rng_pinned_sequences():
    for seed, want in _GOLDEN:
        r = rng.Rng(seed)
        got = tuple([r.next32() for _ in range(len(want))])
        assert got == want, (seed, got)


def test_rng_same_seed_same_sequence():
    for seed in (0, 1, 7, 123456789, 0xFFFFFFFF):
        a = rng.Rng(seed)
        b = rng.Rng(seed)
        for _ in range(200):
            x = a.next32()
            assert x == b.next32()
            assert 0 <= x <= 0xFFFFFFFF
        assert [a.below(52) for _ in range(50)] == [b.below(52) for _ in range(50)]


def test_rng_different_seeds_differ():
    starts = []
    for seed in range(64):
        r = rng.Rng(seed)
        starts.append((r.next32(), r.next32(), r.next32()))
    assert len(set(starts)) == len(starts)
    # Neighbouring seeds must not give shifted copies of one stream.
    firsts = {s[0] for s in starts}
    assert len(firsts) == len(starts)


def test_rng_below_stays_in_range():
    assert rng.Rng(3).below(1) == 0
    for n in (2, 3, 5, 6, 7, 10, 52, 54, 64, 100, 125, 127, 128, 1000, (1 << 20) + 3):
        r = rng.Rng(n)
        seen_top = False
        for _ in range(400):
            x = r.below(n)
            assert 0 <= x < n, (n, x)
            seen_top = seen_top or x == n - 1
        if n <= 64:
            assert seen_top, n  # the top value is reachable
    for bad in (0, -1):
        _raises(ValueError, rng.Rng(1).below, bad)


def test_rng_below_is_roughly_uniform():
    # Fixed seeds make the statistic a constant, so the bound cannot flake; the bounds are
    # the chi-square values a fair die exceeds one time in a thousand.
    for n, draws, bound in ((6, 6000, 20.5), (10, 10000, 27.9), (54, 5400, 90.0)):
        r = rng.Rng(20240 + n)
        counts = [0] * n
        for _ in range(draws):
            counts[r.below(n)] += 1
        stat = _chi2(counts, draws / n)
        assert stat < bound, (n, stat, counts)


def test_rng_shuffle_is_a_permutation():
    for seed in (0, 1, 7, 99):
        deck = list(range(54))
        rng.Rng(seed).shuffle(deck)
        assert sorted(deck) == list(range(54))
        assert deck != list(range(54))
        again = list(range(54))
        rng.Rng(seed).shuffle(again)
        assert again == deck
    a = list(range(54))
    b = list(range(54))
    rng.Rng(1).shuffle(a)
    rng.Rng(2).shuffle(b)
    assert a != b
    for short in ([], [5]):
        items = list(short)
        rng.Rng(1).shuffle(items)
        assert items == short


def test_rng_shuffle_reaches_every_order_evenly():
    # Catches the classic Fisher-Yates slips (drawing from i instead of i + 1 gives only
    # the cyclic orders; drawing from the whole list biases them).
    r = rng.Rng(4242)
    counts = {}
    trials = 6000
    for _ in range(trials):
        items = [0, 1, 2]
        r.shuffle(items)
        key = tuple(items)
        counts[key] = counts.get(key, 0) + 1
    assert len(counts) == 6, counts
    stat = _chi2([counts[k] for k in sorted(counts)], trials / 6)
    assert stat < 20.5, (stat, counts)


# ---- cards (Triple Topper) ---------------------------------------------------------

_CARD_TABLE = (
    ("***", 0),
    ("1RC", 1 * 25 + 1 * 5 + 1),
    ("3RC", 3 * 25 + 1 * 5 + 1),
    ("4BS", 124),
    ("2*T", 2 * 25 + 0 * 5 + 3),
    ("*YH", 0 * 25 + 2 * 5 + 2),
    ("JK", cards.JOKER),
)


def test_cards_known_codes():
    assert cards.JOKER == 125
    for text, code in _CARD_TABLE:
        assert cards.parse(text) == code, text
        assert cards.format_card(code) == text, code


def test_cards_round_trip_every_card():
    seen = set()
    for code in range(125):
        text = cards.format_card(code)
        assert len(text) == 3 and text not in seen, text
        seen.add(text)
        assert cards.parse(text) == code, text
        assert cards.parse(text.lower()) == code, text
        assert cards.make(cards.number(code), cards.color(code), cards.suit(code)) == code
    assert cards.format_card(cards.JOKER) == "JK"
    assert cards.parse("JK") == cards.JOKER
    assert cards.parse("jk") == cards.JOKER


def test_cards_aliases_read_and_canonical_written():
    assert cards.parse("?RC") == cards.parse("*RC")
    assert cards.parse("3KC") == cards.parse("3*C")
    assert cards.parse("3RX") == cards.parse("3R*")
    assert cards.parse("?kx") == 0
    assert cards.format_card(cards.parse("?kx")) == "***"
    # Every card written with the aliases, in both cases, reads back to the same code.
    for code in range(125):
        text = cards.format_card(code)
        aliased = (
            ("?" if text[0] == "*" else text[0])
            + ("K" if text[1] == "*" else text[1])
            + ("X" if text[2] == "*" else text[2])
        )
        for variant in (aliased, aliased.lower()):
            assert cards.parse(variant) == code, variant
            assert cards.format_card(cards.parse(variant)) == text, variant


def test_cards_bad_strings_raise_card_error():
    assert issubclass(cards.CardError, ValueError)
    for bad in ("5RC", "RC", "3QC", "", "0RC", "3RCX", "3R", "3RZ", "J", "JKK", "R3C", "***X"):
        e = _raises(cards.CardError, cards.parse, bad)
        assert repr(bad) in str(e), (bad, str(e))
    for bad in (None, 81, 3.5, b"3RC", ["3", "R", "C"]):
        e = _raises(cards.CardError, cards.parse, bad)
        assert "string" in str(e), str(e)


def test_cards_bad_codes_raise_card_error():
    for bad in (-1, 126, 200, "3RC", None):
        _raises(cards.CardError, cards.format_card, bad)
    for args in ((5, 1, 1), (1, 5, 1), (1, 1, 5), (-1, 1, 1)):
        _raises(cards.CardError, cards.make, *args)


def test_cards_variables():
    c = cards.parse("3RT")
    assert (cards.number(c), cards.color(c), cards.suit(c)) == (3, 1, 3)
    assert cards.value(c, cards.NUMBER) == 3
    assert cards.value(c, cards.COLOR) == 1
    assert cards.value(c, cards.SUIT) == 3
    j = cards.JOKER
    assert (cards.number(j), cards.color(j), cards.suit(j)) == (0, 0, 0)
    assert cards.is_joker(j) and not cards.is_joker(c)
    assert cards.describe(cards.parse("3RC")) == "3 red circle"
    assert cards.describe(cards.parse("*KX")) == "? black blob"
    assert cards.describe(j) == "joker"


def test_cards_is_natural():
    assert cards.is_natural(cards.parse("3RC"))
    assert cards.is_natural(cards.parse("4BS"))
    for text in ("*RC", "3*C", "3R*", "***", "JK"):
        assert not cards.is_natural(cards.parse(text)), text
    naturals = [c for c in range(125) if cards.is_natural(c)]
    assert len(naturals) == 64


def test_cards_decks():
    squares = cards.squares_deck()
    assert len(squares) == 64 and len(set(squares)) == 64
    assert all(cards.is_natural(c) for c in squares)
    with_jokers = cards.squares_deck(2)
    assert len(with_jokers) == 66
    assert with_jokers[:64] == squares and with_jokers.count(cards.JOKER) == 2
    full = cards.full_deck()
    assert full == list(range(125))
    full3 = cards.full_deck(3)
    assert len(full3) == 128 and full3.count(cards.JOKER) == 3 and full3[:125] == full


# ---- stdcards (52 + jokers) --------------------------------------------------------


def test_stdcards_round_trip_every_card():
    seen = set()
    for code in range(52):
        text = stdcards.format_card(code)
        assert text not in seen
        seen.add(text)
        assert stdcards.parse(text) == code, text
        assert stdcards.parse(text.lower()) == code, text
        assert 1 <= stdcards.rank(code) <= 13 and 0 <= stdcards.suit(code) <= 3
    assert stdcards.format_card(stdcards.JOKER) == "JK"
    assert stdcards.parse("JK") == stdcards.JOKER == 52
    assert stdcards.rank(stdcards.JOKER) == 0 and stdcards.suit(stdcards.JOKER) == -1


def test_stdcards_known_codes_and_aliases():
    for text, rank, suit in (("AC", 1, 0), ("10H", 10, 2), ("QS", 12, 3), ("KD", 13, 1)):
        code = stdcards.parse(text)
        assert (stdcards.rank(code), stdcards.suit(code)) == (rank, suit), text
    assert stdcards.format_card(0) == "AC"
    assert stdcards.format_card(51) == "KS"
    assert stdcards.parse("1C") == stdcards.parse("AC")
    assert stdcards.format_card(stdcards.parse("1c")) == "AC"
    assert stdcards.format_card(stdcards.parse("10h")) == "10H"


def test_stdcards_errors():
    assert issubclass(stdcards.StdCardError, ValueError)
    for bad in ("", "C", "ZZ", "11H", "0H", "1", "AX", "10", "JKK", "A", "1CC"):
        _raises(stdcards.StdCardError, stdcards.parse, bad)
    for bad in (None, 5, b"AC"):
        _raises(stdcards.StdCardError, stdcards.parse, bad)
    for bad in (-1, 53, "AC"):
        _raises(stdcards.StdCardError, stdcards.format_card, bad)


def test_stdcards_deck():
    d = stdcards.deck()
    assert len(d) == 54 and d[:52] == list(range(52)) and d.count(stdcards.JOKER) == 2
    assert stdcards.deck(0) == list(range(52))


# ---- jsonl -------------------------------------------------------------------------

# (object, the exact line CPython's json.dumps(sort_keys=True, separators=(",", ":"),
# ensure_ascii=True) writes for it). Escapes are spelled with \u in the source so the
# file is ASCII on every board.
_JSON_TABLE = (
    ({}, "{}"),
    ({"b": 1, "a": 2}, '{"a":2,"b":1}'),
    ({"b": 1, "B": 2, "a": 3, "_": 4, "10": 5, "9": 6}, '{"10":5,"9":6,"B":2,"_":4,"a":3,"b":1}'),
    ({"r": "lay", "t": 1234, "seat": 0}, '{"r":"lay","seat":0,"t":1234}'),
    (
        {"z": [1, {"y": None, "x": True}], "a": False, "m": []},
        '{"a":false,"m":[],"z":[1,{"x":true,"y":null}]}',
    ),
    ({"n": -7, "big": 1 << 40, "zero": 0}, '{"big":1099511627776,"n":-7,"zero":0}'),
    ({"q": 'say "hi"', "b": "back\\slash"}, '{"b":"back\\\\slash","q":"say \\"hi\\""}'),
    ({"nl": "a\nb", "tab": "a\tb", "cr": "a\rb"}, '{"cr":"a\\rb","nl":"a\\nb","tab":"a\\tb"}'),
    ({"ctl": "\x00\x01\x08\x0c\x1f\x7f"}, '{"ctl":"\\u0000\\u0001\\b\\f\\u001f\\u007f"}'),
    ({"ascii": " !/~<>&'"}, '{"ascii":" !/~<>&\'"}'),
    ({"e": "caf\u00e9", "euro": "\u20ac"}, '{"e":"caf\\u00e9","euro":"\\u20ac"}'),
    ({"face": "\U0001f600"}, '{"face":"\\ud83d\\ude00"}'),
    ({"\u00e9": 1}, '{"\\u00e9":1}'),
    ({"l": [[], [[]], [1, "x", None]]}, '{"l":[[],[[]],[1,"x",null]]}'),
)


def test_jsonl_dumps_table():
    for obj, want in _JSON_TABLE:
        got = jsonl.dumps(obj)
        assert got == want, (got, want)
        assert "\n" not in got
        for ch in got:
            assert 0x20 <= ord(ch) <= 0x7E, got  # printable ASCII only


def test_jsonl_dumps_matches_cpython_json():
    if not CPYTHON:
        return  # the literal table above is the check on a board
    import json

    for obj, _ in _JSON_TABLE:
        want = json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
        assert jsonl.dumps(obj) == want, (jsonl.dumps(obj), want)
        assert json.loads(jsonl.dumps(obj)) == obj


def test_jsonl_tuples_are_lists():
    assert jsonl.dumps({"p": (1, 2), "e": ()}) == '{"e":[],"p":[1,2]}'


def test_jsonl_rejects_values_it_cannot_write_alike():
    # Floats print differently across platforms, so the log format has none.
    for bad in (1.5, {"x": 0.1}, object(), {"s": {1}}):
        _raises(TypeError, jsonl.dumps, bad)


def test_jsonl_loads_objects_only():
    assert issubclass(jsonl.JsonLineError, ValueError)
    assert jsonl.loads('{"a":1,"b":[true,null]}') == {"a": 1, "b": [True, None]}
    assert jsonl.loads('{"a":1}\n') == {"a": 1}
    for bad in ("[1]", "1", '"x"', "null", "true", "", "{", "not json", "{'a':1}"):
        _raises(jsonl.JsonLineError, jsonl.loads, bad)


def test_jsonl_round_trip_on_this_platform():
    # Astral characters are left out: MicroPython's json.loads keeps surrogate halves.
    for obj, line in _JSON_TABLE:
        if "ud83d" in line:
            continue
        assert jsonl.loads(line) == obj, line
        assert jsonl.dumps(jsonl.loads(line)) == line
