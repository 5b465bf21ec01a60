"""The turn referee's shared behaviour, with a toy game small enough to check by hand:
players add 1 or 2 to a count in turn; adding 2 twice in a row (a "double") lets the
same player go again; whoever reaches 10 wins. A seat that adds 1 three times is out.
"""

from topper import clock, games
from topper.inputs import SHORT
from topper.gamekit import Entry, RuleError
from topper.turnref import TurnReferee
from topper_view import ring, turns


class Count(TurnReferee):
    GAME = "tripp"  # borrows a real key so that the screen has a title

    def _begin(self):
        self.count = 0
        self.on = 0
        self.ones = [0] * self.seats
        self.twos = 0
        self.won = -1
        return [{"r": "begin", "seat": 0}]

    def _in(self, s):
        return self.ones[s] < 3

    def _after(self, s):
        for k in range(1, self.seats + 1):
            if self._in((s + k) % self.seats):
                return (s + k) % self.seats
        return -1

    def _turn(self):
        return self.on if self.won < 0 else -1

    def _next(self):
        return self.on if self.twos == 2 else self._after(self.on)

    def _apply(self, action):
        if action not in ((1,), (2,)):
            raise RuleError("add 1 or 2")
        s = self.on
        self.count += action[0]
        events = [{"r": "add", "seat": s, "n": action[0], "count": self.count}]
        if self.count >= 10:
            self.won = s
            return events + [{"r": "win", "seat": s}]
        self.twos = self.twos + 1 if action[0] == 2 else 0
        if action[0] == 1:
            self.ones[s] += 1
        if self.twos == 2:
            self.twos = 0
            return events + [{"r": "again", "seat": s}]
        self.on = self._after(s)
        return events

    def is_over(self):
        return self.won >= 0

    def winners(self):
        return [self.won] if self.won >= 0 else []

    def out(self):
        return [not self._in(s) for s in range(self.seats)]

    def lines(self):
        return ["count %d" % self.count]

    def describe(self, r):
        if r["r"] == "add":
            return "P%d adds %d" % (r["seat"] + 1, r["n"])
        return ""


def test_the_clock_follows_the_engines_turn_and_its_play_again():
    ref = Count(3, Entry.DEALT, control=clock.fischer(60000, 2000))
    ref.start(1000)
    ref.act((1,), 4000)  # P1 spent 3 s and gets the 2 s increment
    ref.act((2,), 5000)  # P2 spent 1 s
    v = ref.view(5000)
    assert v["turn"] == 2 and v["clock"]["on_turn"] == 2
    assert v["clock"]["remaining"][:2] == [59000, 61000]
    ref.act((2,), 6000)  # P3's 2 on a 2: a double, P3 goes again and keeps the clock
    v = ref.view(6000)
    assert v["turn"] == 2 and v["clock"]["on_turn"] == 2 and v["clock"]["remaining"][2] == 59000
    ref.act((1,), 9000)  # P3's turn ends: 4 s over both moves, one increment
    v = ref.view(9000)
    assert v["turn"] == 0 and v["clock"]["remaining"] == [59000, 61000, 58000]
    assert v["message"] == "P3 adds 1"


def test_a_refused_action_is_an_error_ruling_and_changes_nothing():
    ref = Count(2, Entry.DEALT, control=clock.per_move(5000))
    ref.start(0)
    before = ref.view(100)
    out = ref.act((3,), 100)
    assert out == [{"r": "error", "t": 100, "why": "add 1 or 2"}]
    after = ref.view(100)
    assert after["message"] == "add 1 or 2"
    after["message"] = before["message"]
    assert after == before


def test_a_seat_out_leaves_the_clock_and_the_winner_stops_it():
    ref = Count(3, Entry.DEALT, control=clock.sudden_death(60000))
    ref.start(0)
    t = 0
    for _ in range(7):  # everybody adds 1; P1's third 1 puts P1 out at count 7
        t += 500
        ref.act((1,), t)
    v = ref.view(t)
    assert v["out"] == [True, False, False]
    assert v["clock"]["active"] == [False, True, True]
    assert v["turn"] == 1 and v["next"] == 2
    ref.act((2,), t + 500)
    out = ref.act((2,), t + 1000)  # P3 reaches 11
    assert [r["r"] for r in out] == ["add", "win", "stop"]
    v = ref.view(t + 5000)
    assert v["over"] and v["winners"] == [2] and v["turn"] == -1
    assert v["clock"]["over"]
    assert ref.act((1,), t + 6000)[0]["r"] == "error"


