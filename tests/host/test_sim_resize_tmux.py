"""The real ``topper sim`` in a tmux window that changes size while it plays: every
mode lays itself out again at each size, both ways; under 80 x 24 it asks for a bigger
terminal and holds the game; the help holds the game and scrolls; a game you play
starts with a "get ready" countdown. Skipped only when tmux is missing."""

import re
import time

import pytest
from test_sim_tmux import TMUX, _start

pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed (scripts/setup installs it)")

SMALL = "Make the terminal at least 80 x 24"


def resize(pane, w, h):
    pane._tmux("resize-window", "-t", "t", "-x", str(w), "-y", str(h))


def table_secs(text):
    """The table's time on the title bar ("12.3 s"), or None (GET READY, PAUSED)."""
    m = re.search(r"(\d+\.\d) s\s*$", text.split("\n")[0])
    return float(m.group(1)) if m else None


def _slap(s):
    return "Pile " in s and "Last slap:" in s and "a new game: ww3" in s


def _turn(s):
    return "Your cards (P1):" in s and "a new game: tripp" in s


def _device(s):
    return "1-8: seat" in s


# Each mode, and what a player sees of it besides the OLED, the ring and the keys.
MODES = {
    "slap": ("--seed 1", _slap),
    "blind": ("--blind --seed 1", _slap),
    "turn": ("--game tripp --players 2 --seed 5 --bot-speed 4", _turn),
    "device": ("--device --nvm {tmp}/nvm.bin", _device),
}


def _whole(parts, big):
    """The screen shows the OLED (pixel for pixel when ``big``), the ring, the key line
    and the mode's own parts, and nothing asks for a bigger terminal."""

    def test(s):
        oled = "OLED 128x64" in s if big else ("OLED" in s and "OLED 128x64" not in s)
        return oled and "ring" in s and "q: quit" in s and parts(s) and SMALL not in s

    return test


@pytest.mark.parametrize("mode", sorted(MODES))
def test_every_mode_lays_itself_out_again_at_each_size(tmp_path, mode):
    args, parts = MODES[mode]
    p = _start(tmp_path, "%s --log %s" % (args.format(tmp=tmp_path), tmp_path / "g.jsonl"))
    try:
        p.until(_whole(parts, True), "the big layout at 200 x 60")
        for w, h, big in ((80, 24, False), (120, 40, False), (200, 60, True), (80, 24, False)):
            resize(p, w, h)
            text = p.until(_whole(parts, big), "the layout at %d x %d" % (w, h))
            rows = text.rstrip("\n").split("\n")
            assert len(rows) <= h and all(len(r) <= w for r in rows)
        resize(p, 79, 24)
        p.until(lambda s: SMALL in s and "79 x 24" in s, "the request for a bigger terminal")
        resize(p, 120, 40)
        p.until(_whole(parts, False), "the game back at 120 x 40")
    finally:
        p.close()


def _playing(s):
    return table_secs(s) is not None and "P1 you" in s


def test_a_terminal_under_80_by_24_holds_the_game_until_it_grows(tmp_path):
    p = _start(tmp_path, "--seed 1 --log %s" % (tmp_path / "g.jsonl"), size=(80, 24))
    try:
        before = table_secs(p.until(_playing, "the game under way"))
        resize(p, 70, 20)
        p.until(lambda s: SMALL in s and "70 x 20" in s and "paused" in s, "the request for more room")
        time.sleep(1.5)  # time that must not pass at the table: nothing on screen to wait for
        resize(p, 80, 24)
        after = table_secs(p.until(_playing, "the game back at 80 x 24"))
        assert after - before < 1.0, (before, after)
    finally:
        p.close()


def test_help_holds_the_game_and_scrolls_at_80_by_24(tmp_path):
    p = _start(tmp_path, "--seed 1 --log %s" % (tmp_path / "g.jsonl"), size=(80, 24))
    try:
        before = table_secs(p.until(_playing, "the game under way"))
        p.keys("?")
        p.until(lambda s: "slap: P1's seat button" in s, "the help screen")
        time.sleep(1.5)  # time that must not pass at the table while the help is open
        p.keys("Escape")
        after = table_secs(p.until(_playing, "the game again"))
        assert after - before < 1.0, (before, after)
        p.keys("?")
        text = p.until(lambda s: "slap: P1's seat button" in s, "the help screen again")
        assert "the game is paused" in text and "each ruling." not in text
        p.keys("End")
        p.until(lambda s: "each ruling." in s, "the help's last line, scrolled to")
    finally:
        p.close()


def test_a_game_you_play_starts_with_get_ready(tmp_path):
    p = _start(tmp_path, "--seed 1 --log %s" % (tmp_path / "g.jsonl"), size=(120, 40))
    try:
        p.until(lambda s: "GET READY 3" in s and "the game starts in 3" in s, "the countdown's 3")
        p.until(lambda s: "GET READY 1" in s and "the game starts in 1" in s, "the countdown's 1")
        text = p.until(_playing, "the game")
        # The table stood still through the countdown: the starter has not long pressed.
        assert table_secs(text) < 1.5 and "Hurry-up: P2 has" in text
    finally:
        p.close()


def test_keys_say_what_they_do_in_each_mode(tmp_path):
    p = _start(tmp_path, "--device --nvm %s --log %s" % (tmp_path / "nvm.bin", tmp_path / "g.jsonl"))
    try:
        text = p.until(lambda s: "space: table button" in s, "the device's key line")
        assert "t: lay a card" in text and "Enter: table button held" in text
        p.keys("?")
        p.until(lambda s: "the table button, short press; it lays no card here" in s, "the device's help")
    finally:
        p.close()
