"""The four turn games on the emulated board without the card pad: chosen in the menu
with the buttons, played with seat and table presses, judged as the table sees it (the
OLED's text, the ring, the buzzer, the rulings on the data port). One board for the
module, its tests in order: each leaves the board as the next expects it (the power cut
at the end resumes the Tricky Dick game the test before it left on the table).
docs/board-turn-games.md says what each shows and how long it takes."""

import pytest
from turn_table import Table


STREAMED = []  # every line the board sent on the data port in this module, in order


@pytest.fixture(scope="module")
def table(board):
    take = board.data_lines

    def data_lines():
        # (data_until hands back the lines it did not read: they are kept once)
        pending = len(board._data_pending)
        out = take()
        STREAMED.extend(out[pending:])
        return out

    board.data_lines = data_lines
    return Table(board)


def rulings(board, kind=None):
    """The rulings the link has sent: the board writes them at the end of the step that
    drew the screen, so a little board time passes first for them to arrive."""
    board.run_ms(100)
    return [o for o in board.data_lines() if "r" in o and (kind is None or o["r"] == kind)]


def test_tripp_jokes_a_whole_hand_for_places_with_turns_pickups_and_a_flag(table, board):
    # Three players for places, a chess clock of 5 s a move: P1 deals, P2 plays first.
    settings = [("Seats", "3"), ("Play for", "places"), ("Clock", "per-move"), ("Time/move", "5s", True)]
    s = table.choose("TRIPP JOKES", settings)
    s = table.wait_for("P2 on turn", "pickups 0 0 0", "P2: play, then button")
    assert s[0] == " 0:05>0:05 0:05" and s[1].endswith("0:05"), s  # every seat's time, P2's marked
    assert table.ring(2, 3) != [0, 0, 0]  # the seat on turn is lit (it pulses)
    board.data_lines()

    table.short(2)  # P2's turn is done: the clock passes to P3
    table.wait_for("P3 on turn")
    assert [r["seat"] for r in rulings(board, "turn")] == [2]

    table.short(1)  # out of turn: refused, nothing moves
    s = table.wait_for("P1 is not on turn (P3")
    assert s[1].startswith("P3 on turn"), s
    assert [r["r"] for r in rulings(board)] == ["error"]

    table.table()  # P3 picked up the pile, then ends the turn
    table.wait_for("P3 picked up")
    table.short(3)
    table.wait_for("P1 on turn", "pickups 0 0 1")
    assert [r["seat"] for r in rulings(board, "pickup")] == [2]

    # P1 thinks too long: the flag falls, the pixel turns red, the buzzer sounds.
    t_us = board.t_us
    board.run_ms(5000)
    s = table.wait_for("P1 out of time")
    assert s[1].startswith("P1 on turn") and s[1].endswith("!0:00"), s
    r, g, b = table.ring(1, 3)
    assert r > 0 and g == 0 and b == 0, table.ring(1, 3)
    assert table.tones_since(t_us), board.buzzer()["history"][-4:]
    assert [x["seat"] for x in rulings(board, "flag")] == [0]

    # To the end of the hand: P1 plays on (the table decides what a flag costs), P2 plays
    # its last card (the chord: table held, seat pressed), P3 passes, P1 goes out too:
    # P3 is left holding cards, the hand is over.
    table.short(1)
    table.wait_for("P2 on turn")
    table.chord(2)
    table.wait_for("places P2", "P3 on turn")
    table.short(3)
    table.wait_for("P1 on turn")
    table.chord(1)
    table.wait_for("places P2 P1", "winner P2", "P2 wins", "turns 4", "pickups 0 0 1")
    seen = rulings(board)
    assert [(r["seat"], r["place"]) for r in seen if r["r"] == "out" and "place" in r] == [(1, 1), (0, 2)]
    assert [r["seat"] for r in seen if r["r"] == "win"] == [1]
    board.run_ms(100)
    lit = [p for p in board.ring() if any(p)]  # the winner's comet, in P2's green
    assert lit and all(r == 0 and g > b for r, g, b in lit), lit
    table.end_game()


