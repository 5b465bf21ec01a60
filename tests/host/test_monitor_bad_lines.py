"""``topper monitor`` fed what a board should never send: each line it cannot honour
gets one warning line and is left out, the monitor goes on to show and save the game,
and nothing reaches the user as an internal error. Ctrl-C stops it with 130."""

import argparse
import json
import pathlib
import random
import sys

import serial

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "board"))

import _game_logs  # noqa: E402
from test_monitor import seeded_game  # noqa: E402
from topper import jsonl  # noqa: E402
from topper.replay import run as replay_log  # noqa: E402
from topper_host import cmd_monitor, serial_link  # noqa: E402
from topper_host.monitor_view import Plain  # noqa: E402

HELLO = {"k": "hello", "id": 1, "proto": 1, "fw": "0.1.0", "board": "raspberry_pi_pico", "uid": "AB",
         "journal": "nvm", "mode": "menu", "game": None, "max_line": 256}

# each case of a board line the monitor cannot honour, and the words its warning has
CASES = [
    ('{"r":"lay","seat":0}', "its stamp t is a whole number of ms, not None"),
    ('{"r":"win","seat":"x","t":5}', "seat 'x' is not one of the 2 seats"),
    ('{"r":"lay","seat":9,"card":"1RC","t":5}', "seat 9 is not one of the 2 seats"),
    ('{"r":"lay","seat":0,"card":"ZZZ","t":5}', "'ZZZ' is no card of the game's deck"),
    ('{"r":1.5,"t":5}', "a ruling's kind is a word, not 1.5"),
    ('{"r":"slap","by":0,"order":"x","ok":true,"t":5}', "order 'x' is not a list of [seat, us]"),
    ('{"k":"view","view":"garbage"}', "a view is an object, not 'garbage'"),
    ('{"k":"view","t":5,"view":{"game":"chess","seats":2}}', "a view of no game this host knows ('chess')"),
]
NONSENSE = '{"game":"nonsense","log":"topper-table","seats":40,"v":9}'


def _args(**kw):
    base = {"port": None, "save": None, "plain": True, "once": True, "seconds": 30, "no_catch_up": False}
    base.update(kw)
    return argparse.Namespace(**base)


def _watch(lines, **kw):
    loop = serial.serial_for_url("loop://", timeout=0.05, do_not_open=True)
    loop.buffer_size = 1 << 24
    loop.open()
    loop.write(jsonl.dumps(HELLO).encode() + b"\n")
    for line in lines:
        loop.write(line if isinstance(line, bytes) else line.encode() + b"\n")
    out, told = [], []
    link = serial_link.Link(loop)
    code = cmd_monitor.watch(link, _args(**kw), Plain(out.append), "loop://", tell=told.append)
    return code, out, told


def test_each_bad_line_is_one_warning_and_the_game_goes_on_shown_and_saved(tmp_path):
    game = seeded_game()
    lines = game[:6] + [c for c, _ in CASES] + game[6:]
    path = tmp_path / "saved.jsonl"
    code, out, told = _watch(lines, save=str(path))
    assert code == 0
    warnings = [s for s in out if s.startswith("! ")]
    assert len(warnings) == len(CASES), warnings
    for (line, words), w in zip(CASES, warnings):
        assert words in w, (line, w)
    assert not any("P10" in s for s in out)
    assert any(s.endswith("WINS THE GAME") for s in out)
    # the saved log stops at the first bad ruling, and replays up to there
    saved = path.read_text().splitlines()
    assert saved == game[:6]
    list(replay_log(saved))
    assert told[0] == "%s: a ruling this host cannot read; the log stops there" % path
    assert told[1] == "saved %s" % path


def test_a_header_it_cannot_honour_is_refused_and_its_game_not_saved(tmp_path):
    game = seeded_game()
    path = tmp_path / "saved.jsonl"
    lines = [NONSENSE, '{"ev":"start","t":1}', '{"r":"lay","seat":30,"t":2}'] + game
    code, out, told = _watch(lines, save=str(path))
    assert code == 0
    warnings = [s for s in out if s.startswith("! ")]
    assert warnings == ["! a game header left out, its game neither shown nor saved: "
                        "log format version 9; this host reads versions 1 and 2"], out
    assert "new game: nonsense" not in "\n".join(out)
    assert path.read_text().splitlines() == game  # the next game, whole: the first file
    assert told == ["saved %s" % path]
    for header, words in (('{"game":"nonsense","log":"topper-table","seats":4,"v":2}', "no game 'nonsense'"),
                          ('{"game":"ww3","log":"topper-table","seats":40,"v":2}', "not 40")):
        code, out, told = _watch([header], once=False, seconds=0.3, save=str(path))
        warnings = [s for s in out if s.startswith("! ")]
        assert len(warnings) == 1 and warnings[0].startswith(
            "! a game header left out, its game neither shown nor saved: ") and words in warnings[0], out
        assert told == ["--save %s: no game seen from its start, nothing saved" % path]


