"""The device's link session: every command and its reply, the live stream, log
downloads, the table's say on a host request during a game, and bounded memory."""

from _link import ask, drain, play, session
from topper import jsonl
from topper.replay import run as replay_log
from topper.protocol import PROTOCOL
from topper.session import FILTERS, public


def test_hello_says_protocol_firmware_board_and_mode():
    table, s = session()
    r = ask(s, '{"cmd":"hello","id":1}')
    assert r == [
        {
            "k": "hello", "id": 1, "proto": PROTOCOL, "fw": "9.9.9", "board": "test_board",
            "uid": "00AB", "journal": "nvm", "problems": [], "mode": "menu", "game": None,
            "max_line": 256,
        }
    ]


def test_settings_and_view_answer_what_the_app_says():
    table, s = session()
    assert ask(s, '{"cmd":"settings"}') == [
        {"k": "settings", "game": "ww3", "seats": 4, "jokers": 2, "hurry_ms": 3000, "cardpad": True}
    ]
    assert ask(s, '{"cmd":"view","id":5}', now=77) == [
        {"k": "view", "id": 5, "mode": "menu", "t": 77, "view": None}
    ]
    table.mode = "game"
    table.view = {"game": "armageddon", "turn": 2}
    assert ask(s, '{"cmd":"view"}', now=90)[0]["view"] == {"game": "armageddon", "turn": 2}


def test_every_log_line_streams_as_it_happens_and_only_to_an_open_port():
    table, s = session()
    _, lines = play(s, steps=40)
    assert [jsonl.dumps(o) for o in s.seen] == lines
    s.connect(False)
    play(s, seed=4, steps=10)
    s.connect(True)
    assert drain(s) == []  # nothing queued for a host that was not there


def test_log_current_is_header_and_events_and_replays_to_the_same_game():
    table, s = session()
    ref, lines = play(s, seed=9, steps=300)
    drain(s)
    got = ask(s, '{"cmd":"log","which":"current","id":3}')
    head, body, end = got[0], got[1:-1], got[-1]
    assert head == {"k": "log", "id": 3, "which": "current", "game": "ww3", "lines": len(body),
                    "resumed": False}
    assert end == {"k": "end", "id": 3, "which": "current", "lines": len(body), "dropped": 0}
    events = [ln for ln in lines if '"r":' not in ln]
    assert [jsonl.dumps(o) for o in body] == events  # the very bytes that were streamed
    made = list(replay_log(lines))
    again = list(replay_log([jsonl.dumps(o) for o in body]))
    assert again == made


def test_the_last_game_is_kept_when_the_next_one_starts():
    table, s = session()
    _, first = play(s, seed=1, steps=30)
    s.end_game()
    _, second = play(s, seed=2, steps=20)
    drain(s)
    last = ask(s, '{"cmd":"log","which":"last"}')
    assert [jsonl.dumps(o) for o in last[1:-1]] == [ln for ln in first if '"r":' not in ln]
    cur = ask(s, '{"cmd":"log"}')
    assert cur[1]["seed"] == 2 and cur[0]["which"] == "current"
    s.end_game()
    assert ask(s, '{"cmd":"log"}') == [
        {"k": "log", "which": "current", "game": None, "lines": 0, "resumed": False},
        {"k": "end", "which": "current", "lines": 0, "dropped": 0},
    ]


def test_a_log_past_the_cap_keeps_its_beginning_and_says_how_much_it_dropped():
    table, s = session(log_bytes=9 * 40)
    _, lines = play(s, seed=5, steps=300)
    drain(s)
    got = ask(s, '{"cmd":"log"}')
    assert got[0]["lines"] == 41  # the header and 40 events
    assert got[-1]["dropped"] > 100
    events = [ln for ln in lines if '"r":' not in ln]
    assert [jsonl.dumps(o) for o in got[1:-1]] == events[:41]
    list(replay_log([jsonl.dumps(o) for o in got[1:-1]]))  # a valid beginning of the game


def test_live_lines_during_a_download_follow_its_end_in_order():
    table, s = session()
    ref, lines = play(s, seed=6, steps=100)
    drain(s)
    s.feed(b'{"cmd":"log"}\n', 0)
    first = [jsonl.loads(s.next_line()) for _ in range(5)]
    assert first[0]["k"] == "log"
    live = {"ev": "tick", "t": 999999}
    s.record(live)
    s.record({"r": "hurry", "seat": 1, "t": 999999})
    rest = drain(s)
    kinds = [o.get("k") for o in rest]
    end = kinds.index("end")
    assert rest[end + 1:] == [live, {"r": "hurry", "seat": 1, "t": 999999}]
    assert first[0]["lines"] == end + 4  # the download counts the lines it started with


