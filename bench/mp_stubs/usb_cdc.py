# Heap-bench stand-in: the second serial port boot.py enables, with no host reading.


class Serial:
    def __init__(self):
        self.connected = False
        self.in_waiting = 0
        self.timeout = None
        self.write_timeout = None

    def read(self, n=1):
        return b""

    def write(self, data):
        return 0


data = Serial()
