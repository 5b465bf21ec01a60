"""``topper sim --headless``: a script of events in, rulings and the OLED's text out;
seeded games diffed against golden transcripts in tests/golden/.

Regenerate the golden files after a deliberate change with
``TOPPER_GOLDEN=update .venv/bin/pytest tests/host -k sim_golden`` and review the diff.
"""

import difflib
import json
import os

import pytest
from test_sim_support import ROOT, batches, replayed, topper

GOLDEN = ROOT / "tests" / "golden"

# A two-player table game (the deck dealt by hand, cards named as a card pad reads
# them): P1 opens with 2RC then 2RH, a pair; P2 slaps it 300 ms later and P1 50 ms after
# that; P2 then opens the next pile.
SCRIPT = """\
{"log":"topper-table","v":1,"game":"ww3","seats":2,"jokers":0,"seed":9,"hurry_ms":0}
{"ev":"start","t":0,"seat":0}
{"ev":"lay","t":1000,"card":"2RC"}
{"ev":"lay","t":1500,"card":"2RH"}
{"ev":"press","t":1800,"seat":1}
{"ev":"press","t":1850,"seat":0}
{"ev":"lay","t":5000,"card":"4BS"}
"""


def _run_script(tmp_path, text):
    script = tmp_path / "script.jsonl"
    script.write_text(text)
    log = tmp_path / "game.jsonl"
    p = topper("sim", "--headless", "--script", script, "--log", log)
    return p, log


def test_script_lay_and_slap_show_rulings_and_screens(tmp_path):
    p, log = _run_script(tmp_path, SCRIPT)
    assert p.returncode == 0, p.stderr
    got = batches(p.stdout)
    kinds = [[r["r"] for r in rulings] for rulings, _ in got]
    # The table's clock runs between events as a device's loop does: the slap is ruled
    # as soon as the race settles, the late press on its own when it comes.
    assert kinds == [["starter"], ["lay"], ["lay"], ["slap"], ["late"], ["lay"]]

    lay1, screen = got[1]
    assert lay1[0]["card"] == "2RC" and lay1[0]["seat"] == 0
    assert screen[0].startswith("WW3 P1 lays")
    assert screen[2].endswith("2RC") and screen[3].split() == [">P1", "31", "P2", "32"]
    assert screen[7] == "P1 laid 2RC"

    lay2, screen = got[2]
    assert lay2[0]["slap"] == "pair" and lay2[0]["control"] == 0 and lay2[0]["chances"] == 2
    assert screen[1] == "Ctrl P1  chances 2" and screen[2].endswith("2RC 2RH")

    (slap,), screen = got[3]
    assert slap["by"] == 1 and slap["ok"] and slap["rule"] == "pair" and slap["t"] == 1800
    assert screen[0] == "SLAP! P2 TAKES POT"
    assert screen[1] == "rule: pair"
    assert screen[2].split() == ["1.", "P2", "0ms"]
    assert screen[3] == ""
    (late,), screen = got[4]
    assert late["seat"] == 0 and late["margin_us"] == 50000
    assert screen[0] == "SLAP! P2 TAKES POT"  # the same slap screen, with the late press ranked
    assert screen[3].split() == ["2.", "P1", "50ms"]

    # The slap screen has gone 3 s later: P2 leads with the pot under its stack.
    (lay3,), screen = got[5]
    assert lay3["seat"] == 1 and lay3["card"] == "4BS"
    assert screen[0].startswith("WW3 P2 lays")
    assert screen[2].split() == ["Pot", "1", "4BS"]
    assert screen[3].split() == ["P1", "30", ">P2", "33"]

    # The log it wrote replays to the same rulings.
    assert replayed(log) == [r for rulings, _ in got for r in rulings]


