"""The slap gate's Python side on the device app (topper_hw.gate, topper_app.gatearm),
over a fake of the C module that keeps its contract (tests/fakes/gate.py): which seats
it listens to and when, the frame it holds for each, and that the referee ranks what it
latched, ties included. The C module itself runs on the emulated board
(tests/board/test_board_gate.py)."""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

import fakes  # noqa: E402

from fakes import scenario  # noqa: E402
from fakes.rig import SEAT_PINS  # noqa: E402
from fakes.scenario import has, lay, start  # noqa: E402
from topper_view import ring  # noqa: E402

NO_HURRY = {"TOPPER_HURRY_MS": 0}
SEATS = 4


def teardown_function(function):
    fakes.uninstall()


def packed(colors, brightness=0.15):
    """A frame as the strip sends it: GRB bytes, dimmed."""
    out = bytearray()
    for c in colors:
        for k in (1, 0, 2):
            out.append(int(c[k] * brightness))
    return bytes(out)


def seat_frame(g, seat):
    return g.frames[seat * g.frame_len : (seat + 1) * g.frame_len]


def booted_pair(delay=20):
    rig, app, _ = scenario.boot(NO_HURRY, gate=True)
    start(rig, app, starter=0, at=rig.now + delay)  # the game's seed is the start's stamp
    lay(rig, app, "1RC")
    lay(rig, app, "1RH")  # a pair on top: slappable
    return rig, app, rig.gates[-1]


def test_the_ring_goes_through_the_gate_and_the_menu_arms_nothing():
    rig, app, _ = scenario.boot(NO_HURRY, gate=True)
    g = rig.gates[-1]
    assert g.shows and not rig.strips  # no NeoPixel: one writer on the ring's pin
    rig.press(2, rig.now + 20)
    rig.run(app, rig.now + 200)
    assert g.mask == 0 and g.winner() == -1  # a press in the menu lights nothing


def test_a_slappable_pile_arms_every_seat_with_its_winning_flash():
    rig, app, g = booted_pair()
    assert g.mask == (1 << SEATS) - 1
    for s in range(SEATS):
        assert seat_frame(g, s) == packed([ring.seat_color(s)] * 24), s
    t = rig.now + 30
    rig.press(2, t)
    rig.run(app, t + 1)  # the gate's frame is out; the loop has not ranked the race yet
    assert g.picture() == packed([ring.seat_color(2)] * 24)
    rig.run(app, t + 150)
    assert app.ref.ref.last_race["by"] == 2 and app.ref.ref.last_race["ok"]
    assert has(rig.screen(), "SLAP! P3 TAKES POT")


def test_a_lone_card_arms_the_wrong_slap_red_and_a_locked_seat_is_not_heard():
    rig, app, _ = scenario.boot(NO_HURRY, gate=True)
    start(rig, app, starter=0)
    lay(rig, app, "1RC")  # nothing to slap
    g = rig.gates[-1]
    home = ring.seat_pixel(1, SEATS)
    frame = seat_frame(g, 1)
    assert frame[3 * home : 3 * home + 3] == packed([ring.RED])
    # each seat's frame is the table marked for that seat alone (one table, copied)
    armed = g.armed_us // 1000  # (the seat to play pulses: drawn as it was then)
    view = app.ref.view(armed)
    for s in range(SEATS):
        want = ring.first_slap(view, s, armed, 24)
        assert seat_frame(g, s) == packed(want), s
        reds = [p for p in range(24) if seat_frame(g, s)[3 * p : 3 * p + 3] == packed([ring.RED])]
        assert len(reds) == 3 and ring.seat_pixel(s, SEATS) in reds, (s, reds)
    t = rig.now + 30
    rig.press(1, t)
    rig.run(app, t + 3000)  # ruled, and the race has closed
    assert app.ref.ref.last_race["by"] == 1 and not app.ref.ref.last_race["ok"]
    locked = app.ref.view(rig.now)["locked"]
    want = sum(1 << s for s in range(SEATS) if not locked[s])
    assert g.mask == want


def test_a_tie_in_one_interrupt_is_ranked_as_the_gate_lit_it():
    firsts = set()
    for k in range(8):
        rig, app, g = booted_pair(delay=20 + 7 * k)  # each its own seed
        t = rig.now + 30
        rig.press(3, t)
        rig.press(1, t)  # the same instant
        rig.run(app, t + 1)
        lit = g.winner()
        assert lit in (1, 3)
        assert g.picture() == packed([ring.seat_color(lit)] * 24)
        rig.run(app, t + 150)
        race = app.ref.ref.last_race
        assert race["by"] == lit, (k, lit, race)
        assert sorted(s for s, _ in race["order"]) == [1, 3]
        assert has(rig.screen(), "tie")
        firsts.add(lit)
        fakes.uninstall()
    assert firsts == {1, 3}  # either seat can win a tie


