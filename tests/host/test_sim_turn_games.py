"""The turn-based games in the simulator, end to end: seeded bots-only matches end
with the winner on the device's screen, their logs replay, golden transcripts, bad
options refused in words, and a human's panel that never shows another seat's secret.

Regenerate the golden files after a deliberate change with
``TOPPER_GOLDEN=update .venv/bin/pytest tests/host -k sim_golden`` and review the diff.
"""

import difflib
import json
import os

import pytest
from sim_ui_support import HandClock, run, shown
from test_sim_support import ROOT, topper
from topper import games
from topper_host.sim import clock as clockmod
from topper_host.sim import turn_cmd, turn_log
from topper_host.sim.turn_frame import TurnFrame
from topper_host.sim.ui.turn_app import TurnApp

GOLDEN = ROOT / "tests" / "golden"

# The games merged into the simulator, with the options of a short match for tests.
GAMES = {
    "tripp": {},
    "tricky": {"hands": 1},
    "crazy": {"hands": 1},
    "guess": {"hands": 1},
}


class Args:
    def __init__(self, game, seats, opts=(), clock=None):
        self.game = game
        self.seats = seats
        self.opt = ["%s=%d" % kv for kv in opts]
        self.clock = clock


def _match(game, seats, seed, opts=(), clock=None, humans=()):
    setup = turn_cmd.Setup(Args(game, seats, opts, clock))
    lines = []
    table = turn_cmd.make_table(setup, seed, humans, 1.0, lines.append)
    return table, lines


def _play(table):
    clock = clockmod.FakeClock()
    timed_out = turn_cmd.play(table, clock, 6 * 3600 * 1000)
    return clock.now(), timed_out


def test_bots_play_every_game_to_its_end_with_the_winner_on_screen():
    for game, opts in sorted(GAMES.items()):
        low, high = games.find(game)[2]
        for seats in sorted({low, min(high, 4)}):
            for seed in range(3):
                table, lines = _match(game, seats, seed, sorted(opts.items()))
                t, timed_out = _play(table)
                what = "%s %d seats seed %d" % (game, seats, seed)
                assert not timed_out and not table.stuck and table.over, what
                view = table.view(t)
                won = view["winners"]
                assert won, what
                screen = TurnFrame(view, t).lines
                assert screen[1] == "winner " + " ".join(["P%d" % (s + 1) for s in won]), (what, screen)
                # The log says the same game again.
                rulings = turn_log.check(*turn_log.read(lines))
                assert not any(r["r"] == "error" for r in rulings), what


def test_a_match_of_several_hands_goes_on_to_the_end():
    table, lines = _match("crazy", 3, 5, [("hands", 2)])
    _play(table)
    hands = [json.loads(x) for x in lines if '"r":"score"' in x]
    assert len(hands) == 2 and table.over


def test_a_clock_runs_through_a_bots_match_and_the_log_replays():
    table, lines = _match("tripp", 3, 1, clock="fischer:20:2")
    t, _ = _play(table)
    c = table.view(t)["clock"]
    assert c["control"] == "fischer" and c["over"]
    turn_log.check(*turn_log.read(lines))
    # Moves of 1.5 s at most: the bots flag now and then, and play on.
    table, lines = _match("tripp", 3, 1, clock="per-move:1.5")
    t, _ = _play(table)
    assert any('"r":"flag"' in x for x in lines) and table.over
    turn_log.check(*turn_log.read(lines))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_sim_golden_turn_transcripts(game):
    seats = max(3, games.find(game)[2][0])
    name = "sim-turn-%s-%dp-seed2.txt" % (game, seats)
    table, _ = _match(game, seats, 2, sorted(GAMES[game].items()))
    out = []
    table.listeners.append(turn_cmd.Transcript(out.append, every=10))
    _play(table)
    text = "\n".join(out) + "\n"
    path = GOLDEN / name
    if os.environ.get("TOPPER_GOLDEN") == "update":
        path.write_text(text)
    want = path.read_text()
    if text != want:
        diff = difflib.unified_diff(want.splitlines(), text.splitlines(), "golden", "now", lineterm="", n=2)
        pytest.fail("%s differs (TOPPER_GOLDEN=update rewrites it):\n%s" % (name, "\n".join(list(diff)[:60])))


