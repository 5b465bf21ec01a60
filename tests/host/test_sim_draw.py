"""The simulator draws the device's picture: the OLED's pixels are the ones the
firmware's painter and font make (checked against adafruit_framebuf, the buffer a
board would send), the terminal's half blocks decode back to those pixels, the ring
keeps the device's colours and order, and the PNG snapshots hold the same pixels."""

import copy
import json

import adafruit_framebuf
from topper_host.sim import bots, look, png, shot, slap_board, snapshot
from topper_host.sim import wallclock
from topper_host.sim.frame import HEIGHT, WIDTH, Frame
from topper_host.sim.ui import device
from topper_host.sim.device_bots import DeviceBots
from topper_view import ring, screen


def _frames(seats=4, seed=6, minutes=6):
    """Frames of a seeded bots game at the device's shell: every kind of screen it
    showed, once (the simulator's drawing of the device's referee and effects)."""
    board = slap_board.boot("ww3", seats, 2, 3000, seed)
    DeviceBots(board, range(seats), seed, bots.Style())
    seen = {}

    def grab(lines, now):
        rulings = [ln for ln in lines if '"r":' in ln]
        if rulings and board.app.ref is not None:
            # (the referee rewrites its view and the app its effects: a frame kept
            # keeps copies)
            f = Frame(copy.deepcopy(board.app.ref.view(now)), now, copy.deepcopy(board.app.fx))
            seen.setdefault(f.lines[0].split()[0] + json.loads(rulings[-1])["r"], f)

    board.watchers.append(grab)
    slap_board.deal(board, "ww3", seats, 2, 3000, seed)
    board.wait(minutes * 60000)
    return list(seen.values())


def test_oled_pixels_are_the_devices_buffer():
    frames = _frames()
    titles = {f.lines[0].split()[0] for f in frames}
    assert {"WW3", "SLAP!"} <= titles  # game screens and slap screens both checked
    for f in frames:
        buf = bytearray(WIDTH * HEIGHT // 8)
        fb = adafruit_framebuf.FrameBuffer(buf, WIDTH, HEIGHT, adafruit_framebuf.MVLSB)
        screen.paint(fb, f.lines)
        for y in range(HEIGHT):
            for x in range(WIDTH):
                assert f.oled.lit(x, y) == bool(fb.pixel(x, y)), (f.lines, x, y)


def test_terminal_half_blocks_decode_to_the_oled_pixels():
    f = _frames()[0]
    rows = look.oled_rows(f.oled)
    assert len(rows) == 32 and all(len(r) == 128 for r in rows)
    for y in range(HEIGHT):
        for x in range(WIDTH):
            ch = rows[y // 2][x]
            top = ch in "\u2580\u2588"
            bottom = ch in "\u2584\u2588"
            assert (top if y % 2 == 0 else bottom) == f.oled.lit(x, y)


def test_ring_keeps_the_devices_colours_and_order():
    f = _frames()[0]
    assert len(f.ring) == 24 and f.ring == ring.game(f.view, f.now, f.fx)
    for size in device.RINGS:
        grid = device.ring_grid(f.ring, f.view["seats"], (0,), size)
        w, h, rx, ry, _, _, dot = device.RINGS[size]
        cells = look.ring_cells(24, w // 2 - dot // 2, h // 2, rx, ry)
        assert len(set(cells)) == 24  # every pixel has a cell of its own
        for i, (r, c) in enumerate(cells):
            ch, style = grid[r][c]
            assert ch == "\u2588" and style.color.triplet == look.led(f.ring[i])
        seat_cells = ["".join(ch for ch, _ in row) for row in grid]
        assert all("P%d" % (s + 1) in "".join(seat_cells) for s in range(f.view["seats"]))
    cells = look.ring_cells(24, 20, 10, 14, 7)
    assert cells[0] == (17, 20)  # pixel 0, facing P1, at the bottom
    assert cells[6][1] < 20 and cells[12][0] < 10 and cells[18][1] > 20  # clockwise
    # A lit pixel is shown lifted but in its own hue; an unlit one as a dark LED.
    assert look.led((255, 0, 0)) == (255, 0, 0)
    assert look.led((40, 0, 0))[0] > 40 and look.led((0, 0, 0)) == look.LED_OFF


def test_snapshot_pngs_hold_the_same_pixels(tmp_path):
    f = _frames()[0]
    shots = snapshot.Snapshots(str(tmp_path), scale=4)
    oled_path, ring_path = shots.take(f)
    with open(oled_path, "rb") as fh:
        w, h, rows = png.decode(fh.read())
    assert (w, h) == ((WIDTH + 4) * 4, (HEIGHT + 4) * 4)
    for y in range(0, HEIGHT, 3):
        for x in range(0, WIDTH, 3):
            px = rows[(y + 2) * 4 + 1][((x + 2) * 4 + 1) * 3 : ((x + 2) * 4 + 2) * 3]
            assert (tuple(px) == look.OLED_ON) == f.oled.lit(x, y)
    with open(ring_path, "rb") as fh:
        w, h, rows = png.decode(fh.read())
    bottom = int(128 + 256 * snapshot.RADIUS)
    pixel0 = tuple(rows[bottom][128 * 3 : 128 * 3 + 3])  # pixel 0 sits at the bottom
    assert pixel0 == look.led(f.ring[0])


def test_screenshot_renders_an_ansi_capture(tmp_path):
    capture = "\x1b[0;38;2;255;0;0;48;2;0;0;255m\u2588\u2580A\x1b[0m\n"  # as tmux capture-pane -e gives it
    rows = shot.parse(capture)
    assert rows[0][0] == ("\u2588", (255, 0, 0), (0, 0, 255))
    pic = shot.render(rows, scale=1)
    assert pic.get(0, 0) == (255, 0, 0)
    assert pic.get(6, 0) == (255, 0, 0) and pic.get(6, 11) == (0, 0, 255)  # upper half block


def test_live_clock_stops_while_paused():
    now = [100.0]
    c = wallclock.LiveClock(monotonic=lambda: now[0])
    now[0] += 1.5
    assert c.now() == 1500
    c.pause(True)
    now[0] += 10
    assert c.now() == 1500
    c.pause(False)
    now[0] += 0.25
    assert c.now() == 1750
    c.set_speed(4.0)
    now[0] += 0.5
    assert c.now() == 3750
