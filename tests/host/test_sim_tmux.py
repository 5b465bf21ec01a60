"""The real ``topper sim`` in a real terminal (tmux): keys go in through the tty, the
screen is read back with capture-pane, the OLED decoded from its half blocks with the
device's font. Skipped only when tmux is missing (CI's setup installs it)."""

import os
import re
import shutil
import signal
import subprocess
import sys
import time
import uuid

import pytest
from test_sim_support import ROOT, replayed
from topper_host.sim import png
from topper_view import font5x8

TMUX = shutil.which("tmux")
pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed (scripts/setup installs it)")


def _topper_cmd():
    exe = os.path.join(os.path.dirname(sys.executable), "topper")
    return exe if os.path.exists(exe) else "%s -m topper_host.cli" % sys.executable


class Pane:
    """A tmux server of our own (its own socket), one window, 200 x 60 unless told."""

    def __init__(self, command, size=(200, 60)):
        self.sock = "topper-sim-%s" % uuid.uuid4().hex[:8]
        self._tmux("new-session", "-d", "-x", str(size[0]), "-y", str(size[1]), "-s", "t", command)

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


def _start(tmp_path, args, size=(200, 60)):
    """``topper sim ARGS`` in a pane; after it ends the shell prints its exit status and
    the terminal's settings, so the test can see the tty was put back."""
    # COLUMNS and LINES from the test run would fix the size Textual sees.
    p = Pane("unset COLUMNS LINES; %s sim %s; echo EXIT=$?; stty -a; sleep 60" % (_topper_cmd(), args), size)
    p.dir = tmp_path
    return p


@pytest.fixture
def pane(tmp_path):
    # Bots that never slap: the slap the test makes is the one judged.
    p = _start(
        tmp_path,
        "--seed 1 --seats 3 --no-hurry --bot-miss 1 --bot-wrong 0 --log %s --snapshot %s"
        % (tmp_path / "live.jsonl", tmp_path / "shots"),
    )
    p.log = tmp_path / "live.jsonl"
    yield p
    p.close()


def _restored(text):
    """The shell's ``stty -a`` shows line editing and echo on again."""
    return re.search(r"(^|\s)icanon(\s|$)", text) and re.search(r"(^|\s)echo(\s|$)", text)


def _safe_oled(text):
    try:
        return oled(text)
    except (IndexError, StopIteration):
        return [""] * 8


def test_lay_and_slap_in_the_terminal(pane):
    # A capture can catch a frame half written, so each wait asks for everything it
    # then checks to be on the screen at once.
    def my_turn(s):
        return "\u25b6 P1 you" in s and "s or j: slap" in s and _safe_oled(s)[0].startswith("WW3 P1 lays")

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

    pane.keys("x")
    pane.until(lambda s: "saved " in s and "oled-0001.png" in s, "the snapshot notice")
    with open(pane.dir / "shots" / "oled-0001.png", "rb") as fh:
        assert png.decode(fh.read())[:2] == (132 * 4, 68 * 4)
    assert (pane.dir / "shots" / "ring-0001.png").exists()

    pane.keys("p")
    pane.until(lambda s: "PAUSED" in s.split("\n")[0], "the pause")
    pane.keys("p")
    pane.keys("q")
    text = pane.until(lambda s: "EXIT=" in s and "icanon" in s, "the program to end")
    assert "EXIT=0" in text and "seed 1: unfinished; log " in text
    assert _restored(text)
    rulings = replayed(pane.log)
    assert any(r["r"] == "lay" and r["seat"] == 0 and r["card"] == laid for r in rulings)
    assert any(r["r"] == "slap" and r["by"] == 0 for r in rulings)


