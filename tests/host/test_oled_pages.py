"""The OLED driver sends only the lines that changed: what the panel shows must be
exactly the screen a whole repaint gives, whatever changed and in whatever order, and
a failed write must not leave a line stale."""

import pathlib
import random
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "firmware" / "lib"))

from topper_host.virtual.parts import I2C, Ssd1306Ram  # noqa: E402
from topper_hw import oled  # noqa: E402
from topper_view import screen  # noqa: E402


class Bus(I2C):
    """The virtual board's bus, keeping each write (the display data's length) and
    failing a write when asked."""

    def __init__(self):
        super().__init__()
        self.writes = []
        self.fail_next_data = False

    def writeto(self, addr, data, *, start=0, end=1 << 30):
        chunk = bytes(data)[start:end]
        if chunk[:1] == b"\x40" and self.fail_next_data:
            self.fail_next_data = False
            # The panel takes the first page, then the bus fails (a loose wire).
            self.display.write(chunk[: 1 + oled.W])
            raise OSError(5, "I/O error")
        self.writes.append(chunk)
        super().writeto(addr, data, start=start, end=end)


def whole(lines):
    """The RAM a panel holds after one full frame of ``lines`` from a fresh driver."""
    bus = I2C()
    oled.Oled(bus, screen.paint).draw(lines)
    return bytes(bus.ram)


def screen_of(seed):
    rnd = random.Random(seed)
    words = ["SLAP!", "P2 TAKES POT", "pot 14", "P3 to lay", "hurry 3s", "", "WRONG P4"]
    return [" ".join(rnd.choice(words) for _ in range(rnd.randint(0, 3)))[: screen.COLS]
            for _ in range(screen.LINES)]


def test_one_changed_line_sends_its_page_alone():
    bus = Bus()
    d = oled.Oled(bus, screen.paint)
    a = ["TITLE", "one", "two", "three", "four", "five", "six", "seven"]
    d.draw(a)
    assert len(bus.writes[-1]) == 1 + 1024  # the first screen: every page
    b = list(a)
    b[3] = "THREE!"
    assert d.draw(b)
    window, data = bus.writes[-2], bus.writes[-1]
    assert window[:1] == b"\x00" and bytes(window[4:7]) == bytes((0x22, 3, 3))
    assert len(data) == 1 + 128  # one page: line 3
    assert bytes(bus.ram) == whole(b)
    assert not d.draw(list(b))  # nothing changed: nothing sent
    assert bus.writes[-1] is data


def test_lines_apart_go_in_a_window_each_and_neighbours_in_one():
    bus = Bus()
    d = oled.Oled(bus, screen.paint)
    a = ["SLAP!", "", "", "", "", "", "", "P1 to lay"]
    d.draw(a)
    n = len(bus.writes)
    b = ["WRONG", "", "", "x", "y", "", "", "P2 to lay"]
    d.draw(b)
    sent = bus.writes[n:]
    windows = [bytes(w[5:7]) for w in sent if w[:1] == b"\x00"]
    assert windows == [bytes((0, 0)), bytes((3, 4)), bytes((7, 7))]
    assert [len(w) for w in sent if w[:1] == b"\x40"] == [129, 257, 129]
    assert bytes(bus.ram) == whole(b)


def test_any_sequence_of_screens_shows_what_a_whole_repaint_would():
    bus = Bus()
    d = oled.Oled(bus, screen.paint)
    rnd = random.Random(16)
    lines = screen_of(0)
    for k in range(300):
        lines = list(lines)
        for _ in range(rnd.randint(1, 3)):  # a few lines change, as in play
            lines[rnd.randrange(screen.LINES)] = screen_of(k)[rnd.randrange(screen.LINES)]
        d.draw(lines)
        assert bytes(bus.ram) == whole(lines), k
    # Fewer bytes than whole frames: the point of it.
    sent = sum(len(w) for w in bus.writes if w[:1] == b"\x40")
    assert sent < 300 * 1025 * 3 // 4


def test_a_failed_write_sends_the_whole_screen_next_time():
    bus = Bus()
    d = oled.Oled(bus, screen.paint)
    a = ["TITLE", "one", "two", "three", "four", "five", "six", "seven"]
    d.draw(a)
    b = ["TITLE", "ONE", "TWO", "THREE", "four", "five", "six", "seven"]
    bus.fail_next_data = True
    try:
        d.draw(b)
        raise AssertionError("the bus error must reach the app")
    except OSError:
        pass
    assert bytes(bus.ram) != whole(b)  # half a screen on the panel
    c = list(b)
    c[7] = "SEVEN"  # the next screen differs from b in line 7 alone
    d.draw(c)
    assert len(bus.writes[-1]) == 1 + 1024
    assert bytes(bus.ram) == whole(c)


def test_the_model_wraps_within_its_window_as_the_panel_does():
    panel = Ssd1306Ram()
    panel.write(bytes((0x00, 0x21, 0, 127, 0x22, 6, 7)))
    panel.write(b"\x40" + bytes([1]) * 256 + bytes([2]) * 3)  # 3 bytes past page 7
    assert panel.ram[6 * 128 : 6 * 128 + 3] == bytes([2, 2, 2])
    assert panel.ram[6 * 128 + 3] == 1 and panel.ram[0] == 0
