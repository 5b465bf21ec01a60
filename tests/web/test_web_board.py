"""The page as a board at a table: its nvm survives a reload (the game resumes), its
menu chooses the game the bots sit down at, fingers work its buttons, and its buzzer
reaches Web Audio note for note."""

import json

import pytest
from log_rulings import rulings
from fakes import oledread

from topper_view import sounds

from topper_host.web.table import Table

LIMIT_MS = 20 * 60000




def header(lines):
    return [json.loads(line) for line in lines if '"log":"topper-table"' in line][0]


def test_a_reload_is_a_power_cut_the_game_resumes_at_the_same_view(drive):
    got = drive("reload")
    assert got["errors"] == []
    before = oledread.text(bytes.fromhex(got["before"]))
    after = oledread.text(bytes.fromhex(got["after"]))
    assert before[0].startswith("WW3 P")  # a game, cards laid
    assert after[:-1] == before[:-1]  # the same seats' cards, the same pile, the same turn
    assert after[-1] == "Resumed game"
    assert oledread.text(bytes.fromhex(got["wiped"]))[1] == ">Start game"  # wiped: the menu
    # Bots at a slap game with the pad sit down again after a reload, and play on.
    after = rulings(got["botsLog"])
    assert after[0]["r"] == "lay", got["botsLog"]  # at once, before the hurry-up
    assert len({r["seat"] for r in after if r["r"] == "lay"}) >= 2, got["botsLog"]


# The menu, by its buttons (a space: the next line; 1: a value back; 2: a value on), and
# the same game dealt on the host with those choices.
MENU_GAMES = [
    # WW3: Seats 4 -> 3, Jokers 2 -> 0, Hurry limit 3 s -> 2 s.
    ("  1 11  11", "ww3", {"jokers": 0, "hurry_ms": 2000}, {"jokers": 0, "hurry_ms": 2000}),
    # Tripp Jokes: Seats 3, its Jokers option 2 -> 1, a per-move chess clock of 20 s.
    (" 22 1 1  2 1", "tripp", {"options": {"jokers": 1, "places": 0}, "control": [0, 20000, 0]},
     {"options": {"jokers": 1, "places": 0},
      "clock": {"base_ms": 20000, "control": "per-move", "extra_ms": 0}}),
]


@pytest.mark.parametrize("keys, game, dealt, logged", MENU_GAMES, ids=[g[1] for g in MENU_GAMES])
def test_bots_sit_at_the_game_chosen_on_the_devices_menu(drive, keys, game, dealt, logged):
    lines = drive("menugame", keys, 5, LIMIT_MS)["log"]
    host = Table()
    assert host.deal(game, 3, True, 5, True, **dealt) is None
    assert host.run_until_over(LIMIT_MS)
    got = rulings(lines)
    assert got == rulings(host.heard)
    assert any(r["r"] == "win" for r in got)
    assert {k: header(lines).get(k) for k in logged} == logged  # the menu's choices, not the defaults


def test_fingers_hold_tap_and_chord_the_on_screen_buttons(drive):
    # Taps down the menu to "Card pad" and off with P2, round to "Start game", held there:
    # the game starts, blind; P1 starts it; the table button held, a second finger on P3.
    steps = ["tap:T"] * 6 + ["tap:2", "tap:T", "tap:T", "hold:T:1000", "tap:1", "chord:T:3"]
    got = drive("touch", ",".join(steps))
    assert got["errors"] == []
    objs = [json.loads(line) for line in got["log"] if line.startswith("{")]
    assert objs[0]["blind"] is True and objs[0]["log"] == "topper-table"
    assert {"ev": "start", "seat": 0} == {k: objs[1][k] for k in ("ev", "seat")}
    outs = [(o["seat"], o["out"]) for o in objs if o.get("r") == "out"]
    assert outs == [(2, True)]  # the chord: P3 out


def test_a_good_slaps_notes_reach_web_audio_at_their_lengths(drive):
    got = drive("sound", 4)  # WW3, 4 seats, bots: P1 slaps a pair good 2.5 s in
    assert got["errors"] == []
    assert any('"ok":true' in line and '"r":"slap"' in line for line in got["log"])
    pitches = [hz for hz, _ in got["set"]]
    want = [hz for hz, _ in sounds.SLAP_OK]
    at = [i for i in range(len(pitches)) if pitches[i : i + len(want)] == want]
    assert at, pitches
    times = [t for _, t in got["set"][at[0] : at[0] + len(want)]]
    for (_, ms), t0, t1 in zip(sounds.SLAP_OK, times, times[1:]):
        assert abs((t1 - t0) * 1000 - ms) <= 5  # the board's 5 ms steps
