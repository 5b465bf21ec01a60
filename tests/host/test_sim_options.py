"""Every option of ``topper sim``, in every game and every mode, is either used or
refused before the game starts (docs/simulator.md, "What each option does where").

Used: the log's header says so (where the header records it), the log differs from
the same seeded game without the option (a bot's style, the table's deck), or the
files it asks for are there; in the terminal modes, which need a tty the tests do not
have, the run gets past every check to the terminal's own refusal. Refused: one line
on stderr naming the rule, exit status 2, nothing on stdout.
"""

import json

import pytest

from topper_host import cli

SLAP = ("ww3", "armageddon")
TURN = ("tripp", "tricky", "crazy", "guess")
GAMES = SLAP + TURN
MODES = ("pad", "nopad", "terminal", "watch", "device", "replay", "replay-terminal")
BATCH = ["--bots-only", "--seed", "5", "--max-minutes", "0.5"]
SCRIPT = [{"t": 300, "do": "table_long"}, {"t": 1500, "do": "press", "seat": 0}, {"t": 3000, "do": "wait"}]


def H(path, value):
    """Used, and the log's header holds ``value`` at ``path`` ("clock.base_ms")."""
    return ("head", path, value)


def R(words):
    """Refused, the line saying ``words``."""
    return ("refused", words)


C = ("changes",)  # used: the log is not the one the same game without it writes
T = ("terminal",)  # used: the run got past every check to the terminal
OK = ("ok",)  # used, in what the log does not record (the device's own draws, its nvm)
PICS = ("pictures",)
TWO_LOGS = ("logs", 2)

REPLAYED = R("--replay plays the log as it was recorded")
TURN_ONLY = R("--opt, --clock, --handicap and --on-flag are for the turn-based games")
DEVICE_MENU = R("--device sets a turn game's options and clock in its menu")
NO_JOKERS = R("has no jokers (its options: --opt")
NOT_TURN = R("the hurry-up is the slap games'; a turn game's limit a move is --clock per-move:SECONDS")
SLAP_BOTS = R("tunes the slap games' bots: a turn game's bots only think (--bot-speed)")
SCRIPTED = R("--script plays every hand itself")
LOGS_PRESSES = R("--replay plays the log's own presses")
FOR_DEVICE = R("--bots and --nvm are for the device: add --device")


def _all(outcome, **but):
    """The same outcome in every mode, but for those named (``replay_terminal`` for
    "replay-terminal")."""
    cells = {m: outcome for m in MODES}
    cells.update({m.replace("_", "-"): v for m, v in but.items()})
    return cells


SETUP = dict(replay=REPLAYED, replay_terminal=REPLAYED)

