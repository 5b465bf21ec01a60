"""The differential test's comparison can fail: a board run made from the simulator
itself agrees with the simulator, and each kind of difference a real board could show
(a ruling, an input heard, one OLED pixel, one ring colour, the view) is reported.
No board boots here: the "board" is the simulator's own picture."""

import copy
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from conftest import topper_board  # noqa: E402
from diff_board import BoardRun, Checkpoint  # noqa: E402
from diff_compare import compare_run  # noqa: E402
from diff_script import Script  # noqa: E402
from diff_sim import SimRun, plain  # noqa: E402

T0 = 1000
SCRIPT = Script(
    "self",
    "ww3",
    2,
    seed=5,
    text="""
    0     press P1
    400   lay 1RC
    900   lay 2RC
    1300  check
    2000  press P2
    2400  check
    """,
)
EVENTS = [
    {"ev": "start", "seat": 0, "t": T0},
    {"ev": "lay", "card": "1RC", "t": T0 + 400},
    {"ev": "lay", "card": "2RC", "t": T0 + 900},
    {"ev": "press", "seat": 1, "t": T0 + 2000},
]


def _frame(sim_frame):
    """The simulator's OLED as the harness's ``oled`` reply would carry it."""
    bits = sim_frame.oled.bits
    raw = bytearray(1024)
    for i, v in enumerate(bits):
        if v:
            raw[i // 8] |= 0x80 >> (i % 8)
    return topper_board.Frame({"width": 128, "height": 64, "frame": raw.hex()})


def board_from_sim():
    """A BoardRun as a board that agrees with the simulator would give it."""
    twin = SimRun(SCRIPT, EVENTS, {})
    run = BoardRun()
    run.lines = [dict(e) for e in EVENTS]
    for step in SCRIPT.checks():
        t = T0 + step.t
        twin.advance(t)
        f = twin.frame(t)
        reply = {"t": t, "mode": "game", "view": twin.view(t)}
        run.checks.append(Checkpoint(step, reply, _frame(f), [list(c) for c in f.ring], 0))
    twin.advance(T0 + 2400)
    run.lines += twin.rulings
    return run


def report(run):
    return compare_run(SCRIPT, run, SimRun(SCRIPT, run.events(), {}))


def test_a_board_that_shows_what_the_simulator_shows_agrees():
    rep = report(board_from_sim())
    assert rep.differences == []
    assert rep.rulings >= 4 and rep.checks == 2 and rep.oled_age == [0, 0]


def test_every_kind_of_difference_is_reported():
    def ruling(run):
        r = [o for o in run.lines if o.get("r") == "slap"][0]
        r["order"][0][1] += 1000  # a margin the simulator does not give

    def heard(run):
        run.lines = [o for o in run.lines if o.get("card") != "2RC"]

    def pixel(run):
        run.checks[1].frame.rows[40][64] ^= 1

    def colour(run):
        r, g, b = run.checks[0].ring[0]
        run.checks[0].ring[0] = (r, g, (b + 1) % 256)

    def view(run):
        run.checks[0].view["stacks"] = [0, 0]

    cases = [
        (ruling, "ruling"),
        (heard, "the board heard"),
        (pixel, "the OLED matches no simulator frame"),
        (colour, "the ring matches no simulator frame"),
        (view, "views differ in ['stacks']"),
    ]
    base = board_from_sim()
    for tamper, words in cases:
        run = copy.deepcopy(base)
        tamper(run)
        found = report(run).differences
        assert any(words in d for d in found), (tamper.__name__, found)


def test_plain_reads_tuples_back_as_lists():
    assert plain({"order": ((1, 0),)}) == {"order": [[1, 0]]}
