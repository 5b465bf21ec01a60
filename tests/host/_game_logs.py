"""Valid logs of every game and mode, as the simulator writes them, and the ways a
log goes bad (for the tests of the tools that read logs). No tests here."""

import json

from topper_host import cli

# (name, sim arguments): every game, the slap games with the pad and blind, the turn
# games with the pad and with the buttons alone
GAMES = [
    ("ww3", ["--game", "ww3", "--seats", "3"]),
    ("armageddon", ["--game", "armageddon", "--seats", "2"]),
    ("ww3-blind", ["--game", "ww3", "--seats", "3", "--blind"]),
    ("armageddon-blind", ["--game", "armageddon", "--seats", "2", "--blind"]),
] + [
    ("%s-%s" % (game, pad), ["--game", game, "--seats", seats, "--card-pad", pad])
    for game, seats in (("tripp", "3"), ("tricky", "4"), ("crazy", "3"), ("guess", "3"))
    for pad in ("on", "off")
]


def make(folder, seed=5):
    """``{name: path}`` of a whole bots-only game of each of ``GAMES`` in ``folder``,
    and ``{name: the simulator's summary line}``."""
    import contextlib
    import io

    paths, said = {}, {}
    for name, args in GAMES:
        path = folder / (name + ".jsonl")
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            code = cli.main(["sim", "--bots-only", "--seed", str(seed), "--log", str(path)] + args)
        assert code == 0, name
        paths[name] = path
        said[name] = [s for s in out.getvalue().splitlines() if s.startswith("game 1:")][0]
    return paths, said


VALUES = [1.5, "x", None, True, False, [], {}, -1, 99, 2**40, [1, "a"], "ZZZ", {"a": 1}, -2**31, ""]
GARBAGE = ["garbage", "[]", "3", "null", '"x"', "{}", "\x00\xff", '{"r":1.5,"t":1}', "{\"ev\":", "}{"]


def mutate(lines, rng):
    """``lines`` with one to three faults: a key dropped, a value retyped, a line cut,
    two lines swapped, a line of garbage, a line dropped."""
    lines = list(lines)
    for _ in range(rng.randrange(1, 4)):
        i = rng.randrange(len(lines))
        kind = rng.randrange(6)
        try:
            obj = json.loads(lines[i])
        except ValueError:
            obj = None
        if kind == 0 and isinstance(obj, dict) and obj:
            del obj[rng.choice(sorted(obj))]
            lines[i] = json.dumps(obj)
        elif kind == 1 and isinstance(obj, dict) and obj:
            obj[rng.choice(sorted(obj))] = rng.choice(VALUES)
            lines[i] = json.dumps(obj)
        elif kind == 2:
            lines[i] = lines[i][: rng.randrange(len(lines[i]) + 1)]
        elif kind == 3:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == 4:
            lines[i] = rng.choice(GARBAGE)
        elif len(lines) > 1:
            del lines[i]
    return lines
