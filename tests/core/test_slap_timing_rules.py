"""When presses, cards and timers meet: a press reported after its race was ranked, a
press of a closed race's late window, a locked seat's press, the hurry-up's one firing a
card, and timers that fall inside a race's settle window (docs/rules/slap-games.md,
"Timing"). Each case is one a table would notice: the wrong seat paid, a second buzzer,
a margin that says the slower hand was faster."""

from _rig import PAIR_ON_TOP, kinds, pair_ready, rigged_referee
from topper import slaplog, jsonl
from topper.replay import run as replay_log
from topper.games.slap.blind import BlindSlapReferee
from topper.games.slap.blind import restore as restore_blind
from topper.games.slap.engine import WW3, Phase, SlapGame
from topper.games.slap.pad import PadSlapReferee, restore

def _of(out, kind):
    return [r for r in out if r["r"] == kind]


def test_a_press_reported_after_the_ranking_is_late_by_no_less_than_zero():
    g, ref = pair_ready()
    ref.press(2, 1000, 500)
    assert _of(ref.tick(1001), "slap")[0]["by"] == 2
    stacks = [len(s) for s in g.stacks]
    # P2's press was stamped before P3's but reached the referee after the ruling
    out = ref.press(1, 1000, 200)
    assert out == [{"r": "late", "t": 1000, "seat": 1, "margin_us": 0}]
    assert [len(s) for s in g.stacks] == stacks  # free
    assert ref.view(1002)["race"]["order"] == [[2, 0], [1, 0]]


def test_a_press_of_a_closed_races_window_is_late_whenever_it_arrives():
    g, ref = pair_ready()
    ref.press(2, 1000)
    ref.tick(1001)  # P3 takes the pot and leads the next pile
    assert ref.tick(2000) == []  # the race closes: nothing ruled, so nothing logged
    stacks = [len(s) for s in g.stacks]
    out = ref.press(1, 1999)  # stamped inside the window, read after the tick
    assert out == [{"r": "late", "t": 1999, "seat": 1, "margin_us": 999000}]
    assert [len(s) for s in g.stacks] == stacks and len(g.facedown) == 0
    assert ref.press(1, 2500) == []  # a press stamped after the window opens a race
    assert _of(ref.tick(2501), "slap")[0]["by"] == 1


def test_the_log_without_its_silent_ticks_replays_a_late_press_the_same():
    ref = PadSlapReferee(SlapGame(WW3, 4, 0), seed=5)
    lines = [jsonl.dumps(slaplog.header(ref))]
    for ev in ({"ev": "start", "t": 0}, {"ev": "press", "t": 1000, "seat": 2}, {"ev": "tick", "t": 1001},
               {"ev": "tick", "t": 2000}, {"ev": "press", "t": 1999, "seat": 1}, {"ev": "tick", "t": 2600}):
        out = slaplog.apply(ref, ev)
        if ev["ev"] != "tick" or out:  # the board logs a tick only before its rulings
            lines.append(jsonl.dumps(ev))
            lines.extend(jsonl.dumps(r) for r in out)
    assert [r["r"] for r in replay_log(lines)] == ["starter", "slap", "late"]


def test_a_locked_seats_press_is_locked_before_and_after_the_ruling():
    # P1's hurry-up penalty card on top locks P1 out until it is covered
    g, ref = rigged_referee(WW3, ["1RC 2YH 4YS 2GT", "1GT 2BS 3YC 4GC", "4GC 3BH 2YT", "2BH 3BS"],
                            hurry_ms=3000, settle_ms=5)
    ref.lay(100)
    ref.tick(3100)
    assert ref.lay(3200)[0]["penalty"] and ref.view(3200)["locked"][0]
    ref.press(2, 3300)
    ref.press(0, 3302)  # inside the settle window, behind the slapper
    out = ref.tick(3305)
    assert out[0]["r"] == "slap" and out[0]["by"] == 2 and out[0]["locked"] == [0]
    assert kinds(ref.press(1, 3310)) == ["late"]
    assert ref.press(1, 3311) == []  # one press a seat a race
    assert ref.press(3, 3400) == [{"r": "late", "t": 3400, "seat": 3, "margin_us": 100000}]
    assert ref.press(0, 3401) == []  # one press a seat a race
    ref.tick(4400)
    assert ref.press(0, 4500) == [{"r": "locked", "t": 4500, "seat": 0}]


def test_the_hurry_up_fires_once_a_card_even_after_a_wrong_slap_restarts_play():
    g, ref = rigged_referee(WW3, PAIR_ON_TOP, hurry_ms=3000)
    ref.lay(100)
    assert ref.tick(3100) == [{"r": "hurry", "t": 3100, "seat": 0}]
    ref.press(2, 3500)
    out = ref.tick(3501)  # wrong: P3 pays 3 and play waits for them
    assert out[0]["paid"] == 3
    assert ref.tick(20000) == [] and ref.view(20000)["hurry_left"] == -1
    lay = ref.lay(20100)[0]  # P1 lays its penalty card, and the next card has a limit
    assert lay["penalty"] and ref.view(20100)["hurry_left"] == 3000
    assert kinds(ref.tick(23100)) == ["hurry"]


