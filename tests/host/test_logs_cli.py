"""`topper logs`: lists the saved logs newest first and prunes them, never touching a
file that is not a Topper Table log; bad options and folders get one line."""

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from topper_host import cli, cmd_logs

ROOT = Path(__file__).resolve().parents[2]
DAY = 86400


@pytest.fixture
def state(tmp_path, monkeypatch):
    """A state folder with four simulator logs of different ages and one other file."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    folder = tmp_path / "state" / "topper" / "logs"
    assert cli.main(["sim", "--bots-only", "--seed", "4", "--seats", "3", "--games", "3"]) == 0
    assert cli.main(["sim", "--bots-only", "--game", "tripp", "--seats", "3", "--seed", "2"]) == 0
    logs = sorted(folder.iterdir(), key=lambda p: ("tripp" in p.name, p.name))  # oldest first
    assert len(logs) == 4
    now = time.time()
    for age, path in zip((40, 10, 2, 0.1), logs):
        os.utime(path, (now - age * DAY, now - age * DAY))
    (folder / "notes.txt").write_text("my notes\n")
    return folder, logs


def _run(capsys, *args):
    rc = cli.main(["logs"] + list(args))
    cap = capsys.readouterr()
    return rc, cap.out, cap.err


def test_lists_newest_first_with_game_players_size(state, capsys):
    folder, logs = state
    rc, out, err = _run(capsys)
    assert rc == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("4 logs in %s, " % folder)
    rows = [x for x in lines if x.strip().endswith(".jsonl")]
    assert [r.split()[-1] for r in rows] == [p.name for p in reversed(logs)]
    assert "tripp" in rows[0] and " 3 " in rows[0] and "won" in rows[0]
    assert all(" KB" in r for r in rows)
    assert "1 other file there" in lines[-1]


def test_prune_keep_and_older_than_with_dry_run(state, capsys):
    folder, logs = state
    rc, out, _ = _run(capsys, "--prune", "--keep", "2", "--dry-run")
    assert rc == 0 and out.count("would remove ") == 3  # two lines and the summary
    assert len(list(folder.iterdir())) == 5
    rc, out, _ = _run(capsys, "--prune", "--older-than", "20")
    assert rc == 0 and "removed %s" % logs[0] in out and "removed 1 log " in out
    assert not logs[0].exists() and logs[1].exists()
    rc, out, _ = _run(capsys, "--prune", "--keep", "1", "--older-than", "30")
    assert rc == 0
    assert sorted(p.name for p in folder.iterdir()) == sorted([logs[3].name, "notes.txt"])
    rc, out, _ = _run(capsys, "--prune", "--keep", "0")
    assert rc == 0 and [p.name for p in folder.iterdir()] == ["notes.txt"]


def test_to_prune_is_either_rule():
    class E:
        def __init__(self, age):
            self.mtime = 1000 * DAY - age * DAY

    es = [E(1), E(3), E(10), E(50)]
    assert cmd_logs.to_prune(es, keep=3, now=1000 * DAY) == [es[3]]
    assert cmd_logs.to_prune(es, older_than_days=5, now=1000 * DAY) == es[2:]
    assert cmd_logs.to_prune(es, keep=1, older_than_days=20, now=1000 * DAY) == es[1:]
    assert cmd_logs.to_prune(es, now=1000 * DAY) == []


def test_no_state_folder_yet(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "none"))
    rc, out, _ = _run(capsys)
    assert rc == 0 and out.startswith("no saved logs yet")


@pytest.mark.parametrize("args, words", [
    (["--prune"], "--prune needs --keep N and/or --older-than DAYS"),
    (["--keep", "3"], "--keep, --older-than and --dry-run go with --prune"),
    (["--dry-run"], "--keep, --older-than and --dry-run go with --prune"),
    (["--prune", "--keep", "-1"], "--keep must be 0 or more"),
    (["--prune", "--older-than", "-2"], "--older-than must be 0 days or more"),
])
def test_bad_options_get_one_line(tmp_path, capsys, args, words):
    rc, out, err = _run(capsys, "--dir", str(tmp_path), *args)
    assert rc == 2 and out == "" and err.strip() == "topper logs: " + words


def test_bad_folders_get_one_line(tmp_path, capsys):
    rc, _, err = _run(capsys, "--dir", str(tmp_path / "nope"))
    assert rc == 2 and err.strip() == "topper logs: %s: No such folder" % (tmp_path / "nope")
    f = tmp_path / "file.jsonl"
    f.write_text("{}\n")
    rc, _, err = _run(capsys, "--dir", str(f))
    assert rc == 2 and err.strip() == "topper logs: %s: not a folder" % f


def test_unreadable_and_malformed_files_are_left_alone(tmp_path, capsys):
    (tmp_path / "bad.jsonl").write_text("not json\n")
    (tmp_path / "empty.jsonl").write_text("")
    (tmp_path / "bin.jsonl").write_bytes(b"\xff\xfe\x00\x01")
    rc, out, _ = _run(capsys, "--dir", str(tmp_path))
    assert rc == 0 and out.startswith("0 logs in") and "3 other files" in out
    rc, out, _ = _run(capsys, "--dir", str(tmp_path), "--prune", "--keep", "0")
    assert rc == 0 and len(list(tmp_path.iterdir())) == 3


def test_a_log_that_cannot_be_removed(state, capsys, monkeypatch):
    folder, logs = state

    def refuse(path):
        raise PermissionError(13, "Permission denied", path)

    monkeypatch.setattr(os, "remove", refuse)
    rc, out, err = _run(capsys, "--prune", "--keep", "3")
    assert rc == 2
    assert err.strip() == "topper logs: cannot remove %s: Permission denied" % logs[0]
    assert logs[0].exists()


def test_unknown_option_no_traceback(tmp_path):
    p = subprocess.run([sys.executable, "-m", "topper_host.cli", "logs", "--frobnicate"],
                       capture_output=True, text=True, cwd=ROOT)
    assert p.returncode == 2 and "Traceback" not in p.stderr
    p = subprocess.run([sys.executable, "-m", "topper_host.cli", "logs", "--prune", "--keep", "x"],
                       capture_output=True, text=True, cwd=ROOT)
    assert p.returncode == 2 and "Traceback" not in p.stderr and "invalid int value" in p.stderr
