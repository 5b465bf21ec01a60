"""Blind slap play (no card pad) survives a power cut: the App saves the blind referee
whole after each ruling, and a new App booted from the same store goes on with the same
turn, out and locked seats, tallies, the slap waiting for the table, and the hurry-up."""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

import fakes  # noqa: E402
from _link_fakes import boot, power_cut, remove_fram  # noqa: E402
from fakes.scenario import has, start  # noqa: E402

BLIND = {"TOPPER_CARDPAD": 0, "TOPPER_HURRY_MS": 0}
SAME = ("game", "seats", "phase", "turn", "out", "locked", "pending", "good", "wrong", "race",
        "winner")


def teardown_function(function):
    remove_fram()
    fakes.uninstall()


def table_state(view):
    return dict((k, view[k]) for k in SAME)


def mid_game(rig, app):
    """P3 slapped well, P2 ran out of cards, P4 slapped wrong, P1's turn to lay."""
    start(rig, app, starter=0)
    rig.press(2, rig.now + 30)
    rig.run(app, rig.now + 200)
    rig.table(rig.now + 10, hold=80)  # good: P3 takes the pot
    rig.run(app, rig.now + 400)
    t = rig.now + 20
    rig.table(t, hold=400)
    rig.press(1, t + 150)  # table held + seat: P2 is out
    rig.run(app, t + 700)
    rig.press(3, rig.now + 30)
    rig.run(app, rig.now + 200)
    rig.table(rig.now + 10, hold=900)  # wrong: P4 pays 3
    rig.run(app, rig.now + 1100)


def test_a_cut_mid_blind_game_resumes_the_same_game():
    for fram in (False, True):
        rig, app, port, settings, code = boot(BLIND, fram=fram)
        mid_game(rig, app)
        rig.run(app, rig.now + 1200)  # the nvm store's second of batching has passed
        before = app.ref.view(rig.now)
        assert before["good"][2] == 1 and before["wrong"][3] == 1 and before["out"][1]
        port.take()
        app = power_cut(rig, code, settings, port)
        after = app.ref.view(rig.now)
        assert table_state(after) == table_state(before), fram
        s = rig.screen()
        assert s[-1] == "Resumed game", s
        assert port.take()[0] == {"k": "resumed", "game": "ww3", "t": 0}
        # The table plays on: P2 is still out and wins nothing; a slap still waits.
        rig.press(0, rig.now + 30)
        rig.run(app, rig.now + 200)
        assert app.ref.view(rig.now)["pending"] == 0
        rig.table(rig.now + 10, hold=80)
        rig.run(app, rig.now + 400)
        assert app.ref.view(rig.now)["good"][0] == 1
        remove_fram()
        fakes.uninstall()


def test_a_slap_waiting_for_the_table_still_waits_after_the_cut():
    rig, app, port, settings, code = boot(BLIND, fram=True)
    start(rig, app, starter=0)
    rig.press(1, rig.now + 30)
    rig.run(app, rig.now + 1000)  # P2's slap waits: 3 s left for the table to object
    assert app.ref.view(rig.now)["pending"] == 1
    app = power_cut(rig, code, settings, port)
    assert app.ref.view(rig.now)["pending"] == 1
    assert rig.screen()[0] == "P2 SLAPPED: GOOD?", rig.screen()
    rig.table(rig.now + 10, hold=900)  # the table says wrong after all
    rig.run(app, rig.now + 1100)
    assert rig.screen()[0] == "WRONG: P2 PAYS 3", rig.screen()


def test_the_hurry_up_gets_back_the_time_it_had_at_the_last_ruling():
    rig, app, port, settings, code = boot({"TOPPER_CARDPAD": 0, "TOPPER_HURRY_MS": 3000}, fram=True)
    start(rig, app, starter=0)
    rig.table(rig.now + 20, hold=60)  # P1 laid: P2 has 3 s
    rig.run(app, rig.now + 1500)
    app = power_cut(rig, code, settings, port)
    v = app.ref.view(rig.now)
    assert v["turn"] == 1 and 2800 <= v["hurry_left"] <= 3000, v["hurry_left"]
    rig.run(app, rig.now + v["hurry_left"] + 100)
    assert has(rig.screen(), "P2 too slow!")


def test_a_won_or_ended_blind_game_does_not_come_back():
    rig, app, port, settings, code = boot(dict(BLIND, TOPPER_SEATS=2), fram=True)
    start(rig, app, starter=0)
    t = rig.now + 20
    rig.table(t, hold=400)
    rig.press(1, t + 150)
    rig.run(app, t + 700)
    assert has(rig.screen(), "P1 WINS!")
    app = power_cut(rig, code, settings, port)
    assert app.ref is None and rig.screen()[0].startswith("TOPPER TABLE")
    start(rig, app, starter=0)
    assert app.ref is not None
    rig.table(rig.now + 20, hold=900)
    rig.run(app, rig.now + 1100)
    assert rig.screen()[0] == "END GAME?"
    rig.table(rig.now + 20, hold=900)  # yes, end it
    rig.run(app, rig.now + 1000)
    assert rig.screen()[0].startswith("TOPPER TABLE")
    app = power_cut(rig, code, settings, port)
    assert app.ref is None and rig.screen()[0].startswith("TOPPER TABLE")


def test_a_blind_games_log_header_is_the_event_logs_format_marked_blind():
    from topper import slaplog

    rig, app, port, settings, code = boot(BLIND)
    port.send({"cmd": "hello", "id": 1})  # a host opens the port: the log streams
    rig.run(app, rig.now + 100)
    start(rig, app, starter=1)
    heads = [x for x in port.take() if "log" in x and "k" not in x]
    assert len(heads) == 1
    head = heads[0]
    assert head["log"] == slaplog.FORMAT and head["v"] == slaplog.VERSION
    assert head["blind"] is True and head["game"] == "ww3" and head["seats"] == 4
