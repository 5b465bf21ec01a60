"""``topper sim --device``: the device's own table shell (``topper_app.App``) on the
virtual board. What a table sees: the menu, blind play, a game judged from the pad to
the end, the turn games, a power cut, and the
core's replay for the same events."""

import os
import subprocess
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))

from _device_play import play_pad_slap, start  # noqa: E402
from topper import jsonl  # noqa: E402
from topper_host import replay  # noqa: E402
from topper_host.virtual.board import LONG_MS, VirtualBoard  # noqa: E402

NO_HURRY = {"TOPPER_HURRY_MS": 0}


def boot(settings=None, **kw):
    log = []
    board = VirtualBoard(settings, log=log.append, **kw)
    board.run(200)
    return board, log


def objects(log):
    return [jsonl.loads(line) for line in log]


def rulings(log):
    return [o for o in objects(log) if "r" in o]


def test_it_boots_into_the_devices_menu_and_the_oled_shows_what_the_driver_wrote():
    board, _ = boot()
    assert board.lines[0].startswith("TOPPER TABLE")
    assert board.lines[1] == ">Start game"
    # The picture is the display's RAM as the SSD1306 driver wrote it over I2C: the
    # title bar is lit, the first text line's background dark.
    pic = board.screen()
    assert pic.lit(0, 0) and pic.lit(127, 7)
    assert not pic.lit(0, 9)
    assert any(pic.lit(x, y) for x in range(128) for y in range(9, 16))  # ">Start game"
    # The ring idles in the seats' colours, dimmed.
    assert any(c != (0, 0, 0) for c in board.ring())


def test_the_menu_changes_the_game_with_the_table_button_alone():
    board, _ = boot()
    board.table()  # next line: Game
    board.wait(200)
    board.table(hold=LONG_MS)  # change it
    board.wait(1000)
    assert board.lines[2] == ">Game      ARMAGEDDON"


def test_blind_play_ranks_the_slaps_and_the_table_confirms():
    board, log = boot({"TOPPER_CARDPAD": 0})
    start(board, starter=1)
    assert board.lines[0].startswith("WW3 P2 lays")
    t = board.now + 20
    board.press(2, t)
    board.press(0, t + 3)
    board.wait(300)
    assert board.lines[0] == "P3 SLAPPED: GOOD?"
    assert "1. P3     0ms" in board.lines and "2. P1     3ms" in board.lines
    board.table()  # a short press: good
    board.wait(300)
    assert board.lines[0] == "P3 TAKES THE POT"
    board.chord(3)
    board.wait(400)
    assert board.lines[-1] == "P4 is out"
    got = rulings(log)
    # P1's press 3 ms behind is inside the race's settle window: ranked, not late
    assert [r["r"] for r in got] == ["starter", "slap", "confirm", "out"]
    assert got[1]["order"] == [[2, 0], [0, 3000]]
    head = objects(log)[0]
    assert head["blind"] is True and head["seats"] == 4


def test_a_pad_game_plays_to_its_winner_and_replays_ruling_for_ruling():
    board, log = boot({"TOPPER_SEATS": 2, "TOPPER_JOKERS": 0, **NO_HURRY})
    start(board)
    play_pad_slap(board, seed=3, actions=3000)
    assert board.app.ref.game.phase == 5, board.lines
    assert "WINS!" in " ".join(board.lines)
    # The core's replay checks every ruling the device logged against its own.
    replayed = list(replay.rulings(log))
    assert [r["r"] for r in replayed] == [r["r"] for r in rulings(log)]


def test_a_turn_game_starts_from_the_menu_with_its_own_header():
    board, log = boot({"TOPPER_CARDPAD": 0})
    board.table()
    board.wait(200)
    for _ in range(3):  # WW3 -> Armageddon -> Tripp Jokes -> Tricky Dick
        board.table(hold=LONG_MS)
        board.wait(1000)
    assert board.lines[2] == ">Game     TRICKY DICK"
    for _ in range(7):  # up to Start game, wrapping round
        if board.lines[1] == ">Start game":
            break
        board.table()
        board.wait(200)
    board.table(hold=LONG_MS)
    board.wait(1200)
    head = objects(log)[0]
    assert head["game"] == "tricky" and head["entry"] == "buttons"
    assert board.lines[0].startswith("TRICKY DICK")
    assert board.dev.buttons.holds  # short and long seat presses from now on


def test_closing_in_a_game_resumes_it_from_the_nvm_as_after_a_power_cut(tmp_path):
    nvm = str(tmp_path / "nvm.bin")
    board, _ = boot({"TOPPER_CARDPAD": 0}, nvm_path=nvm)
    start(board, starter=2)
    board.wait(1500)  # the save is written within a second
    assert board.keep_nvm()
    again, _ = boot({"TOPPER_CARDPAD": 0}, nvm_path=nvm)
    again.wait(500)
    assert again.app.ref is not None
    assert "P3" in again.lines[0], again.lines


def test_a_card_name_not_in_the_deck_is_refused_with_its_reason():
    board, _ = boot()
    with pytest.raises(ValueError) as e:
        board.tap_named("9ZZ")
    assert "9ZZ" in str(e.value)
    assert board.tap_due() is not None  # no game yet: says why, taps nothing


def topper(*args, cwd=None):
    exe = os.path.join(os.path.dirname(sys.executable), "topper")
    return subprocess.run([exe, *args], capture_output=True, text=True, cwd=cwd, timeout=120)


