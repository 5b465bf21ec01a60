"""``topper replay`` and ``topper stats`` over logs of every game and mode, whole and
damaged: a damaged log gets one ``LOG:LINE: why`` line, never an internal error;
``replay`` stops quietly when its reader goes away and reads as words with
``--text`` (that ``stats`` counts what the simulator's summary counts:
test_stats_vs_summary.py)."""

import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

import _game_logs
from topper.replay import LogError
from topper_host import cli, replay, statlog

ROOT = Path(__file__).resolve().parents[2]
MUTANTS = 600


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    return _game_logs.make(tmp_path_factory.mktemp("played"))


def _topper(*args, **kw):
    return subprocess.run([sys.executable, "-m", "topper_host.cli", *map(str, args)],
                          capture_output=True, text=True, cwd=ROOT, **kw)


def test_every_damaged_log_is_refused_at_a_line_never_with_an_internal_error(played, tmp_path):
    paths, _ = played
    rng = random.Random(31)
    names = sorted(paths)
    texts = {n: paths[n].read_text().splitlines() for n in names}
    escaped = []
    refused = 0
    for i in range(MUTANTS):
        name = names[i % len(names)]
        lines = _game_logs.mutate(texts[name], rng)
        for tool in ("replay", "stats"):
            try:
                if tool == "replay":
                    list(replay.rulings(lines))
                else:
                    statlog.parse(lines, name)
            except LogError as e:
                refused += 1
                assert 1 <= e.line <= max(1, len(lines)) and e.msg, (tool, name, e)
            except Exception as e:  # noqa: BLE001 (what the test is looking for)
                escaped.append("%s %s: %s: %s" % (tool, name, type(e).__name__, e))
    assert escaped == [], "\n".join(escaped[:10])
    assert refused > MUTANTS  # most damage is seen (a swap of two equal ticks is not)


@pytest.mark.parametrize("field", ["r", "card", "seat", "t"])
def test_a_fraction_where_a_word_or_a_number_stands_is_one_line(played, tmp_path, field):
    paths, _ = played
    lines = paths["ww3"].read_text().splitlines()
    at = [i for i, s in enumerate(lines) if '"r":"lay"' in s][3]
    lines[at] = re.sub(r'"%s":("[^"]*"|\d+)' % field, '"%s":1.5' % field, lines[at])
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(lines) + "\n")
    for tool in ("replay", "stats"):
        p = _topper(tool, bad)
        assert p.returncode == 1, (tool, p.stderr)
        err = p.stderr.strip().splitlines()
        why = "a log holds whole numbers, text, lists and objects, not 1.5"
        assert err == ["%s:%d: %s" % (bad, at + 1, why)], (tool, p.stderr)


def test_the_command_line_gives_one_line_for_damaged_logs(played, tmp_path):
    paths, _ = played
    rng = random.Random(8)
    for i, name in enumerate(sorted(paths)):
        bad = tmp_path / ("bad-%d.jsonl" % i)
        lines = paths[name].read_text().splitlines()
        while True:
            damaged = _game_logs.mutate(lines, rng)
            try:
                list(replay.rulings(damaged))
            except LogError:
                break
        bad.write_text("\n".join(damaged) + "\n")
        p = _topper("replay", bad)
        assert p.returncode == 1 and "internal error" not in p.stderr, p.stderr
        assert re.fullmatch(r"%s:\d+: .+\n" % re.escape(str(bad)), p.stderr), p.stderr


def test_replay_into_a_reader_that_stops_ends_quietly(played):
    paths, _ = played
    command = "'%s' -m topper_host.cli replay '%s' | head -1" % (sys.executable, paths["armageddon"])
    p = subprocess.run(command, shell=True, capture_output=True, text=True, cwd=ROOT)
    assert p.stdout.startswith('{"r":"starter"') and p.stdout.count("\n") == 1
    assert p.stderr == ""
    proc = subprocess.Popen([sys.executable, "-m", "topper_host.cli", "replay", str(paths["armageddon"])],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(60) == 0 and err == "", err


def test_replay_text_reads_as_words(played):
    paths, _ = played
    p = _topper("replay", "--text", paths["ww3"])
    assert p.returncode == 0, p.stderr
    lines = p.stdout.splitlines()
    assert lines[0] == "World War 3, 3 seats, seed 5"
    assert re.fullmatch(r" +\d+\.\d{3} s  P\d starts", lines[1]), lines[1]
    assert any(re.search(r"P\d lays [1-4][RYGB][CHTS] \(\d (red|yellow|green|blue) \w+\)", s) for s in lines)
    assert any(re.search(r"P\d slaps first \(P\d \+\d+ ms", s) for s in lines)
    assert any(re.search(r"P\d late by \d+ ms", s) for s in lines)
    assert not any("seat" in s or "{" in s for s in lines[1:])
    # one line a ruling, as many as the JSON replay prints
    assert len(lines) - 1 == len(_topper("replay", paths["ww3"]).stdout.splitlines())
    for name in sorted(paths):
        p = _topper("replay", "--text", paths[name])
        assert p.returncode == 0 and p.stderr == "", (name, p.stderr)
        assert not any(re.search(r"\bseat \d", s) for s in p.stdout.splitlines()), name


def test_a_blind_games_lays_show_as_unknown_not_zero(played, capsys):
    paths, _ = played
    assert cli.main(["stats", str(paths["ww3-blind"])]) == 0
    row = [s for s in capsys.readouterr().out.splitlines() if "ww3-blind.jsonl  ww3" in s][0]
    assert row.split()[-3:] == ["29", "-", "-"] or row.split()[-2:] == ["-", "-"], row
