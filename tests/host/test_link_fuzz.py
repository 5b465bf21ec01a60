"""Twenty thousand generated lines through a real serial port (a pseudo-terminal)
into the device session while a game streams: every line gets exactly one answer,
nothing crashes, the board's memory stays within its bounds, and the game's stream
stays a log that replays."""

import pathlib
import sys
import threading

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

import serial  # noqa: E402
from _fake_board import FakeBoard, ScriptedTable  # noqa: E402
from topper import jsonl  # noqa: E402
from topper.replay import run as replay_log  # noqa: E402
from topper.protocol import MAX_LINE  # noqa: E402
from topper.rng import Rng  # noqa: E402

LINES = 20000
GOOD = (
    b'{"cmd":"hello","id":1}',
    b'{"cmd":"settings"}',
    b'{"cmd":"view","id":2}',
    b'{"cmd":"log","which":"last"}',
    b'{"cmd":"score"}',
    b'{"cmd":"score","set":[1,2,3],"id":8}',
    b'{"cmd":"setup","seats":2,"seed":18,"id":9}',
)
ALPHABET = b'{}[]":,.-0123456789 abcdefghijklmnopqrstuvwxyz\\\t\r\x00\x7f\xc3\xa9\xff'
FIRST = ("error", "hello", "settings", "view", "ok", "pending", "log", "score", "refused")


def owed(raw):
    """Answers the board owes for one line (as the session's reader sees it)."""
    if len(raw) > MAX_LINE:
        return 1
    body = raw[:-1] if raw.endswith(b"\r") else raw
    if any(b < 32 and b != 9 for b in body):
        return 1
    try:
        return 1 if body.decode().strip() else 0
    except UnicodeError:
        return 1


def generate(rng):
    r = rng.below(10)
    if r < 4:
        line = bytearray(GOOD[rng.below(len(GOOD))])
        for _ in range(rng.below(3)):
            line[rng.below(len(line))] = ALPHABET[rng.below(len(ALPHABET))]
        return bytes(line).replace(b"\n", b" ")
    if r < 8:
        return bytes([ALPHABET[rng.below(len(ALPHABET))] for _ in range(rng.below(70))])
    if r < 9:
        return b"[" * (MAX_LINE + rng.below(500))
    return bytes([rng.below(256) for _ in range(rng.below(40))]).replace(b"\n", b"")


def test_twenty_thousand_generated_lines_through_a_serial_port():
    rng = Rng(99)
    batch = []
    due = 0
    for _ in range(LINES):
        raw = generate(rng)
        due += owed(raw)
        batch.append(raw + b"\n")
    data = b"".join(batch)
    table = ScriptedTable(seed=18, answer=False)  # the table keeps its game: "no"
    with FakeBoard(table, sleep=0, start_game=False, start_on_hello=True) as board:
        port = serial.Serial(board.path, timeout=0.05)
        try:
            writer = threading.Thread(target=port.write, args=(data,), daemon=True)
            writer.start()
            got = []
            buf = bytearray()
            quiet = 0
            answered = 0
            pending = set()
            while quiet < 40:  # 2 s without a byte: the board has answered everything
                chunk = port.read(65536)
                quiet = 0 if chunk else quiet + 1
                buf += chunk
                while b"\n" in buf:
                    i = buf.index(b"\n")
                    obj = jsonl.loads(bytes(buf[:i]).decode())
                    del buf[: i + 1]
                    got.append(obj)
                    k = obj.get("k")
                    if k == "pending":
                        pending.add(obj.get("id"))
                    if k in ("ok", "refused") and obj.get("id") in pending:
                        pending.discard(obj.get("id"))  # the table's answer: a second line
                    elif k in FIRST:
                        answered += 1
                s = board.session
                assert s._queued <= s.out_bytes and len(s.reader._buf) <= MAX_LINE
                assert len(s._lines) <= 2 * MAX_LINE
            writer.join(5)
            assert answered == due, (answered, due)
            port.write(b'{"cmd":"hello","id":424242}\n')
            port.timeout = 2
            line = port.readline()
            while b'"id":424242' not in line:
                line = port.readline()
            assert jsonl.loads(line.decode())["k"] == "hello"
        finally:
            port.close()
    assert board.errors == []
    assert due > LINES // 2
    # The game streamed meanwhile: from its header (the last game a fuzzed setup started
    # before the table got going) up to any gap (the board says how many lines a slow
    # reader lost), the stream is the board's log, and it replays.
    live = []
    downloading = False
    for x in got:
        k = x.get("k")
        if k == "log" or k == "end":
            downloading = k == "log"  # a download's lines are not the live stream
        elif k == "lost":
            live.append(None)
        elif k is None and not downloading:
            live.append(jsonl.dumps(x))
    start = max(i for i, x in enumerate(live) if x is not None and '"log":"topper-table"' in x)
    game = live[start:]
    if None in game:
        game = game[: game.index(None)]
    assert len(game) > 100
    head = max(i for i, x in enumerate(table.lines) if '"log":"topper-table"' in x)
    assert game == table.lines[head : head + len(game)]
    list(replay_log(game))
