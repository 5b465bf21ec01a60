"""The browser page's table (``topper_host.web.table``) under CPython: its games against
bots are ``topper sim``'s, ruling for ruling, every game with the card pad and without
it; its buttons go down and up when the page says; what it hands the page to draw.

tests/web plays the same games in the page, under MicroPython in Chromium.
"""

import json

from log_rulings import rulings
from test_sim_support import topper

from topper_host.sim import slap_board
from topper_host.web import slices
from topper_host.web.table import TABLE, Table

# (game, seats, card pad, seed, topper sim's options): seeds of short games.
WITH_PAD = [
    ("ww3", 3, 5, []),
    ("armageddon", 3, 5, []),
    ("tripp", 3, 4, []),
    ("tricky", 4, 1, []),
    ("crazy", 3, 5, []),
    ("guess", 3, 2, []),
]
WITHOUT_PAD = [
    ("ww3", 3, 5, ["--blind"]),
    ("armageddon", 3, 5, ["--blind"]),
    ("tripp", 3, 4, ["--card-pad", "off"]),
    ("tricky", 4, 5, ["--card-pad", "off"]),
    ("crazy", 3, 5, ["--card-pad", "off"]),
    ("guess", 3, 2, ["--card-pad", "off"]),
]
LIMIT_MS = 20 * 60000


def _same_as_sim(games, pad, tmp_path):
    for game, seats, seed, opts in games:
        log = tmp_path / ("%s-%d.jsonl" % (game, seed))
        sim = topper("sim", "--headless", "--game", game, "--seats", seats, "--seed", seed, "--log", log,
                     *opts)
        assert sim.returncode == 0, sim.stderr
        table = Table()
        assert table.deal(game, seats, pad, seed, True) is None
        assert table.run_until_over(LIMIT_MS), game
        got = rulings(table.heard)
        assert got == rulings(sim.stdout.splitlines()), (game, pad)
        assert got[-1]["r"] in ("win", "over")


def test_the_pages_bot_games_with_the_pad_are_topper_sims(tmp_path):
    _same_as_sim(WITH_PAD, True, tmp_path)


def test_the_pages_bot_games_without_the_pad_are_topper_sims(tmp_path):
    _same_as_sim(WITHOUT_PAD, False, tmp_path)


def _menu_line(table):
    return [s for s in table.board.lines if s.startswith(">")][0]


def test_the_table_button_goes_down_and_up_when_the_page_says():
    table = Table()
    table.advance(200)
    assert _menu_line(table).startswith(">Start game")
    table.down(TABLE)
    table.advance(100)
    table.up(TABLE)
    table.advance(200)
    assert _menu_line(table).split() == [">Game", "WW3"]  # a short press: the next line
    table.down(TABLE)
    for _ in range(4):
        table.advance(250)
    table.up(TABLE)
    table.advance(200)
    assert _menu_line(table).split() == [">Game", "ARMAGEDDON"]  # held: the next game


def test_a_frame_is_what_the_device_shows():
    table = Table()
    table.advance(200)
    first = json.loads(table.frame())
    assert len(bytes.fromhex(first["oled"])) == 1024
    assert len(first["ring"]) == 24 and first["kind"] is None and first["game"] is None
    again = json.loads(table.frame())
    assert again["oled"] is None  # the OLED did not change: nothing to draw
    assert again["log"] == []
    names = json.loads(table.deck())
    assert len(names) == len(set(names)) and "3RC" in names and "JK" in names
    assert json.loads(table.seat_colors())[0] == [0, 70, 255]  # P1's blue, as on the ring


def test_a_deal_the_device_would_refuse_is_words_and_the_board_stays():
    table = Table()
    board = table.board
    assert table.deal("tricky", 3, True, 1) == "Tricky Dick takes 4 to 4 players"
    assert table.board is board
    assert table.tap("9ZZ") != ""


def test_the_human_lays_and_slaps_at_p1():
    table = Table()
    assert table.deal("ww3", 3, True, 5) is None
    for _ in range(3):
        table.advance(250)  # the starter (P3) has pressed: the game is on
    assert table.board.due_seat() == 2
    assert table.lay() == "wait: P3 lays"  # only your own card
    table.slap()
    table.advance(100)
    assert any('"seat":0' in line and '"press"' in line for line in table.heard)


def test_the_ring_drivers_slice_is_a_slice():
    assert slices._slice(0, 24) == slice(0, 24)
    assert slices._slice(5) == slice(5)
    assert slices._slice(1, 9, 2) == slice(1, 9, 2)


# The menu's choices, made on the device, against topper sim's options for them.
MENU_GAMES = [
    ("ww3", 3, 5, {"jokers": 0, "limit": 2000}, ["--jokers", "0", "--hurry-ms", "2000"],
     {"jokers": 0, "hurry_ms": 2000}),
    ("tripp", 3, 4, {"clock": 1, "move_ms": 20000}, ["--clock", "per-move:20"],
     {"clock": {"base_ms": 20000, "control": "per-move", "extra_ms": 0}}),
]


