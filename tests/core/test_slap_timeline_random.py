"""Random slap timelines against what a table is promised (docs/rules/slap-games.md,
"Timing"), for the card-pad referee and blind play: 2-8 seats, both variants, jokers,
hurry-up on and off, settle windows from 1 to 20 ms, and presses that reach the referee
late, after ticks stamped later than they are (as the device's loop reads them).

Held at every step, by an account kept here of what was pressed when:

- a race's ranking holds every press that reached the referee before it was ranked,
  fastest first by stamp, margins counted from the fastest; the slapper is the first
  unlocked seat in it, and every locked seat that pressed is named;
- no margin is negative, and a late press's margin is its stamp behind the fastest;
- a locked seat's press is never ruled late;
- the hurry-up fires at most once for the card a seat is due to lay;
- nothing is ruled between a race's first press and its ranking;
- the log, with only the ticks that ruled (as the board writes it), replays to the same
  rulings.
"""

from _scale import games
from topper import slaplog, jsonl
from topper.replay import run as replay_log
from topper.games.slap.blind import BlindSlapReferee
from topper.games.slap.engine import ARMAGEDDON, WW3, Phase, SlapGame
from topper.games.slap.pad import PadSlapReferee
from topper.rng import Rng

SETTLES = (1, 2, 5, 20)
TIMERS = ("hurry", "collect", "confirm")  # what a referee rules by its clock alone


class Account:
    """What the test knows of the presses it made: the race under way (seat -> stamp in
    us, and whether the seat was locked at its press), the ranked races' fastest stamps."""

    def __init__(self, ref):
        self.ref = ref
        self.race = None
        self.race_t0 = 0
        self.last = None  # the last ranked race's first stamp and its window's end (ms)
        self.fastest = []  # each ranked race's fastest stamp, in us
        self.hurried = {}  # (seat, cards laid) -> hurry-ups for that card
        self.laid = 0

    def press(self, seat, t, us, locked, was, out):
        """A press made at ``t``/``us``, read with ``out`` ruled; ``was``: a race waited
        to be ranked when it was read."""
        ref = self.ref
        stamp = t * 1000 + us
        # It joins the race waiting to be ranked unless its stamp ranks that race first
        # or falls in the last race's late window (it is late there, whenever it is read).
        if was and t - self.race_t0 < ref.settle_ms and not self.in_last_window(t):
            if seat not in self.race:
                self.race[seat] = (stamp, locked)
        self.check(out, was)
        if ref.settling() and self.race is None:
            self.race = {seat: (stamp, locked)}  # it opened a race
            self.race_t0 = t
        for r in out:
            if r["r"] == "late":
                assert not locked, ("a locked seat ruled late", r)
                assert r["margin_us"] >= 0, r
                assert any(r["margin_us"] == max(0, stamp - f) for f in self.fastest), (r, self.fastest)
            if r["r"] == "locked":
                assert locked, r

    def in_last_window(self, t):
        """Is ``t`` inside the last ranked race's late window (it is closed)?"""
        last = self.last
        return last is not None and last[0] - self.ref.race_ms <= t < last[1]

    def check(self, out, was_settling):
        """The rulings of one event; ``was_settling``: a race waited to be ranked."""
        waiting = was_settling
        for r in out:
            kind = r["r"]
            if kind == "slap":
                assert waiting or self.race is not None, r
                self.ranked(r)
                waiting = False
            elif kind in TIMERS:
                assert not waiting, ("%s ruled before the race was ranked" % kind, out)
            if kind == "lay":
                self.laid += 1
                if self.last is not None and r["t"] < self.last[1]:
                    self.last[1] = r["t"]  # a card closes the race's window
            if kind == "turn":
                self.laid += 1  # blind play: the seat due has laid
            if kind == "hurry":
                key = (r["seat"], self.laid)
                self.hurried[key] = self.hurried.get(key, 0) + 1
                assert self.hurried[key] == 1, ("a second hurry-up for one card", r)

    def ranked(self, slap):
        race = self.race
        self.race = None
        order = slap["order"]
        assert sorted(s for s, _ in order) == sorted(race), (slap, race)
        fastest = min(stamp for stamp, _ in race.values())
        self.fastest.append(fastest)
        self.last = [self.race_t0, self.race_t0 + self.ref.race_ms]  # its late window
        for seat, margin in order:
            assert margin == race[seat][0] - fastest, (slap, race)
        margins = [m for _, m in order]
        assert margins == sorted(margins) and margins[0] == 0, slap
        unlocked = [s for s in race if not race[s][1]]
        if unlocked:
            first = min(race[s][0] for s in unlocked)
            assert race[slap["by"]][0] == first and not race[slap["by"]][1], (slap, race)
        else:
            assert slap["by"] == -1, (slap, race)
        assert slap["locked"] == [s for s, _ in order if race[s][1]], (slap, race)


