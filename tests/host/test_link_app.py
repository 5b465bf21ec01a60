"""The serial link through the real firmware App: a host on usb_cdc.data asks, sets a
game up, downloads logs and reads the live stream while the table plays."""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

import fakes  # noqa: E402
from _link_fakes import HostPort, ask, boot, log_lines, replies  # noqa: E402
from fakes.scenario import has, lay, start  # noqa: E402
from topper import jsonl  # noqa: E402
from topper.replay import run as replay_log  # noqa: E402

NO_HURRY = {"TOPPER_HURRY_MS": 0}


def teardown_function(function):
    fakes.uninstall()


def slap_game(rig, app):
    start(rig, app, starter=0)
    lay(rig, app, "1RC")
    lay(rig, app, "1RH")
    rig.press(2, rig.now + 10)
    rig.press(0, rig.now + 25)  # 15 ms after P3: past the race's 10 ms, late
    rig.run(app, rig.now + 3000)
    lay(rig, app, "4BS")


def test_hello_settings_and_view_from_the_menu_and_in_a_game():
    rig, app, port, _, _ = boot(NO_HURRY)
    r = ask(rig, app, port, {"cmd": "hello", "id": 1})
    assert r == [
        {"k": "hello", "id": 1, "proto": 1, "fw": "0.1.0", "board": None, "uid": None,
         "journal": "nvm", "problems": [], "mode": "menu", "game": None, "max_line": 256}
    ]
    assert ask(rig, app, port, {"cmd": "settings"}) == [
        {"k": "settings", "game": "ww3", "seats": 4, "jokers": 2, "hurry_ms": 0, "cardpad": True}
    ]
    start(rig, app, starter=1)
    lay(rig, app, "1RC")
    port.take()
    v = ask(rig, app, port, {"cmd": "view"})[0]
    assert v["mode"] == "game" and v["t"] == rig.now - 50 + 5
    assert v["view"]["pot"] == [31] and v["view"]["stacks"] == [16, 15, 16, 16]


def test_the_stream_is_the_event_log_and_it_replays():
    rig, app, port, _, _ = boot({"TOPPER_HURRY_MS": 2000})
    slap_game(rig, app)
    rig.run(app, rig.now + 2500)  # a hurry-up fires
    lines = port.take()
    assert replies(lines) == []  # nobody asked: nothing but the game
    text = [jsonl.dumps(x) for x in lines]
    assert lines[0]["log"] == "topper-table" and lines[0]["game"] == "ww3"
    kinds = [x.get("r") for x in lines]
    assert "slap" in kinds and "late" in kinds and "hurry" in kinds
    list(replay_log(text))  # raises if any recorded ruling differs from the core's


def test_downloaded_logs_are_the_games_events_and_replay():
    rig, app, port, _, _ = boot(NO_HURRY)
    slap_game(rig, app)
    streamed = [jsonl.dumps(x) for x in port.take()]
    got = ask(rig, app, port, {"cmd": "log", "which": "current", "id": 4})
    assert got[0]["k"] == "log" and got[-1] == {"k": "end", "id": 4, "which": "current",
                                                "lines": len(got) - 2, "dropped": 0}
    body = [jsonl.dumps(x) for x in got[1:-1]]
    assert body == [ln for ln in streamed if '"r":' not in ln]
    assert list(replay_log(body)) == list(replay_log(streamed))
    # The table ends the game: it becomes the last one.
    rig.table(rig.now + 20, hold=900)
    rig.run(app, rig.now + 1000)
    rig.table(rig.now + 20, hold=900)
    rig.run(app, rig.now + 1000)
    port.take()
    assert ask(rig, app, port, {"cmd": "log", "which": "last"})[1:-1] == got[1:-1]
    assert ask(rig, app, port, {"cmd": "log"})[0]["lines"] == 0


