"""`topper replay` as a user runs it: a hand-written log in, rulings out; a bad log
gives `FILE:LINE: message` and a non-zero exit."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "examples" / "ww3-by-hand.jsonl"


def _topper(*args, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "topper_host.cli", *args],
        capture_output=True, text=True, input=stdin, cwd=ROOT,
    )


def test_replay_prints_one_ruling_a_line():
    p = _topper("replay", str(EXAMPLE))
    assert p.returncode == 0, p.stderr
    rulings = [json.loads(line) for line in p.stdout.splitlines()]
    kinds = [r["r"] for r in rulings]
    assert kinds[0] == "starter" and "slap" in kinds and "late" in kinds
    slap = [r for r in rulings if r["r"] == "slap"][0]
    assert slap["by"] == 2 and slap["ok"] and slap["rule"] == "run3"


def test_replay_reports_the_bad_line_and_fails(tmp_path):
    log = tmp_path / "bad.jsonl"
    lines = EXAMPLE.read_text().splitlines()[:3] + ['{"ev":"lay","t":1200,"card":"2RC"}']
    log.write_text("\n".join(lines) + "\n")
    p = _topper("replay", str(log))
    assert p.returncode == 1
    assert p.stderr.strip() == "%s:4: 2RC is already in the pile" % log


def test_replay_reads_standard_input_and_missing_files_fail():
    p = _topper("replay", "-", stdin=EXAMPLE.read_text())
    assert p.returncode == 0 and p.stdout.count("\n") >= 5
    p = _topper("replay", "/nonexistent/log.jsonl")
    assert p.returncode == 2
    assert p.stderr == "topper replay: LOG /nonexistent/log.jsonl: no such file\n"