def test_presses_are_ranked_by_the_gates_microseconds():
    rig, app, g = booted_pair()
    t = rig.now + 30
    rig.press(0, t)
    rig.press(2, t + 3)
    rig.run(app, t + 150)
    order = app.ref.ref.last_race["order"]
    assert order[0][0] == 0 and order[1] == [2, 3000]


def test_a_turn_game_disarms_the_gate():
    rig, app, _ = scenario.boot({"TOPPER_HURRY_MS": 0, "TOPPER_GAME": "tripp"}, gate=True)
    g = rig.gates[-1]
    start(rig, app, starter=0)
    rig.run(app, rig.now + 300)
    assert g.mask == 0


def test_a_gate_that_cannot_open_is_reported_and_the_ring_still_works():
    rig, app, _ = scenario.boot({"TOPPER_HURRY_MS": 0, "TOPPER_PIXELS": 100}, gate=True)
    assert app.dev.gate is None and not rig.gates
    assert any("slap gate: a ring of 100 pixels" in p for p in app.dev.problems), app.dev.problems
    assert rig.strips and rig.strips[-1].shows  # the ring through neopixel


def test_the_gate_can_be_turned_off():
    rig, app, _ = scenario.boot({"TOPPER_HURRY_MS": 0, "TOPPER_SLAP_GATE": 0}, gate=True)
    assert app.dev.gate is None and not rig.gates and rig.strips
    start(rig, app, starter=0)
    lay(rig, app, "1RC")
    lay(rig, app, "1RH")
    rig.press(2, rig.now + 30)
    rig.run(app, rig.now + 200)
    assert has(rig.screen(), "SLAP! P3 TAKES POT")


def test_the_gate_takes_its_windows_from_the_settings():
    rig, app, _ = scenario.boot({"TOPPER_GATE_CONFIRM_US": 300, "TOPPER_GATE_BOUNCE_US": 4000}, gate=True)
    g = rig.gates[-1]
    assert (g.confirm_us, g.bounce_us) == (300, 4000)
    from topper_hw import settings

    cfg, problems = settings.load({"TOPPER_GATE_BOUNCE_US": "50000"}.get)
    assert cfg["gate_bounce_us"] == 5000  # out of bounds: the default, and the table is told
    assert problems == ["TOPPER_GATE_BOUNCE_US=50000: not in 0..20000"]


def test_the_race_waits_for_a_chattering_first_touch():
    """P3's contact touches first and chatters, so keypad reports it last (after its
    chatter and the debounce); P1's clean press 1 ms later is reported first. The race
    stays open long enough for P3's report: P3 slaps, P1 is ranked 1 ms behind, and
    nobody is ruled late."""
    rig, app, g = booted_pair()
    assert app.ref.ref.settle_ms == 10  # bounce window 5 ms + 4 scans of 1 ms, + 1 ms
    t = rig.now + 30
    g.edge(SEAT_PINS[2], t)  # P3's first touch
    keys, i = rig._key(SEAT_PINS[2])
    keys.events.schedule(i, True, t + 8)  # reported after 5 ms of chatter and 3 scans
    keys.events.schedule(i, False, t + 80)
    rig.press(0, t + 1)  # P1, clean, reported at once by this fake
    rig.run(app, t + 150)
    race = app.ref.ref.last_race
    assert race["by"] == 2 and race["order"] == [[2, 0], [0, 1000]], race


def test_every_mode_waits_for_the_first_touch_rule():
    """Both capture modes stamp a press at its first touch and report it once confirmed
    (docs/slap-gate.md): with or without the gate, a race stays open for the longest
    report delay of the mode."""
    rig, app, _ = scenario.boot({"TOPPER_SLAP_GATE": 0}, gate=True)
    assert app.dev.settle_ms == 10
    from topper_hw.devices import race_settle_ms

    cfg = {"gate_bounce_us": 5000, "gate_confirm_us": 500, "debounce": 3, "scan_us": 1000}
    # keypad: bounce window 5 ms + 3 closed scans + a scan of phase, + 1 ms
    assert race_settle_ms(cfg, "keypad") == 10
    # pio: bounce window 5 ms + the 0.5 ms check, + the drain's 3 ms guard, + 1 ms
    assert race_settle_ms(cfg, "pio") == 10
    assert race_settle_ms(dict(cfg, gate_bounce_us=0, debounce=1, scan_us=250), "keypad") == 2
    assert race_settle_ms(dict(cfg, gate_bounce_us=0, gate_confirm_us=0), "pio") == 4
    assert race_settle_ms(dict(cfg, gate_bounce_us=20000, gate_confirm_us=5000), "pio") == 29
