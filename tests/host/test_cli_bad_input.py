"""Bad input to every `topper` command ends in one clear line and a non-zero exit, never
a traceback: missing files, folders where a file is wanted (and the other way round),
paths under /proc that cannot exist, files that cannot be read, wrong types and
unknown options (which show the command's own usage).

Runs ``topper_host.cli.main`` in this process: an exception escaping a command fails the
test, and the last-resort handler's words ("internal error") count as a failure too.
"""

import json
import os
from pathlib import Path

import pytest

from topper_host import cli

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "examples" / "ww3-by-hand.jsonl"
UNREADABLE = "/proc/self/mem"  # opens, then every read fails (EIO), even for root


@pytest.fixture
def where(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.delenv("TOPPER_DEBUG", raising=False)
    (tmp_path / "adir").mkdir()
    (tmp_path / "afile").write_text("not a folder\n")
    (tmp_path / "garbage.jsonl").write_text("garbage\n")
    head = '{"log":"topper-table","game":"ww3","seats":2,"seed":1,"v":2}\n'
    (tmp_path / "no_t.jsonl").write_text(head + '{"ev":"press","seat":0}\n')
    start = '{"ev":"start","t":1,"seat":0}\n'
    (tmp_path / "bad_card.jsonl").write_text(head + start + '{"ev":"lay","t":9,"card":"ZZZ"}\n')
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "boot_out.txt").write_text(
        "Adafruit CircuitPython 10.0.3 on 2025-10-17; Raspberry Pi Pico with rp2040\n"
        "Board ID:raspberry_pi_pico\n"
    )
    return tmp_path


def _run(capsys, argv):
    try:
        code = cli.main([str(a) for a in argv])
    except SystemExit as e:  # argparse: usage errors
        code = e.code
    out, err = capsys.readouterr()
    return code, out, err


def _one_clear_line(capsys, argv, *words):
    code, out, err = _run(capsys, argv)
    said = (out + err).strip()
    assert code not in (0, None), (argv, said)
    assert "Traceback" not in said and "internal error" not in said, (argv, said)
    assert "[Errno" not in said, (argv, said)
    last = said.splitlines()[-1]
    for w in words:
        assert w in last, (argv, last, w)
    return last