def test_script_without_header_deals_from_the_seed(tmp_path):
    p, log = _run_script(tmp_path, '{"ev":"lay","t":500}\n{"ev":"lay","t":900}\n')
    assert p.returncode == 0, p.stderr
    got = batches(p.stdout)
    assert [r["r"] for r in got[0][0]] == ["starter"]
    header = json.loads(log.read_text().splitlines()[0])
    assert header["game"] == "ww3" and header["seats"] == 4 and header["jokers"] == 2
    assert got[1][1][2].endswith(got[1][0][0]["card"])  # the pot line shows the card laid


def test_script_errors_name_the_line(tmp_path):
    p, _ = _run_script(tmp_path, SCRIPT.replace('"seat":1}', '"seat":"two"}'))
    assert p.returncode == 1
    assert p.stderr.strip().endswith("script.jsonl:5: 'seat' must be a whole number, not 'two'")
    p, _ = _run_script(tmp_path, SCRIPT.replace('"card":"2RH"', '"card":"2QH"'))
    assert p.returncode == 1 and "script.jsonl:4: bad color 'Q'" in p.stderr


def test_a_refused_card_is_a_ruling_and_the_log_still_replays(tmp_path):
    # 2RC twice: the referee refuses the second one; the table goes on.
    p, log = _run_script(tmp_path, SCRIPT.replace('"card":"2RH"', '"card":"2RC"'))
    assert p.returncode == 0, p.stderr
    got = batches(p.stdout)
    err = got[2][0][0]
    assert err["r"] == "error" and "already in the pile" in err["msg"]
    assert got[2][1][6:] == ["! 2RC is already in", "the pile"]  # the device's error lines
    replayed(log)


GOLDEN_RUNS = {
    "sim-ww3-2seats-seed4.txt": ("--bots-only", "--game", "ww3", "--seats", "2", "--seed", "4"),
    "sim-armageddon-3seats-seed8-1min.txt": (
        "--bots-only",
        "--game",
        "armageddon",
        "--seats",
        "3",
        "--seed",
        "8",
        "--max-minutes",
        "1",
    ),
    "sim-script-ww3-by-hand.txt": ("--script", ROOT / "docs" / "examples" / "ww3-by-hand.jsonl"),
}


@pytest.mark.parametrize("name", sorted(GOLDEN_RUNS))
def test_sim_golden_transcripts(tmp_path, name):
    log = tmp_path / "game.jsonl"
    p = topper("sim", "--headless", *GOLDEN_RUNS[name], "--log", log)
    assert p.returncode == 0, p.stderr
    path = GOLDEN / name
    if os.environ.get("TOPPER_GOLDEN") == "update":
        path.write_text(p.stdout)
    want = path.read_text()
    if p.stdout != want:
        diff = difflib.unified_diff(
            want.splitlines(), p.stdout.splitlines(), "golden", "now", lineterm="", n=2
        )
        pytest.fail("%s differs (TOPPER_GOLDEN=update rewrites it):\n%s" % (name, "\n".join(list(diff)[:60])))
    # What the transcript says is what the log replays to.
    assert replayed(log) == [r for rulings, _ in batches(p.stdout) for r in rulings]


def test_headless_replay_shows_what_the_recorded_game_showed(tmp_path):
    log = tmp_path / "game.jsonl"
    live = topper(
        "sim", "--headless", "--bots-only", "--seats", 3, "--seed", 5, "--max-minutes", 2, "--log", log
    )
    assert live.returncode == 0, live.stderr
    again = topper("sim", "--headless", "--replay", log)
    assert again.returncode == 0, again.stderr
    recorded = [ln for ln in live.stdout.splitlines() if not ln.startswith("#")]
    assert again.stdout.splitlines() == recorded


def test_replay_of_a_bad_log_names_the_line(tmp_path):
    bad = tmp_path / "bad.jsonl"
    lines = (ROOT / "docs" / "examples" / "ww3-by-hand.jsonl").read_text().splitlines()
    bad.write_text("\n".join(lines[:3] + ['{"ev":"lay","t":1200,"card":"2RC"}']) + "\n")
    p = topper("sim", "--replay", bad)
    assert p.returncode == 1
    assert p.stderr.strip() == "%s:4: 2RC is already in the pile" % bad
