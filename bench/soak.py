"""Soak: a day of table play through the real firmware, compressed in time.

    .venv/bin/python bench/soak.py                 # 24 h of table time (docs/soak.md)
    .venv/bin/python bench/soak.py --hours 2 --seed 5 --every 0.5

The real ``firmware/code.py`` App runs over the recording fakes (tests/fakes) with the
card pad, the OLED, the ring, the buzzer, the nvm journal and a host on usb_cdc.data.
Around it, a simulated table plays at table speed on the fake clock: players lay the
cards the pad reads and slap (right, wrong, late, together, through a keypad queue
that overflows), dawdle past the hurry-up, lean on a button, tap unknown tags and
cards already in the pile; some games are slap games without the pad (the table judges
the slaps, marks seats out) and some are turn games on the buttons (Tripp Jokes, Tricky
Dick, Crazy Job, Guess My Card, with the menu's chess clock), pressed at random; the
host sets games up, asks for views, scores and logs, and sends garbage; the table ends
games, answers the host's questions, and the power goes now and then.

Checked throughout (an AssertionError stops the run): every card of the deck is in
exactly one place and the face-up pile holds no card twice; every game is won or ended
(none runs past ``MAX_GAME_MS``); each won game's streamed log replays to the same
rulings (``topper.replay``); a power cut resumes the game the journal (or a
blind or turn game's save) last wrote; the link's queue and the game logs stay within
their caps; every command gets its answer. Printed: tracemalloc current/peak and the firmware's buffers every
``--every`` hours of table time, and totals at the end.

The recording fakes keep every OLED frame, ring frame and tone they are given; the
soak empties those records as it goes, so that the memory figures are the firmware's.
"""

import argparse
import gc
import json
import pathlib
import sys
import time
import tracemalloc

ROOT = pathlib.Path(__file__).resolve().parents[1]
for p in (ROOT / "tests", ROOT / "tests" / "host", ROOT / "firmware" / "lib"):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

import fakes  # noqa: E402
from _link_fakes import boot, power_cut  # noqa: E402
from fakes.scenario import uid  # noqa: E402
from topper import cards, games, jsonl  # noqa: E402
from topper.replay import run as replay_log  # noqa: E402
from topper_host import replay as hostreplay  # noqa: E402
from topper.rng import Rng  # noqa: E402

STEP_MS = 20  # the App's loop period on the fake clock
HOUR = 3600 * 1000
MAX_GAME_MS = 3 * HOUR  # a game still running after this is a game that does not end
CUT_EVERY_MS = 40 * 60 * 1000  # the power goes about this often
HOST_EVERY_MS = 4000  # the host asks something about this often
TABLE_TIRES_MS = 40 * 60 * 1000  # a blind or turn game the table ends after about this long


