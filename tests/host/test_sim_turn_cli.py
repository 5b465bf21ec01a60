"""``topper sim --game tripp|tricky|crazy|guess`` from the command line: whole games at
the device's shell, their logs (the device's) replayed by ``topper replay`` and by
``topper sim --replay --headless``, a tampered log stopped at its line, a chess clock,
bad options refused in words, and golden transcripts of the device's log and OLED.

Regenerate the golden files after a deliberate change with
``TOPPER_GOLDEN=update .venv/bin/pytest tests/host -k sim_golden`` and review the diff.
"""

import difflib
import json
import os

import pytest
from test_sim_support import ROOT, topper

GOLDEN = ROOT / "tests" / "golden"
# A sealed secret's digest and salt come from the board's random key (topper.commit):
# the golden files show where they are, not what they were.
SEALED = ("digest", "salt")


def test_the_cli_plays_logs_and_replays_a_turn_game(tmp_path):
    log = tmp_path / "g.jsonl"
    p = topper("sim", "--game", "tripp", "--bots-only", "--players", "3", "--seed", "6", "--log", log)
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith("game 1: P") and " won after " in p.stdout
    head = json.loads(log.read_text().splitlines()[0])
    assert (head["log"], head["game"], head["seats"], head["seed"]) == ("topper-table", "tripp", 3, 6)
    assert head["entry"] == "pad" and head["options"] == {"jokers": 2, "places": 0} and head["clock"] is None
    r = topper("replay", log)
    assert r.returncode == 0, r.stderr
    h = topper("sim", "--replay", log, "--headless")
    assert h.returncode == 0, h.stderr
    assert [x for x in h.stdout.splitlines() if x.startswith("{")] == r.stdout.splitlines()
    assert '"r":"win"' in h.stdout and "# oled TRIPP JOKES | winner P" in h.stdout
    # A card the log names differently: the game refuses it at that line.
    lines = log.read_text().splitlines()
    i = [k for k, x in enumerate(lines) if '"ev":"card"' in x][20]
    obj = json.loads(lines[i])
    obj["card"] = "JK" if obj["card"] != "JK" else "5C"
    lines[i] = json.dumps(obj)
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(lines) + "\n")
    for cmd in (("replay", bad), ("sim", "--replay", bad, "--headless")):
        p = topper(*cmd)
        assert p.returncode == 1 and p.stderr.startswith("%s:%d: recorded ruling" % (bad, i + 2)), p.stderr


def test_headless_shows_the_device_and_a_clock_runs_through_the_game(tmp_path):
    log = tmp_path / "c.jsonl"
    p = topper(
        "sim", "--game", "guess", "--players", "3", "--opt", "hands=1", "--clock", "fischer:300:5",
        "--headless", "--seed", "3", "--log", log,
    )  # fmt: skip
    assert p.returncode == 0, p.stderr
    oled = [x for x in p.stdout.splitlines() if x.startswith("# oled ")]
    assert oled and "winner P" in oled[-1]
    assert any("5:00" in x or "4:5" in x for x in oled)  # the seats' time banks
    head = json.loads(log.read_text().splitlines()[0])
    assert head["clock"] == {"control": "fischer", "base_ms": 300000, "extra_ms": 5000}
    r = topper("replay", log)
    assert r.returncode in (0, 1), r.stderr
    if r.returncode == 1:  # a secret kept out of the log stops the replay, with its reason
        assert "secret" in r.stderr, r.stderr


BAD = (
    (("--game", "tricky", "--seats", "3"), "--seats must be 4: Tricky Dick is for 4 players"),
    (("--game", "tripp", "--opt", "hands=3"), "NAME one of jokers, places for tripp"),
    (("--game", "crazy", "--opt", "target=30"), "crazy: Target cannot be 30 (allowed: "),
    (("--game", "guess", "--opt", "hands=x"), "'x' is not a whole number"),
    (("--game", "tripp", "--clock", "blitz:3"), "CONTROL one of per-move, fischer"),
    (("--game", "tripp", "--clock", "sudden-death:60:5"), "takes no increment or delay"),
    (("--game", "tripp", "--clock", "fischer:0"), "--clock: time must be"),
    (("--game", "ww3", "--opt", "hands=2"), "--handicap and --on-flag are for the turn-based games"),
)


def test_bad_options_are_refused_in_words():
    for args, words in BAD:
        p = topper("sim", "--bots-only", *args)
        assert p.returncode == 2 and words in p.stderr, (args, p.stderr)


GOLDEN_GAMES = {
    "tripp": ("3", ()),
    "tricky": ("4", ("--opt", "hands=1")),
    "crazy": ("3", ("--opt", "hands=1")),
    "guess": ("3", ("--opt", "hands=1")),
}


def _sealed_out(line):
    if not line.startswith("{"):
        return line
    obj = json.loads(line)
    for k in SEALED:
        if k in obj:
            obj[k] = "(sealed)"
    return json.dumps(obj, sort_keys=True, separators=(",", ":"))


@pytest.mark.parametrize("game", sorted(GOLDEN_GAMES))
def test_sim_golden_turn_transcripts(game, tmp_path):
    players, opts = GOLDEN_GAMES[game]
    p = topper(
        "sim", "--game", game, "--players", players, *opts, "--headless", "--seed", "2",
        "--log", tmp_path / "g.jsonl",
    )  # fmt: skip
    assert p.returncode == 0, p.stderr
    text = "\n".join(_sealed_out(x) for x in p.stdout.splitlines()) + "\n"
    name = "sim-turn-%s-%sp-seed2.txt" % (game, players)
    path = GOLDEN / name
    if os.environ.get("TOPPER_GOLDEN") == "update":
        path.write_text(text)
        return
    want = path.read_text()
    if text != want:
        diff = difflib.unified_diff(want.splitlines(), text.splitlines(), "golden", "now", lineterm="", n=2)
        pytest.fail("%s differs (TOPPER_GOLDEN=update rewrites it):\n%s" % (name, "\n".join(list(diff)[:60])))
