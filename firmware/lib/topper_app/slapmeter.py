"""The bytes one slap allocates on its way to the ring and the OLED.

``heap slap`` typed on the console (``topper_app.heapwatch``) arms the meter on the
running App; from then on every slap is measured, and ``heap slap`` prints the last one:

    topper: slap alloc paths P steps S step a/b/c/d poll a/b/c/d ... | after save a/b/c/d ...

The **path** of a slap: from the loop step whose button poll brings a seat's press (in a
slap game, no path under way), through the step that rules (its race settled; the ring
shows the ruling in that step), to the first step after that ruling that draws the OLED.
Each stage's ``gc.mem_alloc()`` differences are summed per kind of step: a/b/c/d are
the step of the press, the step that ruled, the OLED's step (0 when the ruling step drew
it) and the steps in between (nothing due, the ring's animation). Stages nest
(``button`` holds ``press``, ``output`` holds ``view``, ``frame``, ``lines``, ``ring``
and ``oled``), ``step`` is the whole ``App.step``. The work
the app does after the ring and the OLED in those same steps (``save``: the journal's
step, ``link``, ``log``: the log lines' JSON, ``whole``: the blind game's whole save) is
printed after the bar: it is not between the press and the ruling shown, but it allocates
in those steps all the same.

A collection inside a step would make a difference meaningless (``mem_alloc`` drops), so
while armed the automatic collection is off during each step, and the heap is collected
between steps when less than ``COLLECT_BELOW`` is free.

The stages are wrapped where they are looked up: on the instances (an instance attribute
hides the class's method), and in the shell's modules (``topper_app.play``, ``show``: a
module's function is found by name at each call), by closures that allocate nothing
when called: fixed arguments, counts kept as small ints in preallocated lists. Unarmed,
none of this is loaded.
"""

import gc
import time

from topper.inputs import PRESS as _PRESS_IN
from topper.inputs import TICK as _TICK_IN

COLLECT_BELOW = 65536


def _us():
    return time.monotonic_ns() // 1000


# What a stage is measured with: bytes allocated, or (``heap slap us``) microseconds
# taken, for finding where a slap's latency goes (the clock's long ints allocate: a
# bytes figure is only meaningful with the default). MicroPython's, which CircuitPython
# keeps (circuitpython-stubs lacks it, as heapwatch.free_heap says).
count = gc.mem_alloc  # type: ignore[attr-defined]
STAGES = (
    "step",
    "poll",
    "button",
    "press",
    "tick",
    "rulings",
    "output",
    "view",
    "frame",
    "lines",
    "ring",
    "oled",
)
AFTER = ("save", "link", "log", "whole")
NAMES = STAGES + AFTER
(STEP, POLL, BUTTON, PRESS, TICK, RULINGS, OUTPUT, VIEW, FRAME, LINES, RING, OLED) = range(12)
SAVE, LINK, LOG, WHOLE = range(12, 16)
PRESS_STEP, RULED_STEP, OLED_STEP, BETWEEN = range(4)  # the columns of a path


def _wrap0(obj, name, cur, i):
    f = getattr(type(obj), name)

    def w():
        m = count()
        r = f(obj)
        cur[i] += count() - m
        return r

    setattr(obj, name, w)


def _wrap1(obj, name, cur, i):
    f = getattr(type(obj), name)

    def w(a):
        m = count()
        r = f(obj, a)
        cur[i] += count() - m
        return r

    setattr(obj, name, w)


def _wrap2(obj, name, cur, i, default=None):
    f = getattr(type(obj), name)

    def w(a, b=default):
        m = count()
        r = f(obj, a, b)
        cur[i] += count() - m
        return r

    setattr(obj, name, w)


def _wrap_take(ref, cur):
    """A referee's ``take`` (topper.inputs): a press's bytes to PRESS, a tick's to TICK
    (a card or the table button: neither, as before ``take``)."""
    f = type(ref).take

    def w(kind, seat, t, us=0, card=None):
        m = count()
        r = f(ref, kind, seat, t, us, card)
        if kind == _PRESS_IN:
            cur[PRESS] += count() - m
        elif kind == _TICK_IN:
            cur[TICK] += count() - m
        return r

    ref.take = w


