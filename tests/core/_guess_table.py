"""Runs a Guess My Card scenario table through the referee, as the device would: each row
is an input (a button press, a card tapped on the pad, the start) and what the table
must see after it. A refused input must answer one error and change nothing."""

from topper.games.guess import turn as turn_guess
from topper.cards import parse
from topper.jsonl import dumps, loads


def _game_only(ref):
    saved = ref.to_dict()
    del saved["message"]
    return dumps(saved)


def run(ref, rows):
    t = 0
    for i, row in enumerate(rows):
        event, want = row[0], row[1]
        t += 1000
        before = _game_only(ref)
        if event[0] == "start":
            out = ref.start(t)
        elif event[0] == "b":
            out = ref.button(event[1], event[2], t)
        elif event[0] == "c":
            out = ref.card(parse(event[1]) if isinstance(event[1], str) else event[1], t)
        else:
            raise AssertionError("no input %r" % (event,))
        where = "row %d %r: %r" % (i, event, out)
        view = ref.view(t)
        if "why" in want:
            assert [r["r"] for r in out] == ["error"], where
            assert out[0]["why"] == want["why"], where
            assert view["message"] == want["why"], where
            assert _game_only(ref) == before, "a refused input changes nothing: " + where
        if "r" in want:
            assert [r["r"] for r in out] == want["r"], where
        for key in ("turn", "focus", "hint", "message", "scores", "lines"):
            if key in want:
                assert view[key] == want[key], "%s: %r, not %r (%s)" % (key, view[key], want[key], where)
        again = turn_guess.restore(loads(dumps(ref.to_dict())), 0)  # as the journal keeps it
        mine = ref.view(t)
        theirs = again.view(t)
        mine["clock"] = theirs["clock"] = None
        assert mine == theirs, "restore gives the same view: " + where
    return ref