# (id, the option's arguments, what each mode does with it): a mode's cell is an
# outcome, or a dict of outcomes by game, by kind ("slap", "turn") or for any ("*").
ROWS = [
    ("seats", ["--seats", "3"], _all(
        {"tricky": R("--seats must be 4: Tricky Dick is for 4 players"), "*": H("seats", 3)},
        terminal={"tricky": R("--seats must be 4"), "*": T}, watch={"tricky": R("--seats must be 4"), "*": T},
        **SETUP)),
    ("seats-9", ["--seats", "9"], _all(
        {"tricky": R("--seats must be 4"), "*": R("--seats must be 2 to 8")}, **SETUP)),
    ("jokers", ["--jokers", "0"], _all(
        {"slap": H("jokers", 0), "tripp": H("options.jokers", 0), "*": NO_JOKERS},
        nopad={"ww3": C, "armageddon": C, "tripp": H("options.jokers", 0), "*": NO_JOKERS},
        terminal={"slap": T, "tripp": T, "*": NO_JOKERS}, watch={"slap": T, "tripp": T, "*": NO_JOKERS},
        device={"slap": H("jokers", 0), "*": R("--device sets")}, **SETUP)),
    ("jokers-9", ["--jokers", "9"], _all(
        {"slap": R("--jokers must be 0 to 8"), "tripp": R("--jokers must be 0/1/2 for Tripp Jokes"),
         "*": NO_JOKERS},
        device={"slap": R("--jokers must be 0 to 8"), "*": R("--device sets")}, **SETUP)),
    ("hurry", ["--hurry-ms", "2000"], _all(
        {"slap": H("hurry_ms", 2000), "turn": NOT_TURN},
        terminal={"slap": T, "turn": NOT_TURN}, watch={"slap": T, "turn": NOT_TURN}, **SETUP)),
    ("hurry-off-step", ["--hurry-ms", "2200"], _all(
        {"slap": H("hurry_ms", 2200), "turn": NOT_TURN},
        terminal={"slap": T, "turn": NOT_TURN}, watch={"slap": T, "turn": NOT_TURN},
        device={"slap": R("--device: --hurry-ms must be a step of the menu's Hurry limit"), "turn": NOT_TURN},
        **SETUP)),
    ("hurry-too-long", ["--hurry-ms", "60001"], _all(
        {"slap": R("--hurry-ms must be 0 to 60000"), "turn": NOT_TURN}, **SETUP)),
    ("no-hurry", ["--no-hurry"], _all(
        {"slap": H("hurry_ms", 0), "turn": NOT_TURN},
        terminal={"slap": T, "turn": NOT_TURN}, watch={"slap": T, "turn": NOT_TURN}, **SETUP)),
    ("no-hurry-and-hurry", ["--no-hurry", "--hurry-ms", "2000"], _all(
        {"slap": R("--no-hurry switches the hurry-up off: no --hurry-ms"), "turn": NOT_TURN}, **SETUP)),
    ("seed", ["--seed", "7"], _all(H("seed", 7), terminal=T, watch=T, device=OK, **SETUP)),
    ("seed-negative", ["--seed", "-1"], _all(R("--seed must be 0 to 1073741823"), **SETUP)),
    ("seed-too-big", ["--seed", str(1 << 30)], _all(R("--seed must be 0 to 1073741823"), **SETUP)),
    ("opt", {"tripp": ["--opt", "places=1"], "tricky": ["--opt", "hands=2"], "crazy": ["--opt", "target=50"],
             "guess": ["--opt", "hands=2"], "*": ["--opt", "hands=2"]}, _all(
        {"tripp": H("options.places", 1), "tricky": H("options.hands", 2), "crazy": H("options.target", 50),
         "guess": H("options.hands", 2), "slap": TURN_ONLY},
        terminal={"slap": TURN_ONLY, "turn": T}, watch={"slap": TURN_ONLY, "turn": T},
        device=DEVICE_MENU, **SETUP)),
    ("clock", ["--clock", "per-move:30"], _all(
        {"turn": H("clock.base_ms", 30000), "slap": TURN_ONLY},
        terminal={"slap": TURN_ONLY, "turn": T}, watch={"slap": TURN_ONLY, "turn": T},
        device=DEVICE_MENU, **SETUP)),
    ("clock-too-short", ["--clock", "per-move:0.0001"], _all(
        {"turn": R("--clock: time must be 0.001 to 33554.432 seconds, not 0.0001"), "slap": TURN_ONLY},
        device=DEVICE_MENU, **SETUP)),
    ("clock-not-a-number", ["--clock", "fischer:nan"], _all(
        {"turn": R("--clock: time must be 0.001 to"), "slap": TURN_ONLY}, device=DEVICE_MENU, **SETUP)),
    ("handicap", ["--clock", "fischer:300:5", "--handicap", "P1=60"], _all(
        {"turn": H("clock.seat_ms.0", 60000), "slap": TURN_ONLY},
        terminal={"slap": TURN_ONLY, "turn": T}, watch={"slap": TURN_ONLY, "turn": T},
        device=DEVICE_MENU, **SETUP)),
    ("handicap-alone", ["--handicap", "P1=60"], _all(
        {"turn": R("--handicap and --on-flag go with a --clock"), "slap": TURN_ONLY},
        device=DEVICE_MENU, **SETUP)),
    ("on-flag", ["--clock", "per-move:30", "--on-flag", "lose"], _all(
        {"turn": H("clock.flag", "lose"), "slap": TURN_ONLY},
        terminal={"slap": TURN_ONLY, "turn": T}, watch={"slap": TURN_ONLY, "turn": T},
        device=DEVICE_MENU, **SETUP)),
    ("card-pad", ["--card-pad", "on"], _all(
        {"turn": H("entry", "pad"), "slap": R("--card-pad is for the turn-based games")},
        terminal={"turn": T, "slap": R("--card-pad is for")},
        watch={"turn": T, "slap": R("--card-pad is for")},
        device=R("--device has the menu's Card pad line"), **SETUP)),
    ("card-pad-maybe", ["--card-pad", "maybe"], _all(R("--card-pad is on or off"))),
    ("blind", ["--blind"], _all(
        {"slap": H("blind", True), "turn": R("--blind is a slap game against bots: no turn game")},
        terminal={"slap": T, "turn": R("--blind is a slap game")},
        watch={"slap": T, "turn": R("--blind is a")},
        device={"slap": H("blind", True), "turn": H("entry", "buttons")},
        replay=R("--blind is a slap game against bots"), replay_terminal=R("--blind is a slap game"))),
    ("bot-speed", ["--bot-speed", "2"], _all(
        C, terminal=T, watch=T, device=SCRIPTED, replay=LOGS_PRESSES, replay_terminal=LOGS_PRESSES)),
    ("bot-miss", ["--bot-miss", "1"], _all(
        {"slap": C, "turn": SLAP_BOTS}, terminal={"slap": T, "turn": SLAP_BOTS},
        watch={"slap": T, "turn": SLAP_BOTS}, device={"slap": SCRIPTED, "turn": SLAP_BOTS},
        replay=LOGS_PRESSES, replay_terminal=LOGS_PRESSES)),
    ("bot-wrong", ["--bot-wrong", "0.6"], _all(
        {"slap": C, "turn": SLAP_BOTS}, terminal={"slap": T, "turn": SLAP_BOTS},
        watch={"slap": T, "turn": SLAP_BOTS}, device={"slap": SCRIPTED, "turn": SLAP_BOTS},
        replay=LOGS_PRESSES, replay_terminal=LOGS_PRESSES)),
    ("bot-slow", ["--bot-slow", "0.6"], _all(
        {"slap": C, "turn": SLAP_BOTS}, terminal={"slap": T, "turn": SLAP_BOTS},
        watch={"slap": T, "turn": SLAP_BOTS}, device={"slap": SCRIPTED, "turn": SLAP_BOTS},
        replay=LOGS_PRESSES, replay_terminal=LOGS_PRESSES)),
    ("games", ["--games", "2"], _all(R("--games plays games one after another unattended"), pad=TWO_LOGS,
                                      nopad=TWO_LOGS)),
    ("max-minutes", ["--max-minutes", "0.1"], _all(R("--max-minutes cuts an unattended game off"), pad=C,
                                                   nopad=C)),
    ("speed", ["--speed", "2"], _all(R("--speed paces a game you watch"), watch=T, replay_terminal=T)),
    ("learn", ["--learn"], _all(
        {"slap": R("--learn shows its reasons in the terminal"),
         "turn": R("--learn names the slap games' rules")},
        nopad={"slap": R("--blind is a slap game against bots"), "turn": R("--learn names the slap games'")},
        terminal={"slap": T, "turn": R("--learn names")}, watch={"slap": T, "turn": R("--learn names")},
        device=R("--device is the board itself"), replay_terminal={"slap": T, "turn": R("--learn names")})),
    ("snapshot", ["--snapshot", "{tmp}/pics"], _all(
        PICS, terminal=T, watch=T, device=R("--snapshot: a headless --replay, --script or --device run"),
        replay=R("--snapshot: a headless"), replay_terminal=T)),
    ("log", ["--log", "{tmp}/mine.jsonl"], _all(
        H("v", 2), terminal=T, watch=T, replay=R("--replay writes no log"),
        replay_terminal=R("--replay writes no log"))),
    ("nvm", ["--nvm", "{tmp}/nvm.bin"], _all(FOR_DEVICE, device=OK)),
    ("bots", ["--bots"], _all(FOR_DEVICE, device={
        "slap": R("--script plays every hand itself: no --bots"),
        "turn": R("--device --bots play the slap games")})),
    ("watch", ["--watch"], _all(
        T, pad=R("--max-minutes cuts an unattended game off"), nopad=R("--max-minutes cuts"),
        terminal=R("--watch shows the --bots-only games in the terminal: add --bots-only"),
        device=R("--device is the board itself"), replay=R("--watch shows a terminal: not with --headless"),
        replay_terminal=R("add --bots-only"))),
]


