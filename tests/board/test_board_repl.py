"""CircuitPython's REPL on the emulated board, with boot.py's data port on as well."""

import re


def test_the_repl_banner_names_circuitpython_10_on_a_pico(board):
    said = board.enter_repl()
    m = re.search(r"Adafruit CircuitPython (\S+) on \S+; Raspberry Pi Pico with rp2040", said)
    assert m, said
    assert m.group(1).startswith("10."), m.group(1)
    print("banner:", m.group(0))


def test_the_repl_runs_a_line_and_returns_its_output(board):
    assert board.repl("print(1+1)") == "2"
    assert board.repl("x = 6\nprint(x * 7)") == "42"  # several lines go in paste mode


def test_console_and_data_port_are_both_live(board):
    both = board.repl("import usb_cdc; print(usb_cdc.console is not None, usb_cdc.data is not None)")
    assert both == "True True"
    board.repl("usb_cdc.data.write(b'{\"from\":\"repl\"}\\n')")
    line, _ = board.data_until(lambda o: o.get("from") == "repl", timeout_ms=1000)
    assert line == {"from": "repl"}
    board.data_write("ping\n")
    assert board.repl("import time; time.sleep(0.05); print(usb_cdc.data.readline())") == "b'ping\\n'"


def test_ctrl_d_reloads_code_py_and_the_link_answers_again(board):
    before = board.oled_frame().updates
    board.reload()
    board.console_until("code.py output:", timeout_ms=5000)
    hello = board.request({"cmd": "hello"}, timeout_ms=5000)
    assert hello["k"] == "hello"
    # The I2C bus of the run before is released: OLED, card pad and FRAM open again
    # (until the harness reset the I2C block as the chip does, code.py came back with
    # "I2C bus: I2C peripheral in use" and a blank screen).
    assert hello["problems"] == [], hello["problems"]
    board.run_ms(300)
    frame = board.oled_frame()
    assert frame.updates > before
    assert any("Start game" in line for line in frame.lines()), frame.lines()


def test_a_list_alone_at_the_start_of_a_grown_heap_area_keeps_its_items(board):
    """firmware/patches/0001: CircuitPython's collector freed a grown heap area whose only
    live block was its first one, and the next area made over that memory handed the
    block out again. On the board the serial link's queue of lines sat there once, and
    a host got ``{`` and ``"`` in place of two log lines."""
    board.enter_repl()
    code = (
        "import gc\n"
        "gc.collect()\n"
        "size = lambda: gc.mem_free() + gc.mem_alloc()\n"
        "base = size()\n"
        "keep = [None] * 4000\n"  # too big for the heap: a new area, its items first in it
        "grown = size() - base\n"
        "while len(keep) > 1:\n"
        "    keep.pop()\n"  # shrinks in place, to that area's first block
        "gc.collect()\n"
        "kept = size() - base\n"
        "fill = [7] * 4000\n"  # a new area, over the old one's memory if it was freed
        "print(keep, grown, kept)"
    )
    got = board.repl(code, timeout_ms=120000)
    items, grown, kept = got.rsplit(" ", 2)
    print("heap grown by", grown, "bytes; after the collection", kept)
    assert int(grown) > 0, got  # the list did go to a new area
    assert int(kept) == int(grown), got  # that area stayed, with the list's one block
    assert items == "[None]", got
