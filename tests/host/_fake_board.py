"""A board at the far end of a pseudo-terminal: the real device session
(``topper.session``) and the real link glue (``topper_hw.link``) answering over a pty,
in a thread, while a script plays a seeded game through a real referee. The host side
opens the pty's other end like the board's USB port."""

import fcntl
import os
import pathlib
import struct
import sys
import termios
import threading
import time
import tty

LIB = pathlib.Path(__file__).resolve().parents[2] / "firmware" / "lib"
if str(LIB) not in sys.path:
    sys.path.insert(0, str(LIB))

from topper import jsonl  # noqa: E402
from topper.slaplog import Recorder  # noqa: E402
from topper.games.slap.pad import PadSlapReferee  # noqa: E402
from topper.rng import Rng  # noqa: E402
from topper.session import Session  # noqa: E402
from topper.games.slap.engine import Phase, SlapGame  # noqa: E402


class PtyPort:
    """``usb_cdc.data``'s API over a pty master: never blocks, like the real port."""

    def __init__(self, fd):
        self.fd = fd
        self.connected = True
        self.timeout = None
        self.write_timeout = None
        self.heard = False  # the host has sent something
        os.set_blocking(fd, False)

    @property
    def in_waiting(self):
        return struct.unpack("I", fcntl.ioctl(self.fd, termios.FIONREAD, b"\0\0\0\0"))[0]

    def read(self, n=1):
        try:
            data = os.read(self.fd, n)
        except BlockingIOError:
            return b""
        self.heard = self.heard or bool(data)
        return data

    def write(self, data):
        try:
            return os.write(self.fd, data)
        except BlockingIOError:
            return 0


class ScriptedTable:
    """What the session asks of the app, for a game a script plays: a seeded deal,
    lays and slaps at table pace (the quicker seats slap more, so games end)."""

    def __init__(self, seats=2, seed=11, answer=True):
        self.settings = {"game": "ww3", "seats": seats, "jokers": 0, "hurry_ms": 3000, "cardpad": False}
        self.answer = answer  # how the table answers a host's question
        self.session = None
        self.lines = []  # every log line of every game, as written
        self.setups = []
        self._new(seed)

    def _new(self, seed):
        s = self.settings
        game = SlapGame(s["game"], s["seats"], s["jokers"])
        self.ref = PadSlapReferee(game, seed=seed, hurry_ms=s["hurry_ms"])
        self.rec = None
        self.rng = Rng(seed + 7)
        self.next_at = None

    def _sink(self, line):
        self.lines.append(line)
        self.session.record(jsonl.loads(line))

    def over(self):
        return self.ref.game.phase == Phase.OVER

    def play(self, t):
        """The script's next move when it is due."""
        if self.rec is None:
            self.rec = Recorder(self.ref, self._sink)
            self.rec.start(t)
            self.next_at = t + 100
            return
        if self.over() or t < self.next_at:
            return
        g = self.ref.game
        seats = g.seats
        roll = self.rng.below(100)
        if g.slappable() is not None and roll < 70:
            self.rec.press(seats - 1 if self.rng.below(3) else self.rng.below(seats), t, self.rng.below(1000))
        elif roll < 3:
            self.rec.press(self.rng.below(seats), t)
        else:
            self.rec.lay(t)
        self.rec.tick(t + 1)
        self.next_at = t + 40 + self.rng.below(300)

    # ----- the session's questions ------------------------------------------------

    def link_status(self, now):
        return ("game", self.ref.view(now)) if self.rec is not None else ("menu", None)

    def link_settings(self):
        return dict(self.settings)

    def link_playing(self, now):
        return self.rec is not None and not self.over()

    def link_setup(self, cfg, now):
        self.setups.append(cfg)
        for key in ("game", "seats", "jokers", "hurry_ms"):
            self.settings[key] = cfg[key]
        self.session.end_game()
        self._new(cfg["seed"] or 1)
        return None


class FakeBoard:
    """The pty pair and the board's thread. ``path``: what the host opens. ``ms``:
    board milliseconds per loop turn (the board runs that much faster than real time
    when the turn's sleep is shorter)."""

    def __init__(self, table, ms=20, sleep=0.001, start_game=True, start_on_hello=False):
        from topper_hw.link import Link

        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)  # no echo, no line editing: bytes go through as they are
        self.path = os.ttyname(self.slave)
        self.table = table
        info = {"fw": "test", "board": "fake_pty_board", "uid": "0123", "journal": None}
        self.session = Session(table, info)
        table.session = self.session
        self.port = PtyPort(self.master)
        self.link = Link(self.port, lambda: self.session)
        self.ms = ms
        self.sleep = sleep
        self.playing = start_game
        self.start_on_hello = start_on_hello  # the game starts once the host has spoken
        self.t = 1000
        self.errors = []
        self._stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        self.thread.join(5)
        os.close(self.master)
        os.close(self.slave)
        return False

    def _run(self):
        try:
            while not self._stop.is_set():
                self.t += self.ms
                if self.start_on_hello and self.port.heard:
                    self.playing = True
                if self.playing:
                    self.table.play(self.t)
                if self.session.asking() is not None:
                    self.session.answer(self.table.answer, self.t)
                self.link.step(self.t)
                time.sleep(self.sleep)
        except Exception as e:  # the test reads it: a board that crashed
            self.errors.append(e)
            raise
