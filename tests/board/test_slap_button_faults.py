"""Faulty buttons in a slap game on the emulated board (keypad capture, the project's
settings): a bouncing contact, a button stuck down, two seats in the same scan, and a
burst of edges that overflows the keypad's event queue. Each gives the ruling a table
expects, and the board goes on: no traceback on the console, ``hello`` answered."""

import slap_table as st

SCAN_US = 1_000_000 / 1024  # the keypad's scan period on the board (one raw tick)


def _game(b, seed):
    st.setup(b, game="ww3", seats=4, cardpad=False, hurry_ms=0, seed=seed)
    st.slap(b, 1, after_ms=300)  # P1 starts
    b.data_lines()


def _judged(b):
    """The table says good to the slap waiting, and the slap screen passes."""
    st.table_short(b, after_ms=200)
    b.run_ms(2600)
    b.data_lines()


def _alive(b):
    assert "Traceback" not in b.console_read()
    assert b.request({"cmd": "hello"}, timeout_ms=3000)["mode"] == "game"


def test_a_bouncing_contact_is_one_slap(board):
    _game(board, seed=31)
    at = board.t_us + 10_000
    board.press(2, at_ms=at / 1000, bounce_us=[400, 300, 250, 500, 200, 350])
    board.release(2, at_ms=at / 1000 + 80, bounce_us=[300, 400, 200])
    lines = [o for o in st.lines_until(board, "slap", after_ms=300) if "ev" in o or "r" in o]
    presses = [o for o in lines if o.get("ev") == "press"]
    assert [p["seat"] for p in presses] == [1], lines  # one press, P2's
    lines_shown = st.until_screen(board, "SLAPPED")
    assert lines_shown[0] == "P2 SLAPPED: GOOD?"
    _judged(board)
    _alive(board)


def test_two_seats_in_the_same_scan_are_ranked_by_the_gates_microseconds(board):
    _game(board, seed=32)
    # P4's edge, then P3's 200 us later, inside one keypad scan period (1/1024 s, from
    # boot): keypad alone stamps both with the same ms and the seed's draw orders them
    # (test_board_gate.py, gate off). The slap gate stamps each edge to the microsecond
    # (docs/slap-gate.md): P4 first, P3 0.2 ms behind, no tie.
    period = (board.t_us + 10_000) // SCAN_US + 1
    at = period * SCAN_US + 250
    board.press(4, at_ms=at / 1000, hold_ms=80)
    board.press(3, at_ms=at / 1000 + 0.2, hold_ms=80)
    slap = [o for o in st.lines_until(board, "slap") if o.get("r") == "slap"][0]
    assert slap["tie"] == [] and slap["by"] == 3, slap
    assert [s for s, _ in slap["order"]] == [3, 2] and abs(slap["order"][1][1] - 200) <= 5, slap
    lines = st.until_screen(board, "SLAPPED")
    assert lines[0] == "P4 SLAPPED: GOOD?", lines
    _judged(board)
    _alive(board)


def test_a_button_stuck_down_is_reported_and_the_others_still_slap(board):
    _game(board, seed=33)
    board.press(3)  # P3's button jams
    board.run_ms(300)
    _judged(board)  # its press was a slap: the table judges it
    board.run_ms(1500)  # 4 s down in all
    lines = st.until_screen(board, "button held down", timeout_ms=1500)
    assert st.shows(lines, "P3 button held down"), lines
    st.slap(board, 2, after_ms=300)  # P2 still slaps while P3 is held
    slap = [o for o in st.lines_until(board, "slap") if o.get("r") == "slap"]
    assert slap and slap[0]["by"] == 1, slap
    _judged(board)
    board.release(3)
    board.run_ms(200)
    _alive(board)


def test_a_burst_that_overflows_the_key_queue_keeps_the_first_press(board):
    _game(board, seed=34)
    # All eight seat pins chatter 4 ms down, 4 ms up (past the 3-scan debounce) for
    # 300 ms: hundreds of keypad events, far more than its queue of 64 between polls.
    seats = board.cmd("pinmap")["map"]["seats"]
    t0 = board.t_us + 10_000
    board.pin(seats[1], 0, at_ms=t0 / 1000)  # P2 first, by 1 ms
    for k, gp in enumerate(seats):
        for i in range(38):
            at = t0 + 1000 + k * 100 + i * 8000
            board.pin(gp, 0, at_ms=at / 1000)
            board.pin(gp, None, at_ms=(at + 4000) / 1000)
    board.run_ms(350)
    lines = [o for o in st.lines_until(board, "slap") if "r" in o or "ev" in o]
    slaps = [o for o in lines if o.get("r") == "slap"]
    assert slaps and slaps[0]["by"] == 1, lines[:6]  # the race's first press is kept
    # The slap waiting for the table has its own screen; once judged, the warning shows.
    st.table_short(board, after_ms=0)
    seen = set()
    for _ in range(10):
        board.run_ms(100)
        seen.update(s for s in st.screen(board) if s.startswith("!") or "busy" in s or "muted" in s)
    assert any("busy: presses lost" in s for s in seen), seen
    board.run_ms(2500)  # muted seats come back after 2 s of quiet
    board.data_lines()
    _alive(board)
    print("\n[burst] the screen said: %s" % sorted(seen))
