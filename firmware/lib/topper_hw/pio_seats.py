"""Seat buttons captured by an rp2pio state machine: presses stamped to the microsecond.

Chosen by ``TOPPER_SLAP_CAPTURE = "pio"`` in settings.toml (``open_seats`` below); the
default, ``keypad``, stamps whole milliseconds. Same interface as the keypad driver:
``poll(now_ms)`` returns ``[(seat, pressed, t_ms, us), ...]`` in time order, where
``us`` (0..999) is the sub-millisecond part the referee ranks by.

The state machine watches the 8 consecutive seat pins at once (``in pins, 8``) and
pushes one word per change of the snapshot: the snapshot and a counter that steps down
once per 1 us loop. ``topper.pio_decode`` (portable) turns the words into events, dates
them against ``supervisor.ticks_ms`` and applies the first-touch rule: a press is
stamped at its first edge and reported once held ``confirm_us``; glitches are dropped.
docs/pio-capture.md explains the figures: 1 us resolution, 4.19 s counter wrap, DMA
ring or 8-word FIFO, overflows.
"""

import array

from topper.pio_decode import BOUNCE_US, CONFIRM_US, COUNT_MASK, HOLDOFF_US, SeatDecoder

# 10 MHz divides the usual system clocks exactly (125 MHz / 12.5, 150 / 15, 200 / 20;
# a fractional divider in 1/256 steps): 10 cycles a loop are then exactly 1 us.
SM_HZ = 10000000
LOOP_CYCLES = 10
PINS = 8

# Both paths through the loop take 10 cycles, so the counter is a clock. X counts down,
# Y holds the previous snapshot, OSR keeps the counter while X holds the sample.
PROGRAM = """
.program topper_seats
.wrap_target
top:
    mov osr, x          ; 1  keep the counter
    in pins, 8          ; 1  sample P1..P8 into the empty ISR (shift left)
    mov x, isr          ; 1  X = this snapshot
    jmp x!=y changed    ; 1
    mov isr, null [2]   ; 3  unchanged: drop the sample (delay evens the paths)
    jmp tail            ; 1
changed:
    mov y, x            ; 1  remember it
    in osr, 22          ; 1  ISR = snapshot << 22 | counter & 0x3FFFFF (bits 31, 30: 0)
    push noblock [1]    ; 2  never stall the clock: a full FIFO drops it, sets RXSTALL
tail:
    mov x, osr          ; 1
    jmp x-- top         ; 1  both outcomes go to the top (.wrap)
.wrap
"""

# Run once at start: the counter starts at all ones, and a previous snapshot no 8-bit
# sample can equal forces a first word, the baseline.
INIT = """
mov x, ~null
mov y, ~null
mov isr, null
"""
START_COUNT = COUNT_MASK

# Run after an overflow: forces a word with the current snapshot, so the decoder
# catches up with whatever edges the dropped words carried.
RESYNC = "mov y, ~null"


def programs():
    """The assembled ``(program, init, resync)``: the bytes the board runs and the
    host tests emulate."""
    # Imported here: without the library on the drive, open_seats falls back to keypad.
    import adafruit_pioasm

    return (
        adafruit_pioasm.Program(PROGRAM),
        adafruit_pioasm.Program(INIT),
        adafruit_pioasm.Program(RESYNC),
    )


def gpio_of(name):
    """GPIO number of the board pin ``name`` (``board.D5`` or ``board.GP6``), or None:
    the pin object is one of ``microcontroller.pin``'s, named ``GPIOn``, whatever the
    board calls it."""
    import board
    import microcontroller

    pin = getattr(board, name, None)
    if pin is None:
        return None
    chip = _chip_pins(microcontroller)
    for attr in dir(chip):
        if attr.startswith("GPIO") and attr[4:].isdigit() and getattr(chip, attr) is pin:
            return int(attr[4:])
    return None


def _chip_pins(microcontroller):
    """``microcontroller.pin``, the chip's pins by GPIO name (circuitpython-stubs leave
    the submodule out)."""
    return microcontroller.pin  # type: ignore[attr-defined]


def first_gpio(pin_names, gpio=gpio_of):
    """GPIO number of the first seat pin when the named pins are ``PINS`` consecutive
    GPIOs (``in pins, 8`` reads consecutive pins), else None. ``gpio``: a pin name's
    GPIO number or None."""
    if isinstance(pin_names, str):
        pin_names = [p.strip() for p in pin_names.split(",")]
    if len(pin_names) != PINS:
        return None
    nums = [gpio(name) for name in pin_names]
    if None in nums:
        return None
    for i in range(1, PINS):
        if nums[i] != nums[0] + i:
            return None
    return nums[0]


# The DMA ring the state machine's words land in (background_read): 256 words, 1 KB,
# absorbs the chatter of every seat bouncing at once between two polls. -1 marks a free
# slot; no word can be -1 (bits 31 and 30 of a word are always 0).
RING_WORDS = 256
EMPTY = -1


