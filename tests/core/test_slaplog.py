"""The event log: header, events and rulings round-trip; the replay (topper.replay)
reports a log that contradicts the rules with its line number."""

from topper.replay import LogError
from topper.replay import run as replay_log

HEAD = '{"log":"topper-table","v":1,"game":"ww3","seats":3,"jokers":0,"seed":1,"hurry_ms":0}'
TABLE = [HEAD, '{"ev":"start","t":0,"seat":0}']


def _replay(lines):
    return list(replay_log(lines))


def _fails(lines, line, words):
    try:
        _replay(lines)
    except LogError as e:
        assert e.line == line, "error on line %d, expected %d: %s" % (e.line, line, e)
        assert words in e.msg, e.msg
    else:
        assert False, "replay must refuse this log"


def test_hand_written_log_is_ruled():
    out = _replay(TABLE + [
        '{"ev":"lay","t":1000,"card":"2RC"}',
        '{"ev":"lay","t":1500,"card":"2RH"}',
        '{"ev":"press","t":1600,"seat":2}',
    ])
    assert [r["r"] for r in out] == ["starter", "lay", "lay", "slap"]
    assert out[2]["control"] == 0 and out[2]["chances"] == 2 and out[2]["slap"] == "pair"
    assert out[3]["by"] == 2 and out[3]["ok"]  # ruled at the end of the log


# (lines after the table header and start, line number of the error, words in it)
BAD = [
    (['{"ev":"lay","t":10,"card":"*RC"}'], 3, "not in the ww3 deck"),
    (['{"ev":"lay","t":10,"card":"9ZZ"}'], 3, "bad number"),
    (['{"ev":"lay","t":10,"card":"2RC"}', '{"ev":"lay","t":20,"card":"2RC"}'], 4, "already in the pile"),
    (['{"ev":"lay","t":10,"card":"2RC","seat":1}'], 3, "not P2's turn"),
    (['{"ev":"press","t":10,"seat":7}'], 3, "no seat"),
    (['{"ev":"slap","t":10}'], 3, "unknown event"),
    (['{"ev":"press","t":10}'], 3, "missing 'seat'"),
    (['{"ev":"tick","t":"soon"}'], 3, "whole 't' stamp"),
    (['{"ev":"tick","t":5000}', '{"ev":"tick","t":40}'], 4, "time runs backwards"),
    (['{"ev":"tick","t":50'], 3, "not JSON"),
    (['[1,2]'], 3, "JSON object"),
    (['{"t":5}'], 3, "neither an event"),
    (['{"ev":"lay","t":10,"card":"2RC"}', '{"r":"lay","t":10}'], 4, "differs from the core"),
    (['{"r":"starter","seat":0,"shows":[],"t":0}', '{"ev":"tick","t":5}', '{"r":"win","t":10,"seat":0}'],
     5, "not made by the core"),
]


def test_contradictions_are_reported_with_their_line():
    for extra, line, words in BAD:
        _fails(TABLE + extra, line, words)


def test_bad_headers():
    _fails(['{"v":1}'], 1, "not a Topper Table log")
    _fails(['{"log":"topper-table","v":9,"game":"ww3","seats":3}'], 1, "version 9")
    _fails(['{"log":"topper-table","v":1,"game":"snap","seats":3}'], 1, "unknown game")
    _fails(['{"log":"topper-table","v":1,"game":"ww3","seats":12}'], 1, "2 to 8 seats")
    _fails([], 1, "empty log")


def test_version_1_and_2_read_alike_and_other_kinds_are_named():
    v2 = [HEAD.replace('"v":1', '"v":2')] + TABLE[1:] + ['{"ev":"lay","t":1000,"card":"2RC"}']
    assert _replay(v2) == _replay(TABLE + ['{"ev":"lay","t":1000,"card":"2RC"}'])
    # Blind play and a board's turn log of the older format go through the same loop.
    blind = ['{"blind":true,"game":"ww3","log":"topper-table","seats":3,"seed":1,"v":2}',
             '{"ev":"start","seat":1,"t":0}', '{"ev":"table","t":900}']
    assert [(r["r"], r.get("seat")) for r in _replay(blind)] == [("starter", 1), ("turn", 2)]
    old = ['{"game":"tripp","log":"topper-turn","seats":3,"v":1}', '{"ev":"start","t":0}']
    assert [r["r"] for r in _replay(old)] == ["deal"]


def test_a_refusal_the_log_records_is_consistent():
    refusal = '{"msg":"not P2\'s turn: P1 lays","r":"error","t":10}'
    out = _replay(TABLE + ['{"ev":"lay","t":10,"card":"2RC","seat":1}', refusal])
    assert out[-1]["r"] == "error"


def test_a_press_read_just_after_a_later_tick_still_counts():
    # the device logged a tick at 1010, then read a press the keypad stamped at 1004
    out = _replay(TABLE + [
        '{"ev":"lay","t":1000,"card":"2RC"}',
        '{"ev":"lay","t":1005,"card":"2RH"}',
        '{"ev":"tick","t":1010}',
        '{"ev":"press","t":1004,"seat":2}',
    ])
    slap = out[-1]
    # ranked at its true stamp (fairness needs it); the clock itself never runs back
    assert slap["r"] == "slap" and slap["by"] == 2 and slap["ok"] and slap["t"] == 1004
