"""Heap figures on request, typed on the console while the referee runs (docs/board-heap.md).

The console (the first USB serial port) is otherwise only read for Ctrl-C, so a line
typed there disturbs no game and needs no host on the data port. Lines it knows:

- ``heap``: prints ``topper: heap free F low L largest B`` (free now after a collection,
  the lowest free seen since the last report while watching, the largest bytearray
  that can still be made) and starts a new low-water period.
- ``heap watch``: from now on, at the end of each loop step, the free heap (before
  collecting) goes into the low-water mark, then the heap is collected. A step's
  garbage so counts as in use: the mark is the step's live data plus everything it
  allocated, an upper bound of the app's peak. It costs a collection a step, so it is
  off until asked for.
- ``heap hog N``: holds on to heap until only about N bytes are free (the low-memory
  test: memory running out the way a leak or fragmentation would make it);
  ``heap unhog`` lets it go.

Off, the loop pays one ``serial_bytes_available`` check a step, which allocates nothing.
"""

import gc
import sys

import supervisor

LINE_MAX = 32  # longer lines are not ours: dropped


class HeapWatch:
    def __init__(self):
        self.watching = False
        self.low = -1  # lowest free heap seen while watching (-1: none yet)
        self.ballast = None
        self._line = ""

    def step(self):
        """Once a loop step, after the app's: the low-water mark, then typed lines."""
        if self.watching:
            free = gc.mem_free()
            if self.low < 0 or free < self.low:
                self.low = free
            gc.collect()
        if supervisor.runtime.serial_bytes_available:
            self._read()

    def _read(self):
        while supervisor.runtime.serial_bytes_available:
            c = sys.stdin.read(1)
            if c == "\r" or c == "\n":
                line, self._line = self._line.strip(), ""
                if line:
                    self.command(line)
            elif len(self._line) < LINE_MAX:
                self._line += c

    def command(self, line):
        words = line.split()
        if words[0] != "heap":
            return
        arg = words[1] if len(words) > 1 else ""
        if arg == "watch":
            self.watching = True
            self.low = -1
        elif arg == "hog":
            self.hog(int(words[2]) if len(words) > 2 else 0)
        elif arg == "unhog":
            self.ballast = None
        print(self.report())

    def report(self):
        gc.collect()
        free = gc.mem_free()
        low, self.low = self.low, -1
        return "topper: heap free %d low %d largest %d" % (free, low, largest())

    def hog(self, leave):
        """Takes free heap in ever smaller pieces until about ``leave`` bytes are left."""
        gc.collect()
        held = []
        size = 4096
        while size >= 16:
            try:
                while gc.mem_free() - size > leave:
                    held.append(bytearray(size))
            except MemoryError:
                pass
            size //= 4
        self.ballast = held


def largest():
    """The largest bytearray the heap can give now: a bisection of trial allocations
    (each one dropped at once), after a collection."""
    gc.collect()
    lo, hi = 0, gc.mem_free()
    while lo < hi:
        mid = (lo + hi + 1) // 2
        try:
            b = bytearray(mid)
            b = None  # noqa: F841 - let it go before the next, larger try
            lo = mid
        except MemoryError:
            hi = mid - 1
    return lo
