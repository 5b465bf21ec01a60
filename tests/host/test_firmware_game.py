"""Playing World War 3 on the device with the card pad: scripted buttons and card taps
run through the real device app (firmware/lib/topper_app); the tests read the OLED bytes, the ring's
colours and the buzzer's tones."""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

import fakes  # noqa: E402

from fakes import scenario  # noqa: E402
from fakes.scenario import has, lay, start  # noqa: E402
from topper_view import ring, sounds  # noqa: E402

NO_HURRY = {"TOPPER_HURRY_MS": 0}


def teardown_function(function):
    fakes.uninstall()  # the next test (maybe not ours) sees the real modules again


def test_start_a_game_the_starter_presses_their_button():
    rig, app, _ = scenario.boot(NO_HURRY)
    assert rig.screen()[0].startswith("TOPPER TABLE")
    rig.table(rig.now + 20, hold=900)
    rig.run(app, rig.now + 1000)
    assert has(rig.screen(), "highest")
    # While waiting, every seat blinks together.
    lit = [i for i, c in enumerate(rig.ring()) if c != (0, 0, 0)]
    assert lit in ([0, 6, 12, 18], [])
    rig.press(1, rig.now + 50)
    rig.run(app, rig.now + 200)
    s = rig.screen()
    assert s[0].startswith("WW3 P2 lays"), s
    assert has(s, "New pile: P2 opens")
    assert rig.tones(since=rig.now - 200)[:1] == [sounds.START[0][0]]


def test_turn_seat_pulses_on_the_ring():
    rig, app, _ = scenario.boot(NO_HURRY)
    start(rig, app, starter=2)
    seen = set()
    for _ in range(20):
        rig.run(app, rig.now + 40)
        seen.add(rig.ring()[12])
    assert len(seen) > 3  # P3's pixel changes brightness: it pulses
    assert rig.ring()[0] == ring.scale(ring.seat_color(0), ring.DIM)  # P1 waits, dim


def test_lay_cards_from_the_pad():
    rig, app, _ = scenario.boot(NO_HURRY)
    start(rig, app, starter=0)
    lay(rig, app, "1RC")
    s = rig.screen()
    assert has(s, "P1 laid 1RC")
    assert has(s, "Pot 1")
    lay(rig, app, "2YH")
    s = rig.screen()
    assert s[0].startswith("WW3 P2 lays")  # no match: the turn passes
    assert has(s, "1RC 2YH")


def test_first_slap_wins_with_ms_margins_flash_and_fanfare():
    rig, app, _ = scenario.boot(NO_HURRY)
    start(rig, app, starter=0)
    lay(rig, app, "1RC")
    lay(rig, app, "1RH")  # the top two match in number and color: slappable
    t = rig.now + 30
    rig.press(2, t)
    rig.press(0, t + 4)
    rig.run(app, t + 150)
    s = rig.screen()
    assert s[0] == "SLAP! P3 TAKES POT", s
    assert has(s, "1. P3     0ms")
    assert has(s, "2. P1     4ms")
    assert rig.ring() == [ring.seat_color(2)] * 24 or rig.ring() == [(0, 0, 0)] * 24
    flashes = [f for _, f in rig.strip().shows if list(f) == [ring.seat_color(2)] * 24]
    assert flashes
    rig.run(app, t + 400)
    assert rig.tones(since=t)[:3] == [1320, 1760, 2640]
    # The winner takes the pot: P3 opens the next pile.
    rig.run(app, rig.now + 3000)
    s = rig.screen()
    assert s[0].startswith("WW3 P3 lays")
    assert has(s, "P3 slaps: pair")
    assert has(s, ">P3 20")  # 16 + the two cards laid + the two left over at the deal


def test_wrong_slap_costs_three_cards_red_flash_and_low_buzz():
    rig, app, _ = scenario.boot(NO_HURRY)
    start(rig, app, starter=0)
    lay(rig, app, "1RC")
    lay(rig, app, "2YH")
    before = rig.screen()
    assert has(before, "P2 16")
    t = rig.now + 30
    rig.press(1, t)
    rig.run(app, t + 150)
    s = rig.screen()
    assert s[0] == "WRONG SLAP: P2"
    assert has(s, "P2 pays 3 cards")
    px = rig.strip().shows
    red = [f for _, f in px if f[6] == ring.RED and f[5] == ring.RED]
    assert red
    rig.run(app, t + 400)
    assert 220 in rig.tones(since=t)
    rig.run(app, rig.now + 3000)
    assert has(rig.screen(), "P2 13")


