"""``slice(a, b)`` for the firmware's ring driver under the page's MicroPython.

The npm WebAssembly build of MicroPython cannot make a slice by calling ``slice``
(CircuitPython and CPython can), and ``topper_hw.pixels.Ring`` makes one that way, once,
for its whole-frame writes. The same object comes from subscript syntax, so the
driver's module is given a ``slice`` of its own that makes it so; the driver itself
stays the firmware's, and a ``slice`` anywhere else (``isinstance`` tests) is untouched.
"""


class _Subscript:
    def __getitem__(self, key):
        return key


_SUB = _Subscript()


def _slice(*bounds):
    if len(bounds) == 1:
        return _SUB[: bounds[0]]
    if len(bounds) == 2:
        return _SUB[bounds[0] : bounds[1]]
    return _SUB[bounds[0] : bounds[1] : bounds[2]]


def install():
    """Give the ring driver ``_slice`` where ``slice`` cannot be called."""
    try:
        slice(0, 1)
        return
    except TypeError:
        pass
    from topper_hw import pixels

    pixels.slice = _slice
