"""Emulated time is the board's own: the same commands give the same board, to the
microsecond, however loaded the machine running it is."""

RUNNING = r"topper: running|code\.py \|"


def script(b):
    """Power on, ask hello, start a game with P1 at a fixed instant: what the board said, when."""
    b.boot()
    seen = [(b.console_until(RUNNING, timeout_ms=15000, regex=True), b.t_us)]
    b.run_until_us(4_000_000)
    seen.append((b.request({"cmd": "setup", "seats": 2}, timeout_ms=5000), b.t_us))
    b.press(1, at_ms=4_500, hold_ms=70)
    start, before = b.data_until(lambda o: o.get("ev") == "start", timeout_ms=3000)
    seen.append((before + [start], b.t_us))
    return seen


def test_two_boards_given_the_same_commands_agree_to_the_microsecond(board_factory):
    first = script(board_factory())
    second = script(board_factory())
    for a, b in zip(first, second):
        assert a == b
    print("the start line came at t_us=%d both times" % first[-1][1])
