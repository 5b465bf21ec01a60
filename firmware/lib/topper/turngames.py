"""The turn-based games a shell can offer, as plain data: light enough for the device's
menu to hold all four without importing a single engine (heap).

Each entry: ``(key, title, (fewest, most) players, options, module)``. ``options`` are
the game's own settings, ``(key, label, values, default, names)``: every value a small
int, ``names`` the menu's words for the values (None: the number itself). ``module``
is ``topper.turn_<game>``, imported only when that game is played; it has
``make(seats, entry, seed, control, options)`` and ``restore(saved)`` (topper.turnref);
a game with sealed secrets sets ``SECRETS = True`` and its ``make`` takes a ``salt_key``
as well (topper.commit.KeyedSalts).
"""

GAMES = (
    (
        "tripp",
        "TRIPP JOKES",
        (2, 8),
        (
            ("jokers", "Jokers/deck", (0, 1, 2), 2, None),
            ("places", "Play for", (0, 1), 0, ("winner", "places")),
        ),
        "topper.turn_tripp",
    ),
    (
        "tricky",
        "TRICKY DICK",
        (4, 4),
        (
            ("mode", "Mode", (0, 1, 2), 0, ("solo", "2-on-2", "co-op")),
            ("hands", "Hands", (1, 2, 3, 4, 6, 8, 12, 16), 4, None),
        ),
        "topper.turn_tricky",
    ),
    (
        "crazy",
        "CRAZY JOB",
        (2, 8),
        (
            ("hands", "Hands", (0, 1, 2, 3, 4, 6, 8), 0, ("each", "1", "2", "3", "4", "6", "8")),
            ("target", "Target", (0, 25, 50, 75, 100), 0, ("off", "25", "50", "75", "100")),
        ),
        "topper.turn_crazy",
    ),
    (
        "guess",
        "GUESS MY CARD",
        (2, 8),
        (("hands", "Hands", (1, 2, 3, 4, 6, 8), 1, None),),
        "topper.turn_guess",
    ),
)

KEYS = ("tripp", "tricky", "crazy", "guess")


def find(key):
    """The entry of game ``key``; KeyError for a game that is not turn-based."""
    for g in GAMES:
        if g[0] == key:
            return g
    raise KeyError("no turn-based game %r" % (key,))


def options(key, given=None):
    """The game's options with defaults filled in; ValueError for a value it cannot take."""
    out = {}
    for name, label, values, default, _names in find(key)[3]:
        v = default if given is None or name not in given else given[name]
        if v not in values:
            raise ValueError("%s: %s cannot be %r" % (key, label, v))
        out[name] = v
    return out
