# Heap-bench stand-in for keypad: the bench appends (key, pressed, t) to ``queue``; an
# event comes out once supervisor.now has reached its stamp.
import supervisor


class Event:
    def __init__(self, key_number=0, pressed=True, timestamp=0):
        self.key_number = key_number
        self.pressed = pressed
        self.timestamp = timestamp


class EventQueue:
    def __init__(self):
        self.queue = []
        self.overflowed = False

    def get_into(self, ev):
        if not self.queue or self.queue[0][2] > supervisor.now:
            return False
        ev.key_number, ev.pressed, ev.timestamp = self.queue.pop(0)
        return True

    def clear(self):
        self.queue = []
        self.overflowed = False


class Keys:
    def __init__(
        self, pins, value_when_pressed=False, pull=True, interval=0.02, max_events=64, debounce_threshold=1
    ):
        self.pins = pins
        self.key_count = len(pins)
        self.events = EventQueue()