def _cell(cells, game):
    spec = cells
    if isinstance(spec, dict):
        kind = "slap" if game in SLAP else "turn"
        spec = spec.get(game) or spec.get(kind) or spec["*"]
    return spec


BY_ID = {row[0]: row for row in ROWS}


def _case(row, game, mode):
    # (a game's last pictures take seconds to draw: scripts/test --quick leaves them out)
    slow = _cell(BY_ID[row][2][mode], game) == PICS
    return pytest.param(row, game, mode, marks=[pytest.mark.slow] if slow else [])


CASES = [_case(row[0], game, mode) for row in ROWS for game in GAMES for mode in MODES]


def _base(game, mode, tmp, replay_log):
    log = ["--log", str(tmp / "g.jsonl")]
    if mode == "pad":
        return ["--game", game] + BATCH + log
    if mode == "nopad":
        without = ["--blind"] if game in SLAP else ["--card-pad", "off"]
        return ["--game", game] + without + BATCH + log
    if mode == "terminal":
        return ["--game", game]
    if mode == "watch":
        return ["--game", game, "--bots-only", "--watch"]
    if mode == "device":
        script = tmp / "hands.jsonl"
        script.write_text("".join(json.dumps(a) + "\n" for a in SCRIPT))
        return ["--game", game, "--device", "--headless", "--script", str(script)] + log
    return ["--replay", str(replay_log), *(["--headless"] if mode == "replay" else [])]


