"""The table's buttons and the serial link (docs/serial-protocol.md) on the emulated board,
with code.py running as it does on a board."""


def test_the_data_port_answers_hello(board):
    r = board.request({"cmd": "hello"})
    assert r["k"] == "hello" and r["proto"] == 1
    assert r["board"] == "raspberry_pi_pico" and r["fw"]
    assert r["mode"] in ("menu", "notice", "starter")


def test_the_usb_host_found_both_ports_of_a_board_topper_knows(board):
    from topper_host import serial_link

    usb = board.status()["usb"]
    assert usb["vid"] in serial_link.VENDORS  # what `topper monitor` looks for
    console, data = usb["ports"]
    assert (console["name"], data["name"]) == ("console", "data")
    assert "CDC2" in data["interface"] and "CDC2" not in console["interface"]  # as find_port tells them apart
    assert console["dtr"] and data["dtr"]


def test_undriven_buttons_read_high_through_their_pull_ups(board):
    seats = board.cmd("pinmap")["map"]["seats"]
    for p in board.pins():
        if p["gp"] in seats:
            assert (p["pull"], p["driven"], p["in"]) == ("up", None, 1), p
    board.press(3)
    assert board.pins(seats[2])[0]["in"] == 0
    board.release(3)
    assert board.pins(seats[2])[0]["in"] == 1


def test_a_glitch_shorter_than_the_debounce_is_not_a_press(board):
    assert board.request({"cmd": "setup", "game": "ww3", "seats": 2})["k"] == "ok"
    board.data_lines()
    gp = board.cmd("pinmap")["map"]["seats"][0]
    at = board.t_us + 1000
    board.pin(gp, 0, at_ms=at / 1000)
    board.pin(gp, None, at_ms=(at + 400) / 1000)  # 0.4 ms low: under 3 scans of 1 ms
    board.run_ms(100)
    assert [o for o in board.data_lines() if "ev" in o] == []
    assert board.request({"cmd": "hello"})["mode"] == "starter"


def test_a_seat_press_through_the_pins_starts_the_game(board):
    assert board.request({"cmd": "setup", "game": "ww3", "seats": 2})["k"] == "ok"
    board.data_lines()  # only what follows the press
    pressed_at = board.t_us
    board.press(2, hold_ms=80, bounce_us=[300, 200, 250])  # P2, with a little contact chatter
    start, before = board.data_until(lambda o: o.get("ev") == "start", timeout_ms=2000)
    assert start["seat"] == 1  # seats count from 0 on the wire: P2
    assert any(o.get("log") == "topper-table" and o.get("seats") == 2 for o in before)
    print("start line %.1f ms after the press" % ((board.t_us - pressed_at) / 1000))
    view = board.request({"cmd": "view"})
    assert view["mode"] == "game" and view["view"]["turn"] == 1


def test_a_pin_change_lands_on_its_exact_microsecond(board):
    gp = board.cmd("pinmap")["map"]["seats"][3]  # P4: not in the 2-seat game
    at_us = board.t_us + 12_345
    board.pin(gp, 0, at_ms=at_us / 1000)
    assert board.run_until_us(at_us - 1) == at_us - 1
    assert board.pins(gp)[0]["in"] == 1
    assert board.run_until_us(at_us) == at_us
    assert board.pins(gp)[0]["in"] == 0
    board.pin(gp, None)
    assert board.pins(gp)[0]["in"] == 1  # let go: the pull-up again


def test_the_link_is_open_while_the_host_holds_dtr(board):
    board.dtr(False)
    board.run_ms(50)
    board.data_send({"cmd": "hello", "id": 1})
    board.run_ms(300)
    assert board.data_lines() == []  # the board reads nothing while the port is closed
    board.dtr(True)
    assert board.request({"cmd": "hello"}, timeout_ms=2000)["k"] == "hello"
    assert board.status()["usb"]["ports"][1]["dtr"] is True
