"""Shared rig for the PIO capture tests (no tests of its own).

``Machine`` runs the seat-capture program, assembled by ``topper_hw.pio_seats.programs``
exactly as the firmware assembles it, in the ``pioemu`` emulator (PyPI
``rp2040-pio-emulator``), against a scripted waveform on the seat pins.

What the emulator does not model, the rig does, following the RP2040 datasheet:
- FIFO depth: pioemu's RX FIFO is 4 deep; the board joins TX into RX for 8 words. The rig
  moves each pushed word at once into its own 8-deep FIFO; a push that finds it full is
  dropped and sets ``rxstall`` (what FDEBUG.RXSTALL does for a nonblocking PUSH), or,
  for a blocking push, stalls the machine until the next read.
- ``in_base``: pioemu's ``in pins`` reads GPIO 0 up; the rig's pin word is already
  relative to the first seat pin (bit k = seat k = GP6 + k on the board).
- ``StateMachine.run``: an instruction is executed in place, then the program resumes.
"""

import bisect
import os
import sys
from dataclasses import replace

from pioemu import State, emulate

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "firmware", "lib"))

from topper_hw import pio_seats

PROGRAM, INIT, RESYNC = pio_seats.programs()
CYCLES_PER_US = pio_seats.SM_HZ // 1000000  # 10
FIFO_DEPTH = 8
IDLE = 0xFF  # pull-ups: every seat pin reads 1 when nobody presses


class Pins:
    """A scripted waveform on the 8 seat pins: ``down(t_us, seat)`` / ``up(t_us, seat)``
    (times in microseconds, fractions allowed: 0.1 us is one PIO cycle)."""

    def __init__(self):
        self._changes = []  # (cycle, seat, level)

    def down(self, t_us, seat):
        self._changes.append((round(t_us * CYCLES_PER_US), seat, 0))
        return self

    def up(self, t_us, seat):
        self._changes.append((round(t_us * CYCLES_PER_US), seat, 1))
        return self

    def bounce(self, t_us, seat, gaps_us, settle_down=True):
        """An edge that chatters: toggles at ``t_us`` and after each gap, ending down
        (a press) or up (a release)."""
        level = 0 if settle_down else 1
        t = t_us
        for gap in [0] + list(gaps_us):
            t += gap
            (self.down if level == 0 else self.up)(t, seat)
            level ^= 1
        assert level != (0 if settle_down else 1), "odd number of gaps needed"
        return self

    def compile(self):
        changes = sorted(self._changes)
        self._cycles = [0]
        self._values = [IDLE]
        value = IDLE
        for cycle, seat, level in changes:
            value = (value & ~(1 << seat)) | (level << seat)
            if cycle == self._cycles[-1]:
                self._values[-1] = value
            else:
                self._cycles.append(cycle)
                self._values.append(value)
        return self

    def value(self, clock: int) -> int:
        return self._values[bisect.bisect_right(self._cycles, clock) - 1]


def _run_init(init_opcodes):
    """Execute the init instructions once (CircuitPython runs them before enabling)."""
    state = State()
    n = len(init_opcodes)
    if n == 0:
        return state
    for _, after in emulate(list(init_opcodes), stop_when=lambda op, s: s.clock >= n):
        state = after
    return replace(state, clock=0, program_counter=0)


class Machine:
    """The capture state machine over a waveform. ``x0`` overrides the counter's start
    (the wrap test); ``shift_right`` lets a test check that the config matters;
    ``opcodes``/``init``/``wrap_target``/``wrap`` take what a StateMachine is given.
    ``sink``, when set, receives each pushed word at once (a DMA channel on the FIFO)."""

    def __init__(
        self,
        pins,
        x0=None,
        shift_right=False,
        opcodes=None,
        init=None,
        wrap_target=None,
        wrap=None,
    ):
        self.pins = pins.compile()
        self.program = list(PROGRAM.assembled if opcodes is None else opcodes)
        kw = PROGRAM.pio_kwargs if opcodes is None else {}
        self.wrap_target = kw.get("wrap_target", 0) if wrap_target is None else wrap_target
        wrap = kw.get("wrap", -1) if wrap is None else wrap
        self.wrap_top = len(self.program) - 1 if wrap == -1 else wrap
        self.shift_right = shift_right
        self.state = _run_init(INIT.assembled if init is None else init)
        if x0 is not None:
            self.state = replace(self.state, x_register=x0 & 0xFFFFFFFF)
        self.fifo = []  # the joined 8-word RX FIFO
        self.pushed = []  # every word the program pushed: (cycle, word), dropped or not
        self.rxstall = False
        self.sink = None
        self.steps = 0

    @property
    def clock(self):
        return self.state.clock

    def run_until_us(self, t_us):
        self.run_until(round(t_us * CYCLES_PER_US))

    def run_until(self, cycle):
        if self.state.clock >= cycle:
            return
        gen = emulate(
            self.program,
            stop_when=lambda op, s: s.clock >= cycle,
            initial_state=self.state,
            input_source=self.pins.value,
            shift_isr_right=self.shift_right,
            wrap_target=self.wrap_target,
            wrap_top=self.wrap_top,
        )
        for before, after in gen:
            self.steps += 1
            rx = after.receive_fifo
            if rx:
                word = rx.popleft()
                blocking = self.program[before.program_counter] & 0x20
                if self.sink is not None:
                    self.sink(word)
                elif len(self.fifo) < FIFO_DEPTH:
                    self.fifo.append(word)
                elif blocking:
                    # A blocking push into the full FIFO stalls the state machine (and
                    # its counter) until the CPU reads: re-run the push later.
                    self.rxstall = True
                    self.state = replace(before, clock=cycle)
                    return
                else:
                    self.rxstall = True  # a non-blocking push drops the word
                self.pushed.append((before.clock, word))
            self.state = after

    def read(self, n=None):
        """The CPU reads ``n`` words (all waiting by default)."""
        n = len(self.fifo) if n is None else n
        words = self.fifo[:n]
        del self.fifo[:n]
        return words

    def clear_rxfifo(self):
        del self.fifo[:]
        self.rxstall = False

    def exec(self, opcodes):
        """``StateMachine.run``: each instruction executed in place, then the program
        goes on where it was."""
        pc = self.state.program_counter
        for op in opcodes:
            start = self.state.clock
            for _, after in emulate(
                [op],
                stop_when=lambda o, s, start=start: s.clock > start,
                initial_state=replace(self.state, program_counter=0),
                shift_isr_right=self.shift_right,
            ):
                self.state = after
        self.state = replace(self.state, program_counter=pc)


def stamp_us(decoder_event, base_ms):
    """An event's stamp as microseconds after ``base_ms``."""
    _, _, t_ms, us = decoder_event
    return (t_ms - base_ms) * 1000 + us