class SlapMeter:
    def __init__(self, app, free_heap, unit="alloc"):
        """``free_heap()``: the heap's free bytes now (topper_app.heapwatch's, handed
        in so that the meter, loaded by the watch, does not import it back)."""
        global count
        if unit == "us":
            count = _us
        self.unit = unit
        self.app = app
        n = len(NAMES)
        self.cur = [0] * n  # this step's stages
        self.acc = [0] * (n * 4)  # the path under way: a column of stages per kind of step
        self.last = [0] * (n * 4)  # the last path measured
        self.paths = 0
        self.steps = 0  # steps of the path under way
        self.last_steps = 0
        self.opening = False  # a seat's press opened the path in this step
        self.open = False
        self.settled = False  # its race was ruled
        self.ruled = False  # in this step
        self.shown = False  # and the OLED drew after that
        self.free = free_heap
        self.ref = None  # the referee whose stages are wrapped
        self.play = None  # and the game's module (topper_app.play, imported with a game)
        self._wrap_app()

    def _wrap_app(self):
        app = self.app
        cls = type(app)
        cur = self.cur
        meter = self
        free = self.free

        def step(now):
            if app.ref is not meter.ref and app.ref is not None:
                meter._wrap_ref(app.ref)
            if app.play is not meter.play and app.play is not None:
                meter._wrap_play(app.play)
            if free() < COLLECT_BELOW:
                gc.collect()
            gc.disable()
            m = count()
            try:
                cls.step(app, now)
            finally:
                cur[STEP] += count() - m
                gc.enable()
            meter._end_step()

        app.step = step
        app.collect = None  # nor the app's own between a ruling's stages (App.step)
        from topper_app import show

        output = show.output
        frame = show.frame
        lines = show.lines

        def output_w(a, now):
            m = count()
            output(a, now)
            cur[OUTPUT] += count() - m

        def frame_w(a, now, view=None):
            m = count()
            r = frame(a, now, view)
            cur[FRAME] += count() - m
            return r

        def lines_w(a, now, view=None):
            m = count()
            r = lines(a, now, view)
            cur[LINES] += count() - m
            return r

        show.output = output_w
        show.frame = frame_w
        show.lines = lines_w
        _wrap1(app, "_view", cur, VIEW)
        _wrap0(app.logq, "flush", cur, LOG)
        from topper_app import wholesave

        after = wholesave.after_rulings

        def after_w(a):
            m = count()
            after(a)
            cur[WHOLE] += count() - m

        wholesave.after_rulings = after_w
        d = app.dev
        if d.buttons is not None:
            _wrap1(d.buttons, "poll", cur, POLL)
        if d.ring is not None:
            _wrap1(d.ring, "show", cur, RING)
        if d.oled is not None:
            oled = d.oled
            draw = type(oled).draw

            def drawn(lines):
                m = count()
                draw(oled, lines)
                cur[OLED] += count() - m
                if meter.settled:
                    meter.shown = True  # the path ends with this step

            oled.draw = drawn
        _wrap2(app.save, "step", cur, SAVE, False)  # (also called with its boundary)
        if app.link is not None:
            _wrap1(app.link, "step", cur, LINK)

    def _wrap_ref(self, ref):
        self.ref = ref
        if not ref.uses(_PRESS_IN):
            return  # a game without slaps
        _wrap_take(ref, self.cur)

    def _wrap_play(self, play):
        """The game's button and rulings: a seat's press opens a path; a ruling in it
        settles its race."""
        self.play = play
        cur = self.cur
        meter = self
        button = play.button
        ruled = play.ruled

        def button_w(a, kind, seat, t, us, now):
            if kind == _PRESS_IN and not meter.open and a.ref.uses(_PRESS_IN):
                meter._open()
            m = count()
            button(a, kind, seat, t, us, now)
            cur[BUTTON] += count() - m

        def ruled_w(a, rulings, now, saved=False, log=True):
            if meter.open and len(rulings) > 0:
                if not meter.settled:
                    meter.ruled = True
                meter.settled = True  # from a tick or the press itself
            m = count()
            ruled(a, rulings, now, saved, log)
            cur[RULINGS] += count() - m

        play.button = button_w
        play.ruled = ruled_w

    # ----- the path ----------------------------------------------------------------

    def _open(self):
        """A seat's press in this step opens a path (its stages so far count too)."""
        self.open = True
        self.opening = True
        self.settled = False
        self.shown = False
        self.steps = 0
        acc = self.acc
        for i in range(len(acc)):
            acc[i] = 0

    def _end_step(self):
        """The step's counts go into its column of the path: the step of the press, the
        one that ruled (the ring shows the ruling there), the one that drew the OLED
        after it (when that is the ruling step itself, its column stays 0), or the
        steps in between (the ring's animation, nothing due)."""
        cur = self.cur
        acc = self.acc
        n = len(cur)
        col = BETWEEN
        if self.opening:
            col = PRESS_STEP
        elif self.ruled:
            col = RULED_STEP
        elif self.shown:
            col = OLED_STEP
        self.opening = False
        self.ruled = False
        if self.open:
            at = col * n
            for i in range(n):
                acc[at + i] += cur[i]
            self.steps += 1
            if self.shown:
                last = self.last
                for i in range(len(acc)):
                    last[i] = acc[i]
                self.last_steps = self.steps
                self.paths += 1
                self.open = False
        for i in range(n):
            cur[i] = 0

    def report(self):
        """One line: each stage's bytes as press/ruled/oled/between steps."""
        last = self.last
        n = len(NAMES)
        parts = ["topper: slap %s paths %d steps %d" % (self.unit, self.paths, self.last_steps)]
        for i in range(n):
            if i == len(STAGES):
                parts.append("| after")
            cols = (last[i], last[n + i], last[2 * n + i], last[3 * n + i])
            parts.append("%s %d/%d/%d/%d" % ((NAMES[i],) + cols))
        return " ".join(parts)