def test_same_millisecond_slaps_are_a_fair_tie():
    rig, app, _ = scenario.boot(NO_HURRY)
    start(rig, app, starter=0)
    lay(rig, app, "1RC")
    lay(rig, app, "1RH")
    t = rig.now + 30
    rig.press(3, t)
    rig.press(1, t)
    rig.run(app, t + 150)
    s = rig.screen()
    assert has(s, "tie")
    assert has(s, "P4     0ms") and has(s, "P2     0ms")


def test_unknown_tag_is_an_error_not_a_lay():
    rig, app, _ = scenario.boot(NO_HURRY)
    start(rig, app, starter=0)
    rig.tap(b"\x01\x02\x03\x04")
    t = rig.now
    rig.run(app, t + 300)
    s = rig.screen()
    assert s[7] == "! unknown card tag"
    assert has(s, "Pot 0")
    assert 200 in rig.tones(since=t)
    lay(rig, app, "1RC")
    assert has(rig.screen(), "Pot 1")


def test_same_card_twice_in_a_pile_is_refused():
    rig, app, _ = scenario.boot(NO_HURRY)
    start(rig, app, starter=0)
    lay(rig, app, "1RC")
    lay(rig, app, "2YH")
    lay(rig, app, "1RC", wait=300)
    s = rig.screen()
    assert " ".join(s[6:]) == "! 1RC is already in the pile", s
    assert has(s, "Pot 2")
    assert s[0].startswith("WW3 P2 lays")


def test_a_card_resting_on_the_pad_is_laid_once():
    rig, app, _ = scenario.boot(NO_HURRY)
    start(rig, app, starter=0)
    rig.tap(scenario.uid(25 + 5 + 1), reads=8)  # 1RC stays on the pad for 8 reads
    rig.run(app, rig.now + 600)
    assert has(rig.screen(), "Pot 1")
    assert not has(rig.screen(), "already")


def test_reader_is_never_asked_to_block():
    rig, app, _ = scenario.boot(NO_HURRY)
    start(rig, app, starter=0)
    lay(rig, app, "1RC")
    pn = rig.pn532s[-1]
    assert pn.blocking_reads == 0
    assert max(w for _, w in pn.waits) <= 0.05


def test_two_cards_on_the_pad_is_reported():
    rig, app, _ = scenario.boot(NO_HURRY)
    start(rig, app, starter=0)
    rig.pad_error = RuntimeError("More than one card detected!")
    rig.run(app, rig.now + 200)
    assert rig.screen()[6:] == ["! two cards on the", "pad: tap one"]
    lay(rig, app, "1RC")
    assert has(rig.screen(), "Pot 1")


def test_hurry_up_counts_down_ticks_and_marks_a_penalty():
    rig, app, _ = scenario.boot({"TOPPER_HURRY_MS": 3000})
    start(rig, app, starter=0)
    t0 = rig.now
    lay(rig, app, "1RC", wait=50)
    s = rig.screen()
    assert s[0].endswith("s") and s[0].startswith("WW3 P1 lays")
    arc_early = len([c for c in rig.ring() if c[0] == 50 and c[2] == 0])
    rig.run(app, rig.now + 2600)
    arc_late = len([c for c in rig.ring() if c[2] == 0 and c != (0, 0, 0) and c[1] == 0])
    assert arc_early > 10 and 0 < arc_late < 5
    rig.run(app, rig.now + 600)
    s = rig.screen()
    assert has(s, "!P1"), s
    assert has(s, "P1 too slow!")
    tones = rig.tones(since=t0)
    assert sounds.TICK[0][0] in tones and sounds.HURRY[0][0] in tones


def test_long_press_asks_before_ending_the_game():
    rig, app, _ = scenario.boot(NO_HURRY)
    start(rig, app, starter=0)
    rig.table(rig.now + 20, hold=900)
    rig.run(app, rig.now + 1000)
    assert rig.screen()[0] == "END GAME?"
    rig.table(rig.now + 20, hold=60)  # short: play on
    rig.run(app, rig.now + 200)
    assert rig.screen()[0].startswith("WW3")
    rig.table(rig.now + 20, hold=900)
    rig.run(app, rig.now + 1000)
    rig.table(rig.now + 20, hold=900)
    rig.run(app, rig.now + 1000)
    assert rig.screen()[0].startswith("TOPPER TABLE")


