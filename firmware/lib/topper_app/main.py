"""The device's main loop: build the App from settings.toml, then step it for ever.

Between steps the board sleeps for one keypad scan. ``keypad`` (and the PIO capture's
DMA ring) stamp presses in the background, so sleeping loses no timing: a press is
ranked by the stamp the scanner took, not by when the loop saw it. The sleep lets the
CPU idle until the next tick, which saves power on a table running all evening, and
lets the emulated board in CI run faster than real time instead of spinning. The one
time the loop does not sleep is a slap race waiting to be ranked (``App.settling``): the
step that rules it and lights the winner follows at once.

Memory running out never ends the loop with a traceback: a ``MemoryError`` that gets
out of a step lets go of the reserve kept for that moment, and the app saves the game
and says so (``App.low_memory``, docs/board-heap.md). Heap figures for benchmarks are
typed on the console (``topper_app.heapwatch``).
"""

import gc
import time

import supervisor

from topper_app.app import MODE_NAMES, make_app
from topper_app.heapwatch import HeapWatch, free_heap

IDLE_S = 0.001  # one 1/1024 s tick: the keypad scan interval (TOPPER_SCAN_US)
# Heap held back for the moment memory runs out: enough to collect, save the game and
# draw the notice when nothing else is left.
RESERVE = 8192


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

    gc.collect()
    free_before = free_heap()
    app = make_app(os.getenv, supervisor.ticks_ms())
    app.collect = gc.collect  # between the stages of a step that ruled (App.step)
    watch = HeapWatch(app)
    gc.collect()
    print(status(app, free_before, free_heap()))
    reserve = bytearray(RESERVE)  # type: bytearray | None
    while True:
        now = supervisor.ticks_ms()
        try:
            app.step(now)
            watch.step()
        except MemoryError:
            reserve = None
            low_memory(app, now)
        if reserve is None and not app.short:
            # Taken back only once steps have gone through for a while (app.short is
            # cleared then): taken back at once, it would starve the very steps that
            # tell the table and the host.
            try:
                reserve = bytearray(RESERVE)
            except MemoryError:
                pass  # still short: the next shortage finds no reserve, the app copes
        if not app.settling:
            time.sleep(IDLE_S)  # (a race to rank: the step that rules it comes at once)


def low_memory(app, now):
    gc.collect()
    try:
        app.low_memory(now)
        print("topper: low memory, free %d" % free_heap())
    except MemoryError:
        gc.collect()  # not even that: the next step tries again