def test_crazy_job_rules_on_paper_and_a_play_judged_wrong_draws_two_a_card(table, board):
    table.choose("CRAZY JOB", [("Seats", "2")])
    table.wait_for("rules written 0/2", "P2: write rule, press")
    board.data_lines()
    table.short(2)  # without the pad every rule is on paper, from the dealer's left
    table.wait_for("P2: rule on paper", "P1: write rule, press")
    table.short(1)
    table.wait_for("P1: starts up, table")
    table.table()  # the dealer turned up the starting cards: 5 cards each dealt
    s = table.wait_for("P2 on P1's rule", "held 5 5", "P2: press per card")
    assert s[1].startswith("P2 on turn"), s
    table.short(2)  # P2 lays two cards: a press per card, then the table button
    table.short(2)
    table.wait_for("P2: 2 laid, table")
    table.table()
    table.wait_for("played -- --", "P1: short ok, long no")  # the owner judges
    table.long(1)  # wrong: both cards go under the line, P2 draws 2 per card
    s = table.wait_for("P2: wrong, draws 4", "held 5 7", "P1 on P2's rule")
    assert s[1].startswith("P1 on turn"), s
    play = [o for o in rulings(board) if o["r"] == "play"]
    assert [(o["seat"], o["ok"], o["draw"], o["held"]) for o in play] == [(1, False, 4, 7)], play
    table.end_game()


def test_guess_my_card_a_question_counted_a_guess_judged_and_undone(table, board):
    table.choose("GUESS MY CARD", [("Seats", "3")])
    s = table.wait_for("Hand 1/1  worth 3", "score 0 0 0", "P3? hold=ask T=guess")
    assert s[1].startswith("P2 on turn"), s
    board.data_lines()
    table.short(2)  # P2 steps on to the next seat to ask: P1
    table.wait_for("P1? hold=ask T=guess")
    table.long(2)  # and asks P1 with a card shown
    table.wait_for("P2 asks P1", "P1: n presses, then T")
    table.short(3)  # not P3's to answer
    table.wait_for("P1 is due, not P3")
    table.short(1)  # P1 counts two matches
    table.short(1)
    table.wait_for("P1: 2 so far, then T")
    table.table()
    s = table.wait_for("P2 asked P1: 2", "P3 on turn")
    answer = [o for o in rulings(board) if o["r"] == "answer"]
    assert [(o["seat"], o["asker"], o["n"]) for o in answer] == [(0, 1, 2)], answer
    table.table()  # P3 guesses P1's card officially, aloud
    table.wait_for("P3 guesses P1", "P1: short=yes long=no")
    table.short(1)  # right: P1's card is revealed, worth 3 to P3
    table.wait_for("score 0 0 3", "worth 2", "P1: P3 +3")
    verdict = [o for o in rulings(board) if o["r"] in ("verdict", "revealed")]
    assert [(o["r"], o["seat"]) for o in verdict] == [("verdict", 0), ("revealed", 0)], verdict
    table.chord(2)  # undo: the verdict is taken back
    table.wait_for("score 0 0 0", "P1: short=yes long=no")
    table.end_game()


