"""Shared pieces of the link session tests: an app stand-in and a seeded game that
writes its log into a session, as the device's app does."""

from topper import jsonl
from topper.slaplog import Recorder
from topper.games.slap.pad import PadSlapReferee
from topper.rng import Rng
from topper.session import Session
from topper.games.slap.engine import Phase, SlapGame


class Table:
    """What the session asks of the app, with the answers a test sets."""

    def __init__(self):
        self.mode = "menu"
        self.view = None
        self.playing = False
        self.settings = {"game": "ww3", "seats": 4, "jokers": 2, "hurry_ms": 3000, "cardpad": True}
        self.setups = []
        self.refuse = None  # a message link_setup answers with
        self.areas = {"maps": bytearray(list(range(256)) * 3), "save": bytearray(b"\xff" * 100)}

    def link_status(self, now):
        return self.mode, self.view

    def link_settings(self):
        return dict(self.settings)

    def link_playing(self, now):
        return self.playing

    def link_setup(self, cfg, now):
        if self.refuse is not None:
            return self.refuse
        self.setups.append(cfg)
        return None


    def link_mem_size(self, area):
        return len(self.areas[area])

    def link_mem_read(self, area, at, n):
        return bytes(self.areas[area][at : at + n])

    def link_mem_write(self, area, at, data, now):
        if self.mode != "menu":
            return "the table is busy (%s): restore from its menu" % self.mode
        self.areas[area][at : at + len(data)] = data
        return None


def session(**kw):
    table = Table()
    s = Session(table, {"fw": "9.9.9", "board": "test_board", "uid": "00AB", "journal": "nvm"}, **kw)
    s.connect(True)
    return table, s


def drain(s, limit=100000):
    """Every line the session has for the host now, as objects."""
    out = []
    while len(out) < limit:
        line = s.next_line()
        if line is None:
            break
        out.append(jsonl.loads(line))
    return out


def ask(s, line, now=0):
    s.feed(line.encode() + b"\n", now)
    return drain(s)


def play(s, seed=3, seats=4, steps=200, variant="ww3", read=True):
    """A seeded game whose log goes into ``s``; returns the referee and its lines.
    With ``read`` the host reads the stream as it comes (into ``s.seen``)."""
    lines = []
    if not hasattr(s, "seen"):
        s.seen = []

    def sink(line):
        lines.append(line)
        s.record(jsonl.loads(line))
        if read:
            s.seen.extend(drain(s))

    ref = PadSlapReferee(SlapGame(variant, seats, 2), seed=seed)
    rec = Recorder(ref, sink)
    rng = Rng(seed)
    t = 1000
    rec.start(t)
    for _ in range(steps):
        if ref.game.phase == Phase.OVER:
            break
        t += 50 + rng.below(400)
        if ref.game.slappable() is not None and rng.below(3) > 0:
            rec.press(rng.below(seats), t, rng.below(1000))
        elif rng.below(10) == 0:
            rec.tick(t + 3500)
            t += 3500
        else:
            rec.lay(t)
    return ref, lines
