"""Bytes allocated on the slap path, stage by stage, under MicroPython.

Run by ``bench/mp_slap_alloc.mjs`` after ``bench/bench_firmware_heap.py`` (its ``Bench``
builds the real firmware/code.py App over the stand-ins in bench/mp_stubs/ and starts a
game). A slap is: a seat's press queued in the keypad, the loop step that polls it
(``press step``), and the next step, 5 ms later, in which the race settles and the
ring and the OLED show the ruling (``settle step``: both are made due on that step).

Each stage's method is wrapped (on its instance, with a fixed-arity closure that
allocates nothing itself) to add ``gc.mem_alloc()`` after minus before: the npm
MicroPython frees nothing while one ``runPython`` call runs, so the difference is
what the stage allocated. Stages nest (``ref.press`` runs inside ``route.button``), so
the indented rows are part of the row above them, not extra.
"""

import gc
import sys

import supervisor

# (label, depth, owner, method, arity); owner: "app", "ref", "game", "dev.<name>", "save", "link",
# or a module of the shell ("route", "play", "show": its functions take the app first)
STAGES = (
    ("App.step (whole)", 0, "app", "step", 1),
    ("route.poll", 1, "route", "poll", 2),
    ("buttons.poll", 2, "dev.buttons", "poll", 1),
    ("route.button", 2, "route", "button", 6),
    ("gamesave.Saved.take (journal: press, tick)", 3, "saved", "take", 5),
    ("referee.press", 4, "ref", "press", 3),
    ("referee.tick", 2, "ref", "tick", 1),
    ("referee._settle", 3, "ref", "_settle", 1),
    ("SlapGame.slap", 4, "game", "slap", 1),
    ("play.ruled", 1, "play", "ruled", 7),
    ("save.step", 1, "save", "step", 2),
    ("link.step", 1, "link", "step", 1),
    ("show.output", 1, "show", "output", 2),
    ("referee.view", 2, "ref", "view", 1),
    ("show.frame (ring picture)", 2, "show", "frame", 3),
    ("pixels.Ring.show", 2, "dev.ring", "show", 1),
    ("show.lines (OLED text)", 2, "show", "lines", 3),
    ("oled.Oled.draw", 2, "dev.oled", "draw", 1),
)

_NONE = object()  # "no argument given" for the wrappers
acc = [0] * len(STAGES)
calls = [0] * len(STAGES)


def _owner(app, name):
    if name == "app":
        return app
    if name in ("route", "play", "show"):
        return sys.modules.get("topper_app." + name)
    saved = hasattr(app.ref, "journal")  # the pad referee, seen through its journal
    if name == "saved":
        return app.ref if saved else None
    if name == "ref":
        return app.ref.ref if saved else app.ref
    if name == "game":
        return getattr(app.ref.ref if saved else app.ref, "game", None)
    if name == "save":
        return app.save
    if name == "link":
        return app.link
    return getattr(app.dev, name[4:], None)


def _wrap(obj, method, i, arity):
    fn = getattr(obj, method)
    mem = gc.mem_alloc

    # One closure per arity: a *args wrapper would allocate its tuple in the stage
    # around it.
    if arity == 1:

        def w(a):
            b = mem()
            r = fn(a)
            acc[i] += mem() - b
            calls[i] += 1
            return r

    elif arity == 2:

        def w(a, b_=_NONE):
            b = mem()
            r = fn(a) if b_ is _NONE else fn(a, b_)
            acc[i] += mem() - b
            calls[i] += 1
            return r

    elif arity == 3:

        def w(a, b_, c=0):
            b = mem()
            r = fn(a, b_, c)
            acc[i] += mem() - b
            calls[i] += 1
            return r

    elif arity == 4:

        def w(a, b_, c=None, d=False):
            b = mem()
            r = fn(a, b_, c, d)
            acc[i] += mem() - b
            calls[i] += 1
            return r

    elif arity == 5:

        def w(a, b_, c, d=0, e=None):
            b = mem()
            r = fn(a, b_, c, d, e)
            acc[i] += mem() - b
            calls[i] += 1
            return r

    elif arity == 6:

        def w(a, b_, c, d, e, f):
            b = mem()
            r = fn(a, b_, c, d, e, f)
            acc[i] += mem() - b
            calls[i] += 1
            return r

    else:  # play.ruled's (app, rulings, now, saved=False, log=True)

        def w(a, b_, c, d=False, e=True):
            b = mem()
            r = fn(a, b_, c, d, e)
            acc[i] += mem() - b
            calls[i] += 1
            return r

    setattr(obj, method, w)


def instrument(app):
    for i in range(len(STAGES)):
        label, depth, owner, method, arity = STAGES[i]
        obj = _owner(app, owner)
        if obj is not None and hasattr(obj, method):
            _wrap(obj, method, i, arity)


def _zero():
    for i in range(len(acc)):
        acc[i] = 0
        calls[i] = 0


def _step(bench):
    bench.now += 5
    supervisor.now = bench.now
    bench.app.step(bench.now)


def slap(bench, seat, shown):
    """One slap; returns (press step, settle step) as lists of (bytes, calls)."""
    app = bench.app
    seats = app.dev.buttons.src.keys.events.queue
    seats.append((seat, True, bench.now + 5))
    seats.append((seat, False, bench.now + 60))
    _zero()
    _step(bench)
    press = [(acc[i], calls[i]) for i in range(len(acc))]
    if shown:
        app._ring_at = None  # the ruling is shown on this step: ring and OLED due
        app._oled_at = None
    _zero()
    _step(bench)
    settle = [(acc[i], calls[i]) for i in range(len(acc))]
    return press, settle


def between(bench, blind):
    """Back to a quiet table after a slap: the table confirms a blind slap, then 1.25 s
    (the race closes after 1 s: a press before that would be a late one)."""
    app = bench.app
    if blind and app.ref.pending >= 0:
        table = app.dev.buttons.table.events.queue
        table.append((0, True, bench.now + 5))
        table.append((0, False, bench.now + 100))
    for _ in range(250):
        _step(bench)


def report(title, rows):
    print(title)
    print("  %-40s %12s %12s" % ("stage", "press step", "settle step"))
    press, settle = rows
    for i in range(len(STAGES)):
        label, depth, owner, method, arity = STAGES[i]
        if press[i][1] == 0 and settle[i][1] == 0:
            continue
        cells = []
        for col in (press, settle):
            n, c = col[i]
            cells.append("%d" % n if c else "-")
        print("  %-40s %12s %12s" % ("  " * depth + label, cells[0], cells[1]))
    total = press[0][0] + settle[0][0]
    print("  %-40s %25d" % ("slap path (both steps)", total))


def run(bench, blind, rounds=4):
    """Plays a few taps between slaps; reports the last slap (the first ones warm up
    lazily made state) and the largest of the rounds."""
    app = bench.app
    instrument(app)
    worst = None
    last = None
    for k in range(rounds):
        if not blind:
            # a few cards laid so that the pot holds something to win or pay into
            for j in range(3):
                bench.pad.next = bench.uid_of(k * 3 + j)
                for _ in range(60):
                    _step(bench)
        last = slap(bench, (k + 1) % 4, True)
        total = last[0][0][0] + last[1][0][0]
        if worst is None or total > worst[0]:
            worst = (total, k)
        between(bench, blind)
    kind = "blind referee (no card pad)" if blind else "pad referee (PadSlapReferee)"
    report("%s: the slap of round %d of %d" % (kind, rounds, rounds), last)
    print("  largest slap path over the rounds: %d bytes (round %d)" % (worst[0], worst[1] + 1))
