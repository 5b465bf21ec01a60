# Heap-bench stand-in (adafruit_pn532 imports Direction).


class Direction:
    INPUT = 0
    OUTPUT = 1


class Pull:
    UP = 1


class DigitalInOut:
    def __init__(self, pin):
        self.value = True
