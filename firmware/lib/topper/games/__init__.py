"""Every game a shell can offer, one named record each (``Game``): light enough for the
device's menu to hold all six without importing a single engine (heap). Nothing in
this package's ``__init__`` files may import an engine: each game's package is
imported module by module, only when that game is played.

A shell knows a game only through its record: the title, the players, the options,
the deck the card pad must know, whether a seat's press starts it, the modules that
referee it (with the card pad or buttons, and blind), the module that draws it, and
the host's side of it (its bots' moves, what a log may not show). A new game is its
folder and one ``register`` call: no shell names a game.
"""

SLAP = "slap"  # a race to slap the pile, judged from time-stamped presses
TURN = "turn"  # players take turns; a turn referee (topper.turnref) judges each action

# The decks a game is played with, as the card pad must have them enrolled.
STANDARD = "standard"  # a standard 52-card deck and its jokers (two of them for 5+ seats)
TOPPER = "topper"  # the whole Triple Topper deck
SQUARES = "squares"  # the Triple Topper deck's squares only (World War 3)


class Option:
    """A game's own setting: every value a small int; ``names`` the menu's words for the
    values (None: the number itself)."""

    def __init__(self, key, label, values, default, names=None):
        self.key = key
        self.label = label
        self.values = values
        self.default = default
        self.names = names


class Game:
    """One game's facts.

    - ``referee``: the module that referees it with the card pad, or with buttons
      alone when ``blind`` is None; ``blind``: the module that referees it without
      the card pad (the slap games' blind play). Each has ``make(cfg, seed, settle_ms,
      salt_key)`` and ``restore(saved, now)`` (topper.referee).
    - ``starter``: True when the game waits for the starting seat's press (the slap
      games deal at the table); False when it starts from the menu at once.
    - ``view``: the ``topper_view`` module that draws it (``lines``, ``frame``, ``sound``).
    - ``host``: the host's module for it (bots' move tables, hands, secrets), or None.
    - ``name``: the game's name in full, where there is room for it (the title is the
      OLED's).
    - ``nvm_most``: ``(with the pad, without)``, the most seats times hands whose whole
      match fits the nvm save slot (None: no limit), or None: every match fits.
    """

    def __init__(self, key, title, players, kind, referee, view, deck, options=(), blind=None,
                 starter=False, host=None, nvm_most=None, name=None):
        self.key = key
        self.title = title
        self.players = players  # (fewest, most)
        self.kind = kind
        self.referee = referee
        self.blind = blind
        self.view = view
        self.deck = deck
        self.options = options
        self.starter = starter
        self.host = host
        self.nvm_most = nvm_most
        self.name = title if name is None else name

    def module(self, cardpad):
        """The name of the module that referees this game with the card pad or without."""
        if cardpad or self.blind is None:
            return self.referee
        return self.blind


GAMES = []


def register(game):
    """Offer ``game`` (a ``Game``) in every shell; a game of the same key is replaced."""
    for i in range(len(GAMES)):
        if GAMES[i].key == game.key:
            GAMES[i] = game
            return game
    GAMES.append(game)
    return game


def unregister(key):
    """Offer game ``key`` no more (a game a test registered for itself)."""
    for i in range(len(GAMES)):
        if GAMES[i].key == key:
            del GAMES[i]
            return


def _slap(key, title, name):
    return Game(key, title, (2, 8), SLAP, "topper.games.slap.pad", "topper_view.slap",
                SQUARES if key == "ww3" else TOPPER, blind="topper.games.slap.blind",
                starter=True, name=name)


register(_slap("ww3", "WW3", "World War 3"))
register(_slap("armageddon", "ARMAGEDDON", "Armageddon"))
register(Game(
    "tripp", "TRIPP JOKES", (2, 8), TURN, "topper.games.tripp.turn", "topper_view.turns", STANDARD,
    (
        Option("jokers", "Jokers/deck", (0, 1, 2), 2),
        Option("places", "Play for", (0, 1), 0, ("winner", "places")),
    ),
    host="topper_host.games.tripp",
    name="Tripp Jokes",
))
register(Game(
    "tricky", "TRICKY DICK", (4, 4), TURN, "topper.games.tricky.turn", "topper_view.turns", TOPPER,
    (
        Option("mode", "Mode", (0, 1, 2), 0, ("solo", "2-on-2", "co-op")),
        Option("hands", "Hands", (1, 2, 3, 4, 6, 8, 12, 16), 4),
    ),
    host="topper_host.games.tricky",
    name="Tricky Dick",
    nvm_most=(48, None),  # 16 hands with the pad outgrow the slot
))
register(Game(
    "crazy", "CRAZY JOB", (2, 8), TURN, "topper.games.crazy.turn", "topper_view.turns", TOPPER,
    (
        Option("hands", "Hands", (0, 1, 2, 3, 4, 6, 8), 0, ("each", "1", "2", "3", "4", "6", "8")),
        Option("target", "Target", (0, 25, 50, 75, 100), 0, ("off", "25", "50", "75", "100")),
    ),
    host="topper_host.games.crazy",
    name="Crazy Job",
    # Without the pad 8 players and 3 hands outgrow the slot, and 4 players and 6 hands
    # come within bytes of it; 7 players and 3 hands are the most that fit.
    nvm_most=(24, 21),
))
register(Game(
    "guess", "GUESS MY CARD", (2, 8), TURN, "topper.games.guess.turn", "topper_view.turns", TOPPER,
    (Option("hands", "Hands", (1, 2, 3, 4, 6, 8), 1),),
    host="topper_host.games.guess",
    name="Guess My Card",
    nvm_most=(16, 16),
))


def keys(kind=None):
    """The keys of the games offered (of one ``kind`` only, if given), in menu order."""
    return [g.key for g in GAMES if kind is None or g.kind == kind]


def offered(key, problems):
    """``key`` when it is a game offered, else the first game: a settings file's
    ``TOPPER_GAME``, checked (``problems`` gets why a key given was not taken)."""
    keys_now = keys()
    if key in keys_now:
        return key
    if key:
        problems.append("TOPPER_GAME=%r: use %s" % (key, " or ".join(keys_now)))
    return keys_now[0]


def find(key):
    """The ``Game`` of ``key``; KeyError for a game there is not."""
    for g in GAMES:
        if g.key == key:
            return g
    raise KeyError("no game %r" % (key,))


def is_turn(key):
    """True for a turn game, False for a slap game; KeyError for a game there is not."""
    return find(key).kind == TURN


def title(key):
    return find(key).title


def options(key, given=None):
    """The game's options with defaults filled in; ValueError for a value it cannot take."""
    if given is not None and not isinstance(given, dict):
        raise ValueError("%s: the options are an object of names and values, not %r" % (key, given))
    out = {}
    for o in find(key).options:
        v = o.default if given is None or o.key not in given else given[o.key]
        if v not in o.values:
            raise ValueError("%s: %s cannot be %r" % (key, o.label, v))
        out[o.key] = v
    return out


def outgrows_nvm(key, seats, given=None, cardpad=True):
    """True for a match whose whole save can outgrow the power-cut save's nvm slot
    (1,664 bytes): its seats times hands (each player dealing once: hands 0) is more
    than the game's record allows with the card pad or without (``nvm_most``: by
    bench/bench_saves.py's largest of its seeded games, docs/power-cut.md). On a board
    without the FRAM such a match goes on unsaved from that point; the menu says so
    before it starts."""
    g = find(key)
    most = g.nvm_most[0 if cardpad else 1] if g.nvm_most is not None else None
    if most is None:
        return False
    hands = options(key, given).get("hands", 1)
    return seats * (hands or seats) > most
