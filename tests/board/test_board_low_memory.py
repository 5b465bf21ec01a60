"""Memory running out on the board: the table and the host are told, the game is saved
and stopped cleanly, and the next power-up resumes it (docs/board-heap.md).

The heap is filled from the console (``heap hog 0``, topper_app.heapwatch): it holds
on to every piece the heap can give, as a leak would, so that the game's next
allocations fail.
"""

import re

BLIND_START_MS = 900


def lines_of(b):
    """The OLED's text, read with the firmware's font."""
    return b.oled_frame().lines()


def test_a_full_heap_stops_the_game_saved_and_a_restart_resumes_it(board_factory):
    b = board_factory()
    b.boot()
    b.console_until("topper: running", 20000)
    b.run_ms(500)
    b.press("table", hold_ms=BLIND_START_MS)  # Start game (blind World War 3)
    b.run_ms(1100)
    b.press(3, hold_ms=60)  # P3 starts
    b.run_ms(300)
    b.tap("table", hold_ms=40, after_ms=100)  # P3 laid: P4's turn
    before = b.request({"cmd": "view"})["view"]
    assert before["turn"] == 3, before  # P4's turn: what the resumed game must know

    # Every piece the heap can give is taken: even the hog's own report cannot be
    # printed, and the loop's next steps run short at once.
    b.console_write("heap hog 0\r")
    b.run_ms(200)
    said = []
    for seat in (1, 2, 1, 2, 1, 2):  # slaps and their rulings need memory
        b.tap(seat, hold_ms=40, after_ms=200)
        said += b.data_lines()
        if any(ln.get("k") == "low_memory" for ln in said) and "LOW MEMORY" in " ".join(lines_of(b)):
            break
    console = b.console_read()
    assert any(ln.get("k") == "low_memory" for ln in said), said
    assert "LOW MEMORY" in " ".join(lines_of(b))
    assert "Traceback" not in console and "MemoryError" not in console, console

    b.cut()
    b.boot()
    b.console_until("topper: running", 20000)
    b.run_ms(500)
    hello = b.request({"cmd": "hello"}, 10000)
    assert hello["mode"] == "game", hello
    view = b.request({"cmd": "view"})["view"]
    assert view["message"] == "Resumed game" and view["seats"] == before["seats"], view
    assert view["turn"] == before["turn"], (before, view)
    assert re.search("Resumed", " ".join(lines_of(b)))
