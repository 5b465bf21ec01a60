"""The compact game log behind the ``log`` command: every event the app writes comes
back as the same bytes, a full log keeps its beginning, nothing is allocated per event."""

from topper import jsonl
from topper.gamelog import RECORD, GameLog, decode, encode

# Every event shape the device's app logs (firmware/lib/topper_app/app.py), plus the host's.
EVENTS = [
    {"ev": "start", "seat": 2, "t": 0},
    {"ev": "start", "t": 536870911},
    {"ev": "press", "seat": 0, "t": 1450},
    {"ev": "press", "seat": 7, "t": 1451, "us": 999},
    {"ev": "press", "seat": 3, "t": 4000, "us": 0},
    {"card": "3RC", "ev": "lay", "t": 1200},
    {"card": "JK", "ev": "lay", "t": 1201},
    {"card": "**C", "ev": "lay", "seat": 1, "t": 1202},
    {"ev": "lay", "t": 9},
    {"ev": "tick", "t": 4294967295},
    {"ev": "table", "t": 50},
    {"ev": "table", "long": True, "t": 51},
    {"ev": "out", "seat": 4, "t": 52},
]

# Events a record cannot give back byte for byte: they stop the log instead.
ODD = [
    {"ev": "press", "seat": 1, "t": -1},
    {"ev": "press", "seat": 1, "t": 1 << 32},
    {"ev": "press", "seat": 300, "t": 1},
    {"ev": "press", "seat": True, "t": 1},
    {"ev": "lay", "card": "9ZZ", "t": 1},
    {"ev": "lay", "card": "?RC", "t": 1},  # an alias of "*RC"
    {"ev": "lay", "card": "**X", "t": 1},  # an alias of "***"
    {"ev": "table", "long": 1, "t": 1},
    {"ev": "guess", "t": 1},
    {"ev": "press", "seat": 1, "t": 1, "why": "extra"},
]


def test_every_event_the_app_logs_comes_back_as_the_same_bytes():
    for ev in EVENTS:
        rec = encode(ev)
        assert rec is not None and len(rec) == RECORD, ev
        assert jsonl.dumps(decode(rec)) == jsonl.dumps(ev), ev


def test_events_a_record_cannot_hold_are_refused():
    for ev in ODD:
        assert encode(ev) is None, ev


def test_a_log_keeps_header_and_events_but_not_rulings():
    log = GameLog(1000)
    head = {"game": "ww3", "log": "topper-table", "seats": 4, "seed": 3, "v": 1}
    log.header(head)
    log.add({"ev": "start", "t": 0})
    log.add({"r": "starter", "seat": 1, "shows": [], "t": 0})
    log.add({"ev": "press", "seat": 1, "t": 5})
    assert log.lines() == 3 and log.game == "ww3"
    assert [log.line(i) for i in range(3)] == [
        jsonl.dumps(head),
        '{"ev":"start","t":0}',
        '{"ev":"press","seat":1,"t":5}',
    ]


def test_a_full_log_keeps_its_beginning_and_counts_the_rest():
    log = GameLog(RECORD * 3)
    for t in range(10):
        log.add({"ev": "tick", "t": t})
    assert log.lines() == 3 and log.dropped == 7
    assert log.line(2) == '{"ev":"tick","t":2}'


def test_an_event_it_cannot_hold_ends_the_log_there():
    log = GameLog(1000)
    log.add({"ev": "tick", "t": 1})
    log.add({"ev": "guess", "t": 2})
    log.add({"ev": "tick", "t": 3})
    assert log.lines() == 1 and log.dropped == 2


def test_the_buffer_is_allocated_with_the_first_event_and_then_reused():
    log = GameLog(4096)
    assert log.buf is None and log.capacity() == 455
    log.header({"game": "ww3", "log": "topper-table", "v": 1})
    assert log.buf is None  # the header is kept as it is
    log.add({"ev": "tick", "t": 0})
    buf = log.buf
    for t in range(2000):
        log.add({"ev": "press", "seat": t % 8, "t": t})
    log.clear()
    log.add({"ev": "tick", "t": 1})
    assert log.buf is buf and len(buf) == 4095


def test_a_log_that_closes_keeps_only_its_records_and_the_next_game_gets_a_buffer():
    log = GameLog(4096)
    log.header({"game": "guess", "log": "topper-table", "v": 2})
    log.add({"ev": "start", "t": 5})
    log.add({"ev": "button", "press": "short", "seat": 0, "t": 6})  # a turn game's move
    assert log.closed and len(log.buf) == RECORD  # the 4 KB went back to the heap
    log.add({"ev": "tick", "t": 7})
    assert log.lines() == 2 and log.line(1) == jsonl.dumps({"ev": "start", "t": 5})
    log.clear()
    for t in range(3):
        log.add({"ev": "press", "seat": 1, "t": t})
    assert len(log.buf) == 4095 and log.lines() == 3
