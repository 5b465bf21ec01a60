"""The test run keeps off the user's files: tests/conftest.py gives it a home of its own
(``HOME`` and the XDG folders), and a file written under the real home fails the run."""

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from home_watch import written_since  # noqa: E402
from test_sim_support import topper  # noqa: E402


def test_a_game_without_log_goes_to_the_runs_own_state_folder_not_the_users():
    fake = os.environ["TOPPER_TEST_HOME"]
    state = Path(os.environ["XDG_STATE_HOME"]) / "topper" / "logs"
    assert str(state).startswith(fake + os.sep)
    assert os.path.expanduser("~") == fake
    before = set(state.glob("*.jsonl")) if state.exists() else set()
    p = topper("sim", "--bots-only", "--seats", 2, "--seed", 3, "--headless")
    assert p.returncode == 0, p.stderr
    new = set(state.glob("*.jsonl")) - before
    assert len(new) == 1, sorted(new)


def test_the_check_at_the_end_names_a_file_written_under_a_home(tmp_path):
    since = time.time() - 1
    (tmp_path / ".config").mkdir()
    (tmp_path / ".config" / "old").write_text("kept")
    os.utime(tmp_path / ".config" / "old", (since - 100, since - 100))
    assert written_since(str(tmp_path), since) == []
    logs = tmp_path / ".local" / "state" / "topper" / "logs"
    logs.mkdir(parents=True)
    (logs / "sim.jsonl").write_text("{}\n")
    (tmp_path / ".cache").mkdir()
    (tmp_path / ".cache" / "toolchain").write_text("shared on purpose")
    assert written_since(str(tmp_path), since) == [str(logs / "sim.jsonl")]
