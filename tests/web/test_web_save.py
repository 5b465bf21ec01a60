""""Save the log": the page's game against bots downloaded as a .jsonl file, the lines
``topper sim --log`` writes, which ``topper replay`` re-runs to the rulings the page
showed."""

import json
import subprocess
import sys

SEED = 9  # the menu's World War 3, 4 seats, the card pad: a short game


def rulings(lines):
    # A sealed secret's digest and salt come from the board's random key: new every run.
    out = []
    for line in lines:
        obj = json.loads(line) if line.startswith("{") else {}
        if "r" in obj:
            obj.pop("digest", None)
            obj.pop("salt", None)
            out.append(obj)
    return out


def test_the_saved_log_replays_to_the_rulings_the_page_showed(drive, tmp_path):
    saved = tmp_path / "saved.jsonl"
    got = drive("save", SEED, saved)
    assert got["name"] == "topper-ww3-%d.jsonl" % SEED
    lines = saved.read_text().splitlines()
    head = json.loads(lines[0])
    assert (head["log"], head["game"], head["seats"], head["seed"]) == ("topper-table", "ww3", 4, SEED)
    # The whole game, from its header to its win (the pane holds only the last lines).
    assert len(lines) > 200
    replay = subprocess.run([sys.executable, "-m", "topper_host.cli", "replay", str(saved)],
                            capture_output=True, text=True, timeout=120, check=False)
    assert replay.returncode == 0, replay.stderr
    replayed = rulings(replay.stdout.splitlines())
    assert replayed == rulings(lines)
    assert replayed[-1]["r"] == "win"
    # The page's pane shows the log's last lines: their rulings end the replayed ones.
    shown = rulings(got["log"])
    assert len(shown) > 10
    assert replayed[-len(shown):] == shown