BAD_PATHS = [
    # replay
    (["replay", "nope.jsonl"], "no such file"),
    (["replay", "adir"], "is a folder"),
    (["replay", "/proc/nope"], "no such file"),
    (["replay", UNREADABLE], "cannot read"),
    (["replay", "garbage.jsonl"], "garbage.jsonl:1:"),
    # sim
    (["sim", "--headless", "--replay", "nope.jsonl"], "--replay nope.jsonl: no such file"),
    (["sim", "--headless", "--replay", "adir"], "--replay adir: is a folder"),
    (["sim", "--headless", "--replay", "/proc/nope"], "no such file"),
    (["sim", "--headless", "--replay", UNREADABLE], "input/output error"),
    (["sim", "--headless", "--replay", "garbage.jsonl"], "garbage.jsonl:1:"),
    (["sim", "--headless", "--replay", "no_t.jsonl"], "no_t.jsonl:2: press event without a whole-number t"),
    (["sim", "--replay", "bad_card.jsonl"], "bad_card.jsonl:3: lay of an unknown card"),
    (["sim", "--headless", "--script", "nope.jsonl"], "--script nope.jsonl: no such file"),
    (["sim", "--headless", "--script", "adir"], "is a folder"),
    (["sim", "--headless", "--script", UNREADABLE], "input/output error"),
    (["sim", "--headless", "--script", "garbage.jsonl"], "garbage.jsonl:1:"),
    (["sim", "--bots-only", "--seed", 1, "--snapshot", "/proc/nope"], "--snapshot /proc/nope"),
    (["sim", "--bots-only", "--seed", 1, "--snapshot", "afile"], "--snapshot afile: is a file"),
    (["sim", "--bots-only", "--seed", 1, "--log", "adir"], "--log adir: is a folder"),
    (["sim", "--bots-only", "--seed", 1, "--log", "/proc/nope/x.jsonl"], "--log /proc/nope/x.jsonl"),
    (["sim", "--bots-only", "--seed", 1, "--log", "afile/x.jsonl"], "afile is a file"),
    (["sim", "--game", "tripp", "--bots-only", "--seed", 1, "--snapshot", "/proc/nope"], "--snapshot"),
    (["sim", "--game", "tripp", "--bots-only", "--seed", 1, "--log", "adir"], "--log adir"),
    # flash
    (["flash", "--drive", "nope"], "drive not found"),
    (["flash", "--drive", "afile"], "not a folder"),
    (["flash", "--drive", "/proc/nope"], "drive not found"),
    (["flash", "--drive", "adir"], "not a CircuitPython drive"),
    (["flash", "--drive", "CIRCUITPY", "--firmware", "nope"], "firmware folder not found"),
    (["flash", "--drive", "CIRCUITPY", "--firmware", "afile"], "--firmware afile: is a file"),
    (["flash", "--drive", "CIRCUITPY", "--no-libs", "--font", "adir"], "font not found"),
    (["flash", "--drive", "CIRCUITPY", "--no-libs", "--font", UNREADABLE], "cannot read the font"),
    (["flash", "--drive", "CIRCUITPY", "--no-libs", "--mpy", "--mpy-cross", "nope"], "no such program"),
    (["flash", "--drive", "CIRCUITPY", "--no-libs", "--mpy", "--mpy-cross", "adir"], "is a folder"),
    (["flash", "--drive", "CIRCUITPY", "--no-libs", "--mpy", "--mpy-cross", "./afile"], "not executable"),
    # monitor: checked before any port is opened
    (["monitor", "--port", "nope"], "--port nope: no such port"),
    (["monitor", "--port", "adir"], "not a serial port"),
    (["monitor", "--port", UNREADABLE], "not a serial port"),
    (["monitor", "--port", "/proc/nope"], "no such port"),
    (["monitor", "--port", "loop://", "--save", "adir"], "--save adir: is a folder"),
    (["monitor", "--port", "loop://", "--save", "/proc/nope/x.jsonl"], "--save /proc/nope/x.jsonl"),
    # web
    (["web", "--build", "afile"], "--build afile: is a file"),
    (["web", "--build", "afile/page"], "afile is a file"),
    (["web", "--build", "/proc/nope"], "--build /proc/nope"),
]


@pytest.mark.parametrize("argv, words", BAD_PATHS, ids=[" ".join(map(str, a)) for a, _ in BAD_PATHS])
def test_bad_paths(where, capsys, argv, words):
    _one_clear_line(capsys, argv, words)


BAD_VALUES = [
    (["sim", "--players", "abc"], "topper sim: error: argument --seats/--players: invalid int"),
    (["sim", "--jokers", "1.5"], "topper sim: error"),
    (["sim", "--game", "poker"], "topper sim: error: argument --game"),
    (["sim", "--bots-only", "--seats", 9], "--seats must be 2 to 8"),
    (["sim", "--bots-only", "--speed", "nan"], "--speed must be a number"),
    (["sim", "--bots-only", "--max-minutes", "nan"], "--max-minutes must be a number"),
    (["sim", "--bots-only", "--max-minutes", -1], "--max-minutes must be above 0"),
    (["sim", "--bots-only", "--bot-speed", "nan"], "--bot-speed must be a number"),
    (["sim", "--bots-only", "--hurry-ms", 10**12], "--hurry-ms must be 0 to 60000"),
    (["sim", "--bots-only", "--bot-miss", 2], "probability"),
    (["sim", "--game", "tripp", "--bots-only", "--clock", "bogus"], "--clock"),
    (["sim", "--game", "tripp", "--bots-only", "--opt", "places=abc"], "--opt places"),
    (["monitor", "--seconds", "abc"], "topper monitor: error: argument --seconds"),
    (["flash", "--uf2", "--wait", "--timeout", "abc"],
     "argument --timeout: 'abc' is not a number of seconds"),
    (["flash", "--uf2", "--wait", "--timeout", "-1"], "argument --timeout: '-1' is not a number of seconds"),
    (["web", "--port", "abc"], "topper web: error: argument --port: invalid int"),
    (["web", "--port", 70000], "--port 70000: a port is 1 to 65535"),
    (["bogus"], "topper: error: argument COMMAND: invalid choice"),
]


