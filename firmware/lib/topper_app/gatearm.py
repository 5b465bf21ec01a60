"""Arming the slap gate (``topper_hw.gate``, docs/slap-gate.md) between a slap game's
races: a function of the ``App``'s step, after the ring and the OLED.

The gate is armed for the table as it stands: each seat that may open a race gets the
frame the ring shows the moment it wins one (``topper_view.ring.first_slap``), and the
referee's tie picks. It is armed again when the referee has ruled since and no race is
open (a race's late presses are still stamped by the gate until it closes), and
disarmed outside a game of slap races, so a press in the menu or a turn game lights
nothing.
"""

from topper.inputs import PRESS
from topper_view import ring
from topper_app.modes import GAME, QUIT
from topper_app.show import due

# A winner's frame the buttons never reported (a glitch longer than the gate's check,
# shorter than the keypad's debounce) is taken back after this long without a race.
UNCLAIMED_MS = 100


def step(app, now):
    g = app.dev.gate
    ref = app.ref
    if ref is None or not ref.uses(PRESS) or not (app.mode == GAME or app.mode == QUIT):
        if g.armed:
            g.disarm()
        return
    if ref.racing():
        return
    if g.armed and g.armed_at == app.ruled:
        if g.winner() < 0:
            return  # nothing ruled since and the gate still waits: armed as it should be
        if g.fired_at is None:
            g.fired_at = now
            return
        if not due(g.fired_at, now, UNCLAIMED_MS):
            return
    arm(app, now)


def arm(app, now):
    # Arming makes garbage (the frames packed, the tie draws' big ints) in a step that
    # may have made its own: collected before and after, so that the heap holds one
    # stage's at a time (no race is open: nothing waits on the collection).
    app.between()
    g = app.dev.gate
    ref = app.ref
    strip_order = app.dev.ring.strip_order
    view = ref.view(now)
    n = app.cfg["pixels"]
    table = app.drawing.frame(view, now, None)  # drawn once
    px = app._gate_px
    mask = 0
    for s in range(app.game["seats"]):
        if ref.can_race(s):
            mask |= 1 << s
            for i in range(n):
                px[i] = table[i]
            g.frame(s, strip_order(ring.slap_mark(px, view, s, n, ring.packed)))
    g.arm(mask, ref)
    g.armed_at = app.ruled
    app.between()
