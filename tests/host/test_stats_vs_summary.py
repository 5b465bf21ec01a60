"""``topper stats`` of a game's log says what the simulator's own summary said at the
end of that game, in every game and mode: the winner, the length, and the counts (a
slap game's cards laid, slaps won and wrong, hurry-ups; a turn game's moves).

Each game is played as a user would: ``topper sim --bots-only --headless --seed S
--log F``, then ``topper stats F``; the two outputs are read as a user reads them.
"""

import re

import pytest

from topper_host import cli, cmd_stats

# (name, sim arguments): the slap games with the card pad and blind, each turn game
# with the card pad and with the buttons alone
PLAYED = [
    ("ww3-pad", ["--game", "ww3", "--seats", "3"]),
    ("armageddon-pad", ["--game", "armageddon", "--seats", "2"]),
    ("ww3-blind", ["--game", "ww3", "--seats", "3", "--blind"]),
    ("armageddon-blind", ["--game", "armageddon", "--seats", "2", "--blind"]),
] + [
    ("%s-%s" % (game, pad), ["--game", game, "--seats", seats, "--card-pad", pad] + opts)
    for game, seats, opts in (("tripp", "3", []), ("tricky", "4", ["--opt", "hands=1"]),
                              ("crazy", "3", ["--opt", "hands=2"]), ("guess", "3", ["--opt", "hands=2"]))
    for pad in ("on", "off")
]


def _said(line):
    """The simulator's ``# game 1: ...`` line as figures."""
    out = {"winners": re.search(r"game 1: ((?:P\d )+)(?:wins|won)", line).group(1).split(),
           "length": re.search(r"after (\d+:\d\d)", line).group(1)}
    for key, words in (("lays", "cards laid"), ("won", "slaps won"), ("wrong", "wrong"),
                       ("hurry-ups", "hurry-ups"), ("moves", "moves")):
        found = re.search(r"(\d+) %s\b" % words, line)
        if found:
            out[key] = int(found.group(1))
    return out


def _stats(lines):
    """``topper stats F``'s figures of its one game, as a user reads its two tables."""
    games = lines.index("Games") + 2  # (the heading, then the table's own head)
    row = lines[games].split()  # #, log, game, seats, length, winner..., slaps, lays, moves
    out = {"length": row[4], "winners": row[5:-3], "lays": row[-2], "moves": row[-1]}
    at = next(i for i, line in enumerate(lines) if line.split()[:1] == ["seat"])
    head = cmd_stats.SLAP_HEAD if "hurry-ups" in lines[at] else cmd_stats.TURN_HEAD  # (names of spaced words)
    for line in lines[at + 1:]:
        if not line.strip():
            break
        for name, cell in zip(head, line.split()):
            if name in ("won", "wrong", "hurry-ups", "moves"):
                out["seat " + name] = out.get("seat " + name, 0) + int(cell)
    return out


@pytest.mark.parametrize("name, args", PLAYED, ids=[p[0] for p in PLAYED])
def test_stats_of_a_log_says_what_the_simulators_summary_said(name, args, tmp_path, capsys):
    log = tmp_path / "game.jsonl"
    assert cli.main(["sim", "--bots-only", "--headless", "--seed", "5", "--log", str(log)] + args) == 0
    said = _said([s for s in capsys.readouterr().out.splitlines() if s.startswith("# game 1:")][0])
    assert said["winners"], said  # a whole game
    assert cli.main(["stats", str(log)]) == 0
    got = _stats(capsys.readouterr().out.splitlines())
    assert (got["winners"], got["length"]) == (said["winners"], said["length"])
    if "moves" in said:
        assert int(got["moves"]) == got["seat moves"] == said["moves"]
        return
    assert got["lays"] == ("-" if "blind" in name else str(said["lays"]))  # (blind: the device sees no card)
    assert (got["seat won"], got["seat wrong"], got["seat hurry-ups"]) == (
        said["won"], said["wrong"], said["hurry-ups"])
