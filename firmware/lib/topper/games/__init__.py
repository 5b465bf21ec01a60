"""Every game a shell can offer, as plain data: light enough for the device's menu to
hold all six without importing a single engine (heap). Nothing in this package's
``__init__`` files may import an engine: each game's package is imported module by
module, only when that game is played.

Each entry: ``(key, title, (fewest, most) players, options, module, kind)``.

- ``options`` are the game's own settings, ``(key, label, values, default, names)``:
  every value a small int, ``names`` the menu's words for the values (None: the number
  itself). The slap games have none of their own: their jokers and hurry-up are the
  table's settings, shared by both (topper_view.menu, settings.toml).
- ``module`` is the module a shell imports to referee the game. A turn game's
  (``kind`` TURN) has ``make(seats, entry, seed, control, options)`` and
  ``restore(saved)`` (topper.turnref); a game with sealed secrets sets
  ``SECRETS = True`` and its ``make`` takes a ``salt_key`` as well
  (topper.commit.KeyedSalts). A slap game's (``kind`` SLAP) is the referee with the card
  pad, ``topper.games.slap.pad``; blind play has ``topper.games.slap.blind`` beside it.
"""

SLAP = "slap"  # a race to slap the pile, judged from time-stamped presses
TURN = "turn"  # players take turns; a turn referee (topper.turnref) judges each action

GAMES = (
    ("ww3", "WW3", (2, 8), (), "topper.games.slap.pad", SLAP),
    ("armageddon", "ARMAGEDDON", (2, 8), (), "topper.games.slap.pad", SLAP),
    (
        "tripp",
        "TRIPP JOKES",
        (2, 8),
        (
            ("jokers", "Jokers/deck", (0, 1, 2), 2, None),
            ("places", "Play for", (0, 1), 0, ("winner", "places")),
        ),
        "topper.games.tripp.turn",
        TURN,
    ),
    (
        "tricky",
        "TRICKY DICK",
        (4, 4),
        (
            ("mode", "Mode", (0, 1, 2), 0, ("solo", "2-on-2", "co-op")),
            ("hands", "Hands", (1, 2, 3, 4, 6, 8, 12, 16), 4, None),
        ),
        "topper.games.tricky.turn",
        TURN,
    ),
    (
        "crazy",
        "CRAZY JOB",
        (2, 8),
        (
            ("hands", "Hands", (0, 1, 2, 3, 4, 6, 8), 0, ("each", "1", "2", "3", "4", "6", "8")),
            ("target", "Target", (0, 25, 50, 75, 100), 0, ("off", "25", "50", "75", "100")),
        ),
        "topper.games.crazy.turn",
        TURN,
    ),
    (
        "guess",
        "GUESS MY CARD",
        (2, 8),
        (("hands", "Hands", (1, 2, 3, 4, 6, 8), 1, None),),
        "topper.games.guess.turn",
        TURN,
    ),
)

KEYS = tuple(g[0] for g in GAMES)
SLAP_KEYS = tuple(g[0] for g in GAMES if g[5] == SLAP)
TURN_KEYS = tuple(g[0] for g in GAMES if g[5] == TURN)


def find(key):
    """The entry of game ``key``; KeyError for a game there is not."""
    for g in GAMES:
        if g[0] == key:
            return g
    raise KeyError("no game %r" % (key,))


def is_turn(key):
    """True for a turn game, False for a slap game; KeyError for a game there is not."""
    return find(key)[5] == TURN


def title(key):
    return find(key)[1]


def options(key, given=None):
    """The game's options with defaults filled in; ValueError for a value it cannot take."""
    out = {}
    for name, label, values, default, _names in find(key)[3]:
        v = default if given is None or name not in given else given[name]
        if v not in values:
            raise ValueError("%s: %s cannot be %r" % (key, label, v))
        out[name] = v
    return out


def outgrows_nvm(key, seats, given=None, cardpad=True):
    """True for the turn games whose whole match can outgrow the power-cut save's nvm
    slot (1,664 bytes): the longest matches, by bench/bench_saves.py's largest of 100
    seeded games (docs/power-cut.md). On a board without the FRAM such a match goes on
    unsaved from that point; the menu says so before it starts."""
    if key not in TURN_KEYS:
        return False
    hands = options(key, given).get("hands", 1)
    if key == "tricky":
        return cardpad and hands >= 16
    if key == "crazy":
        return seats * (hands or seats) > CRAZY_MOST  # hands 0: each player deals once
    if key == "guess":
        return seats * hands > GUESS_MOST
    return False


# players * hands: the most a Crazy Job / Guess My Card match fits an nvm slot with
CRAZY_MOST = 24
GUESS_MOST = 16
