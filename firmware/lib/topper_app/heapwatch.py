"""Heap figures on request, typed on the console while the referee runs (docs/board-heap.md).

The console (the first USB serial port) is otherwise only read for Ctrl-C, so a line
typed there disturbs no game and needs no host on the data port. Lines it knows:

- ``heap``: prints ``topper: heap free F low L largest B`` (free now after a collection,
  the lowest free seen since the last report while watching, the largest bytearray
  that can still be made) and starts a new low-water period.
- ``heap watch``: from now on, at the end of each loop step, the free heap (before
  collecting) goes into the low-water mark, then the heap is collected; so it is
  where the app collects inside a step (``App.collect``). A step's garbage so counts
  as in use up to the next collection: the mark is the live data plus everything
  allocated since, an upper bound of the app's peak. It costs a collection a step,
  so it is off until asked for.
- ``heap slap``: arms the slap meter (``topper_app.slapmeter``) on the app, then prints
  what the last slap allocated on its way to the ring and the OLED, stage by stage
  (``heap slap us``, typed first: the microseconds each stage took instead).
- ``heap hog N``: holds on to heap until only about N bytes are free (the low-memory
  test: memory running out the way a leak or fragmentation would make it);
  ``heap unhog`` lets it go.

The console's ``usb_cdc`` port is read directly (``in_waiting``, then what is there):
``supervisor.runtime.serial_bytes_available`` with ``sys.stdin`` made the emulated board
lose button presses (seen on the board, not explained). Off, the loop pays one
``in_waiting`` a step.
"""

import gc

LINE_MAX = 32  # longer lines are not ours: dropped


def free_heap():
    """Bytes free on the heap now. gc.mem_free is MicroPython's, which CircuitPython
    keeps; the one place that says so to the type check (circuitpython-stubs lacks it)."""
    return gc.mem_free()  # type: ignore[attr-defined]


class HeapWatch:
    def __init__(self, app=None):
        self.app = app
        self.meter = None  # topper_app.slapmeter, loaded by the first "heap slap"
        self.watching = False
        self.low = -1  # lowest free heap seen while watching (-1: none yet)
        self.ballast = None
        self._line = ""
        self.port = None
        try:
            import usb_cdc

            self.port = usb_cdc.console  # None when boot.py turned the console off
        except ImportError:
            pass
        if self.port is not None:
            self.port.timeout = 0  # read() takes what is there and never waits

    def step(self):
        """Once a loop step, after the app's: the low-water mark, then typed lines."""
        if self.watching:
            self.collect()
        port = self.port
        if port is not None and port.in_waiting:
            self._read(port.read(port.in_waiting))

    def collect(self):
        """The free heap into the low-water mark, then a collection: at the end of each
        step, and (as the app's ``collect``) wherever the app collects inside one."""
        free = free_heap()
        if self.low < 0 or free < self.low:
            self.low = free
        gc.collect()

    def _read(self, data):
        for b in data:
            if b == 13 or b == 10:
                line, self._line = self._line.strip(), ""
                if line:
                    self.command(line)
            elif len(self._line) < LINE_MAX:
                self._line += chr(b)

    def command(self, line):
        words = line.split()
        if words[0] != "heap":
            return
        arg = words[1] if len(words) > 1 else ""
        if arg == "watch":
            self.watching = True
            self.low = -1
            if self.app is not None:
                self.app.collect = self.collect
        elif arg == "hog":
            self.hog(int(words[2]) if len(words) > 2 else 0)
        elif arg == "unhog":
            self.ballast = None
        elif arg == "slap" and self.app is not None:
            arg2 = words[2] if len(words) > 2 else ""
            if self.meter is None:
                from topper_app.slapmeter import SlapMeter

                self.meter = SlapMeter(self.app, free_heap, "us" if arg2 == "us" else "alloc")
            print(self.meter.report())
            return
        print(self.report())

    def report(self):
        gc.collect()
        free = free_heap()
        low = self.low
        big = largest()
        self.low = -1  # the next period starts after the probe, its garbage collected
        return "topper: heap free %d low %d largest %d" % (free, low, big)

    def hog(self, leave):
        """Takes free heap in ever smaller pieces until about ``leave`` bytes are left;
        ``leave`` 0 takes every piece the heap can still give, to an allocation that
        fails. (CircuitPython 10 grows its heap on demand, and gc.mem_free() counts only
        the largest block it could still add: with the rest in smaller blocks, a
        mem_free() of 0 still leaves kilobytes a game can use.)"""
        gc.collect()
        # a chain of [piece, rest]: a growing list would need ever larger blocks
        held = None  # type: list | None
        size = 4096
        while size >= 16:
            try:
                while leave == 0 or free_heap() - size > leave:
                    held = [bytearray(size), held]
            except MemoryError:
                pass
            size //= 4
        self.ballast = held
        gc.collect()


def largest():
    """The largest bytearray the heap can give now: a bisection of trial allocations
    (each one dropped at once), after a collection."""
    gc.collect()
    lo, hi = 0, free_heap()
    while lo < hi:
        mid = (lo + hi + 1) // 2
        try:
            b = bytearray(mid)
            del b  # let it go before the next, larger try
            lo = mid
        except MemoryError:
            hi = mid - 1
    gc.collect()  # the tries are garbage: gone before the low-water mark looks again
    return lo
