"""Power cuts at 20 seeded points of a blind World War 3 game on the emulated board
(docs/power-cut.md): the board is cut (flash and FRAM kept), booted again, and the same
game is back, with nothing the table saw lost: turn, out and locked seats, the good and
wrong tallies, a slap still waiting for the table. Ten cuts keep the journal in the
nvm (the default), ten on a board with the FRAM, which the firmware finds by probing.

Each point: a seeded table action (a slap, the table's good or wrong, a turn passed, a
seat marked out), its ruling seen on the link, then the cut a seeded moment later: 0-400 ms
(FRAM), 1.1-1.5 s (nvm, which writes at most once a second)."""

import random

import pytest
import slap_table as st

SEATS = 3


def _state(b):
    v = b.request({"cmd": "view"}, timeout_ms=8000)
    view = dict(v["view"])
    for k in ("hurry_left", "now", "race", "message"):  # the clock's, and the last words
        view.pop(k, None)
    return v["mode"], view


def _act(b, rng):
    """One seeded table action; returns its name once its ruling is on the link."""
    view = b.request({"cmd": "view"})["view"]
    b.data_lines()
    if view["pending"] >= 0:
        name = rng.choice(["good", "wrong"])
        if name == "good":
            st.table_short(b, after_ms=50)
        else:
            b.press("table", hold_ms=st.LONG_MS)
            b.run_ms(st.LONG_MS + 50)
        kind = "confirm"
    else:
        name = rng.choice(["slap", "slap", "pass", "out"])
        seat = rng.randrange(SEATS) + 1
        if name == "out":
            # back in, or out while two others stay in: a game won is not resumed
            ins = [s + 1 for s in range(SEATS) if not view["out"][s]]
            seat = rng.choice([s + 1 for s in range(SEATS) if view["out"][s]] + (ins if len(ins) > 2 else []))
        if name == "slap":
            st.slap(b, seat, after_ms=20)
            kind = "slap"
        elif name == "pass":
            st.table_short(b, after_ms=50)
            kind = "turn"
        else:
            b.press("table", hold_ms=250)  # held, and a seat pressed meanwhile: out/in
            b.run_ms(100)
            st.slap(b, seat, after_ms=150)
            kind = "out"
        name = "%s P%d" % (name, seat)
    # a slap within race_ms (1 s) of the last slap's ruling is ranked late and costs nothing
    b.data_until(lambda o: o.get("r") in (kind, "locked", "late", "win"), timeout_ms=2000)
    b.run_ms(30)
    return name


@pytest.mark.parametrize("store, fram", [("nvm", None), ("fram", 32768)])
def test_ten_power_cuts_lose_nothing(board_factory, store, fram):
    rng = random.Random({"nvm": 20, "fram": 21}[store])
    b = board_factory()
    assert st.boot(b, fram=fram)["journal"] == store
    st.setup(b, game="ww3", seats=SEATS, cardpad=False, hurry_ms=0, seed=44)
    st.slap(b, 1, after_ms=300)
    done = []
    for point in range(10):
        for _ in range(rng.randrange(1, 3)):
            try:
                done.append(_act(b, rng))
            except Exception as e:
                raise AssertionError("after %s: %s" % (done, e)) from e
        before = _state(b)
        assert before[1]["winner"] < 0, done  # the script keeps the game going
        # The nvm store batches its writes (at most one a second, docs/power-cut.md):
        # what a cut may lose there is the last second; the FRAM takes each at once.
        delay = rng.randrange(1100, 1500) if store == "nvm" else rng.randrange(0, 400)
        b.cut(at_ms=b.t_ms + delay)
        hello = st.boot(b)
        assert (hello["mode"], hello["journal"]) == ("game", store), hello
        after = _state(b)
        assert after == before, "cut %d (%d ms after %s): %r != %r" % (point, delay, done[-1], after, before)
        assert b.request({"cmd": "view"})["view"]["message"] == "Resumed game"
        assert "Traceback" not in b.console_read()
        b.data_lines()
    print("\n[powercut] %s: 10 cuts after %s; %.1f s emulated in all"
          % (store, ", ".join(done), b.emulated_us / 1e6))