def test_setup_without_a_game_is_done_at_once():
    table, s = session()
    r = ask(s, '{"cmd":"setup","game":"armageddon","seats":3,"jokers":0,"hurry_ms":0,"seed":42,"id":8}')
    assert r == [{"k": "ok", "id": 8}]
    assert table.setups == [
        {"game": "armageddon", "seats": 3, "jokers": 0, "hurry_ms": 0, "cardpad": True, "seed": 42}
    ]
    r = ask(s, '{"cmd":"setup","seats":2}')
    assert r == [{"k": "ok"}] and table.setups[-1]["game"] == "ww3" and table.setups[-1]["seed"] is None
    table.refuse = "enrolling a deck"
    assert ask(s, '{"cmd":"setup"}') == [{"k": "error", "msg": "enrolling a deck"}]


def test_setup_during_a_game_waits_for_the_table():
    table, s = session()
    table.playing = True
    r = ask(s, '{"cmd":"setup","seats":2,"id":1}', now=100)
    assert r == [{"k": "pending", "id": 1, "ask": "New game? It ends the game on the table.", "ms": 10000}]
    assert s.asking().startswith("New game?")
    assert table.setups == []
    assert ask(s, '{"cmd":"score","reset":true,"id":2}', now=200)[0]["msg"].startswith("busy")
    s.tick(10099)
    assert drain(s) == [] and s.asking() is not None
    s.answer(True, 5000)
    assert drain(s) == [{"k": "ok", "id": 1}]
    assert table.setups[0]["seats"] == 2 and s.asking() is None


def test_the_table_can_say_no_or_say_nothing():
    table, s = session()
    table.playing = True
    ask(s, '{"cmd":"setup","id":1}', now=0)
    s.answer(False, 300)
    assert drain(s) == [{"k": "refused", "id": 1, "why": "the table said no"}]
    # Silence: refused when the time is up, also across the tick wrap.
    start = (1 << 29) - 4000
    ask(s, '{"cmd":"score","set":[1,2],"id":2}', now=start)
    s.tick(start + 9000 - (1 << 29))
    assert drain(s) == []
    s.tick(start + 10000 - (1 << 29))
    assert drain(s) == [{"k": "refused", "id": 2, "why": "no answer from the table"}]
    assert table.setups == [] and s.asking() is None


def test_scores_count_wins_and_can_be_set_or_reset():
    table, s = session()
    s.record({"r": "win", "seat": 2, "t": 5})
    s.record({"r": "win", "seat": 2, "t": 9})
    s.record({"r": "win", "seat": 0, "t": 12})
    drain(s)
    assert ask(s, '{"cmd":"score"}') == [{"k": "score", "wins": [1, 0, 2, 0, 0, 0, 0, 0], "games": 3}]
    assert ask(s, '{"cmd":"score","set":[4,1]}') == [{"k": "ok"}]
    assert ask(s, '{"cmd":"score"}')[0]["wins"][:3] == [4, 1, 0]
    assert ask(s, '{"cmd":"score","reset":true}') == [{"k": "ok"}]
    assert ask(s, '{"cmd":"score"}')[0] == {"k": "score", "wins": [0] * 8, "games": 0}


# (line, words in the error, id echoed)
BAD = [
    ('{"cmd":"setup","game":"poker","id":4}', "game must be one of ww3, armageddon", 4),
    ('{"cmd":"setup","seats":9}', "seats must be a whole number from 2 to 8", None),
    ('{"cmd":"setup","seats":true}', "seats must be a whole number", None),
    ('{"cmd":"setup","jokers":-1}', "jokers must be", None),
    ('{"cmd":"setup","hurry_ms":70000}', "hurry_ms must be", None),
    ('{"cmd":"setup","seed":1073741824}', "seed must be", None),
    ('{"cmd":"setup","cardpad":1}', "cardpad must be true or false", None),
    ('{"cmd":"setup","colour":"red","id":2}', "unknown field 'colour' for setup", 2),
    ('{"cmd":"log","which":"first"}', "which must be current or last", None),
    ('{"cmd":"score","set":"all"}', "set must be a list", None),
    ('{"cmd":"score","set":[1,-2]}', "scores are whole numbers", None),
    ('{"cmd":"score","reset":1}', "reset must be true", None),
    ('{"cmd":"hello","x":1}', "unknown field 'x' for hello", None),
    ('{"cmd":"reboot","id":3}', "unknown command 'reboot'", None),
    ("not json", "not JSON", None),
    ("[1,2]", "expected a JSON object", None),
]


