"""The serial protocol's reader and parser: bounded memory, clear errors, and a fuzz
of tens of thousands of generated lines that never raises."""

from _scale import games
from topper.protocol import LineReader, ProtocolError, parse_command, reply
from topper.rng import Rng


def test_lines_split_across_reads_and_crlf():
    r = LineReader()
    assert r.feed(b'{"cmd":"hel') == []
    assert r.feed(b'lo"}\r\n{"cmd":"view"}\n') == [('{"cmd":"hello"}', None), ('{"cmd":"view"}', None)]


def test_an_oversized_line_is_dropped_once_and_the_next_line_still_works():
    r = LineReader(max_line=16)
    out = r.feed(b"x" * 1000)
    assert out == [(None, "line too long (over 16 bytes): dropped")]
    assert len(r._buf) <= 16
    assert r.feed(b"yyy\n" + b'{"cmd":"view"}\n') == [('{"cmd":"view"}', None)]


def test_binary_and_bad_text_are_errors_not_crashes():
    r = LineReader()
    assert r.feed(b"\x00\x01\x02\n")[0][1] == "binary data on the line: dropped"
    assert r.feed(b"\xff\xfe{}\n")[0][1] == "not UTF-8 text: dropped"


# (line, words expected in the error)
BAD = [
    ("", "empty line"),
    ("hello", "not JSON"),
    ("[1]", "JSON object"),
    ('{"cmd":"reboot"}', "unknown command 'reboot'"),
    ('{"nocmd":1}', "unknown command None"),
    ('{"cmd":"view","id":"x"}', "id must be a whole number"),
]


def test_bad_commands_get_clear_messages():
    for line, words in BAD:
        try:
            parse_command(line)
        except ProtocolError as e:
            assert words in str(e), (line, str(e))
        else:
            assert False, line


def test_good_commands_and_replies():
    assert parse_command('{"cmd":"log","which":"last","id":7}')["which"] == "last"
    assert reply("version", 3, proto=1) == '{"id":3,"k":"version","proto":1}'


def test_fuzz_never_raises_and_memory_stays_bounded():
    rng = Rng(2024)
    r = LineReader(max_line=64)
    alphabet = b'{}[]":,0123456789abcdefghijklmnopqrstuvwxyz cmdviewhello\\\n\r\x00\xff\xc3\xa9'
    seeds = [b'{"cmd":"view"}', b'{"cmd":"setup","game":"ww3"}', b'{"cmd":"log"}']
    lines = 0
    for _ in range(games(30000)):
        n = rng.below(90)
        if rng.below(4) == 0:
            chunk = bytearray(seeds[rng.below(3)])
            for _ in range(rng.below(4)):
                chunk[rng.below(len(chunk))] = rng.below(256)
        else:
            chunk = bytearray([alphabet[rng.below(len(alphabet))] for _ in range(n)])
        chunk.append(10)
        for line, err in r.feed(bytes(chunk)):
            lines += 1
            assert (line is None) != (err is None)
            if line is not None:
                try:
                    parse_command(line)
                except ProtocolError:
                    pass
        assert len(r._buf) <= 64
    assert lines >= games(30000)