@pytest.mark.parametrize("argv, words", BAD_VALUES, ids=[" ".join(map(str, a)) for a, _ in BAD_VALUES])
def test_wrong_types_and_values(where, capsys, argv, words):
    _one_clear_line(capsys, argv, words)


@pytest.mark.parametrize("command", ["replay", "sim", "flash", "monitor"] + [
    c for c in cli.COMMANDS if c not in ("replay", "sim", "flash", "monitor")])
def test_an_unknown_option_shows_the_commands_own_usage(where, capsys, command):
    # commands that require a file get one, so that the unknown option is what is wrong
    argv = [command, "--bogus"] + (["x.jsonl"] if command in ("replay", "stats") else [])
    code, out, err = _run(capsys, argv)
    assert code == 2
    assert err.startswith("usage: topper %s " % command), err
    assert err.strip().endswith("topper %s: error: unrecognized arguments: --bogus" % command), err


def test_version(capsys):
    code, out, err = _run(capsys, ["--version"])
    assert code == 0 and out.startswith("topper ") and "game core" in out


def test_a_turn_log_whose_time_runs_backwards_is_refused_with_its_line(where, capsys):
    log = where / "tripp.jsonl"
    assert cli.main(["sim", "--game", "tripp", "--players", "3", "--bots-only", "--seed", "2",
                     "--log", str(log)]) == 0
    capsys.readouterr()
    lines = log.read_text().splitlines()
    events = [i for i, line in enumerate(lines) if '"ev"' in line]
    i = events[4]
    back = json.loads(lines[events[3]])["t"] - 5000
    for j in range(i, len(lines)):  # the event and its rulings: only the clock is wrong
        obj = json.loads(lines[j])
        if j > i and "ev" in obj:
            break
        obj["t"] = max(0, back)
        lines[j] = json.dumps(obj, separators=(",", ":"), sort_keys=True)
    log.write_text("\n".join(lines) + "\n")
    for argv in (["replay", log], ["sim", "--headless", "--replay", log]):
        last = _one_clear_line(capsys, argv)
        assert last.startswith("%s:%d: time runs backwards" % (log, i + 1)), last


def test_a_slap_log_whose_time_runs_backwards_is_refused_with_its_line(where, capsys):
    lines = EXAMPLE.read_text().splitlines()
    events = [i for i, line in enumerate(lines) if '"ev"' in line]
    i = events[-1]
    obj = json.loads(lines[i])
    obj["t"] = 0 if obj["ev"] != "start" else obj["t"]
    lines[i] = json.dumps(obj)
    log = where / "back.jsonl"
    log.write_text("\n".join(lines) + "\n")
    last = _one_clear_line(capsys, ["replay", log])
    assert last.startswith("%s:%d: time runs backwards" % (log, i + 1)), last


def test_an_unexpected_error_is_one_line_naming_a_bug(where, capsys, monkeypatch):
    from topper_host import cmd_replay

    def broken(args):
        raise KeyError("oops")

    monkeypatch.setattr(cmd_replay, "run", broken)
    code, out, err = _run(capsys, ["replay", EXAMPLE])
    assert code == 1
    assert err.strip().count("\n") == 0 and "internal error" in err and "KeyError" in err, err
    monkeypatch.setenv("TOPPER_DEBUG", "1")
    with pytest.raises(KeyError):
        cli.main(["replay", str(EXAMPLE)])


@pytest.mark.skipif(os.geteuid() == 0 if hasattr(os, "geteuid") else True,
                    reason="root reads a file whatever its mode")
def test_a_file_without_read_permission(where, capsys):
    log = where / "secret.jsonl"
    log.write_text(EXAMPLE.read_text())
    log.chmod(0)
    _one_clear_line(capsys, ["replay", log], "permission denied")
    _one_clear_line(capsys, ["sim", "--headless", "--replay", log], "permission denied")