def _run(argv, capsys):
    code = cli.main(["sim"] + argv)
    out = capsys.readouterr()
    return code, out.out, out.err


def _header(tmp):
    logs = sorted(tmp.glob("*.jsonl"))
    logs = [p for p in logs if p.name != "hands.jsonl"]
    assert logs, "no log written"
    return json.loads(logs[0].read_text().splitlines()[0])


def _steps(path):
    """What a log says happened, and when: seals' digests left out (the board's key)."""
    out = []
    for line in path.read_text().splitlines()[1:]:
        obj = json.loads(line)
        out.append((obj.get("ev") or obj.get("r"), obj.get("t"), obj.get("seat"), obj.get("card")))
    return out


@pytest.fixture(scope="module")
def replay_logs(tmp_path_factory):
    """A seeded game of each, with the card pad, for ``--replay``: whole where a log
    cut mid-hand would keep a secret the replay needs."""
    folder = tmp_path_factory.mktemp("replay")
    out = {}
    for game in GAMES:
        out[game] = folder / ("%s.jsonl" % game)
        whole = ["--max-minutes", "30", "--opt", "hands=1"] if game in ("crazy", "guess") else []
        assert cli.main(["sim", "--game", game] + BATCH + whole + ["--log", str(out[game])]) == 0
    return out


@pytest.fixture(scope="module")
def baselines(tmp_path_factory):
    """Each game and batch mode played without an option: ``{(game, mode): steps}``."""
    folder = tmp_path_factory.mktemp("baseline")
    seen = {}

    def get(game, mode):
        if (game, mode) not in seen:
            where = folder / ("%s-%s" % (game, mode))
            where.mkdir()
            assert cli.main(["sim"] + _base(game, mode, where, None)) == 0
            seen[game, mode] = _steps(where / "g.jsonl")
        return seen[game, mode]

    return get


@pytest.mark.parametrize("row, game, mode", CASES)
def test_every_option_is_used_or_refused_in_one_line(
    row, game, mode, tmp_path, capsys, replay_logs, baselines
):
    _, argv, cells = BY_ID[row]
    if isinstance(argv, dict):
        argv = argv.get(game) or argv["*"]
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    want = _cell(cells[mode], game)
    code, out, err = _run(_base(game, mode, tmp_path, replay_logs[game]) + argv, capsys)
    if want[0] == "refused":
        assert (code, out) == (2, ""), err
        assert err.startswith("topper sim: ") and err.count("\n") == 1 and want[1] in err, err
        return
    if want[0] == "terminal":
        assert code == 2 and err.count("\n") == 1, err
        assert "needs a terminal" in err or "draws in a terminal" in err, err
        return
    assert code == 0, err
    if want[0] == "head":
        value = _header(tmp_path)
        for key in want[1].split("."):
            value = value[int(key)] if isinstance(value, list) else value[key]
        assert value == want[2], _header(tmp_path)
    elif want[0] == "changes":
        assert _steps(tmp_path / "g.jsonl") != baselines(game, mode)
    elif want[0] == "logs":
        assert sorted(p.name for p in tmp_path.glob("g-*.jsonl")) == ["g-001.jsonl", "g-002.jsonl"]
    elif want[0] == "pictures":
        assert list((tmp_path / "pics").glob("*.png"))

