"""CircuitPython's ``keypad`` API for the virtual board: ``Event`` and ``EventQueue``.

The firmware's ``topper_hw.buttons`` reads ``keypad.Keys(...).events`` with
``get_into(event)``, ``overflowed`` and ``clear()``; on the board a background scanner
stamps each change with ``supervisor.ticks_ms()``. Here the board's owner schedules key
changes at a stamp (``schedule``) and they become visible when the board's clock
reaches it (``arrive``), so a press made between two steps keeps its own stamp, as
the scanner's does. ``install`` puts this module in ``sys.modules`` as ``keypad`` when
the host has none (it never has: the real one is CircuitPython's C module).
"""

import sys


class Event:
    def __init__(self, key_number=0, pressed=True, timestamp=0):
        self.key_number = key_number
        self.pressed = pressed
        self.timestamp = timestamp

    @property
    def released(self):
        return not self.pressed


class EventQueue:
    """Holds ``max_events``; a change that finds it full is dropped and sets
    ``overflowed``, as CircuitPython's queue does."""

    def __init__(self, max_events=64):
        self.max_events = max_events
        self._future = []  # (t, order, key, pressed) scheduled, not yet happened
        self._queue = []  # (key, pressed, t) happened, not yet read
        self._overflowed = False
        self._order = 0

    def schedule(self, key, pressed, t):
        self._order += 1
        self._future.append((t, self._order, key, pressed))
        self._future.sort()

    def arrive(self, now):
        """Every scheduled change stamped at or before ``now`` happens."""
        while self._future and self._future[0][0] <= now:
            t, _, key, pressed = self._future.pop(0)
            if len(self._queue) >= self.max_events:
                self._overflowed = True
            else:
                self._queue.append((key, pressed, t))

    def get_into(self, event):
        if not self._queue:
            return False
        key, pressed, t = self._queue.pop(0)
        event.key_number = key
        event.pressed = pressed
        event.timestamp = t
        return True

    def clear(self):
        self._queue = []
        self._overflowed = False

    def __len__(self):
        return len(self._queue)

    @property
    def overflowed(self):
        return self._overflowed


class Keys:
    """A scanner of ``n`` keys: only its queue is read by the firmware."""

    def __init__(self, n, max_events=64):
        self.key_count = n
        self.events = EventQueue(max_events)


def install():
    """Make ``import keypad`` find this module (before ``topper_hw.buttons`` loads)."""
    if "keypad" not in sys.modules:
        sys.modules["keypad"] = sys.modules[__name__]
