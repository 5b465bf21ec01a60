"""Compares a script's run on the board (diff_board.BoardRun) with the simulator's
(diff_sim.SimRun) and lists every difference in words:

- the board heard the script: its streamed input events are the script's, in order;
- the rulings: the link's lines and the simulator's, one for one, stamps included;
- at each checkpoint, with the board's clock ``T`` from its ``view`` reply: the view,
  the OLED pixel for pixel and the ring colour for colour. The board redraws its OLED
  at most every 100 ms and its ring every 20 ms, each at its loop's own time: the
  simulator's picture must equal the board's at one ms of the last ``OLED_BACK_MS`` /
  ``RING_BACK_MS`` before ``T`` (that ms, the frame's age, is reported).

On a difference the board's and the simulator's OLED go to
build/board-failures/sim-vs-board/ as PNGs, with both screens' text.
"""

import pathlib

from topper.ticks import ticks_add, ticks_diff

from diff_board import CHORD_TABLE_MS
from diff_script import SHORT_MS
from diff_sim import plain

OLED_BACK_MS = 200  # the OLED's 100 ms, a slow loop step and the view's own step
RING_BACK_MS = 100
OUT = pathlib.Path(__file__).resolve().parents[2] / "build" / "board-failures" / "sim-vs-board"
PRESS = {"short": "short", "long": "long", "table": "table", "chord": "chord"}
# Where in a step the board stamps its event: the press, the release of a short press,
# the 700 ms of a long one, the seat's press inside a chord (diff_board plays them so).
STAMP_AFTER_MS = {"press": 0, "short": SHORT_MS, "table": SHORT_MS, "long": 700, "chord": CHORD_TABLE_MS // 3}
# Whole ms of two 1 ms scanners (seats, table), each with its own phase, and 2 scans more:
# a seat's press or release is stamped at the first scan that read it (the first-touch
# rule, docs/slap-gate.md), the table's at the last of keypad's own 3 debounce scans.
STAMP_SPREAD_MS = 4


class Report:
    def __init__(self, name):
        self.name = name
        self.differences = []
        self.oled_age = []
        self.ring_age = []
        self.rulings = 0
        self.checks = 0
        self.stamp_spread = None

    def differ(self, text):
        self.differences.append(text)

    def figures(self):
        return "%d rulings, %d checks, OLED frames %s ms old, ring frames %s ms old, stamps spread %s ms" % (
            self.rulings,
            self.checks,
            _span(self.oled_age),
            _span(self.ring_age),
            self.stamp_spread,
        )

    def text(self):
        return "%s: %d differences:\n- %s" % (self.name, len(self.differences), "\n- ".join(self.differences))


def _span(ages):
    return "-" if not ages else "%d-%d" % (min(ages), max(ages))


def compare_run(script, run, sim):
    rep = Report(script.name)
    _heard(script, run, rep)
    for cp in run.checks:
        sim.advance(cp.t)
        _checkpoint(script, cp, sim, rep)
    board_rulings = run.rulings()
    end = _last_t(run.lines)
    if end is not None:
        sim.advance(end)
    sim_rulings = [r for r in sim.rulings if end is None or ticks_diff(r["t"], end) <= 0]
    rep.rulings = len(board_rulings)
    for i in range(max(len(board_rulings), len(sim_rulings))):
        b = board_rulings[i] if i < len(board_rulings) else None
        s = sim_rulings[i] if i < len(sim_rulings) else None
        if b != s:
            rep.differ("ruling %d: board %s, simulator %s" % (i, b, s))
            break  # the rest follows from the first
    return rep


def _last_t(lines):
    t = None
    for o in lines:
        if "t" in o and (t is None or ticks_diff(o["t"], t) > 0):
            t = o["t"]
    return t


def _heard(script, run, rep):
    """The board's input events, one for each input line of the script."""
    want = []
    for i, step in enumerate(script.inputs()):
        if step.kind == "press":
            first = script.slap and i == 0
            want.append(("start" if first else "press", step.seat, None))
        elif step.kind == "lay":
            want.append(("lay", None, step.card))
        elif step.kind == "table":
            want.append(("button:table", -1, None))
        else:
            want.append(("button:" + PRESS[step.kind], step.seat, None))
    got = []
    for ev in run.events():
        kind = ev["ev"]
        if kind == "tick" or (kind == "start" and not script.slap):
            continue
        if kind == "button":
            got.append(("button:" + ev["press"], ev["seat"], None))
        else:
            got.append((kind, ev.get("seat"), ev.get("card")))
    if got != want:
        rep.differ("the board heard %s, the script says %s" % (got, want))
        return
    # And on its ms: every button's stamp is the script's time plus one same delay
    # (within STAMP_SPREAD_MS), so a slap margin on the board is the script's.
    offsets = []
    heard = [e for e in run.events() if e["ev"] != "tick" and (script.slap or e["ev"] != "start")]
    for step, ev in zip(script.inputs(), heard):
        if step.kind != "lay":
            offsets.append(ticks_diff(ev["t"], step.t + STAMP_AFTER_MS[step.kind]))
    if offsets:
        rep.stamp_spread = max(offsets) - min(offsets)
        if rep.stamp_spread > STAMP_SPREAD_MS:
            rep.differ("button stamps are off the script's times by %s ms: not one same delay" % offsets)


def _checkpoint(script, cp, sim, rep):
    rep.checks += 1
    where = "check at %d ms" % cp.step.t
    if cp.mode != "game":
        rep.differ("%s: the board is in mode %r, not in the game" % (where, cp.mode))
        return
    sv = sim.view(cp.t)
    if cp.view != sv:
        keys = sorted(k for k in set(cp.view) | set(sv) if cp.view.get(k) != sv.get(k))
        rep.differ(
            "%s: views differ in %s: board %s, simulator %s"
            % (where, keys, [cp.view.get(k) for k in keys], [sv.get(k) for k in keys])
        )
    lit = [v for row in cp.frame.rows for v in row]
    age = _match(cp.t, OLED_BACK_MS, lambda t: list(sim.frame(t).oled.bits) == lit)
    if age is None:
        saved = _save(script, cp, sim)
        what = "the OLED matches no simulator frame of the last %d ms" % OLED_BACK_MS
        rep.differ("%s: %s%s" % (where, what, saved))
    else:
        rep.oled_age.append(age)
    age = _match(cp.t, RING_BACK_MS, lambda t: [tuple(c) for c in sim.frame(t).ring] == cp.ring)
    if age is None:
        rep.differ(
            "%s: the ring matches no simulator frame of the last %d ms: board %s, simulator at T %s"
            % (where, RING_BACK_MS, cp.ring, [tuple(c) for c in sim.frame(cp.t).ring])
        )
    else:
        rep.ring_age.append(age)


def _match(t, back, same):
    for age in range(back + 1):
        if same(ticks_add(t, -age)):
            return age
    return None


def _save(script, cp, sim):
    from topper_host.sim import png

    OUT.mkdir(parents=True, exist_ok=True)
    stem = OUT / ("%s-%d" % (script.name, cp.step.t))
    cp.frame.png(str(stem) + "-board.png")
    f = sim.frame(cp.t)
    rows = []
    for y in range(64):
        line = bytearray()
        for x in range(128):
            line += (b"\xff\xff\xff" if f.oled.bits[y * 128 + x] else b"\x00\x00\x00") * 4
        rows.extend([bytes(line)] * 4)
    pathlib.Path(str(stem) + "-sim.png").write_bytes(png.encode(128 * 4, 64 * 4, rows))
    text = "board (OLED model's text):\n%s\nsimulator at T:\n%s\n" % (cp.frame.text, "\n".join(f.lines))
    pathlib.Path(str(stem) + ".txt").write_text(text)
    return " (the simulator shows %r; both pictures in %s-*.png)" % (plain(f.lines), stem)
