"""Power cuts through the real App: the power goes in the middle of a game (the App
object is dropped, the nvm or FRAM keeps its bytes, the clock starts again), a new App
boots from the same store and the table plays on with the very same game."""

import copy
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

import fakes  # noqa: E402
from _link_fakes import FakeFram, ask, boot, power_cut, remove_fram  # noqa: E402
from fakes.scenario import has, lay, start  # noqa: E402
from topper import cards  # noqa: E402
from topper_hw.journal_store import NVM_START  # noqa: E402

NO_HURRY = {"TOPPER_HURRY_MS": 0}
SAME = ("game", "seats", "phase", "turn", "controller", "chances", "stacks", "pot", "facedown",
        "slappable", "locked", "penalty", "race", "winner")


def teardown_function(function):
    remove_fram()
    fakes.uninstall()


def table_state(view):
    return dict((k, view[k]) for k in SAME)


def mid_game(rig, app):
    """A game with a won pot, a wrong slap and a pile under way."""
    start(rig, app, starter=0)
    lay(rig, app, "1RC")
    lay(rig, app, "1RH")
    rig.press(2, rig.now + 10)
    rig.run(app, rig.now + 3000)  # P3 takes the pot: a pile boundary
    lay(rig, app, "2YH")
    rig.press(1, rig.now + 10)  # a wrong slap: P2 pays 3 cards
    rig.run(app, rig.now + 1500)
    lay(rig, app, "3GT")
    lay(rig, app, "4BS")


def test_a_cut_mid_game_resumes_the_same_game_from_nvm():
    rig, app, port, settings, code = boot(NO_HURRY)
    mid_game(rig, app)
    rig.run(app, rig.now + 1200)  # the second of batching has passed
    before = app.ref.view(rig.now)
    writes = len(rig.nvm.writes)
    assert 2 <= writes <= 12  # batched: far fewer sector writes than events
    port.take()
    app = power_cut(rig, code, settings, port)
    after = app.ref.view(rig.now)
    assert table_state(after) == table_state(before)
    assert after["stacks"] == before["stacks"] and after["turn"] == before["turn"]
    s = rig.screen()
    assert s[-1] == "Resumed game" and s[0].startswith("WW3 P%d lays" % (before["turn"] + 1))
    assert port.take()[0] == {"k": "resumed", "game": "ww3", "t": 0}
    # The deck map in front of the journal is untouched, and the table plays on.
    lay(rig, app, "1YH")
    assert has(rig.screen(), "1YH")
    assert app.ref.view(rig.now)["pot"][-1] == cards.parse("1YH")


def test_a_cut_within_the_second_loses_only_that_second_on_nvm():
    rig, app, port, settings, code = boot(NO_HURRY)
    mid_game(rig, app)
    rig.run(app, rig.now + 2000)
    flushes = app.save.store.flushes
    lay(rig, app, "1YH", wait=100)  # a card after a quiet second: written at once
    assert app.save.store.flushes == flushes + 1 and not app.save.store.dirty()
    kept = copy.deepcopy(app.ref.view(rig.now))  # the referee rewrites its view
    flushes += 1
    lay(rig, app, "2GT", wait=300)  # the next within the second waits; the power goes
    assert app.ref.view(rig.now)["pot"][-1] == cards.parse("2GT")
    assert app.save.store.flushes == flushes and app.save.store.dirty()
    app = power_cut(rig, code, settings, port)
    assert table_state(app.ref.view(rig.now)) == table_state(kept)
    lay(rig, app, "2GT")  # the table lays it again: the same game goes on
    assert app.ref.view(rig.now)["pot"][-1] == cards.parse("2GT")


def test_a_cut_right_after_an_event_loses_nothing_with_fram():
    rig, app, port, settings, code = boot(NO_HURRY, fram=True)
    assert ask(rig, app, port, {"cmd": "hello"})[0]["journal"] == "fram"
    nvm_before = bytes(rig.nvm.data[NVM_START:])
    mid_game(rig, app)
    lay(rig, app, "1YH", wait=20)
    before = app.ref.view(rig.now)
    app = power_cut(rig, code, settings, port)
    assert table_state(app.ref.view(rig.now)) == table_state(before)
    assert bytes(rig.nvm.data[NVM_START:]) == nvm_before  # no flash wear at all
    assert FakeFram.chip[0:2] == b"TJ" or FakeFram.chip[16383:16385] == b"TJ"


def test_a_resumed_game_survives_a_second_cut_and_ends_normally():
    rig, app, port, settings, code = boot({"TOPPER_SEATS": 2, "TOPPER_HURRY_MS": 0})
    start(rig, app, starter=0)
    lay(rig, app, "1RC")
    lay(rig, app, "2YH")
    for _ in range(5):
        rig.press(1, rig.now + 20)
        rig.run(app, rig.now + 1100)
    app = power_cut(rig, code, settings, port)
    assert has(rig.screen(), "P2 18")
    # The last slap race comes back with the time it had left at its ruling (deadlines
    # are kept relative to the last event): P2's next slap counts once it is over.
    rig.run(app, rig.now + 1000)
    for _ in range(6):
        rig.press(1, rig.now + 20)
        rig.run(app, rig.now + 1100)
    app = power_cut(rig, code, settings, port, now=777)
    rig.run(app, rig.now + 2500)  # the last slap screen goes
    assert has(rig.screen(), "P2  0")
    lay(rig, app, "3GT")
    assert has(rig.screen(), "P1 WINS!")
    # A won game is not resumed: the next power-up shows the menu.
    rig.run(app, rig.now + 1500)
    app = power_cut(rig, code, settings, port)
    assert rig.screen()[0].startswith("TOPPER TABLE")


def test_a_game_the_table_ended_does_not_come_back():
    rig, app, port, settings, code = boot(NO_HURRY)
    start(rig, app, starter=0)
    lay(rig, app, "1RC")
    rig.table(rig.now + 20, hold=900)
    rig.run(app, rig.now + 1000)
    rig.table(rig.now + 20, hold=900)
    rig.run(app, rig.now + 1000)
    assert rig.screen()[0].startswith("TOPPER TABLE")
    app = power_cut(rig, code, settings, port)
    assert rig.screen()[0].startswith("TOPPER TABLE")
    assert app.ref is None


def test_a_cut_in_a_hurry_up_gives_back_the_time_left_at_the_last_event():
    rig, app, port, settings, code = boot({"TOPPER_HURRY_MS": 3000})
    start(rig, app, starter=0)
    lay(rig, app, "1RC", wait=1200)  # 1.8 s left to lay, and the power goes
    turn = app.ref.view(rig.now)["turn"]
    app = power_cut(rig, code, settings, port)
    assert app.ref.view(rig.now)["turn"] == turn
    left = app.ref.view(rig.now)["hurry_left"]
    assert 2800 <= left <= 2900  # counted from the last card again, not lost in the dark
    rig.run(app, rig.now + left - 50)
    assert not has(rig.screen(), "too slow")
    rig.run(app, rig.now + 100)
    assert has(rig.screen(), "P%d too slow!" % (turn + 1))
