"""Which of ``topper sim``'s options each game and mode takes (docs/simulator.md, "What
each option does where").

An option given is either used or refused before anything starts, in one line: a
game played without what the user asked for looks like the option worked. So argparse
leaves these options None when they are not given (``DEFAULTS`` fills them in once
``refusal`` found nothing), and the ranges are the registry's (``topper.games``) and
the link's (``topper.session``), the ones the device itself holds a host to.
"""

from topper import games, session

DEFAULTS = {"game": "ww3", "seats": 4, "jokers": 2, "hurry_ms": 3000, "games": 1, "max_minutes": 120.0,
            "speed": 1.0}


class Mode:
    """What the command line asks for, as the rules read it."""

    def __init__(self, args, replay_is_turn):
        self.game = games.find(args.game or DEFAULTS["game"])
        self.replay = bool(args.replay)
        self.turn = replay_is_turn if self.replay else self.game.kind == games.TURN
        self.device = args.device
        self.script = bool(args.script)
        # games played one after another on the board's own clock, a line each
        self.batch = (args.bots_only or args.headless) and not (
            args.watch or self.replay or self.script or self.device)


REPLAYED = "--replay plays the log as it was recorded (its game, seats, seed and options): no %s"


def _setup(m, a, flag):
    if m.replay:
        return REPLAYED % flag
    return None


def _seats(m, a, flag):
    low, high = m.game.players
    if m.replay or low <= a.seats <= high:
        return _setup(m, a, flag)
    if low == high:
        return "--seats must be %d: %s is for %d players" % (low, m.game.name, low)
    return "--seats must be %d to %d: %s is for %d to %d players" % (low, high, m.game.name, low, high)


def _turn_setup(m, a, flag):
    if m.replay:
        return REPLAYED % flag
    if m.device:
        return "--device sets a turn game's options and clock in its menu: no %s" % flag
    if not m.turn:
        if flag == "--card-pad":
            return "--card-pad is for the turn-based games (a slap game without the pad: --blind)"
        return "--opt, --clock, --handicap and --on-flag are for the turn-based games"
    return None


def jokers_option(game):
    """The turn game's own jokers option (``topper.games.Option``), or None."""
    for o in game.options:
        if o.key == "jokers":
            return o
    return None


def _jokers(m, a, flag):
    if m.replay:
        return REPLAYED % flag
    if not m.turn:
        if not 0 <= a.jokers <= session.MOST_JOKERS:
            return "--jokers must be 0 to %d, not %d" % (session.MOST_JOKERS, a.jokers)
        return None
    o = jokers_option(m.game)
    if m.device:
        return "--device sets %s's options in its menu: no --jokers" % m.game.name
    if o is None:
        mine = ", ".join(["--opt %s" % x.key for x in m.game.options])
        return "--jokers: %s has no jokers (its options: %s)" % (m.game.name, mine)
    if any(pair.partition("=")[0] == "jokers" for pair in a.opt or ()):
        return "--jokers is %s's --opt jokers: give one of them" % m.game.name
    if a.jokers not in o.values:
        allowed = "/".join([str(v) for v in o.values])
        return "--jokers must be %s for %s (%s), not %d" % (allowed, m.game.name, o.label, a.jokers)
    return None


def _hurry(m, a, flag):
    if m.replay:
        return REPLAYED % flag
    if m.turn:
        return "%s: the hurry-up is the slap games'; a turn game's limit a move is %s" % (
            flag, "--clock per-move:SECONDS")
    if a.no_hurry and a.hurry_ms is not None:
        return "--no-hurry switches the hurry-up off: no --hurry-ms with it"
    if flag == "--hurry-ms":
        if not 0 <= a.hurry_ms <= session.MOST_HURRY_MS:
            most = session.MOST_HURRY_MS
            return "--hurry-ms must be 0 to %d (as on the device), not %d" % (most, a.hurry_ms)
        if m.device:
            from topper_view.menu import HURRY_STEPS

            if a.hurry_ms and a.hurry_ms not in HURRY_STEPS:
                steps = ", ".join([str(v) for v in HURRY_STEPS])
                return "--device: --hurry-ms must be a step of the menu's Hurry limit (%s) or 0" % steps
    return None


def _seed(m, a, flag):
    if m.replay:
        return REPLAYED % flag
    most = session.MAX_SEED
    if not 0 <= a.seed <= most:
        return "--seed must be 0 to %d (a board's seed), not %d" % (most, a.seed)
    if m.batch and a.games is not None and a.seed + a.games - 1 > most:
        return "--seed %d with --games %d runs past %d, the largest seed" % (a.seed, a.games, most)
    return None


