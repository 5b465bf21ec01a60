"""``topper sim``: play a game on a simulated Topper Table: World War 3 or Armageddon
here, the turn-based games (``--game tripp|tricky|crazy|guess``) at the device's own
shell in ``sim.turn_cmd``.

Modes (docs/simulator.md):

- no mode option: a game in the terminal; you hold P1's cards and button, bots the rest;
- ``--bots-only``: bots at every seat, whole games on a fake clock, with a summary
  (``--watch`` shows them in the terminal at their real pace instead);
- ``--headless``: no terminal; prints every ruling (JSON) and the OLED's text after
  each batch; with ``--script EVENTS.jsonl`` it feeds that script instead of bots;
- ``--replay LOG``: a recorded game played back on the board (``--speed``);
- ``--blind``: blind play, the card pad off, against bots (``sim.blind_cmd``);
- ``--device``: the firmware's own table shell on a virtual board (``sim.device_cmd``):
  the menu, blind play and every game, each seat's button at the keyboard.

Every game played is recorded to an event log that ``topper replay`` re-runs.
"""

import math
import os
import sys

from topper import games, jsonl

from topper_host import paths
from topper_host.sim import bots as botmod
from topper_host import replay
from topper_host.sim import blind_cmd, device_cmd, option_rules, turn_cmd, slap_cmd
from topper_host.sim.option_rules import DEFAULTS
from topper_host.sim.snapshot import Snapshots

HELP = "play a game on a simulated table in the terminal (bots, replay, headless)"


def add_arguments(p):
    g = p.add_argument_group("the game")
    g.add_argument("--game", choices=games.keys(), help="default %s" % DEFAULTS["game"])
    g.add_argument(
        "--seats", "--players", type=int, help="players, default %d (you are P1)" % DEFAULTS["seats"]
    )
    g.add_argument(
        "--opt",
        action="append",
        metavar="NAME=VALUE",
        help="a turn game's option, e.g. --opt hands=4 (repeat for more)",
    )
    g.add_argument(
        "--clock",
        metavar="CONTROL:BASE[:EXTRA[:N]][/STAGE]",
        help="a turn game's chess clock, seconds: per-move, fischer, bronstein, sudden-death, hourglass, "
        "delay (simple), byo-yomi:MAIN:PERIOD:PERIODS, canadian:MAIN:PERIOD:MOVES; a further stage "
        "/[MOVES@]ADD[:EXTRA], e.g. fischer:1200:0/300:5 (20 min, then 5 min + 5 s) (docs/clock.md)",
    )
    g.add_argument(
        "--handicap",
        metavar="PN=SECONDS,...",
        help="with --clock: seats with a time of their own, e.g. P1=60,P3=120",
    )
    g.add_argument(
        "--on-flag",
        choices=("show", "penalty", "lose"),
        help="with --clock: what a flag does (the menu's On flag): only shown (default), "
        "a minute more and a penalty counted, or the seat loses",
    )
    g.add_argument(
        "--card-pad",
        metavar="on|off",
        help="a turn game with the card pad (default) or without it, every move made with the buttons",
    )
    g.add_argument(
        "--jokers",
        type=int,
        help="jokers in the deck, default %d (Tripp Jokes: a deck's)" % DEFAULTS["jokers"],
    )
    g.add_argument(
        "--hurry-ms",
        type=int,
        help="a slap game's hurry-up limit a card in ms, default %d" % DEFAULTS["hurry_ms"],
    )
    g.add_argument("--no-hurry", action="store_true", help="switch the hurry-up off")
    g.add_argument("--seed", type=int, help="seed of the deal and of the bots (default: random)")
    b = p.add_argument_group("bots")
    b.add_argument(
        "--bot-speed",
        type=float,
        help="divides the bots' reaction, laying and thinking times: 2 = twice as quick",
    )
    b.add_argument(
        "--bot-miss", type=float, help="chance a bot misses a good slap, default 0.10"
    )
    b.add_argument(
        "--bot-wrong",
        type=float,
        help="chance a bot slaps a card that only looks slappable, default 0.02",
    )
    b.add_argument(
        "--bot-slow",
        type=float,
        help="chance a bot dawdles past the hurry-up, default 0.04",
    )
    m = p.add_argument_group("modes")
    m.add_argument(
        "--bots-only",
        action="store_true",
        help="bots at every seat: whole games unattended, then a summary",
    )
    m.add_argument("--games", type=int, help="with --bots-only: how many games, default 1")
    m.add_argument(
        "--max-minutes",
        type=float,
        help="with --bots-only: table time after which a game is cut off, default 120",
    )
    m.add_argument(
        "--watch",
        action="store_true",
        help="with --bots-only: show the games in the terminal at real pace",
    )
    m.add_argument(
        "--headless",
        action="store_true",
        help="no terminal: print rulings (JSON) and the OLED text after each",
    )
    m.add_argument("--script", metavar="EVENTS", help="with --headless: events to feed")
    m.add_argument(
        "--device",
        action="store_true",
        help="the device itself: its menu, every game, blind play; every seat at the keyboard",
    )
    m.add_argument(
        "--blind",
        action="store_true",
        help="blind play (the card pad off) against bots; with --device: the menu starts with the pad off",
    )
    m.add_argument(
        "--bots",
        action="store_true",
        help="with --device: bots at every seat but P1's in the slap games with the card pad",
    )
    m.add_argument(
        "--nvm",
        metavar="FILE",
        help="with --device: the board's nvm (deck map, power-cut save); default in the state folder",
    )
    m.add_argument("--replay", metavar="LOG", help="play a recorded log back on the board")
    m.add_argument("--speed", type=float, help="replay/watch pace factor, default 1")
    m.add_argument(
        "--learn",
        action="store_true",
        help="learner mode: name the rule behind every ruling in the commentary",
    )
    o = p.add_argument_group("output")
    o.add_argument(
        "--log", metavar="PATH", help="event log to write (default: ~/.local/state/topper/logs/...)"
    )
    o.add_argument(
        "--snapshot",
        metavar="DIR",
        help="write OLED and ring PNGs there (key x, and at the end of a game)",
    )


