"""The firmware driver ``topper_hw.pio_seats`` on the host: ``rp2pio``, ``supervisor``
and ``board`` are replaced by fakes whose state machine is the pioemu emulator running
the bytes the driver hands it (so a wrong program, init, shift direction or pull-up
setting shows up as wrong events). Covers DMA-ring and FIFO reading, overflow reports
and recovery, the fallback to keypad, and the referee fed from the driver."""

import importlib
import sys
import types

import pytest
from _rig import rigged_referee
from test_pio_rig import CYCLES_PER_US, Machine, Pins
from topper.games.slap.engine import WW3
from topper_hw import pio_seats

BASE_MS = 70000  # supervisor.ticks_ms when the state machine starts
PINS = "GP6,GP7,GP8,GP9,GP10,GP11,GP12,GP13"
PAIR_ON_TOP = ["1RC 1RH 4YS 2GT", "1GT 2BS 3YC 4GC", "4GC 3BH 2YT", "2BH 3BS"]


class World:
    """One fake board: a waveform on GP6..GP13, a system clock, ticks from the
    emulated cycles."""

    def __init__(self, pins, sys_hz=125000000, dma=True):
        self.pins = pins
        self.sys_hz = sys_hz
        self.dma = dma
        self.sm = None
        self.log = []

    def ticks_ms(self):
        cycles = self.sm.machine.clock if self.sm else 0
        return BASE_MS + cycles // (1000 * CYCLES_PER_US)

    def advance_us(self, t_us):
        self.sm.machine.run_until_us(t_us)


