"""A turn game's moves made at the device as its players make them (docs/games/*.md,
"With the card pad" and "Without the card pad"). Each game's host package (its
registry record's ``host``: ``topper_host.games.<game>``, or a game's own elsewhere)
has two modules of them, ``pad_moves`` and ``button_moves``, each with

- ``inputs(ref, seat, action)``: what the hands do for ``seat``'s ``action`` (an
  action of the physical table, the game's dealt referee, before it is applied): a
  list of inputs, in order;
- ``after(ref, events)``: what the table still does at the device once the physical
  table applied a move (or started) and said ``events``: cards a dealer turns up, a
  trick reported, a stored rule's judgement given by its owner. [] for most moves.

and the package itself has ``hand_of(ref, seat)``: the cards in ``seat``'s hand and its
own secret, for that player's panel alone.

An input is a tuple: ``("tap", card)`` (the card laid on the pad), ``("short", seat)``,
``("long", seat)`` (a seat's button, released early or held), ``("table",)`` (the
table button, short), ``("chord", seat)`` (the table button held while the seat
presses) and ``("end",)`` (the table button held twice: END GAME?, then ended). A move
with no inputs is one the device never sees (a card thrown to the trash in Guess My
Card's dealt game) or makes by itself (an answer it counts from a card it read).

Only the simulator uses these: the device never needs to turn a move into presses.
"""

from topper import games
from topper_app.referees import load

TAP = "tap"
SHORT = "short"
LONG = "long"
TABLE = "table"
CHORD = "chord"
END = "end"


def host(key):
    """The host package of game ``key`` (its registry record's ``host``)."""
    name = games.find(key).host
    if name is None:
        raise KeyError("%s has no host side: the simulator cannot seat players at it" % key)
    return load(name)


def for_game(key, pad):
    """The moves of game ``key`` with the card pad (``pad``) or with the buttons alone."""
    return load("%s.%s" % (games.find(key).host, "pad_moves" if pad else "button_moves"))


def hand_of(ref, seat):
    """``(card names, secret text)`` of ``seat`` at the physical table ``ref``; ``([],
    "")`` before the deal."""
    if seat < 0 or not ref.started:
        return [], ""
    return host(ref.GAME).hand_of(ref, seat)


def taps(cards):
    return [(TAP, c) for c in cards]


def preview(ref, action):
    """What ``action`` would do at the physical table: its rulings and the referee
    after it, on a copy (the cards move only once the device took the move)."""
    ahead = clone(ref, {})
    return ahead, ahead.act(action, 0)


_SHARED = (int, float, bool, str, bytes, type(None))


def clone(x, memo):
    """A deep copy of a referee, as ``copy.deepcopy`` makes it on CPython: its
    objects, lists, dicts, tuples and sets copied, one copy of each however often it is
    held (``memo``: id -> copy), the rest (numbers, strings, classes, functions)
    shared. MicroPython's ``copy`` copies no instance of a class, and the browser page
    runs the physical table under MicroPython."""
    t = type(x)
    if t in _SHARED or isinstance(x, type) or callable(x):
        return x
    done = memo.get(id(x))
    if done is not None:
        return done
    if t is list:
        y = memo[id(x)] = []
        y.extend([clone(v, memo) for v in x])
    elif t is dict:
        y = memo[id(x)] = {}
        for k, v in x.items():
            y[clone(k, memo)] = clone(v, memo)
    elif t is tuple:
        y = memo[id(x)] = tuple([clone(v, memo) for v in x])
    elif t in (set, frozenset, bytearray):
        y = memo[id(x)] = t([clone(v, memo) for v in x])
    else:
        y = memo[id(x)] = object.__new__(t)
        for k, v in x.__dict__.items():
            setattr(y, k, clone(v, memo))
    return y
