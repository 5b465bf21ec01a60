"""The boot check of the firmware image: what a maker gets from one drag-and-drop, read
from the emulated board's own USB console. CircuitPython names itself, our code runs
frozen from flash (not from /lib), code.py starts the application in the game menu, and
the heap left for play is reported."""

import json
import re

from topper_host import origin

FROZEN = ("topper", "topper_view", "topper_hw", "topper_app")
REPORT = origin.firmware().parent / "build" / "topper-table-raspberry_pi_pico.json"


def package_modules():
    """Every module of our frozen packages, as import names."""
    lib = origin.firmware() / "lib"
    names = []
    for pkg in FROZEN:
        for path in sorted((lib / pkg).rglob("*.py")):
            parts = path.relative_to(lib).with_suffix("").parts
            names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def test_code_py_starts_the_application_in_the_game_menu(board):
    # The fixture waited for "topper: running" (or CircuitPython's title for code.py);
    # the rest of the app's start line is still to read.
    status = r"mode=(\w+), game=(\w+), seats=(\d+), heap free (\d+) \(start took (\d+)\)"
    said = board.console_until(status, timeout_ms=1000, regex=True)
    m = re.search(status, said)
    mode, game, seats, free, took = m.group(1), m.group(2), int(m.group(3)), int(m.group(4)), int(m.group(5))
    assert (mode, game, seats) == ("menu", "ww3", 4)
    print("\napplication started: %d bytes of heap free, the start took %d" % (free, took))
    # The brief's budget: the application stays within half of what is free after boot.
    assert took < (free + took) // 2


def test_the_oled_shows_the_menu_the_console_names(board):
    board.run_ms(300)  # the first frames
    lines = board.oled_frame().lines()
    assert lines[0].strip().startswith("TOPPER TABLE"), lines
    assert any("Start game" in ln for ln in lines), lines
    rows = [ln.split() for ln in lines]
    assert ["Game", "WW3"] in rows and ["Seats", "4"] in rows, lines


def test_circuitpython_names_its_version_on_the_console(board):
    said = board.enter_repl()
    m = re.search(r"Adafruit CircuitPython (10\.\S+) on \S+; Raspberry Pi Pico with rp2040", said)
    assert m, said[-400:]
    report = json.loads(REPORT.read_text())
    assert m.group(1) == report["circuitpython"]


def test_free_heap_after_boot(board):
    """At the REPL the application has stopped and its objects are garbage: what can be
    allocated now is what a game has to play with.

    CircuitPython 10 grows its heap on demand (MICROPY_GC_SPLIT_HEAP_AUTO): gc.mem_free()
    is the free space of the heap's areas plus the *largest* free block it could still
    add, so it under-reports when that memory is in several blocks. After the first
    code.py of a power-up it does (130 KB instead of 163 KB, the same after a reload):
    the REPL's figure is read as the bytes that can really be had, 1 KB at a time."""
    fill = (
        "import gc\ngc.collect()\nreported = gc.mem_free()\nkeep = []\nn = 0\n"
        "try:\n    while True:\n        keep.append(bytearray(1024))\n        n += 1024\n"
        "except MemoryError:\n    pass\nkeep = None\ngc.collect()\nprint(n, reported)"
    )
    got, reported = [int(x) for x in board.repl(fill, timeout_ms=60000).split()]
    print("\nheap at the REPL after boot: %d bytes to allocate (gc.mem_free() says %d)" % (got, reported))
    # A stock Pico image has about 154 KB free at its REPL; ours turns off thirteen
    # families of built-in modules (docs/building-firmware.md) and must not leave less.
    assert got > 150_000


def test_every_topper_module_is_frozen_not_loaded_from_lib(board):
    names = package_modules()
    assert len(names) > 40
    # One line at the REPL: import each module, note any whose file is not a frozen one
    # (a frozen module's __file__ has no leading '/'), then forget it again.
    code = (
        "import sys\nbad = []\nfor n in %r:\n"
        "    _ = __import__(n)\n"
        "    f = getattr(sys.modules[n], '__file__', '')\n"
        "    if f.startswith('/'): bad.append(n + ' ' + f)\n"
        "    del sys.modules[n]\n"
        "print(len(%r), 'checked', bad)" % (names, names)
    )
    assert board.repl(code, timeout_ms=60000) == "%d checked []" % len(names)
    files = board.repl("import os; r = os.listdir('/'); print(sorted(r), 'lib' in r and os.listdir('/lib'))")
    assert "'code.py'" in files and "'settings.toml'" in files and "'boot.py'" in files
    assert "topper" not in files.split("]", 1)[1], files  # nothing of ours in /lib


def test_the_image_report_matches_the_image():
    report = json.loads(REPORT.read_text())
    assert report["flash_free_bytes"] == report["firmware_region_bytes"] - report["firmware_bytes"] > 0
    assert set(FROZEN) <= set(report["frozen"])
    print("\nfirmware region: %(firmware_bytes)d used, %(flash_free_bytes)d free" % report)
