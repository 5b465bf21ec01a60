"""The real ``topper sim`` in a real terminal (tmux): keys go in through the tty, the
screen is read back with capture-pane, the OLED decoded from its half blocks with the
device's font. Skipped only when tmux is missing (CI's setup installs it)."""

import os
import re
import shutil
import subprocess
import sys
import time
import uuid

import pytest
from test_sim_support import ROOT, replayed
from topper_host.sim.viewlib import font5x8

TMUX = shutil.which("tmux")
pytestmark = pytest.mark.skipif(
    TMUX is None, reason="tmux is not installed (scripts/setup installs it)"
)


def _topper_cmd():
    exe = os.path.join(os.path.dirname(sys.executable), "topper")
    return exe if os.path.exists(exe) else "%s -m topper_host.cli" % sys.executable


class Pane:
    """A tmux server of our own (its own socket), one 200 x 60 window."""

    def __init__(self, command):
        self.sock = "topper-sim-%s" % uuid.uuid4().hex[:8]
        self._tmux("new-session", "-d", "-x", "200", "-y", "60", "-s", "t", command)

    def _tmux(self, *args):
        return subprocess.run(
            [TMUX, "-L", self.sock, *args], capture_output=True, text=True, cwd=ROOT, check=True
        ).stdout

    def keys(self, *keys):
        self._tmux("send-keys", "-t", "t", *keys)

    def text(self):
        return self._tmux("capture-pane", "-p", "-t", "t")

    def until(self, test, what, timeout=15.0):
        """Poll the screen until ``test(text)`` is true; returns the text."""
        end = time.monotonic() + timeout
        while True:
            text = self.text()
            if test(text):
                return text
            if time.monotonic() > end:
                pytest.fail("waited %.0f s for %s; the screen shows:\n%s" % (timeout, what, text))
            time.sleep(0.03)

    def close(self):
        subprocess.run([TMUX, "-L", self.sock, "kill-server"], capture_output=True, check=False)


def stack(text, seat=1):
    m = re.search(r"P%d (?:you|bot)\s+(\d+) cards" % seat, text)
    return int(m.group(1)) if m else None


def oled(text):
    """The OLED's 8 text lines, read back from the half blocks on the screen."""
    rows = text.split("\n")
    top = next(i for i, r in enumerate(rows) if "OLED 128x64" in r) + 1
    bits = []
    for r in rows[top : top + 32]:
        cells = r[1:129].ljust(128)
        bits.append([1 if c in "\u2580\u2588" else 0 for c in cells])
        bits.append([1 if c in "\u2584\u2588" else 0 for c in cells])
    glyphs = {}
    for o in range(32, 127):
        glyphs[bytes(font5x8.glyph(chr(o)))] = chr(o)
    lines = []
    for page in range(8):
        chars = []
        for col in range(21):
            x = 1 + col * 6
            cell = bytearray(5)
            for c in range(5):
                for y in range(8):
                    on = bits[page * 8 + y][x + c]
                    if page == 0:
                        on = 1 - on  # the title bar is inverted
                    cell[c] |= on << y
            chars.append(glyphs.get(bytes(cell), "?"))
        lines.append("".join(chars).rstrip())
    return lines


@pytest.fixture
def pane(tmp_path):
    log = tmp_path / "live.jsonl"
    # Bots that never slap: the slap the test makes is the one judged.
    cmd = (
        "%s sim --seed 1 --seats 3 --no-hurry --bot-miss 1 --bot-wrong 0 --log %s; "
        "echo EXIT=$?; stty -a; sleep 60" % (_topper_cmd(), log)
    )
    p = Pane(cmd)
    p.log = log
    yield p
    p.close()


def _safe_oled(text):
    try:
        return oled(text)
    except (IndexError, ValueError):
        return [""] * 8


def test_lay_and_slap_in_the_terminal(pane):
    # A capture can catch a frame half written, so each wait asks for everything it
    # then checks to be on the screen at once.
    def my_turn(s):
        return (
            "\u25b6 P1 you" in s
            and "s or j: slap" in s
            and _safe_oled(s)[0].startswith("WW3 P1 lays")
        )

    text = pane.until(my_turn, "P1's turn on the panel and on the OLED")
    before = stack(text)
    assert "space/enter: lay a card" in text

    pane.keys("Space")

    def laid_one(s):
        return (
            stack(s) == before - 1
            and re.search(r"P1 lays \S+", s)
            and "P1 %d" % (before - 1) in " ".join(" ".join(_safe_oled(s)).split())
        )

    text = pane.until(laid_one, "P1's stack to shrink by one, on the panel and the OLED")
    laid = re.search(r"P1 lays (\S+)", text).group(1)

    pane.keys("s")

    def slapped(s):
        screen = _safe_oled(s)
        return (
            "P1 slaps" in s
            and "Last slap: 1. P1 +0 ms" in s
            and screen[0] in ("WRONG SLAP: P1", "SLAP! P1 TAKES POT")
            and screen[2].split()[:3] == ["1.", "P1", "0ms"]
        )

    text = pane.until(slapped, "the slap ruling on the panel and the OLED")
    screen = oled(text)
    after = stack(text)
    if screen[0] == "WRONG SLAP: P1":
        assert screen[1] == "P1 pays 3 cards" and after == before - 1 - 3
    else:
        assert after > before - 1

    pane.keys("p")
    pane.until(lambda s: "PAUSED" in s.split("\n")[0], "the pause")
    pane.keys("p")
    pane.keys("q")
    text = pane.until(lambda s: "EXIT=" in s and "icanon" in s, "the program to end")
    assert "EXIT=0" in text
    # The terminal is back to normal: line editing and echo are on again.
    assert re.search(r"(^|\s)icanon(\s|$)", text) and re.search(r"(^|\s)echo(\s|$)", text)
    rulings = replayed(pane.log)
    assert any(r["r"] == "lay" and r["seat"] == 0 and r["card"] == laid for r in rulings)
    assert any(r["r"] == "slap" and r["by"] == 0 for r in rulings)