def test_a_killed_game_puts_the_terminal_back(tmp_path):
    p = _start(tmp_path, "--seed 2 --log %s" % (tmp_path / "killed.jsonl"))
    try:
        p.until(lambda s: "P1 you" in s and "s or j: slap" in s, "the game screen")
        shell = int(p._tmux("list-panes", "-t", "t", "-F", "#{pane_pid}").split()[0])
        child = subprocess.run(
            ["pgrep", "-P", str(shell)], capture_output=True, text=True, check=False
        ).stdout.split()
        assert child, "no topper process under the pane's shell"
        os.kill(int(child[0]), signal.SIGTERM)
        text = p.until(lambda s: "EXIT=" in s and "icanon" in s, "the program to end")
        assert "EXIT=143" in text and _restored(text)
        replayed(tmp_path / "killed.jsonl")  # the log so far is whole
    finally:
        p.close()


def test_replay_plays_a_log_on_the_board(tmp_path):
    log = ROOT / "docs" / "examples" / "ww3-by-hand.jsonl"
    p = _start(tmp_path, "--replay %s --speed 4" % log)
    try:

        def ended(s):
            return "P2 slaps wrongly" in s and _safe_oled(s)[0] == "WRONG SLAP: P2"

        text = p.until(ended, "the log's last ruling on the board")
        assert "replay of ww3-by-hand.jsonl" in text
        assert "P3 slaps first (P3 +0 ms): run3, takes the pot" in text
        assert "P1 late by 40 ms" in text
        assert "Last slap: 1. P2 +0 ms" in text
        p.keys("q")
        text = p.until(lambda s: "EXIT=" in s and "icanon" in s, "the program to end")
        assert "EXIT=0" in text and _restored(text)
    finally:
        p.close()


def test_learner_mode_in_an_80_by_24_terminal(tmp_path):
    log = ROOT / "docs" / "examples" / "ww3-by-hand.jsonl"
    p = _start(tmp_path, "--replay %s --speed 4 --learn" % log, size=(80, 24))
    try:

        def ended(s):
            # The panels and the OLED repaint in separate frames: wait for all three
            # (the OLED's own lines must fit a small terminal too).
            return (
                "P2 slaps wrongly" in s
                and "why: wrong slap: 1YC on top" in s
                and "WRONG SLAP: P2" in s
            )

        text = p.until(ended, "the last ruling, its reason and the OLED's line")
        rows = text.rstrip("\n").split("\n")
        assert rows[-1].strip() == "p: pause   +/-: speed   x: snapshot   ?: help   q: quit"
        p.keys("?")
        p.until(lambda s: "slap: P1's seat button" in s, "the help screen")
        p.keys("Escape")  # alone: Escape then q at once reads as Alt-q
        p.until(lambda s: "slap: P1's seat button" not in s, "the help screen closed")
        p.keys("C-c")  # Ctrl-C quits as q does, and the terminal is put back
        text = p.until(lambda s: "EXIT=" in s and "icanon" in s, "the program to end")
        assert "EXIT=0" in text and _restored(text)
    finally:
        p.close()


def test_watching_bots_to_the_end_and_the_next_game(tmp_path):
    # Seed 4 with two seats is a short game (3:35 of table time): at 64x about 3.4 s.
    p = _start(
        tmp_path,
        "--bots-only --watch --seats 2 --seed 4 --speed 64 --log %s" % (tmp_path / "w.jsonl"),
    )
    try:

        def over(s):
            screen = _safe_oled(s)
            return (
                "GAME OVER" in s.split("\n")[0]
                and screen[2].strip() == "P1 WINS!"
                and "P1 WINS THE GAME" in s
                and "n: next game" in s
                and "P1 bot 66 cards  WINNER" in s
            )

        p.until(over, "the winner screen, panel, commentary and keys")
        p.keys("n")
        p.until(lambda s: "seed 5" in s.split("\n")[0], "the next game, seed 5")
        p.keys("q")
        text = p.until(lambda s: "EXIT=" in s and "icanon" in s, "the program to end")
        assert "seed 4: P1 won; log " in text and "seed 5: unfinished; log " in text
        assert replayed(tmp_path / "w.jsonl")[-1]["r"] == "win"
        replayed(tmp_path / "w-002.jsonl")
    finally:
        p.close()
