"""Scenario tables for the Tricky Dick referee on the device: inputs in, rulings and
screens out, and the check that a refused input changes nothing."""

from topper import jsonl
from topper.games.tricky import turn as turn_tricky
from topper.cards import parse
from topper.inputs import CHORD, LONG, SHORT, TABLE

PRESSES = {"short": SHORT, "long": LONG, "table": TABLE, "chord": CHORD}


def game_only(ref):
    """The saved game without its message line (an error only changes the message)."""
    saved = ref.to_dict()
    saved.pop("message")
    return jsonl.dumps(saved)


def send(ref, what, arg, t):
    """One input: ``("card", "4RC")`` or a press, ``("short", seat)``, ``("table", None)``."""
    if what == "card":
        return ref.card(parse(arg) if isinstance(arg, str) else arg, t)
    return ref.button(PRESSES[what], -1 if arg is None else arg, t)


def run(ref, rows, t=1000):
    """Rows of ``(what, arg, ruling kinds, {view key: value, "why": ..., "line1": ...})``.

    Every row is checked against the view after it; an error row must leave the game as
    it was, and every row must survive a save and restore unchanged."""
    for row in rows:
        what, arg, kinds, want = row
        t += 700
        before = game_only(ref)
        out = send(ref, what, arg, t)
        assert [r["r"] for r in out] == kinds, "%r gave %r" % (row, out)
        for r in out:
            assert r["t"] == t or r["r"] in ("flag",), "%r: unstamped %r" % (row, r)
        if kinds == ["error"]:
            assert game_only(ref) == before, "%r changed the game" % (row,)
        view = ref.view(t)
        for key in sorted(want):
            if key == "why":
                assert out[0]["why"] == want[key], "%r: why %r" % (row, out[0]["why"])
            elif key.startswith("line"):
                got = view["lines"][int(key[4:])]
                assert got == want[key], "%r: line %s is %r" % (row, key[4:], got)
            else:
                assert view[key] == want[key], "%r: %s is %r" % (row, key, view[key])
        for line in view["lines"] + [view["hint"], view["message"]]:
            assert len(line) <= 21, "%r: %r is wider than the OLED" % (row, line)
        copy = turn_tricky.restore(jsonl.loads(jsonl.dumps(ref.to_dict())), 0)
        other = copy.view(t)
        other["clock"] = view["clock"]
        assert other == view, "%r: restore shows %r" % (row, other)
    return t