class FakeStateMachine:
    """``rp2pio.StateMachine`` over the emulator, for the arguments this driver uses."""

    world = None

    def __init__(
        self,
        program,
        frequency,
        *,
        init=None,
        first_in_pin=None,
        in_pin_count=1,
        pull_in_pin_up=0,
        in_shift_right=True,
        auto_push=False,
        push_threshold=32,
        wrap_target=0,
        wrap=-1,
        sideset_enable=False,
    ):
        w = self.world
        assert first_in_pin == "GP6" and in_pin_count == 8
        assert pull_in_pin_up == 0xFF  # active-low buttons need every pull-up
        assert not auto_push and not sideset_enable
        # CircuitPython's divider: 8.8 fixed point, rounded up (common-hal StateMachine.c)
        f256 = w.sys_hz * 256
        div = -(-f256 // frequency)
        self.frequency = f256 // div
        self.machine = Machine(
            w.pins,
            shift_right=in_shift_right,
            opcodes=list(program),
            init=list(init or []),
            wrap_target=wrap_target,
            wrap=wrap,
        )
        self.ring = None
        self.ring_pos = 0
        self.runs = 0
        self.cleared = 0
        self.deinited = False
        w.sm = self

    # FIFO reading
    @property
    def in_waiting(self):
        return len(self.machine.fifo)

    def readinto(self, buf, *, start=0, end=None):
        end = len(buf) if end is None else end
        words = self.machine.read(end - start)
        assert len(words) == end - start, "readinto would block on the board"
        for i, word in enumerate(words):
            buf[start + i] = word

    @property
    def rxstall(self):
        return self.machine.rxstall

    def clear_rxfifo(self):
        self.cleared += 1
        self.machine.clear_rxfifo()

    def run(self, instructions):
        self.runs += 1
        self.machine.exec(list(instructions))

    def deinit(self):
        self.deinited = True

    # DMA ring: every pushed word is written at once into the loop buffer, cyclically
    def _dma(self, word):
        self.ring[self.ring_pos] = word
        self.ring_pos = (self.ring_pos + 1) % len(self.ring)

    def stop_background_read(self):
        self.machine.sink = None


class FakeDmaStateMachine(FakeStateMachine):
    def background_read(self, once=None, *, loop=None, loop2=None, swap=False):
        assert once is None and loop2 is None and loop is not None and not swap
        assert loop.typecode == "i" and loop.itemsize == 4  # 32-bit words, signed: -1 free
        self.ring = loop
        self.ring_pos = 0  # a (re)started DMA writes from the start of the buffer
        self.dma_starts = getattr(self, "dma_starts", 0) + 1
        for word in self.machine.read():  # and first takes what waits in the FIFO
            self._dma(word)
        self.machine.sink = self._dma


@pytest.fixture
def board(monkeypatch):
    """Installs the fake CircuitPython modules; returns a function making a World."""

    def make(pins, **kw):
        world = World(pins, **kw)
        cls = FakeDmaStateMachine if world.dma else FakeStateMachine
        cls.world = world
        monkeypatch.setitem(sys.modules, "rp2pio", types.SimpleNamespace(StateMachine=cls))
        monkeypatch.setitem(
            sys.modules, "supervisor", types.SimpleNamespace(ticks_ms=world.ticks_ms)
        )
        names = {"GP%d" % n: "GP%d" % n for n in range(29)}
        monkeypatch.setitem(sys.modules, "board", types.SimpleNamespace(**names))
        # The same objects under the chip's names, as on CircuitPython.
        gpios = types.SimpleNamespace(**{"GPIO%d" % n: names["GP%d" % n] for n in range(29)})
        monkeypatch.setitem(sys.modules, "microcontroller", types.SimpleNamespace(pin=gpios))
        return world

    return make


def _open(world, seats=4, pins=PINS):
    return pio_seats.open_seats("pio", pins, seats, lambda: "keypad", log=world.log.append)


def _polls(world, drv, until_us, every_us=1000):
    events = []
    t = 0
    while t < until_us:
        t = min(t + every_us, until_us)
        world.advance_us(t)
        events.extend(drv.poll())
    return events


@pytest.mark.parametrize("dma", [True, False])
def test_presses_3us_apart_come_out_stamped_against_the_ticks(board, dma):
    world = board(Pins().down(300.0, 2).down(303.0, 0), dma=dma)
    drv = _open(world)
    assert isinstance(drv, pio_seats.PioSeats) and drv.dma == dma and world.log == []
    # reported once held 500 us, at the first poll 3 ms (GUARD_MS) past that: at 4 ms
    assert _polls(world, drv, 3000) == []
    events = _polls(world, drv, 4000)
    assert events == [(2, True, BASE_MS, 300), (0, True, BASE_MS, 303)]
    assert drv.held() == 0b0101 and drv.overflows == 0 and drv.stale == 0
    # the referee, fed from the driver, ranks them with their margin
    _, ref = rigged_referee(WW3, PAIR_ON_TOP)
    ref.lay(BASE_MS - 400)
    ref.lay(BASE_MS - 300)
    for seat, _, t, us in events[:2]:
        ref.press(seat, t, us)
    slap = next(r for r in ref.tick(BASE_MS + 2) if r["r"] == "slap")
    assert slap["order"] == [[2, 0], [0, 3]] and slap["by"] == 2


def test_the_poll_list_is_reused(board):
    world = board(Pins().down(300.0, 1))
    drv = _open(world)
    world.advance_us(4000)
    first = drv.poll()
    assert first == [(1, True, BASE_MS, 300)]
    world.advance_us(4100)
    assert drv.poll() is first and first == []


def test_seats_beyond_the_count_give_nothing(board):
    world = board(Pins().down(100.0, 6).down(200.0, 3))
    drv = _open(world, seats=4)
    assert _polls(world, drv, 4000) == [(3, True, BASE_MS, 200)]


def test_fifo_overflow_is_reported_and_the_state_recovers(board):
    # FIFO reading, nobody polls for 0.5 ms: seat 3 chatters 11 times in 60 us and
    # seat 1 presses cleanly at 100 us. The FIFO keeps the 8 oldest words; seat 1's is
    # dropped (RXSTALL). The poll reports the overflow, clears the flag and makes the
    # state machine push a fresh snapshot: seat 1's press comes out, late, and both are
    # reported once held 500 us (at a poll 3 ms past that).
    p = Pins().bounce(10.0, 3, [5, 5, 5, 5, 5, 5, 5, 5, 5, 5])  # 11 edges, ends down
    p.down(100.0, 1)
    world = board(p, dma=False)
    drv = _open(world)
    world.advance_us(500)
    assert world.sm.rxstall
    first = list(drv.poll())
    assert first == []
    assert drv.overflows == 1 and world.sm.cleared == 1 and world.sm.runs == 1
    assert not world.sm.rxstall
    world.advance_us(4510)
    second = list(drv.poll())
    assert len(second) == 2 and second[0] == (3, True, BASE_MS, 10) and second[1][:2] == (1, True)
    assert second[1][3] >= 500  # stamped when the fresh snapshot was taken, not at 100
    assert drv.held() == 0b1010 and drv._dec.late == 1


def test_dma_ring_takes_the_same_burst_without_loss(board):
    p = Pins().bounce(10.0, 3, [5, 5, 5, 5, 5, 5, 5, 5, 5, 5])
    p.down(100.0, 1)
    world = board(p, dma=True)
    drv = _open(world)
    world.advance_us(500)
    assert drv.poll() == []  # not held 500 us yet
    world.advance_us(4500)
    assert drv.poll() == [(3, True, BASE_MS, 10), (1, True, BASE_MS, 100)]
    assert drv.overflows == 0 and world.sm.runs == 0


def test_dma_ring_lapped_is_reported_and_the_state_recovers(board):
    # A pin toggling every microsecond for 300 us fills more than the 256-word ring
    # between two polls: the words are dropped, the loss reported, the state rebuilt.
    p = Pins()
    for k in range(300):
        (p.down if k % 2 == 0 else p.up)(20.5 + k, 2)
    p.down(400.0, 0)
    world = board(p, dma=True)
    drv = _open(world)
    world.advance_us(450)
    assert drv.poll() == []
    assert drv.overflows == 1 and world.sm.runs == 1 and world.sm.dma_starts == 2
    world.advance_us(4460)
    out = drv.poll()
    assert [e[:2] for e in out] == [(0, True)] and drv.held() == 0b0001


def test_stale_drains_are_counted(board):
    world = board(Pins())
    drv = _open(world)
    drv._dec.begin(BASE_MS + 5000)  # as if the loop had stalled 5 s
    assert drv.stale == 1


def test_fallback_to_keypad_when_rp2pio_is_missing(monkeypatch):
    monkeypatch.setitem(sys.modules, "rp2pio", None)  # import fails, as off an RP2
    log = []
    got = pio_seats.open_seats("pio", PINS, 4, lambda: "keypad", log=log.append)
    assert got == "keypad" and "pio unavailable" in log[0]


def test_fallback_when_the_pins_are_not_consecutive(board):
    world = board(Pins())
    pins = "GP6,GP7,GP8,GP9,GP10,GP11,GP12,GP14"
    assert _open(world, pins=pins) == "keypad"
    assert "consecutive" in world.log[0] and world.sm is None


def test_fallback_when_10mhz_does_not_divide_the_system_clock(board):
    world = board(Pins(), sys_hz=133000000)
    assert _open(world) == "keypad"
    assert "9999412" in world.log[0] and world.sm.deinited


def test_keypad_unless_pio_is_asked_for(board):
    world = board(Pins())
    for capture in ("keypad", "", None):
        got = pio_seats.open_seats(capture, PINS, 4, lambda: "keypad", log=world.log.append)
        assert got == "keypad"
    assert world.sm is None and world.log == []


def test_first_gpio(board):
    board(Pins())
    assert pio_seats.first_gpio(PINS) == 6
    assert pio_seats.first_gpio(PINS.split(",")) == 6
    assert pio_seats.first_gpio("GP0,GP1,GP2,GP3,GP4,GP5,GP6,GP7") == 0
    for bad in (
        "GP6,GP7",
        "GP7,GP6,GP8,GP9,GP10,GP11,GP12,GP13",
        "A0,GP7,GP8,GP9,GP10,GP11,GP12,GP13",
    ):
        assert pio_seats.first_gpio(bad) is None


def test_pio_capture_takes_a_boards_own_pin_names(board, monkeypatch):
    # A Feather RP2040's D4, D5, D6, D9..D13 are GPIO6..GPIO13: the state machine starts
    # at GPIO6 whatever the board calls it.
    world = board(Pins())
    feather = dict(zip(["D4", "D5", "D6", "D9", "D10", "D11", "D12", "D13"], range(6, 14)))
    gpios = sys.modules["microcontroller"].pin
    named = {name: getattr(gpios, "GPIO%d" % n) for name, n in feather.items()}
    monkeypatch.setitem(sys.modules, "board", types.SimpleNamespace(**named))
    assert pio_seats.first_gpio(list(feather)) == 6
    assert pio_seats.first_gpio("D4,D5,D6,D9,D10,D11,D13,D12") is None
    pio_seats.open_seats("pio", ",".join(feather), 4, lambda: "keypad", log=world.log.append)
    assert world.sm is not None and world.log == []


def test_fallback_when_adafruit_pioasm_is_missing(board, monkeypatch):
    world = board(Pins())
    monkeypatch.setitem(sys.modules, "adafruit_pioasm", None)
    # the module itself imports without the library (devices.py imports it first)
    monkeypatch.delitem(sys.modules, "topper_hw.pio_seats", raising=False)
    fresh = importlib.import_module("topper_hw.pio_seats")
    got = fresh.open_seats("pio", PINS, 4, lambda: "keypad", log=world.log.append)
    assert got == "keypad"
    assert "pio unavailable" in world.log[0] and world.sm is None