def test_a_flag_is_a_ruling_and_a_message_at_the_moment_time_runs_out():
    ref = Count(2, Entry.DEALT, control=clock.sudden_death(3000))
    ref.start(2**29 - 1000)  # across the tick wrap
    assert ref.tick(2**29 - 1) == []
    out = ref.tick(2500)  # wrapped: 3500 ms after the start
    assert out == [{"r": "flag", "t": 2000, "seat": 0}]
    assert ref.view(2500)["message"] == "P1 out of time"


def test_without_a_clock_the_view_has_none_and_ticks_say_nothing():
    ref = Count(2, Entry.BUTTONS)
    ref.start(0)
    assert ref.view(0)["clock"] is None and ref.tick(99999) == []
    assert ref.view(0)["entry"] == "buttons"
    assert [r["r"] for r in ref.button(SHORT, 0, 5)] == ["error"]
    assert [r["r"] for r in ref.card(5, 5)] == ["error"]


def test_the_screen_shows_the_game_the_turn_its_time_and_the_news():
    ref = Count(2, Entry.DEALT, control=clock.sudden_death(90000))
    ref.start(0)
    ref.act((2,), 1500)
    lines = turns.lines(ref.view(2000))
    assert len(lines) == 8
    # With a clock the title gives way to every seat's time, the seat on turn marked.
    assert lines[0] == " 1:29>1:30"
    assert lines[1].startswith("P2 on turn") and lines[1].endswith("1:30")
    assert lines[2] == "count 2"
    assert lines[6] == "P1 adds 2"
    ref.pause(3000)
    assert turns.lines(ref.view(9000))[1].endswith("paused")
    assert ref.view(9000)["clock"]["remaining"][1] == 90000 - 1500


def test_the_ring_pulses_the_turn_glows_the_next_and_reds_a_flag():
    ref = Count(4, Entry.DEALT, control=clock.sudden_death(20000))
    ref.start(0)
    v = ref.view(0)
    px = turns.frame(v, 0)
    pix = [ring.seat_pixel(s, 4) for s in range(4)]
    assert px[pix[1]] == ring.scale(ring.seat_color(1), 90)  # next
    assert px[pix[2]] == ring.scale(ring.seat_color(2), ring.DIM)
    amber = turns.frame(ref.view(15000), 15000)  # 5 s left: amber
    assert amber[pix[0]] == ring.scale(ring.AMBER, ring.pulse(15000, 900))
    ref.tick(21000)
    red = turns.frame(ref.view(21000), 21000)
    assert red[pix[0]] == ring.scale(ring.RED, ring.pulse(21000, 900))


def test_the_catalogue_fills_options_and_refuses_a_value_a_game_cannot_take():
    assert games.options("tricky") == {"mode": 0, "hands": 4}
    assert games.options("crazy", {"target": 50}) == {"hands": 0, "target": 50}
    for key, given in (("tricky", {"mode": 3}), ("guess", {"hands": 0})):
        try:
            games.options(key, given)
            assert False, given
        except ValueError as e:
            assert key in str(e)
    try:
        games.find("snap")
        assert False
    except KeyError:
        pass
    assert games.keys(games.SLAP) == ["ww3", "armageddon"]
    assert games.keys(games.TURN) == ["tripp", "tricky", "crazy", "guess"]
    assert games.keys() == games.keys(games.SLAP) + games.keys(games.TURN)
    for g in games.GAMES:
        if g.kind == games.SLAP:
            assert not games.is_turn(g.key) and g.referee == "topper.games.slap.pad" and g.options == ()
            assert g.module(False) == "topper.games.slap.blind" and g.starter
            continue
        assert games.is_turn(g.key) and g.referee == "topper.games.%s.turn" % g.key
        assert g.module(False) == g.referee and not g.starter
        assert turns.title(g.key) == g.title and len(g.title) <= 21
        assert 2 <= g.players[0] <= g.players[1] <= 8
        for o in g.options:
            assert games.options(g.key)[o.key] == o.default and len(o.label) <= 11
            assert o.names is None or len(o.names) == len(o.values)
