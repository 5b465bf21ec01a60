"""A game is one folder: High Card (tests/games/highcard/, its referee, its registry
record and its simulator side, nothing else) is registered and played to its end at the
device's own table shell on the virtual board, by bots at the simulator, with the card
pad and with the buttons; its log is replayed ruling for ruling; a power cut in the
middle of it resumes it. No file of the firmware, the host or the core names it."""

import json
import pathlib
import subprocess
import sys

import pytest

from topper import games

ROOT = pathlib.Path(__file__).resolve().parents[2]
FOLDER = ROOT / "tests" / "games"


@pytest.fixture
def highcard(monkeypatch):
    monkeypatch.syspath_prepend(str(FOLDER))
    monkeypatch.setattr(games, "GAMES", list(games.GAMES))  # the registry comes back after the test
    import highcard

    highcard.register()
    yield highcard
    for name in [m for m in sys.modules if m == "highcard" or m.startswith("highcard.")]:
        del sys.modules[name]


def _sim(capsys, *args):
    from topper_host import cli

    code = cli.main([str(a) for a in args])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("pad", ["on", "off"])
def test_bots_play_high_card_to_the_end_at_the_device_and_its_log_replays(highcard, capsys, tmp_path, pad):
    log = tmp_path / "highcard.jsonl"
    code, out, err = _sim(
        capsys, "sim", "--game", "highcard", "--card-pad", pad, "--bots-only", "--players", "3",
        "--seed", "12", "--log", log,
    )  # fmt: skip
    assert code == 0, err
    assert out.startswith("game 1: P") and " won " in out, out
    lines = log.read_text().splitlines()
    head = json.loads(lines[0])
    entry = "pad" if pad == "on" else "buttons"
    assert (head["game"], head["seats"], head["entry"]) == ("highcard", 3, entry)
    rulings = [json.loads(x) for x in lines[1:] if '"r":' in x]
    rounds = [r for r in rulings if r["r"] == "round"]
    over = [r for r in rulings if r["r"] == "over"]
    assert len(over) == 1 and rounds, rulings[-3:]
    # The device's winners are the seats that took the most rounds, by its own count.
    taken = [0] * 3
    for r in rounds:
        taken[r["seat"]] += 1
    assert over[0]["winners"] == [s for s in range(3) if taken[s] == max(taken)]
    if pad == "on":  # every card laid is named, face up, at the device
        assert len([x for x in lines if '"ev":"card"' in x]) == 3 * len(rounds)
    code, replayed, err = _sim(capsys, "sim", "--replay", log, "--headless")
    assert code == 0, err
    assert [json.loads(x) for x in replayed.splitlines() if x.startswith("{")] == rulings
    assert "# oled HIGH CARD | winner P" in replayed


def test_a_log_of_high_card_that_lies_is_stopped_at_its_line(highcard, capsys, tmp_path):
    log = tmp_path / "g.jsonl"
    assert _sim(capsys, "sim", "--game", "highcard", "--bots-only", "--seed", "3", "--log", log)[0] == 0
    lines = log.read_text().splitlines()
    i = [k for k, x in enumerate(lines) if '"ev":"card"' in x][2]
    j = next(k for k in range(i + 1, len(lines)) if '"ev":' in lines[k])
    lines.insert(j, lines[i])  # the same card laid again, and the game said nothing
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(lines) + "\n")
    code, _, err = _sim(capsys, "sim", "--replay", bad, "--headless")
    assert code == 1 and err.startswith("%s:%d:" % (bad, j + 1)) and "was laid already" in err, err


def test_high_card_resumes_after_a_power_cut(highcard, tmp_path):
    from topper_host.sim import turn_table
    from topper_host.virtual.board import VirtualBoard

    nvm = str(tmp_path / "nvm.bin")
    board = VirtualBoard(settings={"TOPPER_CARDPAD": 1}, nvm_path=nvm, seed=5)
    table = turn_table.TurnTable(board, "highcard", 3, 5)
    table.start()
    while len(table.made) < 4:
        board.run(board.now + 50)
    board.run(board.now + 1500)  # the nvm store writes once a second
    before = board.app.ref.save(board.now)
    board.keep_nvm()  # the power goes
    board = VirtualBoard(settings={"TOPPER_CARDPAD": 1}, nvm_path=nvm, seed=5)
    assert board.app.game["game"] == "highcard" and "Resumed game" in board.app.lines(board.now)
    after = board.app.ref.save(board.now)
    for key in ("points", "laid", "seen", "on", "rounds"):
        assert after[key] == before[key], key


def test_no_code_outside_its_folder_names_it():
    named = []
    for top in ("firmware", "host", "bench", "scripts"):
        for path in (ROOT / top).rglob("*"):
            if path.is_file() and path.suffix in (".py", ".mjs", ".toml", ".sh"):
                if "highcard" in path.read_text(encoding="utf-8", errors="replace").lower().replace(" ", ""):
                    named.append(str(path.relative_to(ROOT)))
    assert named == []


def test_the_folder_is_all_it_takes(tmp_path):
    """A fresh interpreter that sees only the folder and the package registers and plays
    it: nothing else was set up for it."""
    script = (
        "import sys; sys.path.insert(0, %r)\n"
        "import highcard; highcard.register()\n"
        "from topper_host import cli\n"
        "argv = ['sim', '--game', 'highcard', '--bots-only', '--seed', '1', '--log', %r]\n"
        "raise SystemExit(cli.main(argv))\n"
    ) % (str(FOLDER), str(tmp_path / "g.jsonl"))
    p = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    assert " won " in p.stdout
