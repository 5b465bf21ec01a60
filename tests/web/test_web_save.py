""""Save the log": the page's game against bots downloaded as a .jsonl file, the lines
``topper sim --log`` writes, which ``topper replay`` re-runs to the rulings the page
showed, and the watch page replays to the same."""

import json
import subprocess
import sys

from conftest import HERE, TIMEOUT_S
from log_rulings import rulings

from topper import jsonl
from topper_host import replay

SEED = 9  # the menu's World War 3, 4 seats, the card pad: a short game


def test_the_saved_log_replays_to_the_rulings_the_page_showed(drive, page_dir, tmp_path):
    saved = tmp_path / "saved.jsonl"
    got = drive("save", SEED, saved)
    assert got["name"] == "topper-ww3-%d.jsonl" % SEED
    lines = saved.read_text().splitlines()
    head = json.loads(lines[0])
    assert (head["log"], head["game"], head["seats"], head["seed"]) == ("topper-table", "ww3", 4, SEED)
    # The whole game, from its header to its win (the pane holds only the last lines).
    assert len(lines) > 200
    done = subprocess.run([sys.executable, "-m", "topper_host.cli", "replay", str(saved)],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    replayed = rulings(done.stdout.splitlines())
    assert replayed == rulings(lines)
    assert replayed[-1]["r"] == "win"
    # The page's pane shows the log's last lines: their rulings end the replayed ones.
    shown = rulings(got["log"])
    assert len(shown) > 10
    assert replayed[-len(shown):] == shown
    # The watch page opens the file and steps it to the same rulings.
    argv = ["node", str(HERE / "watch.mjs"), str(page_dir), "replay", str(saved)]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=TIMEOUT_S, cwd=str(HERE), check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    got = json.loads(done.stdout)
    assert got["errors"] == [] and got["outside"] == []
    want = [jsonl.loads(jsonl.dumps(r)) for r in replay.rulings(saved.read_text().splitlines())]
    assert got["atEnd"]["rulings"] == want
    winner = [r["seat"] for r in want if r["r"] == "win"][0]
    assert got["atEnd"]["banner"] == "P%d wins!" % (winner + 1)
