"""Microsecond timing and heap figures for the benchmarks, on CPython and MicroPython.

MicroPython has ``time.ticks_us`` (wrapping, compared with ``ticks_diff``); CPython has
``perf_counter``. ``bench/mp_run.mjs`` puts this file on the MicroPython path.
"""

import gc

try:
    from time import ticks_diff, ticks_us  # MicroPython

    def now_us():
        return ticks_us()

    def since_us(t0):
        return ticks_diff(ticks_us(), t0)

except ImportError:
    from time import perf_counter

    def now_us():
        return perf_counter() * 1e6

    def since_us(t0):
        return perf_counter() * 1e6 - t0


def heap():
    """Bytes of heap in use after a collection, where the interpreter tells (else None)."""
    gc.collect()
    return gc.mem_alloc() if hasattr(gc, "mem_alloc") else None