class PioSeats:
    """Seat buttons on ``PINS`` consecutive pins from ``first_pin`` (active low).

    Words are read by DMA into a ring (``background_read``) where CircuitPython has it,
    so the 8-word FIFO never fills; older builds read the FIFO at each ``poll``."""

    capture = "pio"
    resolution_us = 1

    def __init__(
        self,
        first_pin,
        seats,
        holdoff_us=HOLDOFF_US,
        use_dma=True,
        confirm_us=CONFIRM_US,
        bounce_us=BOUNCE_US,
    ):
        import rp2pio
        import supervisor

        program, init, resync = programs()
        self._ticks = supervisor.ticks_ms
        self._resync = resync.assembled
        self._sm = rp2pio.StateMachine(
            program.assembled,
            frequency=SM_HZ,
            init=init.assembled,
            first_in_pin=first_pin,
            in_pin_count=PINS,
            pull_in_pin_up=(1 << PINS) - 1,
            in_shift_right=False,
            auto_push=False,
            push_threshold=32,
            **program.pio_kwargs,
        )
        # The sync point: the state machine started counting from START_COUNT just
        # before this read (the constructor's return: well under 1 ms).
        t0 = self._ticks()
        hz = self._sm.frequency
        if hz != SM_HZ:
            # A system clock that 10 MHz does not divide: counts would not be us.
            self._sm.deinit()
            raise RuntimeError("PIO clock %d Hz, need %d" % (hz, SM_HZ))
        self._dec = SeatDecoder(seats, holdoff_us, confirm_us=confirm_us, bounce_us=bounce_us)
        self._dec.sync(START_COUNT, t0)
        self._out = []
        self._head = 0
        self._ring = None
        if use_dma and hasattr(self._sm, "background_read"):
            self._ring = array.array("i", [EMPTY] * RING_WORDS)
            self._sm.background_read(loop=self._ring)
        else:
            self._buf = array.array("i", [0] * 8)  # the joined RX FIFO holds 8 words
        self.dma = self._ring is not None

    @property
    def overflows(self):
        return self._dec.overflows

    @property
    def stale(self):
        return self._dec.stale

    def held(self):
        """Bit mask of the seats down now."""
        return self._dec.held()

    def poll(self, now_ms=None):
        """Events since the last poll, oldest first: ``(seat, pressed, t_ms, us)``.
        Call it every loop. The list is reused: use it before the next poll.
        ``now_ms`` is accepted for the keypad interface; words are dated against a
        ticks read taken here, just before they are read."""
        dec = self._dec
        out = self._out
        out.clear()  # emptied in place: ``del out[:]`` would allocate a slice
        dec.begin(self._ticks())
        if self._ring is not None:
            lost = self._read_ring(out)
        else:
            lost = self._read_fifo(out)
        stalled = self._sm.rxstall  # a push met a full FIFO: its word was dropped
        if stalled and not lost:
            dec.lost()
        if lost or stalled:
            if stalled:
                self._sm.clear_rxfifo()  # the only way to clear RXSTALL
            # Force a word with the current snapshot, so the decoder catches up with
            # whatever edges the dropped words carried.
            self._sm.run(self._resync)
        dec.settle(out)
        return out

    def _read_ring(self, out):
        ring = self._ring
        i = self._head
        n = 0
        while n < RING_WORDS and ring[i] != EMPTY:
            n += 1
            i = (i + 1) % RING_WORDS
        if n == RING_WORDS:
            # Every slot full: the DMA may have lapped us, so the order is unknown and
            # where it writes next too. Drop them all and restart the DMA at slot 0
            # (meanwhile the 8-word FIFO holds new words); the resync word that poll()
            # asks for brings the state back.
            self._sm.stop_background_read()
            for k in range(RING_WORDS):
                ring[k] = EMPTY
            self._head = 0
            self._sm.background_read(loop=ring)
            self._dec.lost()
            return True
        i = self._head
        for _ in range(n):
            word = ring[i]
            ring[i] = EMPTY
            self._dec.feed(word, out)
            i = (i + 1) % RING_WORDS
        self._head = i
        return False

    def _read_fifo(self, out):
        sm = self._sm
        n = sm.in_waiting
        if n:
            sm.readinto(self._buf, end=n)
            for i in range(n):
                self._dec.feed(self._buf[i], out)
        if sm.rxstall:
            # A push met the full FIFO and was dropped, after the words just read
            # (the oldest are kept): mark the gap, then take what came since.
            self._dec.lost()
            n = sm.in_waiting
            if n:
                sm.readinto(self._buf, end=n)
                for i in range(n):
                    self._dec.feed(self._buf[i], out)
            return True
        return False

    def deinit(self):
        if self._ring is not None:
            self._sm.stop_background_read()
        self._sm.deinit()


def open_seats(
    capture,
    pin_names,
    seats,
    keypad_factory,
    holdoff_us=HOLDOFF_US,
    log=print,
    confirm_us=CONFIRM_US,
    bounce_us=BOUNCE_US,
):
    """The seat driver the settings ask for: ``capture == "pio"`` tries the state machine
    and falls back to ``keypad_factory()`` (with a log line) where it cannot run: no
    ``rp2pio`` (not an RP2), pins not 8 consecutive GPIOs (under any of the board's
    names), no free state machine, or a system clock that 10 MHz does not divide. Any
    other value gives the keypad driver. ``confirm_us`` and ``bounce_us``: the
    first-touch rule's numbers (pio_decode)."""
    if capture == "pio":
        try:
            first = first_gpio(pin_names)
            reason = "seat pins are not %d consecutive GPIOs" % PINS
        except ImportError as e:  # no board module: not a CircuitPython board
            first, reason = None, repr(e)
        if first is not None:
            try:
                import microcontroller

                return PioSeats(
                    getattr(_chip_pins(microcontroller), "GPIO%d" % first),
                    seats,
                    holdoff_us,
                    confirm_us=confirm_us,
                    bounce_us=bounce_us,
                )
            except (ImportError, AttributeError, RuntimeError, ValueError) as e:
                reason = repr(e)
        log("slap capture: pio unavailable (%s), using keypad" % reason)
    return keypad_factory()
