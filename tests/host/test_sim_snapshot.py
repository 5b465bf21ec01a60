"""``--snapshot``: the PNGs hold the virtual board's OLED pixel for pixel, and the
picture a bots-only game leaves at its end is the GAME OVER screen (read back from the
PNG with the device's font)."""

import subprocess
import sys

from test_sim_support import ROOT
from topper_host.sim import bots, look, png, slap_cmd
from topper_host.sim.snapshot import Snapshots
from topper_host.sim.ui.board_app import BoardFrame
from topper_host.virtual.parts import HEIGHT, WIDTH
from topper_view import font5x8

SCALE, BORDER = 4, 2  # Snapshots' defaults


class Args:
    game = "ww3"
    seats = 2
    jokers = 2
    no_hurry = False
    hurry_ms = 3000


def png_pixels(path):
    """The OLED's pixels (rows of 0/1) read back from its snapshot."""
    with open(path, "rb") as fh:
        w, h, rows = png.decode(fh.read())
    assert (w, h) == ((WIDTH + 2 * BORDER) * SCALE, (HEIGHT + 2 * BORDER) * SCALE)
    on = bytes(look.OLED_ON)
    out = []
    for y in range(HEIGHT):
        row = rows[(y + BORDER) * SCALE + 1]
        out.append([1 if row[((x + BORDER) * SCALE + 1) * 3 :][:3] == on else 0 for x in range(WIDTH)])
    return out


def png_lines(path):
    """The OLED's 8 text lines read back from its snapshot (line 0 is inverted)."""
    bits = png_pixels(path)
    glyphs = {bytes(font5x8.glyph(chr(o))): chr(o) for o in range(32, 127)}
    lines = []
    for page in range(8):
        chars = []
        for col in range(21):
            cell = bytearray(5)
            for c in range(5):
                for y in range(8):
                    on = bits[page * 8 + y][1 + col * 6 + c]
                    cell[c] |= (1 - on if page == 0 else on) << y
            chars.append(glyphs.get(bytes(cell), "?"))
        lines.append("".join(chars).rstrip())
    return lines


def test_a_snapshot_holds_the_boards_oled_pixels(tmp_path):
    board = slap_cmd.make(Args, 3, range(2), bots.Style(), None)
    board.wait(20000)
    frame = BoardFrame(board, 2)
    oled, ring = Snapshots(str(tmp_path)).take(frame)
    bits = png_pixels(oled)
    assert any(any(r) for r in bits)
    for y in range(HEIGHT):
        for x in range(WIDTH):
            assert bits[y][x] == frame.oled.pixel(x, y), (x, y)
    assert png_lines(oled)[0] == board.lines[0].rstrip()


def test_the_end_snapshot_of_a_bots_only_game_is_game_over(tmp_path):
    # Two seats, seed 2: the referee names the winner while the OLED still shows the
    # last lay (it is redrawn up to 100 ms later), so a picture taken at once misses
    # the end.
    shots = tmp_path / "shots"
    cmd = [sys.executable, "-m", "topper_host.cli", "sim", "--bots-only", "--seats", "2", "--seed", "2"]
    cmd += ["--log", str(tmp_path / "g.jsonl"), "--snapshot", str(shots)]
    done = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "P1 wins" in done.stdout or "P2 wins" in done.stdout
    lines = png_lines(shots / "oled-0001-g001-end.png")
    assert lines[0].endswith("GAME OVER"), lines
    assert lines[2].strip() in ("P1 WINS!", "P2 WINS!"), lines