def test_setup_from_the_host_without_a_game_waits_for_the_starter():
    rig, app, port, _, _ = boot(NO_HURRY)
    cmd = {"cmd": "setup", "game": "armageddon", "seats": 3, "jokers": 1, "hurry_ms": 4000, "seed": 77,
           "id": 2}
    assert ask(rig, app, port, cmd) == [{"k": "ok", "id": 2}]
    rig.run(app, rig.now + 100)  # the OLED's next frame (topper_app.show.OLED_MS)
    assert has(rig.screen(), "highest")  # the starter screen
    rig.press(2, rig.now + 20)
    rig.run(app, rig.now + 300)
    head = port.take()[0]
    assert (head["game"], head["seats"], head["jokers"], head["hurry_ms"], head["seed"]) == (
        "armageddon", 3, 1, 4000, 77)
    assert rig.screen()[0].startswith("ARMA P3 lays") or rig.screen()[0].startswith("ARM")


def test_a_blind_game_set_up_with_a_seed_logs_that_seed():
    # The blind header was once built apart from the referee and carried the start
    # press's stamp instead of the host's seed.
    rig, app, port, _, _ = boot(NO_HURRY)
    cmd = {"cmd": "setup", "game": "ww3", "seats": 2, "cardpad": False, "seed": 5, "id": 3}
    assert ask(rig, app, port, cmd) == [{"k": "ok", "id": 3}]
    rig.press(1, rig.now + 20)
    rig.run(app, rig.now + 300)
    head = port.take()[0]
    assert head["blind"] is True and head["seed"] == 5 == app.ref.seed


def test_a_blind_game_started_at_the_table_logs_the_stamp_it_is_seeded_with():
    rig, app, port, _, _ = boot(dict(NO_HURRY, TOPPER_CARDPAD=0))
    start(rig, app, starter=0)
    head, ev = port.take()[:2]
    assert head["blind"] is True and ev["ev"] == "start"
    assert head["seed"] == ev["t"] == app.ref.seed


def test_setup_during_a_game_asks_the_table_first():
    rig, app, port, _, _ = boot(NO_HURRY)
    start(rig, app, starter=0)
    lay(rig, app, "1RC")
    port.take()
    r = ask(rig, app, port, {"cmd": "setup", "seats": 2, "id": 5}, wait=200)
    assert r == [{"k": "pending", "id": 5, "ask": "New game? It ends the game on the table.", "ms": 10000}]
    s = rig.screen()
    assert s[0] == "HOST ASKS" and s[7] == "table=yes  hold=no" and has(s, "New game?")
    # The table keeps playing meanwhile: a card is still read.
    lay(rig, app, "2YH")
    assert any(x.get("r") == "lay" for x in port.take())
    rig.table(rig.now + 20, hold=80)  # a short press: yes
    rig.run(app, rig.now + 300)
    assert replies(port.take()) == [{"k": "ok", "id": 5}]
    assert has(rig.screen(), "highest")  # the new game waits for its starter
    assert app.menu.config()["seats"] == 2


def test_the_table_refuses_with_a_hold_or_by_staying_silent():
    rig, app, port, _, _ = boot(NO_HURRY)
    start(rig, app, starter=0)
    ask(rig, app, port, {"cmd": "score", "reset": True, "id": 1})
    rig.table(rig.now + 20, hold=900)  # held: no
    rig.run(app, rig.now + 1200)
    assert replies(port.take()) == [{"k": "refused", "id": 1, "why": "the table said no"}]
    assert rig.screen()[0].startswith("WW3")  # the game, not "END GAME?"
    ask(rig, app, port, {"cmd": "setup", "id": 2})
    rig.run(app, rig.now + 9800)
    assert replies(port.take()) == []
    rig.run(app, rig.now + 300)
    assert replies(port.take()) == [{"k": "refused", "id": 2, "why": "no answer from the table"}]
    assert rig.screen()[0].startswith("WW3 P1 lays")


def test_scores_count_the_games_won_on_the_table():
    rig, app, port, _, _ = boot({"TOPPER_SEATS": 2, "TOPPER_HURRY_MS": 0})
    start(rig, app, starter=0)
    lay(rig, app, "1RC")
    lay(rig, app, "2YH")
    for _ in range(11):  # P2 slaps wrong until out of cards
        rig.press(1, rig.now + 20)
        rig.run(app, rig.now + 1100)
    rig.run(app, rig.now + 2500)
    lay(rig, app, "3GT")
    assert has(rig.screen(), "P1 WINS!")
    port.take()
    assert ask(rig, app, port, {"cmd": "score"}) == [
        {"k": "score", "wins": [1, 0, 0, 0, 0, 0, 0, 0], "games": 1}]
    # The game is won: changing the scores needs no question.
    assert ask(rig, app, port, {"cmd": "score", "set": [5, 6]}) == [{"k": "ok"}]


