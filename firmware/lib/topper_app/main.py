"""The device's main loop: build the App from settings.toml, then step it for ever.

Between steps the board sleeps for one keypad scan. ``keypad`` (and the PIO capture's
DMA ring) stamp presses in the background, so sleeping loses no timing: a press is
ranked by the stamp the scanner took, not by when the loop saw it. The sleep lets the
CPU idle until the next tick, which saves power on a table running all evening, and
lets the emulated board in CI run faster than real time instead of spinning.
"""

import gc
import time

import supervisor

from topper_app.app import MODE_NAMES, make_app

IDLE_S = 0.001  # one 1/1024 s tick: the keypad scan interval (TOPPER_SCAN_US)


def status(app, free_before, free_after):
    """One console line saying the application runs, what it shows and the heap it
    took to start: the boot check in CI (tests/board) and a person at the REPL read it."""
    return "topper: running, mode=%s, game=%s, seats=%d, heap free %d (start took %d)" % (
        MODE_NAMES[app.mode],
        app.menu.game,
        app.menu.seats,
        free_after,
        free_before - free_after,
    )


def run():
    import os

    # mem_free is MicroPython's, which CircuitPython keeps; circuitpython-stubs' gc lacks it
    gc.collect()
    free_before = gc.mem_free()  # type: ignore[attr-defined]
    app = make_app(os.getenv, supervisor.ticks_ms())
    gc.collect()
    print(status(app, free_before, gc.mem_free()))  # type: ignore[attr-defined]
    while True:
        app.step(supervisor.ticks_ms())
        time.sleep(IDLE_S)