def _play(rng, ref, act, locked_now, steps):
    """Drive ``ref`` for ``steps`` steps: presses (some read late), ticks and the table's
    own actions (``act(ref, rng, t)`` makes one and returns its event and rulings, or
    None; ``locked_now(ref, seat)`` says if a seat may not slap). Returns the log lines,
    with only the ticks that ruled."""
    acc = Account(ref)
    lines = [jsonl.dumps(slaplog.header(ref) if isinstance(ref, PadSlapReferee) else _blind_header(ref))]

    def log(ev, out):
        if ev["ev"] != "tick" or out:
            lines.append(jsonl.dumps(ev))
            lines.extend(jsonl.dumps(r) for r in out)

    t = 0
    ev = {"ev": "start", "t": 0}
    if isinstance(ref, PadSlapReferee):
        out = ref.start(0)
    else:
        ev["seat"] = rng.below(ref.seats)
        out = ref.start(0, ev["seat"])
    log(ev, out)
    queue = []  # presses made, not yet read: [read at, t, us, seat]
    seats = ref.game.seats if isinstance(ref, PadSlapReferee) else ref.seats
    keypad = rng.below(2)  # whole-ms stamps (ties in a scan) or microseconds
    for _ in range(steps):
        gap = rng.below(10)
        t += 1 + (rng.below(40) if gap < 6 else rng.below(600) if gap < 9 else rng.below(5000))
        if rng.below(3) == 0:
            # a burst of presses around t, each read by the loop 0-3 ms later, or now
            # and then up to 0.4 s later, after ticks stamped later than it
            for _ in range(1 + rng.below(seats)):
                pt = t + rng.below(4)
                late = rng.below(400) if rng.below(8) == 0 else rng.below(4)
                queue.append([pt + late, pt, 0 if keypad else rng.below(1000), rng.below(seats)])
            queue.sort()
        while queue and queue[0][0] <= t:
            _, pt, us, seat = queue.pop(0)
            was = ref.settling()
            out = ref.press(seat, pt, us)
            # (read after: a press changes no lock, but the timers it runs first may)
            acc.press(seat, pt, us, locked_now(ref, seat), was, out)
            log({"ev": "press", "t": pt, "seat": seat, "us": us}, out)
        was = ref.settling()
        out = ref.tick(t)
        acc.check(out, was)
        log({"ev": "tick", "t": t}, out)
        if rng.below(4) == 0:
            was = ref.settling()
            made = act(ref, rng, t)
            if made is not None:
                ev, out = made
                acc.check(out, was)
                log(ev, out)
        if _over(ref):
            break
    return lines


def _over(ref):
    return ref.game.phase == Phase.OVER if isinstance(ref, PadSlapReferee) else ref.winner >= 0


def _blind_header(ref):
    return {"log": "topper-table", "v": 2, "game": ref.game_name, "seats": ref.seats, "seed": ref.seed,
            "blind": True, "hurry_ms": ref.hurry_ms, "settle_ms": ref.settle_ms, "race_ms": ref.race_ms,
            "confirm_ms": ref.confirm_ms}


def _lay(ref, rng, t):
    g = ref.game
    if g.phase == Phase.OVER or g.phase == Phase.SETUP:
        return None
    return {"ev": "lay", "t": t}, ref.lay(t)


def _pad_locked(ref, seat):
    g = ref.game
    return g.phase != Phase.SETUP and g.phase != Phase.OVER and not g.can_slap(seat)


def _table(ref, rng, t):
    """The table's own word in blind play: a seat out or back, wrong, good or laid."""
    k = rng.below(6)
    if k == 0:
        seat = rng.below(ref.seats)
        return {"ev": "out", "t": t, "seat": seat}, ref.toggle_out(seat, t)
    if k == 1:
        return {"ev": "table", "t": t, "long": True}, ref.table(t, True)
    return {"ev": "table", "t": t}, ref.table(t)


def _blind_locked(ref, seat):
    return ref.locked[seat]


def test_card_pad_timelines_keep_every_promise():
    for i in range(games(400)):
        rng = Rng(9100 + i)
        seats = 2 + rng.below(7)
        variant = (WW3, ARMAGEDDON)[rng.below(2)]
        ref = PadSlapReferee(SlapGame(variant, seats, rng.below(9)), seed=i, hurry_ms=(0, 3000)[rng.below(2)],
                          settle_ms=SETTLES[rng.below(4)])
        lines = _play(rng, ref, _lay, _pad_locked, 400)
        made = [jsonl.dumps(r) for r in replay_log(lines)]
        logged = [line for line in lines[1:] if '"r":' in line]
        assert made[: len(logged)] == logged, i


def test_blind_timelines_keep_every_promise():
    for i in range(games(400)):
        rng = Rng(7300 + i)
        seats = 2 + rng.below(7)
        ref = BlindSlapReferee(("ww3", "armageddon")[rng.below(2)], seats, seed=i,
                               hurry_ms=(0, 2000)[rng.below(2)], settle_ms=SETTLES[rng.below(4)])
        lines = _play(rng, ref, _table, _blind_locked, 300)
        # the replay: the logged events through a fresh referee, ruling for ruling
        again = BlindSlapReferee(ref.game_name, seats, seed=i, hurry_ms=ref.hurry_ms, settle_ms=ref.settle_ms)
        made = []
        for line in lines[1:]:
            ev = jsonl.loads(line)
            kind = ev.get("ev")
            if kind == "start":
                out = again.start(ev["t"], ev["seat"])
            elif kind == "press":
                out = again.press(ev["seat"], ev["t"], ev["us"])
            elif kind == "tick":
                out = again.tick(ev["t"])
            elif kind == "out":
                out = again.toggle_out(ev["seat"], ev["t"])
            elif kind == "table":
                out = again.table(ev["t"], ev.get("long", False))
            else:
                continue
            made.extend(jsonl.dumps(r) for r in out)
        logged = [line for line in lines[1:] if '"r":' in line]
        assert made == logged, i
