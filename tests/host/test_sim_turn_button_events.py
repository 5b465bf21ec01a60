"""The simulator's turn-game model takes the device's own input: ``button`` events (a
seat's short or long press, the table button, a chord) as the board streams them, so a
script of presses plays on the simulator as on the board (tests/board/test_sim_vs_board.py)."""

import pytest
from topper import games, turnref
from topper.eventlog import LogError
from topper.gamekit import Entry

from topper_host.sim import turn_log
from topper_host.sim.turn_table import TurnTable

PRESSES = [("short", 1), ("table", -1), ("short", 2), ("long", 0), ("chord", 2)]


def _head(game, seats):
    head = turn_log.header(game, seats, 7, Entry.BUTTONS, games.options(game), None)
    assert head["entry"] == "buttons"
    return head


def test_button_events_rule_as_the_referee_rules_the_same_presses():
    for game in games.TURN_KEYS:
        seats = 4 if game == "tricky" else 3  # Tricky Dick is for 4; the others 2-8
        table = TurnTable(turn_log.make(_head(game, seats)), humans=range(seats))
        got = []
        table.listeners.append(lambda tb, t, out, got=got: got.extend(turn_log.plain(out)))
        events = [{"ev": "start", "t": 100}]
        for i, (p, s) in enumerate(PRESSES):
            events.append({"ev": "button", "press": p, "seat": s, "t": 600 * (i + 1)})
        table.add_script(events)
        table.advance(5000)
        twin = turn_log.make(_head(game, seats))
        want = turn_log.plain(twin.start(100))
        for i, (p, s) in enumerate(PRESSES):
            want += turn_log.plain(twin.button(turnref.PRESS_NAMES.index(p), s, 600 * (i + 1)))
        assert got == want, game
        assert any(r["r"] != "error" for r in got[1:]), game  # the presses did something


def test_a_bad_button_event_names_its_line():
    head = '{"entry":"buttons","game":"tripp","log":"topper-table","seats":3,"seed":7,"v":1}'
    for bad in ('{"ev":"button","press":"tap","seat":1,"t":5}', '{"ev":"button","press":"short","t":5}'):
        with pytest.raises(LogError) as e:
            turn_log.read([head, '{"ev":"start","t":0}', bad])
        assert e.value.line == 3 and "button event needs" in str(e.value)