def test_a_whole_two_seat_game_ends_with_the_winner():
    rig, app, _ = scenario.boot({"TOPPER_SEATS": 2, "TOPPER_HURRY_MS": 0})
    start(rig, app, starter=0)
    lay(rig, app, "1RC")
    lay(rig, app, "2YH")  # no control: P2 to lay, nothing to slap
    assert has(rig.screen(), "P2 33")
    # P2 slaps wrong again and again: 3 cards each, 33 cards gone after 11.
    for _ in range(11):
        rig.press(1, rig.now + 20)
        rig.run(app, rig.now + 1100)
    rig.run(app, rig.now + 2500)  # the last slap screen goes away
    assert has(rig.screen(), "P2  0")
    t = rig.now
    lay(rig, app, "3GT")  # P1, alone with cards, lays a card that is no slap
    s = rig.screen()
    assert has(s, "P1 WINS!"), s
    assert "GAME OVER" in s[0]
    rig.run(app, t + 1200)
    assert rig.tones(since=t)[:4] == [1047, 1319, 1568, 2093]
    a = rig.ring()
    rig.run(app, rig.now + 100)
    assert rig.ring() != a  # the comet runs
    assert rig.ring()[0] == ring.seat_color(0)
    rig.table(rig.now + 20, hold=900)
    rig.run(app, rig.now + 1000)
    assert rig.screen()[0].startswith("TOPPER TABLE")


def test_the_game_over_screen_shows_each_seats_median_reaction():
    rig, app, _ = scenario.boot({"TOPPER_SEATS": 2, "TOPPER_HURRY_MS": 0})
    start(rig, app, starter=0)
    lay(rig, app, "1RC")
    lay(rig, app, "1RH", wait=0)  # slappable from the lay's own stamp
    t = rig.now
    rig.press(0, t + 120)  # P1 reacts in 120 ms, P2 in 150
    rig.press(1, t + 150)
    rig.run(app, t + 1500)
    for _ in range(11):  # P2 slaps wrong until it has no cards left
        rig.press(1, rig.now + 20)
        rig.run(app, rig.now + 1100)
    rig.run(app, rig.now + 2500)
    lay(rig, app, "3GT")  # P1, alone with cards, lays a card that is no slap
    s = rig.screen()
    assert "GAME OVER" in s[0] and has(s, "P1 WINS!"), s
    assert has(s, "median reaction, ms"), s
    words = " ".join(s).split()
    p1, p2 = int(words[words.index("P1", words.index("ms")) + 1]), int(words[words.index("P2") + 1])
    # from the moment the pad's read made the pile slappable (the lay's stamp, at most a
    # pad poll before t) to each press: 30 ms apart, as pressed
    assert p2 - p1 == 30 and 120 - 40 <= p1 <= 120, s


def test_a_games_start_and_end_collect_between_their_stages_a_slap_never():
    # On the board ``collect`` is gc.collect (topper_app.main). A game's start and its
    # end make several stages of garbage in one step (the referee, the log's header,
    # the journal's first snapshot; the save cleared, the last log lines): collected
    # between them, the heap holds one stage's at a time (docs/board-heap.md). A slap
    # waits for no collection on its way to the ring.
    rig, app, _ = scenario.boot(NO_HURRY)
    collected = []
    app.collect = lambda: collected.append(app.mode)
    start(rig, app, starter=0)
    assert len(collected) >= 3, collected
    lay(rig, app, "1RC")
    lay(rig, app, "1RH")
    del collected[:]
    t = rig.now + 30
    rig.press(2, t)
    rig.run(app, t + 150)
    assert rig.screen()[0] == "SLAP! P3 TAKES POT"
    assert collected == []
    for _ in range(2):  # END GAME? then yes
        rig.table(rig.now + 20, hold=900)
        rig.run(app, rig.now + 1000)
    assert rig.screen()[0].startswith("TOPPER TABLE")
    assert len(collected) >= 3, collected


def test_the_ring_stays_put_until_the_slap_is_ranked_then_lights_the_winner_at_once():
    # The step that sees a press draws nothing (the race it opened is ranked at the end
    # of its settle window, when every press stamped before it is in): the ring's next
    # frame is the winner's flash, and the loop comes straight back for that step
    # (topper_app.main sleeps only when ``settling`` is off).
    rig, app, _ = scenario.boot(NO_HURRY)
    start(rig, app, starter=0)
    lay(rig, app, "1RC")
    lay(rig, app, "1RH")
    rig.run(app, rig.now + 100)  # the ring's last frame before the race, due again
    shows = len(rig.strip().shows)
    t = rig.now + 1
    rig.press(2, t)
    # reported once read closed for 3 scans (at t + 3), stamped t; ranked when its
    # settle window (devices.race_settle_ms) has passed
    settle = app.dev.settle_ms
    rig.run(app, t + 3, every=1)
    assert app.settling
    rig.run(app, t + settle - 1, every=1)
    assert app.settling
    assert len(rig.strip().shows) == shows  # nothing drawn while the race is open
    rig.run(app, t + settle, every=1)
    assert not app.settling
    assert rig.ring() == [ring.seat_color(2)] * 24  # the flash, in the very next step
    assert len(rig.strip().shows) == shows + 1