def test_a_wrong_slap_before_the_hurry_up_restarts_the_limit():
    g, ref = rigged_referee(WW3, PAIR_ON_TOP, hurry_ms=3000)
    ref.lay(100)
    ref.press(2, 2000)
    ref.tick(2001)
    assert ref.tick(3100) == [] and ref.view(3100)["hurry_left"] == 1901
    assert kinds(ref.tick(5001)) == ["hurry"]


def test_a_hurry_up_due_inside_the_settle_window_waits_for_the_ranking():
    g, ref = rigged_referee(WW3, PAIR_ON_TOP, hurry_ms=3000, settle_ms=5)
    ref.lay(100)  # P1's limit runs out at 3100
    ref.press(2, 3098)  # P3 slaps first, on a single card: wrong
    out = ref.tick(3103)
    # the slap came first: P3 pays and play restarts, so P1 is not hurried
    assert kinds(out) == ["slap"] and out[0]["paid"] == 3
    assert not ref.view(3103)["penalty"][0] and ref.view(3103)["hurry_left"] == 3000


def test_a_gathering_due_inside_the_settle_window_waits_for_the_ranking():
    g, ref = rigged_referee(WW3, ["1RC 2RH 4YS", "1GT 3BS 3YC", "4GC 1GH", "2BH"], settle_ms=5)
    for t in (100, 200, 300, 400):
        ref.lay(t)
    assert g.phase == Phase.AWARDED and g.award_to == 0  # gathered at 1900
    ref.press(2, 1898)  # P3's wrong slap pays into the pot P1 is about to gather
    out = ref.tick(1903)
    assert kinds(out) == ["slap", "collect"] and out[0]["paid"] == 2
    assert out[1]["t"] == 1900 and out[1]["cards"] == 6 and len(g.facedown) == 0


def test_a_card_in_the_same_ms_ranks_the_race_at_that_ms():
    g, ref = pair_ready(hurry_ms=3000)
    ref.press(2, 300)
    out = ref.lay(300, seat=3)  # read in the same ms (from a seat not due: refused)
    assert kinds(out) == ["slap", "error"] and out[0]["by"] == 2 and g.turn == 2
    assert ref.view(300)["hurry_left"] == 3000  # P3's limit runs from the ranking, at 300


# ----- blind play ---------------------------------------------------------------------


def test_blind_a_press_reported_after_the_ranking_is_late_by_no_less_than_zero():
    ref = BlindSlapReferee("ww3", 4, seed=2)
    ref.start(0, 0)
    ref.press(2, 1000, 500)
    assert ref.tick(1001)[0]["by"] == 2
    assert ref.press(1, 1000, 200) == [{"r": "late", "t": 1000, "seat": 1, "margin_us": 0}]
    assert ref.pending == 2


def test_blind_a_press_of_a_closed_races_window_is_late_whenever_it_arrives():
    ref = BlindSlapReferee("ww3", 4, seed=2)
    ref.start(0, 0)
    ref.press(2, 1000)
    ref.tick(1001)
    ref.table(1500)  # good: P3 takes the pot
    assert ref.tick(2000) == []
    assert ref.press(1, 1999) == [{"r": "late", "t": 1999, "seat": 1, "margin_us": 999000}]
    assert ref.pending == -1 and ref.wrong == [0, 0, 0, 0]


def test_blind_every_locked_seat_that_pressed_is_named_in_the_ruling():
    ref = BlindSlapReferee("ww3", 4, seed=2, settle_ms=5)
    ref.start(0, 0)
    ref.toggle_out(1, 100)
    ref.press(1, 200)
    ref.tick(205)
    ref.table(300, long=True)  # out of cards and wrong: locked
    ref.tick(1300)
    ref.press(3, 1400)
    ref.press(1, 1402)  # behind the slapper, in the same race
    out = ref.tick(1405)
    assert out[0]["by"] == 3 and out[0]["locked"] == [1]


def test_blind_the_hurry_up_fires_once_a_card():
    ref = BlindSlapReferee("ww3", 3, seed=2, hurry_ms=2000)
    ref.start(0, 0)
    assert ref.tick(2000) == [{"r": "hurry", "t": 2000, "seat": 0}]
    ref.press(2, 2500)
    ref.tick(2501)
    ref.table(2600, long=True)  # P3 was wrong and pays 3; P1 is still due
    assert ref.tick(20000) == [] and ref.view(20000)["hurry_left"] == -1
    ref.table(20100)  # P1 laid: P2 is due, with a limit of its own
    assert kinds(ref.tick(22100)) == ["hurry"]


def test_saves_from_before_late_windows_still_restore():
    g, ref = pair_ready()
    ref.press(2, 1000)
    ref.tick(1001)
    ref.tick(2100)  # closed 100 ms ago: the save keeps its window
    saved = ref.save(2100)
    assert saved["late"] is not None
    # as an older firmware wrote it: no late window
    del saved["late"]
    back = restore(saved, 50)
    assert back.press(1, 60) == [] and back.settling()
    blind = BlindSlapReferee("ww3", 3, seed=2, hurry_ms=2000)
    blind.start(0, 0)
    blind.tick(2000)  # P1 hurried
    saved = blind.save(2100)
    assert saved["hurried"] == 1
    del saved["hurried"], saved["late"]
    back = restore_blind(saved, 0)
    assert back.view(0)["hurry_left"] == -1 and kinds(back.tick(5000)) == []
