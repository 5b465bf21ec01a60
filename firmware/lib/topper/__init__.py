"""Topper Table portable game core.

Pure Python that runs unchanged on CPython 3.11+, CircuitPython 9/10 and MicroPython.
It never imports a hardware module, never reads a clock or a file and never uses the
global ``random``: the shells (firmware, simulator, tests) hand it time-stamped events
and draw what it returns.
"""

VERSION = "0.1.0"
