"""A turn game without the card pad in the real ``topper sim`` in tmux: the title says
so, P1's move made with a digit key is P1's press at the device, and quit restores the
terminal. Skipped only when tmux is missing (scripts/setup installs it)."""

import json

import pytest
from test_sim_tmux import TMUX, _restored, _safe_oled, _start

pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed (scripts/setup installs it)")


def test_tricky_dick_with_the_buttons_by_keys(tmp_path):
    log = tmp_path / "g.jsonl"
    p = _start(tmp_path, "--game tricky --card-pad off --opt hands=1 --seed 5 --bot-speed 4 --log %s" % log)
    try:
        text = p.until(lambda s: "Your move 1 of " in s and "Your cards (P1):" in s, "P1's moves")
        assert _safe_oled(text)[0].startswith("TRICKY DICK") and "no card pad" in text.split("\n")[0]
        p.keys("1")  # P1 lays its first card: P1's button
        p.until(lambda s: '"r":"laid","seat":0' in log.read_text(), "the device to take the move")
        p.keys("q")
        text = p.until(lambda s: "EXIT=" in s and "icanon" in s, "the program to end")
        assert "EXIT=0" in text and _restored(text)
    finally:
        p.close()
    lines = [json.loads(x) for x in log.read_text().splitlines()]
    assert lines[0]["game"] == "tricky" and lines[0]["entry"] == "buttons"
    laid = next(i for i, o in enumerate(lines) if o.get("r") == "laid" and o["seat"] == 0)
    assert lines[laid - 1] == {"ev": "button", "press": "short", "seat": 0, "t": lines[laid - 1]["t"]}
    assert not any(o.get("ev") == "card" for o in lines)
