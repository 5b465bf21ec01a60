"""Wrap-safe millisecond tick arithmetic.

CircuitPython's ``supervisor.ticks_ms()`` counts modulo 2**29 (about 6.2 days) and its
first wrap comes about 65 s after power-on, so every comparison of two stamps in the
core goes through these helpers instead of plain ``<`` or ``-``.
"""

PERIOD = 1 << 29
MASK = PERIOD - 1
_HALF = PERIOD >> 1


def ticks_add(t, delta):
    """The stamp ``delta`` ms after ``t`` (delta may be negative)."""
    return (t + delta) & MASK


def ticks_diff(a, b):
    """Signed ms from ``b`` to ``a``; correct while the two are within 2**28 ms."""
    return ((a - b + _HALF) & MASK) - _HALF


def ticks_less(a, b):
    """True when stamp ``a`` comes before stamp ``b``."""
    return ticks_diff(a, b) < 0
