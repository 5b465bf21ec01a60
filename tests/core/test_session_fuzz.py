"""Tens of thousands of generated host lines against the device session, with a game
streaming meanwhile: nothing raises, every line gets exactly one answer (a blank line
none), memory stays within its bounds, and the game's log stays true."""

from _link import Table, drain
from _scale import games
from topper import jsonl
from topper.replay import run as replay_log
from topper.protocol import MAX_LINE
from topper.games.slap.pad import PadSlapReferee
from topper.rng import Rng
from topper.session import Session
from topper.games.slap.engine import Phase, SlapGame

GOOD = (
    b'{"cmd":"hello","id":1}',
    b'{"cmd":"settings"}',
    b'{"cmd":"view","id":2}',
    b'{"cmd":"setup","game":"armageddon","seats":3,"jokers":1,"hurry_ms":2000,"seed":5}',
    b'{"cmd":"log","which":"current","id":9}',
    b'{"cmd":"log","which":"last"}',
    b'{"cmd":"score"}',
    b'{"cmd":"score","set":[1,2,3]}',
    b'{"cmd":"score","reset":true}',
)
ALPHABET = b'{}[]":,.-+eE0123456789 abcdefghijklmnopqrstuvwxyz\\\t\r\x00\x7f\xc3\xa9\xff'
ANSWERS = ("error", "hello", "settings", "view", "ok", "pending", "log", "score")


def _expect(raw):
    """How many answers the session owes for one line (without its newline)."""
    if len(raw) > MAX_LINE:
        return 1
    if raw.endswith(b"\r"):
        raw = raw[:-1]
    for b in raw:
        if b < 32 and b != 9:
            return 1
    try:
        text = raw.decode()
    except UnicodeError:
        return 1
    return 1 if text.strip() else 0


def _line(rng):
    r = rng.below(10)
    if r < 4:
        line = bytearray(GOOD[rng.below(len(GOOD))])
        for _ in range(rng.below(3)):  # a few flipped bytes
            line[rng.below(len(line))] = ALPHABET[rng.below(len(ALPHABET))]
        return bytes(line)
    if r < 8:
        return bytes([ALPHABET[rng.below(len(ALPHABET))] for _ in range(rng.below(80))])
    if r < 9:
        return b"{" * (MAX_LINE + rng.below(600))  # oversized
    return bytes([rng.below(256) for _ in range(rng.below(40))]).replace(b"\n", b"")


def test_fuzzed_lines_each_get_one_answer_in_bounded_memory():
    rng = Rng(2718)
    table = Table()
    s = Session(table, {"fw": "x"}, out_bytes=1024, log_bytes=900)
    s.connect(True)
    ref = PadSlapReferee(SlapGame("ww3", 4, 2), seed=1)
    streamed = []

    def log(obj):
        s.record(obj)

    log({"log": "topper-table", "v": 1, "game": "ww3", "seats": 4, "jokers": 2, "seed": 1,
         "hurry_ms": 3000, "settle_ms": 1, "race_ms": 1000, "collect_ms": 1500})
    t = 0
    log({"ev": "start", "t": t})
    for r in ref.start(t):
        log(r)
    answered = 0
    for n in range(games(30000)):
        raw = _line(rng)
        owed = _expect(raw)
        s.feed(raw + b"\n", t)
        got = drain(s)
        heads = [o for o in got if o.get("k") in ANSWERS]
        assert len(heads) == owed, (raw, got)
        answered += owed
        if heads and heads[0]["k"] == "log":
            assert got[-1]["k"] == "end"
        streamed.extend([o for o in got if "k" not in o and o.get("log") is None and "ev" not in o])
        if s.asking() is not None and rng.below(2):
            s.answer(rng.below(2) == 0, t)
            assert [o["k"] for o in drain(s)] in (["ok"], ["refused"])
        table.playing = rng.below(3) == 0
        # The game goes on between host lines.
        if ref.game.phase != Phase.OVER and n % 3 == 0:
            t += 200
            ev = {"ev": "lay", "t": t}
            log(ev)
            for r in ref.lay(t):
                log(r)
            drain(s)
        assert len(s.reader._buf) <= MAX_LINE
        assert s._queued <= 1024
        assert s.current.count <= s.current.capacity()
    assert answered > games(30000) // 2
    # Whatever the host sent, the kept log is still a true beginning of the game.
    s.feed(b'{"cmd":"log"}\n', t)
    got = drain(s)
    body = [jsonl.dumps(o) for o in got[1:-1]]
    assert body[0].startswith('{"collect_ms"')
    list(replay_log(body))
