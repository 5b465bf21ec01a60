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
    import time

    _clock = time.perf_counter

    def now_us():
        return _clock() * 1e6

    def since_us(t0):
        return _clock() * 1e6 - t0


def use_cpu_time(argv):
    """``--cpu`` in ``argv`` (CPython): time with the process's CPU time instead of the
    wall clock, for a machine shared with other work (waiting for a core is then not
    counted; sharing its caches still is). Returns whether it is on."""
    global _clock
    if "--cpu" not in argv or not hasattr(time, "process_time"):
        return False
    _clock = time.process_time
    return True


def heap():
    """Bytes of heap in use after a collection, where the interpreter tells (else None)."""
    gc.collect()
    return gc.mem_alloc() if hasattr(gc, "mem_alloc") else None