class Soak:
    def __init__(self, seed=1, step_ms=STEP_MS, cut_every_ms=CUT_EVERY_MS):
        self.rng = Rng(seed)
        self.step_ms = step_ms
        self.cut_every_ms = cut_every_ms
        env = {"TOPPER_HURRY_MS": 3000, "TOPPER_SEATS": 4}
        self.rig, self.app, self.port, self.settings, self.code = boot(env, jokers=8)
        self.t = self.rig.now  # table time since the start (the rig's clock restarts at a cut)
        self.stats = {
            "games": 0, "won": 0, "ended": 0, "replayed": 0, "cuts": 0, "lays": 0, "presses": 0,
            "faults": 0, "commands": 0, "answers": 0, "steps": 0, "lost": 0, "flushes": 0,
            "longest_ms": 0, "checks": 0, "resumes": 0, "quits": 0, "unanswered_at_cut": 0,
            "pad": 0, "blind": 0, "turn": 0, "saves_full": 0,
        }
        self.full_game = None  # the game whose save outgrew the store
        self.next_act = 0
        self.next_host = 0
        self.next_cut = self._gap(cut_every_ms)
        self.game_t0 = None
        self.stream = []  # this game's streamed log lines
        self.clean = True  # no gap and no cut in this game's stream
        self.asked = {}  # id -> what the host is waiting for
        self.host_id = 0
        self.saved_game = None  # the game as the journal last wrote it
        self.flushes = 0
        self.taps = []  # (when, tag): cards on their way down to the pad
        self.downloading = False
        self.downloaded = 0
        self.memory = []  # (table ms, firmware bytes) at each report

    # ----- time -----------------------------------------------------------------------

    def _gap(self, mean):
        return mean // 2 + self.rng.below(mean)

    def step(self):
        rig = self.rig
        rig.now += self.step_ms
        self.t += self.step_ms
        while self.taps and self.taps[0][0] <= rig.now:
            rig.tap(self.taps.pop(0)[1])
        self.app.step(rig.now)
        self.stats["steps"] += 1
        self._read_host()
        self._journal_check()
        if rig.now >= self.next_act:
            self._act()
        if self.t >= self.next_host:
            self._host()
        if self.t >= self.next_cut:
            self._cut()
        if self.stats["steps"] % 500 == 0:
            self._trim()

    def run(self, ms, report=None, every_ms=HOUR):
        end = self.t + ms
        mark = self.t + every_ms
        while self.t < end:
            self.step()
            if report is not None and self.t >= mark:
                mark += every_ms
                report(self)

    # ----- the players ----------------------------------------------------------------

    def _view(self):
        app = self.app
        if app.mode != 2 or app.ref is None:  # code.GAME
            return None
        return app.ref.view(self.rig.now)

    def _act(self):
        app = self.app
        rng = self.rng
        now = self.rig.now
        mode = app.mode
        self.next_act = now + 200 + rng.below(900)
        if mode == 0:  # the menu: the host sets a game up, or the table starts one
            if rng.below(3):
                self._send(self._setup(), "ok")
            else:
                self.rig.table(now + 10, hold=900)
                self.next_act = now + 1500
        elif mode == 1:  # waiting for the starter
            self._press(rng.below(app.game["seats"]), now + 10)
            self.next_act = now + 400
        elif mode == 5:  # a notice: the table reads it and carries on
            self.rig.table(now + 10, hold=80)
        elif mode == 3:  # "end the game?": mostly play on
            self.rig.table(now + 10, hold=900 if rng.below(4) == 0 else 80)
            self.next_act = now + 1200
        elif mode == 2:
            self._play(now)

    def _setup(self):
        """A game for the host to set up: mostly a slap game with the card pad, else a
        slap game without it (blind play) or a turn game on the buttons."""
        rng = self.rng
        r = rng.below(10)
        cfg = {"cmd": "setup", "seed": rng.below(1 << 30), "cardpad": r < 5}
        if r < 7:
            cfg.update({"game": ("ww3", "armageddon")[rng.below(2)], "seats": 2 + rng.below(5),
                        "jokers": rng.below(9), "hurry_ms": (0, 2000, 3000, 5000)[rng.below(4)]})
            return cfg
        game = games.keys(games.TURN)[rng.below(len(games.keys(games.TURN)))]
        lo, hi = games.find(game).players
        cfg.update({"game": game, "seats": lo + rng.below(min(hi, 6) - lo + 1)})
        # The clock is the menu's: the table set one earlier, now and then a short one.
        m = self.app.menu
        m.clock = rng.below(6)
        m.move_ms = (10000, 30000)[rng.below(2)]
        m.base_ms = (60000, 300000, 600000)[rng.below(3)]
        return cfg

    def _turn(self):
        """A turn game is on (the registry says what the app's game is)."""
        return self.app.game is not None and self.app.ref is not None and games.is_turn(self.app.game["game"])

    def _blind(self):
        """Blind play is on: a slap game without the card pad."""
        app = self.app
        return app.game is not None and app.ref is not None and not self._turn() and not app.game["cardpad"]

    def _play(self, now):
        if self._turn():
            self._play_turn(now)
            return
        if self._blind():
            self._play_blind(now)
            return
        rng = self.rng
        view = self._view()
        if view["winner"] >= 0:
            self.rig.table(now + 300, hold=900)  # the winner is cheered; the table ends it
            self.next_act = now + 2000
            return
        r = rng.below(1000)
        if r < 4:  # an unknown tag
            self.rig.tap(bytes([0x04, 0xDE, 0xAD, rng.below(256), 0xEF, 0x00, 0x01]))
            self.stats["faults"] += 1
        elif r < 8 and view["pot"]:  # a card of the pile again
            self.rig.tap(uid(view["pot"][rng.below(len(view["pot"]))]))
            self.stats["faults"] += 1
        elif r < 11:  # somebody leans on a button for a few seconds
            self._press(rng.below(view["seats"]), now + 10, hold=4000 + rng.below(3000))
            self.stats["faults"] += 1
        elif r < 13:  # a burst of presses: more than the keypad queue holds
            for i in range(40):
                self._press(rng.below(view["seats"]), now + 10 + i // 4, hold=1)
            self.stats["faults"] += 1
        elif r < 14:
            if rng.below(2) == 0:  # the table wants to stop this game (and mostly plays on)
                self.rig.table(now + 10, hold=900)
                self.next_act = now + 1200
                self.stats["quits"] += 1
        elif r < 17:  # the host asks to change something in the middle of the game
            self._send({"cmd": "score", "reset": True}, "answer")
        else:
            self._lay(view, now)

    def _done(self, finished, now):
        """A blind or turn game that is over: the table ends it. One that has gone on
        long enough: the table ends it too (two holds: "END GAME?", then yes)."""
        if finished:
            self.rig.table(now + 300, hold=900)
            self.next_act = now + 2000
            return True
        if self.game_t0 is None or self.t - self.game_t0 < TABLE_TIRES_MS:
            return False
        self.rig.table(now + 10, hold=900)
        self.rig.table(now + 1500, hold=900)
        self.next_act = now + 3000
        self.stats["quits"] += 1
        return True

    def _play_turn(self, now):
        """Hands on the buttons of a turn game: mostly the seat on turn, short or long,
        sometimes another seat, the table button, a chord, a button leaned on."""
        rng = self.rng
        view = self._view()
        if self._done(view["over"], now):
            return
        seats = view["seats"]
        r = rng.below(100)
        seat = view["turn"] if r < 60 and view["turn"] >= 0 else rng.below(seats)
        if r < 75:
            self._press(seat, now + 10, hold=(120, 900)[rng.below(3) == 0])
        elif r < 85:
            self.rig.table(now + 10, hold=100)
        elif r < 93:
            self.rig.table(now + 10, hold=500)
            self._press(seat, now + 200)  # a chord
        elif r < 95:
            self._press(seat, now + 10, hold=4000 + rng.below(3000))
            self.stats["faults"] += 1
        self.next_act = now + 1200 + rng.below(2000)

    def _play_blind(self, now):
        """Blind slap play: slaps, the table's verdicts and turn taps, seats running out."""
        rng = self.rng
        view = self._view()
        if self._done(view["winner"] >= 0, now):
            return
        seats = view["seats"]
        r = rng.below(100)
        if r < 40:
            self._press(self._skilled(seats), now + 10)
            if rng.below(5) == 0:
                self._press(rng.below(seats), now + 10 + rng.below(30))
        elif r < 75:
            self.rig.table(now + 10, hold=80)  # good, or "the player due has laid"
        elif r < 83:
            self.rig.table(now + 10, hold=900)  # wrong (or, with no slap waiting: END GAME?)
        elif r < 90:
            self.rig.table(now + 10, hold=500)
            self._press(rng.below(seats), now + 200)  # a chord: a seat out of cards (or back)
        self.next_act = now + 300 + rng.below(1500)

    def _lay(self, view, now):
        """The seat due lays a card from its stack: one the pile does not show."""
        rng = self.rng
        g = self.app.ref.game
        shown = {}
        jokers = 0
        for c in view["pot"]:
            shown[c] = True
            jokers += c == cards.JOKER
        pool = [c for c in sorted(set(g.deck)) if c not in shown or c == cards.JOKER]
        card = pool[rng.below(len(pool))]
        copy = jokers if card == cards.JOKER else 0
        wait = 150 + rng.below(900)
        if view["hurry_ms"] and rng.below(30) == 0:
            wait = view["hurry_ms"] + 300  # dawdles past the hurry-up
        self.taps.append((now + wait, uid(card, copy)))
        self.next_act = now + wait + 100
        self.stats["lays"] += 1

    def _reflexes(self, lay):
        """Slaps at human speed on the card just laid: the quicker seats more often."""
        rng = self.rng
        now = self.rig.now
        seats = self.app.game["seats"]
        if lay["slap"] is not None:
            if rng.below(10) < 9:
                self._press(self._skilled(seats), now + 150 + rng.below(400))
                if rng.below(3) == 0:
                    self._press(rng.below(seats), now + 160 + rng.below(420))
        elif rng.below(25) == 0:
            self._press(rng.below(seats), now + 200 + rng.below(400))  # a wrong slap

    def _skilled(self, seats):
        total = 0
        for k in range(seats):
            total += (k + 1) * (k + 1)
        r = self.rng.below(total)
        for k in range(seats):
            r -= (k + 1) * (k + 1)
            if r < 0:
                return k
        return seats - 1

    def _press(self, seat, t, hold=80):
        self.rig.press(seat, t, hold=hold)
        self.stats["presses"] += 1

    # ----- the host -------------------------------------------------------------------

    def _send(self, cmd, expect):
        self.host_id += 1
        cmd["id"] = self.host_id
        self.asked[self.host_id] = (expect, self.t)
        self.port.send(cmd)
        self.stats["commands"] += 1

    def _host(self):
        rng = self.rng
        self.next_host = self.t + self._gap(HOST_EVERY_MS)
        r = rng.below(10)
        if r < 4:
            self._send({"cmd": "view"}, "view")
        elif r < 5:
            self._send({"cmd": "hello"}, "hello")
        elif r < 6:
            self._send({"cmd": "score"}, "score")
        elif r < 7:
            self._send({"cmd": "log", "which": ("current", "last")[rng.below(2)]}, "log")
        elif r < 8:
            self._send({"cmd": "settings"}, "settings")
        else:  # garbage: not JSON, binary, too long
            junk = (b"garbage\n", b"\x00\xff\xfe\n", b"{" * 600 + b"\n", b'{"cmd":"reboot"}\n')
            self.port.send(junk[rng.below(len(junk))])

    def _read_host(self):
        for obj in self.port.take():
            k = obj.get("k")
            if k == "log" or k == "end":
                self.downloading = k == "log"  # a download's lines are no live lines
            if k is None:
                if self.downloading:
                    self.downloaded += 1
                else:
                    self._log_line(obj)
                continue
            if k == "lost":
                self.stats["lost"] += obj["lines"]
                self.clean = False
            elif k == "resumed":
                self.clean = False
            elif "id" in obj and obj["id"] in self.asked and k != "pending":
                expect, _ = self.asked.pop(obj["id"])
                if expect not in ("answer", "ok"):
                    assert k == expect or k == "end", (expect, obj)
                self.stats["answers"] += 1
        for rid in list(self.asked):
            expect, at = self.asked[rid]
            # a question waits 10 s for the table; everything else is answered at once
            assert self.t - at < 15000, "command %d (%s) unanswered" % (rid, expect)

    def _log_line(self, obj):
        if "log" in obj:
            self._game_over(None)
            self.stats["games"] += 1
            turn = obj["log"] == "topper-turn" or obj.get("game") not in ("ww3", "armageddon")
            kind = "turn" if turn else ("blind" if obj.get("blind") else "pad")
            self.stats[kind] += 1
            self.game_t0 = self.t
            self.stream = []
            self.clean = True
        # The host's own copy, written by the host's json (not the firmware's code, so
        # that the memory figures tell the two apart); Replay reads any valid JSON.
        self.stream.append(json.dumps(obj, sort_keys=True, separators=(",", ":")))
        if obj.get("r") == "win":
            self._game_over(obj["seat"])
        elif obj.get("r") == "over" and self._turn():  # a turn game's match is over
            self._game_over(-1)
        elif obj.get("r") == "lay" and self.app.mode == 2:
            self._reflexes(obj)
        if "ev" in obj or "r" in obj:
            self._check_cards()

    def _game_over(self, winner):
        if self.game_t0 is None:
            return
        self.stats["longest_ms"] = max(self.stats["longest_ms"], self.t - self.game_t0)
        if winner is None:
            self.stats["ended"] += 1
        else:
            self.stats["won"] += 1
            if self.clean and self.stream and self.stream[0].startswith('{"collect_ms"'):
                made = list(replay_log(self.stream))
                assert made[-1] == {"r": "win", "seat": winner, "t": made[-1]["t"]}
                self.stats["replayed"] += 1
            elif self.clean and self.stream and self._replayable():
                # Blind play and the turn games: topper replay makes every ruling the
                # board logged, in order (docs/event-log.md).
                made = [json.loads(jsonl.dumps(r)) for r in hostreplay.rulings(self.stream)]
                logged = [json.loads(x) for x in self.stream if '"r":' in x]
                # (the stream is read up to the win: the rest of its batch may follow)
                assert made[: len(logged)] == logged, self.stream[0]
                self.stats["replayed"] += 1
        self.game_t0 = None

    def _replayable(self):
        """The game's log holds all a replay needs (no card read unnamed, no secret)."""
        head = json.loads(self.stream[0])
        if hostreplay.kind(head) != "turn":
            return True
        return not any('"ev":"card","t"' in x or '"ev":"secret"' in x for x in self.stream)

    # ----- checks ---------------------------------------------------------------------

    def _check_cards(self):
        ref = self.app.ref
        if ref is None:
            return
        problem = self.app.save.problem
        if problem is not None:
            # The one problem allowed: a turn game grown past the nvm store's slot (the
            # table is told; an FRAM holds it). Anything else is a fault.
            assert self._turn() and self.app.save.full, problem
            if self.full_game != self.game_t0:
                self.full_game = self.game_t0
                self.stats["saves_full"] += 1
        if self.game_t0 is not None:
            assert self.t - self.game_t0 < MAX_GAME_MS, "a game that does not end"
        if self._turn() or self._blind():
            return  # no cards for the device to count: the turn games' engines count theirs
        g = ref.game
        assert g.card_count() == len(g.deck), "a card appeared or vanished"
        shown = [c for c in g.pot if c >= 0 and c != cards.JOKER]
        assert len(set(shown)) == len(shown), "a card twice in the pile"
        self.stats["checks"] += 1

    def _journal_check(self):
        store = self.app.save.store
        if store.flushes != self.flushes:
            self.flushes = store.flushes
            self.stats["flushes"] += 1
            self.saved_game = self._game_state()
        s = self.app.link.session
        assert s._queued <= s.out_bytes
        assert s.current.count <= s.current.capacity() and s.last.count <= s.last.capacity()

    def _game_state(self):
        ref = self.app.ref
        if ref is None or self.app.mode not in (2, 3):
            return None
        if self._turn():
            d = ref.to_dict()
            d.pop("message", None)  # "Resumed game" after a cut
            return jsonl.dumps(d)
        if self._blind():
            v = ref.view(self.rig.now)
            keys = ("out", "locked", "good", "wrong", "turn", "winner", "pending")
            return jsonl.dumps([v[k] for k in keys])
        return jsonl.dumps(ref.game.state())

    def _cut(self):
        """The power goes: a new App boots from the same nvm with the clock at zero."""
        self.next_cut = self.t + self._gap(self.cut_every_ms)
        self.stats["cuts"] += 1
        playing = self._game_state() is not None
        saved = self.saved_game
        self.app = power_cut(self.rig, self.code, self.settings, self.port)
        self.flushes = self.app.save.store.flushes
        self.next_act = self.rig.now + 300
        self.taps = []
        self.stats["unanswered_at_cut"] += len(self.asked)
        self.asked.clear()  # the answers went with the power
        self._trim()
        resumed = self._game_state()
        if playing and saved is not None and self.app.ref is not None:
            # The game as the journal last wrote it (at most a second before the cut).
            assert resumed == saved, "the resumed game is not the saved one"
            self._check_cards()
            self.stats["resumes"] += 1
        self.saved_game = resumed

    def _trim(self):
        """Forget what the recording fakes keep (frames, tones, writes) and the parts of
        an App the power took: they are the test rig's memory, not the firmware's."""
        rig = self.rig
        for name in ("keys", "strips", "pwms", "buses", "pn532s"):
            items = getattr(rig, name)
            keep = 2 if name == "keys" else 1
            del items[:-keep]
        for s in rig.strips:
            del s.shows[:-1]
        for b in rig.buses:
            del b.writes[:]
        for p in rig.pwms:
            del p.history[:-1]
        for pn in rig.pn532s:
            del pn.waits[:]
        del rig.nvm.writes[:]


def firmware_bytes():
    """Bytes held now by allocations made in the firmware's own files (code.py and
    lib/): the device's memory, apart from the soak's host, fakes and tracing."""
    if not tracemalloc.is_tracing():
        return 0
    gc.collect()  # an App the power took is a cycle of garbage until the collector runs
    where = tracemalloc.Filter(True, str(ROOT / "firmware") + "/*")
    snap = tracemalloc.take_snapshot().filter_traces([where])
    return sum(st.size for st in snap.statistics("filename"))


def report(soak):
    cur, peak = tracemalloc.get_traced_memory() if tracemalloc.is_tracing() else (0, 0)
    fw = firmware_bytes()
    soak.memory.append((soak.t, fw))
    s = soak.app.link.session
    st = soak.stats
    print("%5.1f h  traced %6.0f KB now %6.0f KB peak, firmware %5.1f KB  gc objects %6d  "
          "link queue %4d B  logs %3d+%3d events  games %d won %d  cuts %d  sector writes %d" % (
              soak.t / HOUR, cur / 1024.0, peak / 1024.0, fw / 1024.0, len(gc.get_objects()),
              s._queued, s.current.count, s.last.count, st["games"], st["won"], st["cuts"],
              st["flushes"]),
          flush=True)


def main(argv=None):
    ap = argparse.ArgumentParser(description="a day of table play through the real firmware")
    ap.add_argument("--hours", type=float, default=24.0, help="table time to play (default 24)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--every", type=float, default=1.0, help="report every this many hours")
    ap.add_argument("--no-tracemalloc", action="store_true", help="faster, without memory figures")
    args = ap.parse_args(argv)
    if not args.no_tracemalloc:
        tracemalloc.start()
    started = time.time()
    soak = Soak(args.seed)
    try:
        soak.run(int(args.hours * HOUR), report, int(args.every * HOUR))
    finally:
        fakes.uninstall()
    took = time.time() - started
    st = soak.stats
    report(soak)
    print("table time %.1f h in %.0f s of CPU (x%.0f), %d App steps (%.0f a second)" % (
        soak.t / HOUR, took, soak.t / 1000.0 / took, st["steps"], st["steps"] / took))
    print("games %d (card pad %d, blind %d, turn games %d): won or over %d (logs replayed %d), "
          "ended by the table %d (asked %d times); longest %.1f min" % (
              st["games"], st["pad"], st["blind"], st["turn"], st["won"], st["replayed"], st["ended"],
              st["quits"], st["longest_ms"] / 60000.0))
    print("lays %d, presses %d, faults %d, host commands %d (answered %d, %d went with the power), "
          "lines lost %d" % (st["lays"], st["presses"], st["faults"], st["commands"], st["answers"],
                             st["unanswered_at_cut"], st["lost"]))
    print("power cuts %d (%d in a game, each resumed as the journal last wrote it); card checks %d" % (
        st["cuts"], st["resumes"], st["checks"]))
    print("turn games grown past the nvm store's slot (saving stopped, the table told): %d"
          % st["saves_full"])
    print("nvm sector writes %d (%.0f an hour of table time)" % (
        st["flushes"], st["flushes"] / (soak.t / HOUR)))
    if len(soak.memory) >= 3:
        first = soak.memory[1][1]  # after the first report: buffers allocated, a game on
        top = max(m for _, m in soak.memory[1:])
        print("firmware memory: %.1f KB at %.1f h, at most %.1f KB after it, %.1f KB at the end" % (
            first / 1024.0, soak.memory[1][0] / HOUR, top / 1024.0, soak.memory[-1][1] / 1024.0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
