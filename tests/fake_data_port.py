"""A board's data port as pyserial gives it to the host, for ``topper serve``'s tests
without a board: it answers hello, view and log as a board does (docs/serial-protocol.md)
and sends the lines it is told to."""

import threading
import time

from topper import jsonl


class FakeDataPort:
    """``game``: the game hello names; ``log``: what a ``log`` download sends (a header and
    events); ``lines``: sent at once, as a board streams them; ``view``: the board's view
    in a ``view`` reply (None: the port does not answer ``view``). ``commands`` lists the
    commands the host sent."""

    def __init__(self, game=None, log=(), lines=(), view=None):
        self.game = game
        self.log = list(log)
        self.view = view
        self.out = bytearray()
        self.commands = []
        self.lock = threading.Lock()
        for obj in lines:
            self.stream(obj)

    def stream(self, obj):
        """A line the board sends by itself."""
        with self.lock:
            self.out += jsonl.dumps(obj).encode() + b"\n"

    @property
    def in_waiting(self):
        return len(self.out)

    def read(self, n=1):
        with self.lock:
            data = bytes(self.out[:n])
            del self.out[:n]
        if not data:
            time.sleep(0.005)  # as a port's read timeout does
        return data

    def write(self, data):
        cmd = jsonl.loads(data.decode())
        self.commands.append(cmd["cmd"])
        rid = cmd["id"]
        if cmd["cmd"] == "hello":
            self.stream({"board": "stand-in", "fw": "0", "game": self.game, "id": rid, "k": "hello",
                         "proto": 1})
        elif cmd["cmd"] == "view" and self.view is not None:
            self.stream({"id": rid, "k": "view", "mode": "game", "t": 1, "view": self.view})
        elif cmd["cmd"] == "log":
            self.stream({"game": self.game, "id": rid, "k": "log", "lines": len(self.log),
                         "which": "current"})
            for obj in self.log:
                self.stream(obj)
            self.stream({"dropped": 0, "id": rid, "k": "end", "lines": len(self.log), "which": "current"})
        return len(data)
