"""A turn game in the real ``topper sim`` in tmux: the device's OLED, P1's panel, a move
made with a digit key at the device, pause, the help screen and quit, read back from
the screen and the device's log. Skipped only when tmux is missing (scripts/setup
installs it)."""

import json

import pytest
from test_sim_tmux import TMUX, _restored, _safe_oled, _start

pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed (scripts/setup installs it)")


def test_tripp_jokes_by_keys(tmp_path):
    log = tmp_path / "g.jsonl"
    p = _start(tmp_path, "--game tripp --players 2 --seed 5 --bot-speed 4 --log %s" % log)
    try:
        text = p.until(lambda s: "Your move 1 of " in s and "Your cards (P1):" in s, "P1's moves")
        assert _safe_oled(text)[0].startswith("TRIPP JOKES")
        second = next(x for x in text.split("\n") if " 2. face up " in x)
        cards = second.split(" 2. face up ", 1)[1].split()[:3]
        p.keys("2")  # the second move: those three cards face up, tapped on the pad
        p.until(lambda s: '"r":"faceup","seat":0' in log.read_text(), "the device to take the move")
        p.keys("p")
        p.until(lambda s: "PAUSED" in s.split("\n")[0], "the pause")
        p.keys("?")
        p.until(lambda s: "make that move of your list at the device" in s, "the help screen")
        p.keys("Escape")
        p.until(lambda s: "make that move of your list" not in s, "the help screen closed")
        p.keys("p", "q")
        text = p.until(lambda s: "EXIT=" in s and "icanon" in s, "the program to end")
        assert "EXIT=0" in text and _restored(text)
    finally:
        p.close()
    lines = [json.loads(x) for x in log.read_text().splitlines()]
    assert lines[0]["game"] == "tripp" and lines[0]["entry"] == "pad" and lines[0]["seed"] == 5
    faceup = [o for o in lines if o.get("r") == "faceup" and o["seat"] == 0]
    read = [o["card"] for o in lines if o.get("ev") == "card"]
    assert faceup, "P1's face-up cards never reached the device"
    assert all(c in read for c in cards), (cards, read)


def test_a_pad_games_log_replays_on_the_device_in_the_terminal(tmp_path):
    """Crazy Job by hand (P2's stored rule entered with its button, a play cleared, P1's
    rule on paper) played back on the device at its stamps: the stored rule is entered
    again from its reveal, the device rules as the log says, to the end."""
    from test_replay_secrets import CRAZY_BY_HAND, recorded, save, table_game

    lines = table_game("crazy", CRAZY_BY_HAND)
    log = save(tmp_path, "crazy.jsonl", lines)
    p = _start(tmp_path, "--replay %s --speed 8" % log)
    try:
        text = p.until(lambda s: "GAME OVER: P2 won" in s, "the log's end on the device")
        assert "replay of crazy.jsonl" in text and "CRAZY JOB" in _safe_oled(text)[0]
        assert "P2: number is last number + 1" in text  # the reveal, in words
        assert "P2 wins the match" in text
        p.keys("p")
        p.until(lambda s: "PAUSED" in s.split("\n")[0], "the pause")
        p.keys("p", "q")
        text = p.until(lambda s: "EXIT=" in s and "icanon" in s, "the program to end")
        assert "EXIT=0" in text and _restored(text)
    finally:
        p.close()
    assert recorded(lines)[-1].startswith('{"r":"over"')