def header(lines):
    return [json.loads(line) for line in lines if '"log":"topper-table"' in line][0]


def menu_set(table, game, seats, choices):
    """The device's menu set as its buttons would set it."""
    menu = table.board.app.menu
    menu.game = game
    menu.seats = seats
    for name, value in choices.items():
        setattr(menu, name, value)


def test_bots_sit_at_the_game_the_devices_menu_holds(tmp_path):
    for game, seats, seed, choices, opts, logged in MENU_GAMES:
        log = tmp_path / ("%s-%d.jsonl" % (game, seed))
        sim = topper("sim", "--headless", "--game", game, "--seats", seats, "--seed", seed, "--log", log,
                     *opts)
        assert sim.returncode == 0, sim.stderr
        table = Table()
        table.advance(200)
        menu_set(table, game, seats, choices)
        assert table.deal_menu(seed, True) is None
        assert table.run_until_over(LIMIT_MS), game
        got = rulings(table.heard)
        assert got == rulings(sim.stdout.splitlines()), game
        assert any(r["r"] == "win" for r in got)
        dealt = header(table.heard)
        assert {k: dealt.get(k) for k in logged} == logged  # the menu's choices, not the defaults


def test_a_game_on_the_board_resumes_from_the_nvm_the_page_kept():
    table = Table()
    table.advance(200)
    assert table.nvm() is not None  # the decks' maps: the page keeps them
    assert table.nvm() is None  # unchanged since
    table.down(TABLE)
    for _ in range(4):
        table.advance(250)  # "Start game" held: the game starts; P2 is the starter
    table.up(TABLE)
    table.advance(200)
    table.down(1)
    table.advance(100)
    table.up(1)
    for _ in range(8):
        table.advance(250)
        table.lay()
    for _ in range(8):
        table.advance(250)  # the journal writes at most once a second
    kept = table.nvm()
    assert kept is not None
    view = table.board.app.ref.view(table.board.now)
    again = Table(nvm=kept)
    again.advance(200)
    assert again.board.app.ref is not None  # no menu: the game goes on
    assert again.board.app.ref.view(again.board.now)["stacks"] == view["stacks"]
    assert again.board.lines[-1].strip() == "Resumed game"
    assert Table().board.app.ref is None  # a wiped board: the menu
    assert Table(nvm="not hex").board.app.ref is None  # storage gone bad: a fresh board


def test_a_frame_hands_over_each_pitch_of_the_buzzer_at_its_ms():
    table = Table()
    table.advance(200)
    table.frame()
    table.down(TABLE)
    table.advance(100)
    table.up(TABLE)
    table.advance(100)
    tones = json.loads(table.frame())["tones"]
    assert [hz for _, hz in tones] == [2400, 0]  # the menu's click (topper_view.sounds.CLICK)
    assert 10 <= tones[1][0] - tones[0][0] <= 15


def test_after_a_bot_game_the_table_button_takes_the_device_back_to_its_menu():
    table = Table()
    assert table.deal("ww3", 3, True, 5, True, jokers=0) is None
    assert table.run_until_over(LIMIT_MS)
    assert json.loads(table.frame())["over"]
    table.down(TABLE)
    for _ in range(4):
        table.advance(250)  # held: the game's end, the menu
    table.up(TABLE)
    table.advance(200)
    got = json.loads(table.frame())
    assert got["kind"] is None and not got["over"]  # the bots got up
    assert table.board.app.menu.config()["jokers"] == 0  # the menu keeps the game's choices
    table.advance(200)
    table.down(TABLE)
    for _ in range(4):
        table.advance(250)  # "Start game" held: the device's own game, every seat the page's
    table.up(TABLE)
    table.advance(200)
    assert table.deal_menu(1).startswith("end the device's game first")


def test_the_bots_of_a_slap_game_with_the_pad_sit_down_again_after_a_reload():
    table = Table()
    assert table.deal("ww3", 3, True, 5, True) is None  # bots at every seat
    for _ in range(40):
        table.advance(250)  # 10 s: the bots have laid and slapped
    kept, bots = table.nvm(), table.bots()
    again = Table(nvm=kept, bots=bots)
    assert again.kind == "pad" and again.human == -1
    # The game as the journal last wrote it (at most a second back, as after a power cut).
    assert slap_board.cards_held(again.board) == slap_board.cards_held(table.board)
    again.heard[:] = []
    for _ in range(40):
        again.advance(250)
    assert sum('"r":"lay"' in line for line in again.heard) >= 3  # they play on
    assert rulings(again.heard)[0]["r"] == "lay"  # at once: the hurry-up never had to call them
    assert Table(nvm=kept).kind is None  # no bots kept: every seat the page's
    blind = Table()
    assert blind.deal("ww3", 3, False, 5) is None
    assert blind.bots() == ""  # their cards were the page's table's