class Usage(Exception):
    pass


def _check(args):
    """The options checked, their defaults filled in, and the bots' style; Usage in words."""
    for option in ("speed", "max_minutes", "bot_speed", "bot_miss", "bot_wrong", "bot_slow"):
        value = getattr(args, option)
        if value is not None and not math.isfinite(value):
            raise Usage("--%s must be a number, not %s" % (option.replace("_", "-"), value))
    if args.speed is not None and args.speed <= 0:
        raise Usage("--speed must be above 0")
    if args.max_minutes is not None and args.max_minutes <= 0:
        raise Usage("--max-minutes must be above 0")
    if (args.nvm or args.bots) and not args.device:
        raise Usage("--bots and --nvm are for the device: add --device")
    blind_bots = args.blind and not args.device
    if blind_bots and (args.game in games.keys(games.TURN) or args.replay or args.script or args.learn):
        raise Usage("--blind is a slap game against bots: no turn game, --replay, --script or --learn")
    if args.device and (args.bots_only or args.replay or args.watch or args.learn):
        raise Usage("--device is the board itself: no --bots-only, --replay, --watch or --learn with it")
    if args.card_pad not in (None, "on", "off"):
        raise Usage("--card-pad is on or off (the menu's Card pad line), not %r" % args.card_pad)
    if args.device and args.card_pad:
        raise Usage("--device has the menu's Card pad line (--blind starts it off): no --card-pad with it")
    if args.nvm and paths.file_to_write(args.nvm, "--nvm"):
        raise Usage(paths.file_to_write(args.nvm, "--nvm"))
    if args.script and not args.headless:
        raise Usage("--script runs headless: add --headless")
    if args.script and (args.bots_only or args.replay):
        raise Usage("--script feeds every event itself: no --bots-only or --replay with it")
    if args.script and args.game in games.keys(games.TURN) and not args.device:
        raise Usage("--script is for the slap games (a turn game's hands: --device --headless --script)")
    if args.watch and args.headless:
        raise Usage("--watch shows a terminal: not with --headless")
    problem = (
        (args.replay and paths.file_to_read(args.replay, "--replay"))
        or (args.script and paths.file_to_read(args.script, "--script"))
        or (args.log and paths.file_to_write(args.log, "--log"))
        or (args.snapshot and paths.folder_to_write(args.snapshot, "--snapshot"))
    )
    if problem:
        raise Usage(problem)
    why = option_rules.refusal(args, bool(args.replay) and _turn_log(args.replay))
    if why:
        raise Usage(why)
    option_rules.fill(args)
    given = {"speed": args.bot_speed, "miss": args.bot_miss, "wrong": args.bot_wrong, "slow": args.bot_slow}
    try:
        style = botmod.Style(**{k: v for k, v in given.items() if v is not None})
    except ValueError as e:
        raise Usage(str(e))
    args.bot_speed = style.speed  # (the turn games' bots read only their pace)
    return style


def run(args):
    try:
        style = _check(args)
    except Usage as e:
        print("topper sim: %s" % e, file=sys.stderr)
        return 2
    try:
        snaps = Snapshots(args.snapshot) if args.snapshot else None
        if args.device:
            if args.headless:
                if not args.script and not args.bots:
                    why = "--device --headless plays a --script of hands, or --bots"
                    print("topper sim: %s" % why, file=sys.stderr)
                    return 2
                if args.script and args.bots:
                    print("topper sim: --script plays every hand itself: no --bots with it", file=sys.stderr)
                    return 2
                return device_cmd.headless(args, _out, style)
            return device_cmd.live(args, snaps, style)
        if args.replay and _turn_log(args.replay):
            return turn_cmd.run(args, 0, snaps)
        if args.game in games.keys(games.TURN):
            return turn_cmd.run(args, _seed(args), snaps)
        if args.blind:
            return blind_cmd.run(args, style, _seed(args), snaps)
        return slap_cmd.run(args, style, snaps)
    except OSError as e:
        # A file that went away or a full disk after the checks in _check.
        print("topper sim: %s" % paths.why(e), file=sys.stderr)
        return 2


# ----- pieces every mode uses ------------------------------------------------------------


def _turn_log(path):
    """Whether the log at ``path`` is a turn game's (its header names one)."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            first = f.readline()
        return replay.is_turn_header(jsonl.loads(first.strip()))
    except (OSError, ValueError):
        return False


def _seed(args):
    if args.seed is not None:
        return args.seed
    return int.from_bytes(os.urandom(3), "big")


def _out(line):
    sys.stdout.write(line + "\n")
