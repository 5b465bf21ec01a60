# Heap-bench stand-in: the bench sets ``now``.
now = 0


def ticks_ms():
    return now
