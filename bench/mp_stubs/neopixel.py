# Heap-bench stand-in: a strip is a list of colours.


class NeoPixel:
    def __init__(self, pin, n, brightness=1.0, auto_write=True):
        self.px = [(0, 0, 0)] * n
        self.brightness = brightness

    def __setitem__(self, i, c):
        self.px[i] = c

    def show(self):
        pass
