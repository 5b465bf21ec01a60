"""Every seat's time where a host shows a turn game (the simulator's panel, the monitor's
seats) and the clock's rulings in the commentary's words."""

from topper import games, turnref
from topper.games.tripp import turn as tripp
from topper_host import monitor_view
from topper_host.sim.ui import turn_app, turn_seats


def _ref(control, flag):
    cfg = {"game": "tripp", "seats": 3, "options": games.options("tripp"), "control": control,
           "cardpad": False, "flag": flag}
    r = tripp.make(cfg, 7)
    r.start(0)
    return r


def test_the_panel_and_the_monitor_show_every_seats_time_periods_and_penalties():
    r = _ref([6, 5000, 2000, 2, 0, [], [5000, 5000, 9000]], "penalty")
    r.tick(5500)  # P2 in byo-yomi
    v = r.view(5500)
    assert turn_app.clock_words(v["clock"], r.on_turn()) == "P1 0:05  >P2 B2 0:02  P3 0:09"
    assert [turn_seats.seat_line(v, s, (0,))[0].split("  ")[-1] for s in range(3)] == [
        " 0:05", " B2 0:02", " 0:09"]
    r.tick(10000)  # both periods gone: a flag, and the table's penalty minute
    v = r.view(10000)
    assert "(1 penalty)" in turn_app.clock_words(v["clock"], r.on_turn())
    assert "1 penalty" in turn_seats.seat_line(v, 1, (0,))[1]


def test_the_commentary_words_the_clock_and_the_flags_consequence():
    r = _ref([3, 5000, 0], "lose")
    got = r.tick(6000)
    words = [monitor_view.describe(r, e) for e in got]
    assert words == ["P2 out of time", "P2 loses on time, P1 P3 win"]
    assert r.view(6000)["over"] and turnref.FLAG_NAMES[r.on_flag] == "lose"