def test_headless_script_prints_the_log_and_the_oled(tmp_path):
    script = tmp_path / "hands.jsonl"
    script.write_text(
        "\n".join(
            [
                '{"t": 300, "do": "table_long"}',
                '{"t": 1500, "do": "press", "seat": 1}',
                '{"t": 2000, "do": "press", "seat": 2}',
                '{"t": 2003, "do": "press", "seat": 0}',
                '{"t": 2400, "do": "table"}',
            ]
        )
    )
    r = topper(
        "sim", "--device", "--blind", "--headless", "--script", str(script), "--nvm", str(tmp_path / "n")
    )
    assert r.returncode == 0, r.stderr
    out = r.stdout.splitlines()
    slap = ["P3 SLAPPED: GOOD?", "short:yes  long:no", "1. P3     0ms", "2. P1     3ms", "", "", ""]
    assert "# oled " + " | ".join(slap + ["P3 slap ok? hold=no"]) in out
    assert any(line.startswith('{"locked":false,"ok":true') for line in out)


@pytest.mark.parametrize(
    "args, text",
    [
        (["--bots"], "--bots and --nvm are for the device: add --device"),
        (["--device", "--bots-only"], "--device is the board itself"),
        (["--device", "--headless"], "--device --headless plays a --script of hands"),
        (["--device", "--nvm", "/proc/nope/x"], "--nvm /proc/nope/x"),
    ],
)
def test_bad_device_options_get_one_line(args, text):
    r = topper("sim", *args)
    assert r.returncode == 2
    assert text in r.stderr and "Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1


def test_a_bad_script_line_is_named(tmp_path):
    script = tmp_path / "hands.jsonl"
    script.write_text('{"t": 300, "do": "table_long"}\n{"t": 400, "do": "press"}\n')
    r = topper("sim", "--device", "--headless", "--script", str(script), "--nvm", str(tmp_path / "n"))
    assert r.returncode == 1
    assert r.stderr.strip() == '%s:2: "press" needs "seat": 0-7' % script


def test_bots_play_a_whole_game_through_the_buttons_and_the_pad():
    from topper_host.sim import bots
    from topper_host.sim.device_bots import DeviceBots

    board, log = boot({"TOPPER_SEATS": 3, "TOPPER_HURRY_MS": 3000})
    DeviceBots(board, range(3), 7, bots.Style())
    start(board, starter=1)
    for _ in range(2000):
        if board.app.ref.game.phase == 5:
            break
        board.wait(1000)
    assert "WINS!" in " ".join(board.lines), board.lines
    presses = [o for o in objects(log) if o.get("ev") == "press"]
    lays = [o for o in objects(log) if o.get("ev") == "lay"]
    assert {p["seat"] for p in presses} == {0, 1, 2}  # every bot slapped with its button
    assert len(lays) > 50
    assert len(list(replay.rulings(log))) == len(rulings(log))


def test_a_bot_never_lays_for_the_human_seat():
    from topper_host.sim import bots
    from topper_host.sim.device_bots import DeviceBots

    board, log = boot({"TOPPER_SEATS": 3, **NO_HURRY})
    DeviceBots(board, (1, 2), 7, bots.Style())
    start(board, starter=0)  # P1, the human, is due and does nothing
    board.wait(20000)
    assert not [o for o in objects(log) if o.get("ev") == "lay"]
    assert board.lines[0].startswith("WW3 P1 lays")


def test_the_menus_enrollment_takes_the_cards_the_screen_asks_for():
    board, _ = boot({"TOPPER_JOKERS": 2})
    for _ in range(7):  # down to "Enroll deck"
        board.table()
        board.wait(200)
    assert board.lines[-2] == ">Enroll deck   TT std", board.lines
    board.table(hold=LONG_MS)
    board.wait(1000)
    assert board.lines[0].startswith("ENROLL"), board.lines
    for _ in range(66):  # World War 3's 64 cards and its 2 jokers
        assert board.tap_due() is None
        board.wait(900)  # the pad reads a tag again only after it was lifted
    board.wait(2000)
    assert board.app.mode != 4, board.lines  # enrollment finished
    entries, finished = board.store.load("squares")
    assert finished and len(entries) == 66
    # The standard decks the virtual board came with are still known.
    assert len(board.store.load("standard")[0]) == 112


def test_headless_bots_play_a_game_on_the_devices_shell_to_its_winner(tmp_path):
    nvm = str(tmp_path / "n")
    r = topper("sim", "--device", "--headless", "--bots", "--seats", "3", "--seed", "3", "--nvm", nvm)
    assert r.returncode == 0, r.stderr
    log = [line for line in r.stdout.splitlines() if not line.startswith("#")]
    assert jsonl.loads(log[0])["log"] == "topper-table"
    assert any('"r":"win"' in line for line in log)
    assert any(line.startswith("# oled") and "WINS!" in line for line in r.stdout.splitlines())
    assert len(list(replay.rulings(log))) == len(rulings(log))


def test_the_commentary_words_blind_play_and_turn_games_rulings():
    from topper_host.sim.ui.board_app import describe

    slap = '{"by":2,"locked":[],"ok":null,"order":[[2,0],[0,3000]],"paid":0,"r":"slap","t":5}'
    assert describe(slap) == "P3 slaps first (P3 +0 ms, P1 +3 ms): good or wrong? the table says"
    good = '{"locked":false,"ok":true,"paid":0,"r":"confirm","seat":2,"t":9}'
    assert describe(good) == "the table: P3's slap was good, P3 takes the pot"
    assert describe('{"out":true,"r":"out","seat":3,"t":9}') == "P4 is out of cards"
    # A turn game's "out" is not the blind referee's: shown as the game names it.
    assert describe('{"r":"out","seat":1,"t":9}', slap=False) == "out"
    assert describe('{"ev":"press","seat":1,"t":9}') == "pressed P2"
    assert describe("not json") is None
