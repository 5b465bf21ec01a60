"""How many random games a portable test plays.

The same test files run under CPython (pytest) and under MicroPython in Node, which is
far slower; random-play tests ask ``games(n)`` instead of using ``n`` directly so the
MicroPython run still covers every path without taking the whole CI budget.
"""

import sys

MICROPYTHON = sys.implementation.name != "cpython"
# CircuitPython on the emulated Pico (tests/board/test_core_on_circuitpython.py) runs a
# few hundred times slower than CPython: a couple of games a test there.
BOARD = sys.implementation.name == "circuitpython"


def games(n):
    if BOARD:
        return max(n // 200, 2)
    if MICROPYTHON:
        return max(n // 50, 10)
    return n
