"""A turn-based game in the real ``topper sim`` in tmux: the human's panel, a move
picked and done with keys, pause, the help screen and quit, read back from the screen and the log.
Skipped only when tmux is missing (scripts/setup installs it)."""

import json

import pytest
from test_sim_support import topper
from test_sim_tmux import TMUX, _restored, _safe_oled, _start
from topper_host.sim import turn_log

pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed (scripts/setup installs it)")


def _first_item(text):
    return next((x[:80] for x in text.split("\n") if " 1. " in x[:80]), None)


def test_guess_my_card_by_keys(tmp_path):
    log = tmp_path / "g.jsonl"
    p = _start(tmp_path, "--game guess --players 2 --seed 5 --bot-speed 4 --log %s" % log)
    try:
        # P1's first move answers a question (one honest answer); the next menu with
        # a second item is an ask: go down one and do it.
        text = p.until(lambda s: "Your move" in s and "your secret card:" in s, "P1's menu")
        assert _safe_oled(text)[0].startswith("GUESS MY CARD")
        moves = 0
        while True:
            items = [x.split(" 2. ", 1)[1].strip() for x in text.split("\n") if " 2. " in x[:80]]
            if items:
                pick = items[0][:70].strip()
                p.keys("Down", "Enter")
                break
            first = _first_item(text)
            p.keys("Enter")
            moves += 1
            text = p.until(
                lambda s, first=first: "Your move" in s and _first_item(s) != first,
                "P1's next menu",
                timeout=30,
            )
        p.until(lambda s: "Your move 2 of " not in s, "P1's ask done")
        p.keys("p")
        p.until(lambda s: "PAUSED" in s.split("\n")[0], "the pause")
        p.keys("?")
        p.until(lambda s: "Enter or space     do the picked move" in s, "the help screen")
        p.keys("Escape")
        p.until(lambda s: "do the picked move" not in s, "the help screen closed")
        p.keys("p", "q")
        text = p.until(lambda s: "EXIT=" in s and "icanon" in s, "the program to end")
        assert "EXIT=0" in text and _restored(text)
    finally:
        p.close()
    head, events = turn_log.read(log.read_text().splitlines())
    turn_log.check(head, events)
    # P1's last act is the second item of the menu P1 saw, in the game at that moment.
    ref = turn_log.make(head)
    mine = 0
    for ev in events:
        if ev["ev"] == "act" and ev["seat"] == 0:
            mine += 1
            if mine == moves + 1:
                menu = ref.choices(0)
                assert menu[1][0].startswith(pick) and list(menu[1][1]) == ev["a"]
                break
        turn_log.apply(ref, ev)
    else:
        pytest.fail("no move of P1 in the log")
    assert any(e["ev"] == "pause" for e in events) and json.dumps(head)


def test_a_turn_game_log_plays_back_on_the_board(tmp_path):
    log = tmp_path / "b.jsonl"
    made = topper("sim", "--game", "guess", "--bots-only", "--players", "3", "--seed", "2", "--log", log)
    assert made.returncode == 0, made.stderr
    won = made.stdout.split(": ", 1)[1].split(" after ")[0]  # "P2 won   scores ..."
    p = _start(tmp_path, "--replay %s --speed 16" % log)
    try:
        text = p.until(lambda s: "GAME OVER: " + won in s, "the log's end on the board", timeout=30)
        assert "replay of b.jsonl" in text and _safe_oled(text)[1].startswith("winner P")
        p.keys("q")
        text = p.until(lambda s: "EXIT=" in s and "icanon" in s, "the program to end")
        assert "EXIT=0" in text and _restored(text)
    finally:
        p.close()
