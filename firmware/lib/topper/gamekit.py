"""What every game engine of the core shares: the error a refused action raises, the
ways cards reach an engine, seat names and the shape of an action.

One ``RuleError`` class for every game means a shell (firmware, simulator, replay)
catches one exception whatever game is being played.
"""

UNKNOWN = -1  # a card the device has not seen


class RuleError(ValueError):
    """An action the rules do not allow; the game is left unchanged."""


class Entry:
    """How the engine learns the cards."""

    DEALT = 0  # the engine deals from its seed and knows every card (simulator, bots)
    PAD = 1  # a card reader reports each card laid
    BUTTONS = 2  # no reader: the table reports what the engine cannot see


ENTRY_NAMES = ("dealt", "pad", "buttons")


def seat_name(seat):
    """Seats are 0-based in code and logs; players see P1..P8."""
    return "P%d" % (seat + 1)


def as_action(action):
    """An action as a tuple of ints, kind first; RuleError for anything else."""
    if not isinstance(action, (list, tuple)) or not action:
        raise RuleError("an action is a tuple of ints, kind first: %r" % (action,))
    for x in action:
        if not isinstance(x, int):
            raise RuleError("an action is a tuple of ints, kind first: %r" % (action,))
    return tuple(action)


def kind_name(kind, names):
    """The name of an action kind for messages, or its repr if it is not one."""
    if isinstance(kind, int) and 0 <= kind < len(names):
        return names[kind]
    return repr(kind)