def test_the_cli_plays_logs_and_replays_a_turn_game(tmp_path):
    log = tmp_path / "g.jsonl"
    p = topper("sim", "--game", "tripp", "--bots-only", "--players", "3", "--seed", "6", "--log", log)
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith("game 1: P") and " won after " in p.stdout
    head = json.loads(log.read_text().splitlines()[0])
    assert head["game"] == "tripp" and head["seats"] == 3 and head["seed"] == 6
    assert head["options"] == {"jokers": 2, "places": 0} and head["clock"] is None
    r = topper("replay", log)
    assert r.returncode == 0, r.stderr
    h = topper("sim", "--replay", log, "--headless")
    assert h.returncode == 0, h.stderr
    shown = [json.loads(x) for x in h.stdout.splitlines() if x.startswith("{")]
    assert shown == [json.loads(x) for x in r.stdout.splitlines()]
    assert "| winner P" in h.stdout
    # A log that contradicts the game stops at its line.
    lines = log.read_text().splitlines()
    i = next(i for i, x in enumerate(lines) if '"ev":"act"' in x and i > 5)
    obj = json.loads(lines[i])
    obj["a"] = [99]
    lines[i] = json.dumps(obj)
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(lines) + "\n")
    for cmd in (("replay", bad), ("sim", "--replay", bad, "--headless")):
        p = topper(*cmd)
        assert p.returncode == 1 and p.stderr.startswith("%s:%d: the game refuses" % (bad, i + 1)), p.stderr


BAD = (
    (("--game", "tricky", "--seats", "3"), "TRICKY DICK is for 4 players"),
    (("--game", "tripp", "--opt", "hands=3"), "NAME one of jokers, places for tripp"),
    (("--game", "crazy", "--opt", "target=30"), "crazy: Target cannot be 30 (allowed: "),
    (("--game", "guess", "--opt", "hands=x"), "'x' is not a whole number"),
    (("--game", "tripp", "--clock", "blitz:3"), "CONTROL one of per-move, fischer"),
    (("--game", "tripp", "--clock", "sudden-death:60:5"), "takes no increment or delay"),
    (("--game", "tripp", "--clock", "fischer:0"), "--clock: time must be"),
    (("--game", "ww3", "--opt", "hands=2"), "--opt and --clock are for the turn-based games"),
)


def test_bad_options_are_refused_in_words():
    for args, words in BAD:
        p = topper("sim", "--bots-only", *args)
        assert p.returncode == 2 and words in p.stderr, (args, p.stderr)


def _feed(app):
    return [text for text, _ in app.query_one("#feed").lines]


def test_the_crazy_job_panel_never_shows_another_seats_rule():
    seen_own = 0
    for seed in range(3):
        table, _ = _match("crazy", 4, seed, [("hands", 1)], humans=())
        # Bots play every seat; the panel is drawn for P1 as if P1 were at the keyboard.
        app = TurnApp(HandClock().make(), table, humans=(0,), title="t", tick=False)
        table.start(0)

        async def play(pilot, table=table, app=app, seed=seed):
            nonlocal seen_own
            clock = clockmod.FakeClock()
            while not table.over:
                t = clock.now()
                table.advance(t)
                app.draw(t)
                text = await shown(app, pilot, step=False)
                m = table.ref.match
                own = m.hand_view(0)["rule"]
                if own:
                    seen_own += 1
                    assert "your rule: %s" % own in text
                if table.choices(0):
                    # P1's own menu (a rule to pick lists every rule) is no leak; the
                    # screens between P1's moves must not show what the others stored.
                    clock.wait(table.next_in(t))
                    continue
                for s in range(1, 4):
                    other = m.hand_view(s)["rule"]
                    if other and other != own and not _revealed(_feed(app), s):
                        assert other not in text, (seed, s, other)
                clock.wait(table.next_in(t))

        run(app, (200, 50), play)
    assert seen_own


def _revealed(feed, seat):
    return any("P%d" % (seat + 1) in x and "rule" in x for x in feed)


def test_the_guess_my_card_panel_shows_p1s_secret_and_hand_only():
    for seed in range(3):
        table, _ = _match("guess", 4, seed, [("hands", 1)])
        app = TurnApp(HandClock().make(), table, humans=(0,), title="t", tick=False)
        table.start(0)

        async def play(pilot, table=table, app=app, seed=seed):
            clock = clockmod.FakeClock()
            while not table.over:
                t = clock.now()
                table.advance(t)
                app.draw(t)
                text = await shown(app, pilot, step=False)
                rows = [r[:80] for r in text.split("\n")]  # the panel; the commentary is right of it
                m = table.ref.match
                mine = m.hand_view(0)
                secret = next(r for r in rows if "your secret card:" in r).split(":", 1)[1].split()
                assert secret == [mine["secret"]]
                cards_row = next(r for r in rows if "Your cards (P1):" in r).split(":", 1)[1].split()
                assert cards_row == (mine["hand"] or ["(none)"])
                others = {m.hand_view(s)["secret"] for s in range(1, 4)}
                others -= {mine["secret"]} | set(mine["hand"])
                assert not others & set(secret + cards_row), seed
                clock.wait(table.next_in(t))

        run(app, (200, 50), play)
