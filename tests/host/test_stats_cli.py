"""`topper stats` as a user runs it: a table, CSV files, PNG plots; bad input gets one
line and a non-zero exit, never a traceback."""

import csv
import os
import subprocess
import sys
from pathlib import Path

import pytest

from topper_host import cli, cmd_stats

ROOT = Path(__file__).resolve().parents[2]


def _topper(*args):
    return subprocess.run([sys.executable, "-m", "topper_host.cli", *args],
                          capture_output=True, text=True, cwd=ROOT)


@pytest.fixture(scope="module")
def logs(tmp_path_factory):
    d = tmp_path_factory.mktemp("logs")
    out = []
    for args in (["--seed", "4", "--seats", "3"], ["--seed", "5", "--seats", "3"],
                 ["--game", "tripp", "--seats", "3", "--seed", "2", "--clock", "per-move:20"]):
        path = d / ("g%d.jsonl" % len(out))
        assert cli.main(["sim", "--bots-only", "--log", str(path)] + args) == 0
        out.append(path)
    return out


def test_the_table_has_every_game_and_seat(logs, capsys):
    capsys.readouterr()
    assert cli.main(["stats"] + [str(p) for p in logs]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Games\n")
    for p in logs:
        assert p.name in out
    assert "Players over 2 slap games" in out
    assert "median ms" in out and "p90 ms" in out and "think med s" in out
    # one game alone: its seats are printed
    assert cli.main(["stats", str(logs[0])]) == 0
    out = capsys.readouterr().out
    assert "Game 1 (g0.jsonl, ww3" in out
    assert out.count("\n  P") == 3


def test_csv_files_agree_with_each_other(logs, tmp_path, capsys):
    d = tmp_path / "csv"
    assert cli.main(["stats", "--csv", str(d)] + [str(p) for p in logs]) == 0
    names = sorted(os.listdir(d))
    assert names == ["games.csv", "players.csv", "reactions.csv", "seats.csv", "turns.csv"]

    def rows(name):
        with open(d / name, newline="") as f:
            return list(csv.DictReader(f))

    games, seats, players, reactions = rows("games.csv"), rows("seats.csv"), rows("players.csv"), rows(
        "reactions.csv")
    assert len(games) == 3 and len(seats) == 9 and len(players) == 3
    assert len(reactions) == sum(int(s["reactions"]) for s in seats) > 0
    assert len(rows("turns.csv")) == sum(int(s["moves"]) for s in seats) == int(games[2]["moves"])
    for p in players:
        mine = [s for s in seats if s["seat"] == p["seat"]]
        assert int(p["races_won"]) == sum(int(s["races_won"]) for s in mine)
        assert int(p["wins"]) == sum(int(s["won_game"]) for s in mine)
    assert sum(int(p["wins"]) for p in players) == 3


def test_plots_are_pngs(logs, tmp_path, capsys):
    pytest.importorskip("matplotlib")
    d = tmp_path / "plots"
    assert cli.main(["stats", "--plots", str(d)] + [str(p) for p in logs]) == 0
    names = sorted(os.listdir(d))
    assert names == ["games.png", "races.png", "reactions.png", "turns.png"]
    for n in names:
        data = (d / n).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 10000


def test_plots_without_matplotlib_say_how_to_install_it(logs, tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    assert cli.main(["stats", "--plots", str(tmp_path / "p"), str(logs[0])]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "pip install 'topper-table[plots]'" in err[0]
    assert not (tmp_path / "p").exists()


def _one_line(p):
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1, p.stderr
    assert "Traceback" not in p.stderr
    return lines[0]


def test_bad_files_get_one_line_each(logs, tmp_path):
    missing = tmp_path / "nope.jsonl"
    p = _topper("stats", str(missing))
    assert p.returncode == 2 and _one_line(p) == "topper stats: %s: no such file or folder" % missing
    p = _topper("stats", str(tmp_path))
    assert p.returncode == 2 and _one_line(p) == "topper stats: %s: is a folder, not a file" % tmp_path
    bad = tmp_path / "bad.jsonl"
    bad.write_text(logs[0].read_text().splitlines()[0] + "\n" + '{"ev":"lay","t":5}junk\n')
    p = _topper("stats", str(bad))
    assert p.returncode == 1 and _one_line(p).startswith("%s:2: " % bad)
    png = tmp_path / "x.png"
    png.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\xff\xfe")
    p = _topper("stats", str(png))
    assert p.returncode == 1 and _one_line(p).startswith("%s:1: not a log line" % png)
    p = _topper("stats", "--bogus", str(logs[0]))
    assert p.returncode == 2 and "Traceback" not in p.stderr
    p = _topper("stats")
    assert p.returncode == 2 and "Traceback" not in p.stderr


def test_time_going_backwards_is_refused_with_its_line(logs, tmp_path):
    lines = logs[0].read_text().splitlines()
    head = [x for x in lines[:12]]
    bad = tmp_path / "back.jsonl"
    bad.write_text("\n".join(head + ['{"ev":"tick","t":1}']) + "\n")
    p = _topper("stats", str(bad))
    assert p.returncode == 1 and _one_line(p).startswith("%s:13: " % bad), p.stderr


def test_a_bad_log_among_good_ones_is_left_out_with_its_line_and_the_rest_reported(logs, tmp_path, capsys):
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{oops\n")
    cut = tmp_path / "cut.jsonl"
    cut.write_text(logs[1].read_text()[:-40])  # a log cut inside its last line
    assert cli.main(["stats", str(logs[0]), str(bad), str(cut), str(logs[2])]) == 1
    cap = capsys.readouterr()
    err = cap.err.strip().splitlines()
    assert err[0] == "%s:1: not a log line: not JSON: %s" % (bad, err[0].split("not JSON: ")[1])
    assert err[1].startswith("%s:%d: " % (cut, len(cut.read_text().splitlines())))
    assert err[2] == "topper stats: 2 logs of 4 left out (above); the figures are of the other 2"
    assert len(err) == 3
    assert logs[0].name in cap.out and logs[2].name in cap.out and "bad.jsonl" not in cap.out
    assert "Players over 1 slap game" in cap.out


def test_an_unreadable_file(logs, tmp_path, capsys, monkeypatch):
    path = tmp_path / "locked.jsonl"
    path.write_text(logs[0].read_text())
    path.chmod(0)
    if os.access(path, os.R_OK):  # root reads anything: make open() refuse it as a user's would
        real = open

        def refuse(name, *a, **k):
            if str(name) == str(path):
                raise PermissionError(13, "Permission denied", str(name))
            return real(name, *a, **k)

        monkeypatch.setattr("builtins.open", refuse)
    assert cli.main(["stats", str(path)]) == 2
    assert capsys.readouterr().err.strip() == "topper stats: %s: permission denied" % path


def test_an_output_folder_that_is_a_file(logs, tmp_path, capsys):
    f = tmp_path / "file"
    f.write_text("x")
    for option in ("--csv", "--plots"):
        assert cli.main(["stats", option, str(f), str(logs[0])]) == 2
        cap = capsys.readouterr()
        assert cap.err == "topper stats: %s %s: is a file, not a folder\n" % (option, f)
        assert cap.out == ""  # told before any log is read


def test_help_line_is_short():
    assert len(cmd_stats.HELP) < 100
