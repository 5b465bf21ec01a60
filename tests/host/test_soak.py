"""The soak (bench/soak.py) in short: a quarter of an hour of table play through the
real firmware (slap games with and without the card pad, turn games), with power cuts,
faults and a busy host, and no error, no lost line, no growth of the firmware's memory.
The full day and its figures: docs/soak.md."""

import gc
import pathlib
import sys
import tracemalloc

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "bench"))

import soak  # noqa: E402  (puts tests/ on the path)

import fakes  # noqa: E402

MINUTE = 60 * 1000


# The modules of every game, loaded before the memory is traced: the board loads a game's
# code the first time it is played, once, which is not growth.
GAME_MODULES = (
    "topper.games.slap.blind",
    "topper.games.tripp.turn",
    "topper.games.tripp.turn_buttons",
    "topper.games.tricky.turn",
    "topper.games.tricky.report",
    "topper.games.crazy.turn",
    "topper.games.guess.turn",
    "topper_view.turns",
    "topper.turnsave",
    "topper.intpack",
    "topper.clock",
)


def test_a_quarter_hour_of_play_with_cuts_faults_and_a_busy_host():
    for name in GAME_MODULES:
        __import__(name)
    tracemalloc.start()
    try:
        s = soak.Soak(seed=51, cut_every_ms=5 * MINUTE)  # a seed that plays every kind
        marks = []

        def mark(s):
            marks.append((soak.firmware_bytes(), len(gc.get_objects())))

        s.run(15 * MINUTE, mark, 3 * MINUTE)
    finally:
        tracemalloc.stop()
        fakes.uninstall()
    st = s.stats
    assert st["won"] >= 2 and st["replayed"] >= 1  # whole games, whose logs replay
    assert st["pad"] >= 1 and st["blind"] >= 1 and st["turn"] >= 1  # every kind of game
    assert st["cuts"] >= 2 and st["resumes"] >= 1  # the power went in a game: same game back
    assert st["faults"] >= 5 and st["checks"] > 2000
    # Every command answered, but those the power cut short and one still in flight.
    assert st["commands"] - st["answers"] == len(s.asked) + st["unanswered_at_cut"]
    assert len(s.asked) <= 2 and st["unanswered_at_cut"] <= st["cuts"]
    assert st["lost"] == 0
    # Memory: after the first marks (buffers allocated, a game on) nothing grows.
    firmware = [m[0] for m in marks[1:]]
    objects = [m[1] for m in marks[1:]]
    assert max(firmware) - min(firmware) < 24 * 1024, marks
    assert max(objects) - min(objects) < 600, marks
    session = s.app.link.session
    assert session._queued <= session.out_bytes
    assert session.current.count <= session.current.capacity()
