"""10,000 seeded fuzzed lines on the data port during a blind World War 3 game on the
emulated board: malformed JSON, over-long lines, binary, bytes that are not UTF-8,
unknown commands and well-formed commands with wrong fields. The board answers each
with an error, never crashes (no traceback on the console), keeps the game as it was,
and its heap does not grow.

The heap is the app's own: code.py is stopped at the REPL and the same app is made
again there (``make_app``) and stepped in chunks that end with ``gc.mem_free()``; the
data port stays open all along, and the game comes back from its power-cut journal,
as after a reset."""

import json
import random

import slap_table as st

LINES = 10_000
BATCH = 500

APP = """import gc, supervisor
from topper.ticks import ticks_diff
from topper_app import app as A
a = A.make_app(None, supervisor.ticks_ms())
def run(ms):
    t0 = supervisor.ticks_ms()
    while ticks_diff(supervisor.ticks_ms(), t0) < ms:
        a.step(supervisor.ticks_ms())
    gc.collect()
    print("free", gc.mem_free(), A.MODE_NAMES[a.mode])
"""


def fuzz_line(rng):
    """One hostile line (bytes, ending in a newline)."""
    kind = rng.randrange(7)
    if kind == 0:  # not JSON
        text = "".join(rng.choice('{}[]":,0123456789abcdefnulltrue \\') for _ in range(rng.randrange(1, 40)))
        return text.encode() + b"\n"
    if kind == 1:  # too long
        return b'{"cmd":"hello","pad":"' + b"x" * rng.randrange(257, 600) + b'"}\n'
    if kind == 2:  # control bytes
        junk = bytes(rng.randrange(0, 32) for _ in range(rng.randrange(1, 20)))
        return junk.replace(b"\n", b"\x01") + b"\n"
    if kind == 3:  # not UTF-8
        return b'{"cmd":"\xff\xfe' + bytes(rng.randrange(128, 256) for _ in range(5)) + b'"}\n'
    if kind == 4:  # unknown command
        return json.dumps({"cmd": rng.choice(["reboot", "erase", "flash", "", "HELLO", 7])}).encode() + b"\n"
    if kind == 5:  # a known command, a wrong field or value
        return rng.choice([
            b'{"cmd":"setup","seats":99}\n', b'{"cmd":"setup","game":"chess"}\n',
            b'{"cmd":"score","set":"x"}\n', b'{"cmd":"log","which":"nope"}\n',
            b'{"cmd":"hello","id":"one"}\n', b'{"cmd":"view","colour":1}\n',
            b'{"cmd":"setup","seed":-1}\n', b'{"cmd":"score","set":[1,2,3,4,5,6,7,8,9]}\n',
        ])
    return json.dumps(rng.choice([[], "hello", 3, None, {"id": 4}])).encode() + b"\n"


def _state(b):
    """What a power cut or a flood must not change: the view without the clock."""
    v = b.request({"cmd": "view"}, timeout_ms=8000)
    view = dict(v["view"])
    for k in ("hurry_left", "now", "race", "message"):
        view.pop(k, None)
    return v["mode"], view


def test_ten_thousand_fuzzed_lines_change_nothing(board):
    st.setup(board, game="ww3", seats=3, cardpad=False, hurry_ms=0, seed=21)
    st.slap(board, 1, after_ms=300)
    st.slap(board, 3, after_ms=300)  # P3 slaps: the table says good, P3 takes the pot
    st.table_short(board, after_ms=300)
    board.run_ms(2600)
    before = _state(board)
    assert before[0] == "game"
    assert board.request({"cmd": "score"})["k"] == "score"

    board.enter_repl()
    board.repl(APP)
    free = [int(board.repl("run(1500)").split()[1])]
    rng = random.Random(15)
    sent = errors = 0
    while sent < LINES:
        batch = b"".join(fuzz_line(rng) for _ in range(BATCH))
        board.cmd("data_write", hex=batch.hex())
        sent += BATCH
        for _ in range(40):  # until the board has answered the whole batch
            out = board.repl("run(400)")
            errors += sum(1 for o in board.data_lines() if o.get("k") == "error")
            if errors >= sent * 0.99 and "free" in out:
                break
        free.append(int(out.split()[1]))
    console = board.console_read()
    assert "Traceback" not in console
    assert errors >= LINES * 0.99, errors  # one error a line (a few long ones join the next)
    print("\n[fuzz] %d lines, %d errors, heap free (bytes) per batch: %s; %.1f s emulated"
          % (sent, errors, free, board.emulated_us / 1e6))
    assert min(free[2:]) >= free[1] - 4096, free  # bounded: no growth batch after batch
    board.repl("run(10)")
    board.reload()  # Ctrl-D: code.py again, the game from its journal
    board.console_until(st.RUNNING, timeout_ms=15000)
    board.request({"cmd": "hello"}, timeout_ms=8000)
    assert _state(board) == before
    assert board.request({"cmd": "view"})["view"]["message"] == "Resumed game"