def test_bad_commands_get_one_clear_error_each_and_change_nothing():
    table, s = session()
    for line, words, rid in BAD:
        r = ask(s, line)
        assert len(r) == 1 and r[0]["k"] == "error", (line, r)
        assert words in r[0]["msg"], (line, r[0]["msg"])
        assert r[0].get("id") == rid, (line, r)
    assert table.setups == []
    assert ask(s, "") == [] and ask(s, "   ") == []  # blank lines: no answer


def test_oversized_and_binary_lines_are_errors_and_the_next_line_works():
    table, s = session()
    s.feed(b"x" * 5000, 0)
    s.feed(b"\n\x00\x01\x02\n\xff\xfe\n", 0)
    r = drain(s)
    assert [o["msg"] for o in r] == [
        "line too long (over 256 bytes): dropped",
        "binary data on the line: dropped",
        "not UTF-8 text: dropped",
    ]
    assert len(s.reader._buf) <= 256
    assert ask(s, '{"cmd":"score"}')[0]["k"] == "score"


def test_a_host_that_does_not_read_costs_bounded_memory_and_learns_what_it_missed():
    table, s = session(out_bytes=600)
    _, lines = play(s, seed=7, steps=200, read=False)
    assert s._queued <= 600
    got = drain(s)
    assert s.lost > 0
    n = len(got)
    s.record({"ev": "tick", "t": 1})
    after = drain(s)
    assert after == [{"k": "lost", "lines": len(lines) - n}, {"ev": "tick", "t": 1}]
    assert s.lost == 0


def test_only_games_without_secrets_are_streamed():
    assert public("ww3", {"r": "lay"}) == {"r": "lay"}
    assert public("armageddon", {"ev": "lay"}) == {"ev": "lay"}
    assert public("guessmycard", {"r": "seal"}) is None  # no filter: nothing at all
    table, s = session()
    s.record({"log": "topper-table", "v": 1, "game": "guessmycard", "seats": 3, "seed": 1})
    s.record({"ev": "lay", "t": 1})
    assert drain(s) == []
    table.mode = "game"
    table.view = {"game": "guessmycard", "secret": 12}
    assert ask(s, '{"cmd":"view"}') == [{"k": "view", "mode": "game", "t": 0, "view": None, "hidden": True}]
    # A game with hidden cards plugs its own filter in.
    FILTERS["guessmycard"] = lambda obj: None if "secret" in obj else obj
    try:
        s.record({"r": "guess", "t": 2})
        s.record({"r": "deal", "secret": 4, "t": 2})
        assert drain(s) == [{"r": "guess", "t": 2}]
    finally:
        del FILTERS["guessmycard"]


def test_a_resumed_game_is_announced_and_its_log_marked():
    table, s = session()
    play(s, seed=8, steps=20)
    drain(s)
    s.resumed("ww3", 12)
    assert drain(s) == [{"k": "resumed", "game": "ww3", "t": 12}]
    s.record({"ev": "press", "seat": 1, "t": 40})
    assert drain(s) == [{"ev": "press", "seat": 1, "t": 40}]
    r = ask(s, '{"cmd":"log"}')
    assert r[0]["resumed"] is True and r[1:-1] == [{"ev": "press", "seat": 1, "t": 40}]
    assert ask(s, '{"cmd":"log","which":"last"}')[1]["log"] == "topper-table"


def test_a_closed_port_drops_the_download_and_the_queue():
    table, s = session()
    play(s, seed=10, steps=100)
    s.feed(b'{"cmd":"log"}\n', 0)
    s.next_line()
    s.connect(False)
    s.connect(True)
    assert drain(s) == []
    assert ask(s, '{"cmd":"score"}')[0]["k"] == "score"


def test_a_session_made_during_a_game_streams_it_and_says_its_log_is_late():
    table, s = session()
    table.mode = "game"
    table.view = {"game": "ww3"}
    s.joined(500)
    s.record({"ev": "press", "seat": 1, "t": 600})
    assert drain(s) == [{"ev": "press", "seat": 1, "t": 600}]
    r = ask(s, '{"cmd":"log"}')
    assert r[0] == {"k": "log", "which": "current", "game": "ww3", "lines": 1, "resumed": False,
                    "late": True}
    s.record({"log": "topper-table", "v": 1, "game": "armageddon", "seats": 2, "seed": 1})
    drain(s)
    assert ask(s, '{"cmd":"log","which":"last"}')[0]["late"] is True
    assert "late" not in ask(s, '{"cmd":"log"}')[0]