def _bot_speed(m, a, flag):
    if m.replay:
        return "--replay plays the log's own presses: no %s" % flag
    if m.script:
        return "--script plays every hand itself: no %s" % flag
    if m.device and not a.bots:
        return "%s tunes the bots: with --device add --bots" % flag
    return None


def _slap_bots(m, a, flag):
    if m.turn and not m.replay:
        return "%s tunes the slap games' bots: a turn game's bots only think (--bot-speed)" % flag
    return _bot_speed(m, a, flag)


def _bots(m, a, flag):
    if m.turn or a.blind:
        return ("--device --bots play the slap games with the card pad: not with --blind or a turn game "
                "(their bots: topper sim --blind, topper sim --game GAME)")
    return None


def _bots_only(m, a, flag):
    if m.replay:
        return "--replay plays a log: no --bots-only"
    return None


def _games(m, a, flag):
    if not m.batch:
        return "--games plays games one after another unattended: with --bots-only or --headless"
    if a.games < 1:
        return "--games must be at least 1"
    return None


def _max_minutes(m, a, flag):
    if not (m.batch or (m.device and a.headless and a.bots)):
        return ("--max-minutes cuts an unattended game off: with --bots-only or --headless "
                "(--device: --headless --bots)")
    return None


def _watch(m, a, flag):
    if not a.bots_only:
        return "--watch shows the --bots-only games in the terminal: add --bots-only"
    return None


def _speed(m, a, flag):
    if not (a.watch or (m.replay and not a.headless)):
        return "--speed paces a game you watch: with --watch or --replay in the terminal"
    return None


def _learn(m, a, flag):
    if m.turn:
        return "--learn names the slap games' rules: a turn game's commentary gives its reasons already"
    if a.headless or (a.bots_only and not a.watch):
        return "--learn shows its reasons in the terminal: not --headless, nor --bots-only without --watch"
    return None


def _snapshot(m, a, flag):
    if a.headless and (m.replay or m.script or m.device):
        return "--snapshot: a headless --replay, --script or --device run draws no pictures"
    return None


def _log(m, a, flag):
    if m.replay:
        return "--replay writes no log (the log it plays is the record): no --log"
    return None


# (the option's name in args, its flag, its rule), in the order they are weighed: the
# mode first, so that its refusal is the one a user meets.
RULES = (
    ("bots_only", "--bots-only", _bots_only),
    ("watch", "--watch", _watch),
    ("bots", "--bots", _bots),
    ("game", "--game", _setup),
    ("seats", "--seats", _seats),
    ("opt", "--opt", _turn_setup),
    ("clock", "--clock", _turn_setup),
    ("handicap", "--handicap", _turn_setup),
    ("on_flag", "--on-flag", _turn_setup),
    ("card_pad", "--card-pad", _turn_setup),
    ("jokers", "--jokers", _jokers),
    ("hurry_ms", "--hurry-ms", _hurry),
    ("no_hurry", "--no-hurry", _hurry),
    ("games", "--games", _games),
    ("seed", "--seed", _seed),
    ("bot_speed", "--bot-speed", _bot_speed),
    ("bot_miss", "--bot-miss", _slap_bots),
    ("bot_wrong", "--bot-wrong", _slap_bots),
    ("bot_slow", "--bot-slow", _slap_bots),
    ("max_minutes", "--max-minutes", _max_minutes),
    ("speed", "--speed", _speed),
    ("learn", "--learn", _learn),
    ("snapshot", "--snapshot", _snapshot),
    ("log", "--log", _log),
)


def refusal(args, replay_is_turn=False):
    """Why this command line cannot be played as given (one line), or None."""
    m = Mode(args, replay_is_turn)
    for name, flag, rule in RULES:
        value = getattr(args, name)
        if value is None or value is False:
            continue
        why = rule(m, args, flag)
        if why:
            return why
    return None


def fill(args):
    """The defaults of the options not given; for a turn game with its own jokers
    option, ``--jokers`` is that option."""
    m = Mode(args, False)
    if args.jokers is not None and m.turn and jokers_option(m.game) is not None:
        args.opt = list(args.opt or []) + ["jokers=%d" % args.jokers]
    for name, value in DEFAULTS.items():
        if getattr(args, name) is None:
            setattr(args, name, value)