def test_tricky_dick_a_trick_reported_with_the_buttons_is_scored(table, board):
    table.choose("TRICKY DICK", [("Clock", "sudden death")])
    s = table.wait_for("table decides", "Hand 1/4  Trick 1/16", "Who won? winner press")
    assert s[0] == "  10m  10m  10m  10m", s  # every seat's 10 minutes, nobody on turn yet
    board.data_lines()
    # The first trick is the dealer's turned-up cards: its report comes at once.
    table.short(2)  # Who won? P2
    table.wait_for("won P2", "Circles? press, table")
    table.short(1)  # P1's card is a circle
    table.wait_for("circ 1 sq -")
    table.table()  # no squares
    table.wait_for("Squares? press, table")
    table.table()
    table.wait_for("Winner's color? press")
    table.short(4)  # P4 laid the winner's color: P4 scores with the winner
    table.wait_for("won P2 same 4")
    table.table()  # the points to confirm: circles 1 - squares 0, to P2 and P4
    table.wait_for("P2+1 P4+1", "Table OK, hold: redo")
    table.table()
    s = table.wait_for("Hand 1/4  Trick 2/16", "score 0 1 0 1", "P2 won +1", "P2: lay, then button")
    assert s[1].startswith("P2 on turn") and s[1].endswith("10:00"), s  # P2's clock: 10 min
    trick = rulings(board, "trick")[-1]
    assert (trick["winner"], trick["value"], trick["points"]) == (1, 1, [0, 1, 0, 1]), trick
    table.short(1)  # not P1's turn
    table.wait_for("P2's turn, not P1's")
    table.short(2)  # P2 lays: P3's turn, P3's clock runs
    table.wait_for("P3 on turn")


def _seconds(clock):
    """'9:58' as 598."""
    minutes, seconds = clock.split(":")
    return int(minutes) * 60 + int(seconds)


def test_a_power_cut_mid_game_resumes_tricky_dick_with_its_clock_and_score(table, board):
    """Left on the table by the test before: P3 on turn, P3's clock running."""
    board.run_ms(2500)  # the store writes at most once a second
    s = table.screen()
    before = s[1]
    assert before.startswith("P3 on turn") and "score 0 1 0 1" in s, s
    board.cut()
    board.boot()
    board.console_until("topper: running", timeout_ms=15000)
    s = table.wait_for("Resumed game", within_ms=4000)
    assert s[0][10] == ">" and "score 0 1 0 1" in s and "Hand 1/4  Trick 2/16" in s, s  # P3's time marked
    assert s[1].startswith("P3 on turn"), s
    # P3's time is back as it was at the last action (the seconds in the dark count for
    # nobody): 10:00 less what ran before the save, never less than what the screen said.
    shown = s[1].split()[-1]
    assert "9:5" in shown or shown == "10:00", (before, s[1])
    board.run_ms(1200)  # and the clock runs again: P3's, down by the second and a bit that ran
    after = table.screen()[1]
    assert after.startswith("P3 on turn"), after
    ran = _seconds(shown) - _seconds(after.split()[-1])
    assert 1 <= ran <= 2, (s[1], after)
    table.short(3)  # and the table plays on
    table.wait_for("P4 on turn")
    table.end_game()


def test_every_games_log_from_the_board_replays_to_the_same_rulings(table, board):
    """The logs the board streamed in this module, one game each (docs/event-log.md):
    topper replay makes every ruling the board logged, in order, a flag included. The
    resumed game's lines after the power cut have no header: they are left out."""
    from topper import jsonl
    from topper_host import replay

    board.run_ms(200)
    board.data_lines()
    logs = []
    for obj in STREAMED:
        if "log" in obj and "k" not in obj:
            logs.append([obj])
        elif obj.get("k") == "resumed":
            logs.append(None)  # the log of a resumed game cannot replay: dropped
        elif logs and logs[-1] is not None and "k" not in obj:
            logs[-1].append(obj)
    logs = [x for x in logs if x is not None]
    assert [x[0]["game"] for x in logs] == ["tripp", "crazy", "guess", "tricky"], [x[0] for x in logs]
    for objs in logs:
        lines = [jsonl.dumps(o) for o in objs]
        logged = [x for x in lines if '"r":' in x]
        made = [jsonl.dumps(r) for r in replay.rulings(lines)]
        assert made[: len(logged)] == logged, objs[0]["game"]
    assert any(o.get("r") == "flag" for o in logs[0])  # Tripp Jokes' flag fell on the board
