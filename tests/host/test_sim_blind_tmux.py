"""The real ``topper sim --blind`` in a real terminal (tmux): your card laid with the
space bar, your slap ranked by the device, your "wrong" on it with w, the slap paid
from your stack, quitting with q; the terminal put back and the log replayed by
``topper replay``. Skipped only when tmux is missing (CI's setup installs it)."""

import re

import pytest
from test_sim_support import replayed
from test_sim_tmux import TMUX, _restored, _safe_oled, _start, stack

pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed (scripts/setup installs it)")


def test_lay_slap_and_judge_blind_in_the_terminal(tmp_path):
    # Bots that never slap: the slap the test makes is the one judged.
    log = tmp_path / "blind.jsonl"
    pane = _start(tmp_path, "--blind --seed 5 --seats 3 --no-hurry --bot-miss 1 --bot-wrong 0 --log %s" % log)
    try:

        def my_turn(s):
            return "\u25b6 P1 you" in s and "s or j: slap" in s

        before = stack(pane.until(my_turn, "P1's turn on the panel"))
        pane.keys("Space")

        # (the device's log has no card: the commentary names it from the table)
        def laid(s):
            return stack(s) == before - 1 and re.search(r"P1 lays (\d\w\w|JK)", s)

        pane.until(laid, "P1's card laid and named")

        pane.keys("s")

        def asked(s):
            return _safe_oled(s)[0] == "P1 SLAPPED: GOOD?" and "g/w: good/wrong" in s

        pane.until(asked, "the device asking the table about P1's slap")
        pane.keys("w")

        def paid(s):
            return _safe_oled(s)[0] == "WRONG: P1 PAYS 3" and stack(s) == before - 1 - 3

        pane.until(paid, "P1's wrong slap paid from its stack")
        pane.keys("q")
        text = pane.until(lambda s: "EXIT=" in s and "icanon" in s, "the program to end")
        assert "EXIT=0" in text and "seed 5: unfinished; log " in text
        assert _restored(text)
    finally:
        pane.close()
    confirms = [r for r in replayed(log) if r["r"] == "confirm"]
    assert [(r["seat"], r["ok"], r["paid"]) for r in confirms] == [(0, False, 3)]