def _views():
    from topper.games.slap.engine import SlapGame
    from topper.games.slap.pad import PadSlapReferee

    ref = PadSlapReferee(SlapGame("ww3", 2, 0), seed=18)
    ref.start(500)
    out = []
    for i in range(40):
        ref.lay(1000 + 300 * i)
        t = 1001 + 300 * i
        out.append({"k": "view", "t": t, "view": json.loads(jsonl.dumps(ref.view(t)))})
    return out


def _board_fuzz(rng, count):
    """The board's own fuzz lines (tests/board/test_slap_link_fuzz.py), its views and
    the lines of a game damaged (``_game_logs.mutate``)."""
    from test_slap_link_fuzz import fuzz_line

    game = seeded_game()
    out = [fuzz_line(rng) for _ in range(count // 3)]
    views = _views()
    while len(out) < 2 * count // 3:
        view = json.loads(json.dumps(rng.choice(views)))
        spoilt = _game_logs.mutate([json.dumps(view["view"])], rng)[0]
        line = '{"k":"view","mode":"game","t":%d,"view":%s}\n' % (view["t"], spoilt or "1")
        out.append(line.encode())
    while len(out) < count:
        out.extend(s.encode() + b"\n" for s in _game_logs.mutate(game[rng.randrange(len(game)):][:20], rng))
    rng.shuffle(out)
    return out


def test_ten_thousand_fuzzed_lines_are_warnings_never_an_internal_error(tmp_path):
    rng = random.Random(44)
    fuzz = _board_fuzz(rng, 10_000)
    game = seeded_game()
    code, out, told = _watch(fuzz + [s.encode() + b"\n" for s in game], save=str(tmp_path / "f.jsonl"))
    assert code == 0
    assert any(s.endswith("WINS THE GAME") for s in out)
    warnings = [s for s in out if s.startswith("! ")]
    assert len(warnings) > 100, len(warnings)
    known = ("! a board line left out: ", "! a game header left out, ",
             "! a board view this host cannot draw", "! joined", "! board:")
    assert all(s.startswith(known) for s in warnings), sorted(set(w[:60] for w in warnings))
    # every file it saved replays up to where it stops
    for line in told:
        if line.startswith("saved "):
            list(replay_log(pathlib.Path(line[6:]).read_text().splitlines()))


def test_ctrl_c_stops_the_plain_monitor_with_130_and_says_where_it_saved(tmp_path):
    game = seeded_game()
    path = tmp_path / "cut.jsonl"
    calls = []

    def show(line):
        calls.append(line)
        if "lays" in line and len(calls) > 10:
            raise KeyboardInterrupt

    loop = serial.serial_for_url("loop://", timeout=0.05, do_not_open=True)
    loop.buffer_size = 1 << 22
    loop.open()
    loop.write(jsonl.dumps(HELLO).encode() + b"\n")
    for line in game:
        loop.write(line.encode() + b"\n")
    told = []
    link = serial_link.Link(loop)
    code = cmd_monitor.watch(link, _args(save=str(path)), Plain(show), "loop://", tell=told.append)
    assert code == cmd_monitor.INTERRUPTED == 130
    assert told == ["saved %s" % path]
    saved = path.read_text().splitlines()
    assert saved == game[: len(saved)] and len(saved) > 5
    json.loads(saved[-1])


def test_ctrl_c_in_the_terminal_picture_quits_and_is_told_apart_from_q():
    from sim_ui_support import run
    from topper_host.sim.ui.monitor_app import MonitorApp

    for key, interrupted in (("ctrl+c", True), ("q", False)):
        app = MonitorApp(None, "Topper Table monitor: loop://")

        async def press(pilot, key=key):
            await pilot.press(key)

        run(app, (80, 24), press)
        assert app.quit and app.interrupted == interrupted, key


def test_the_terminal_picture_of_damaged_views_says_so_and_draws_the_next():
    from sim_ui_support import run, screen_text
    from topper_host.monitor_view import Board
    from topper_host.sim.ui.monitor_app import MonitorApp, Picture

    rng = random.Random(5)
    views = _views()
    app = MonitorApp(None, "Topper Table monitor: loop://")
    seen = []

    async def play(pilot):
        for _ in range(150):
            view = json.loads(json.dumps(rng.choice(views)))
            v = view["view"]
            for key in rng.sample(sorted(v), rng.randrange(1, 4)):
                if rng.randrange(3):
                    v[key] = rng.choice(_game_logs.VALUES)
                else:
                    del v[key]
            board = Board(clock=lambda: 5.0)
            try:
                board.saw_view(view)
                pic = Picture(board, "loop://")
            except (KeyError, IndexError, TypeError, ValueError, AttributeError):
                continue  # the loop's own guard (cmd_monitor._show) drops it with a warning
            app.show_board(pic)
            await pilot.pause()
            seen.append(screen_text(app))
        board = Board(clock=lambda: 5.0)
        board.saw_view(views[-1])  # a good view after them all: drawn whole
        app.show_board(Picture(board, "loop://"))
        await pilot.pause()
        seen.append(screen_text(app))
        await pilot.press("q")

    run(app, (120, 40), play)
    assert len(seen) > 30
    assert "OLED" in seen[-1] and "cannot draw" not in seen[-1]