def test_garbage_on_the_line_gets_errors_and_the_game_goes_on():
    rig, app, port, _, _ = boot(NO_HURRY)
    start(rig, app, starter=0)
    lay(rig, app, "1RC")
    lay(rig, app, "1RH")
    port.take()
    port.send(b"\x00\x01\xff\xfe\n" + b"A" * 3000 + b"\nnot json\n" + bytes(range(256)) + b"\n")
    t = rig.now + 30
    rig.press(3, t)
    rig.run(app, t + 400)
    lines = port.take()
    errors = [x["msg"] for x in replies(lines)]
    assert errors[0] == "binary data on the line: dropped"
    assert "line too long (over 256 bytes): dropped" in errors
    assert any(m.startswith("not JSON") for m in errors)
    assert len(app.link.session.reader._buf) <= 256
    assert rig.screen()[0] == "SLAP! P4 TAKES POT"
    assert "slap" in [x.get("r") for x in log_lines(lines)]
    assert ask(rig, app, port, {"cmd": "hello"})[0]["k"] == "hello"


def test_a_host_that_stops_reading_never_stalls_the_game():
    port = HostPort(room=0)  # the port takes nothing: the host is not reading
    rig, app, port, _, _ = boot(NO_HURRY, port=port)
    slap_game(rig, app)
    for _ in range(12):  # wrong slaps: a long slap ruling each, till P2 is out of cards
        rig.press(1, rig.now + 20)
        rig.run(app, rig.now + 1100)
    assert has(rig.screen(), "xP2  0")  # the game went on while the host read nothing
    s = app.link.session
    assert s._queued <= s.out_bytes and s.lost > 0
    port.room = None  # the host reads again: it learns what it missed, then the game goes on
    rig.press(3, rig.now + 20)
    rig.run(app, rig.now + 1100)
    lines = port.take()
    # First what was queued before the host stopped, then where the gap is, then the game.
    gap = [i for i, x in enumerate(lines) if x.get("k") == "lost"]
    assert len(gap) == 1 and lines[gap[0]]["lines"] >= 1
    assert lines[0]["log"] == "topper-table"
    after = lines[gap[0] + 1 :]
    assert [x.get("ev") for x in after] == ["press", "tick", None] and after[-1]["r"] == "slap"


def test_a_closed_port_gets_nothing_and_an_open_one_gets_the_game_from_then_on():
    rig, app, port, _, _ = boot(NO_HURRY)
    port.connected = False
    start(rig, app, starter=0)
    lay(rig, app, "1RC")
    assert port.take() == []
    port.connected = True
    lay(rig, app, "2YH")
    assert [x.get("ev") for x in port.take()] == ["lay", None]
    # What it missed is in the log.
    got = ask(rig, app, port, {"cmd": "log"})
    assert [x.get("ev") for x in got[1:-1]] == [None, "start", "lay", "lay"]


def test_a_board_no_host_has_opened_keeps_no_session_and_a_late_host_gets_the_rest():
    port = HostPort()
    port.connected = False
    rig, app, port, _, _ = boot(NO_HURRY, port=port)
    start(rig, app, starter=0)
    lay(rig, app, "1RC")
    assert app.link.session is None and not app.dev.log.connected()  # no heap spent on it
    port.connected = True  # a host opens the port in the middle of the game
    rig.run(app, rig.now + 50)
    assert port.take() == []
    lay(rig, app, "2YH")
    assert [x.get("ev") for x in port.take()] == ["lay", None]
    got = ask(rig, app, port, {"cmd": "log"})
    assert got[0]["late"] is True and got[0]["game"] == "ww3"
    assert got[1:-1] == [{"card": "2YH", "ev": "lay", "t": got[1]["t"]}]
