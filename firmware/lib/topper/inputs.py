"""What happens at the table, as the referees are told it: one input event.

Every referee, the slap games' card referee (``games.slap.pad``) and blind referee
(``games.slap.blind``) and every turn game's (``turnref``), takes the same call::

    rulings = ref.take(kind, seat, t_ms, us=0, card=None)

``kind`` is one of the small ints below, ``seat`` the seat (-1 for the table button or
none), ``t_ms`` the stamp the input was taken at, ``us`` the microseconds a capture adds
to a press, ``card`` a card code the pad read (None: the seeded game's own next card).
The answer is a list of rulings, each a dict with ``"r"`` and ``"t"``; an input a game
has no use for is an ``error`` ruling and changes nothing. Plain values, no object an
event: a slap reaches its referee without an allocation.

The device's buttons report these very kinds (``topper_hw.buttons``): one numbering from
the pin to the referee. The shells (the device's ``topper_app``, the simulator, the
replays) turn what they hear into these: the buttons' events, the pad's reads, the
log's lines (``from_log``). What only a shell knows stays the shell's: starting a game,
the menu.
"""

PRESS = 0  # a seat's button went down (a slap in the slap games)
SHORT = 1  # a seat's button released before the long-press time (turn games)
LONG = 2  # a seat's button held for the long-press time (turn games)
TABLE = 3  # the table button, short
TABLE_LONG = 4  # the table button, long (blind play: the waiting slap was wrong)
CHORD = 5  # a seat pressed while the table button is held (blind play: out / in)
CARD = 6  # the card pad read ``card``
TICK = 7  # time passed: the referee's timers
PAUSE = 8  # the table asked "END GAME?": a chess clock stops while it stands
RESUME = 9  # the table played on after "END GAME?"
# What the buttons report beside the inputs above (topper_hw.buttons), for the shell
# alone: no referee is given these.
TABLE_END = 10  # the table button's long press was released
OVERFLOW = 11  # the scanner's queue filled: presses were lost
STUCK = 12  # a button has been held down too long
CHATTER = 13  # a seat's switch fires on its own: muted

NAMES = ("press", "short", "long", "table", "table_long", "chord", "card", "tick", "pause", "resume",
         "table_end", "overflow", "stuck", "chatter")

# The presses a turn game takes. Their order is the numbering (0-3) that saves written
# before the referees took these kinds kept a press by: BUTTONS[old] is its kind.
BUTTONS = (SHORT, LONG, TABLE, CHORD)
BUTTON_NAMES = tuple(NAMES[k] for k in BUTTONS)  # how a turn game's log names a press
_BUTTONS = {NAMES[k]: k for k in BUTTONS}


def from_log(ev, parse_card):
    """``(kind, seat, us, card)`` of a logged event (docs/event-log.md), or None for a
    shell's own event (start, act, secret). ``parse_card(text)`` turns a
    card's name into its code. ValueError for an input event the referee cannot be
    given (a seat, a card or a microsecond count that is not one)."""
    ev_kind = ev.get("ev")
    if ev_kind == "press":
        us = whole(ev, "us", 0)
        if us < 0 or us > 999:
            raise ValueError("us must be 0..999")
        return PRESS, whole(ev, "seat"), us, None
    if ev_kind == "lay" or ev_kind == "card":
        name = ev.get("card")
        seat = ev.get("seat")
        return CARD, -1 if seat is None else whole(ev, "seat"), 0, None if name is None else parse_card(name)
    if ev_kind == "tick":
        return TICK, -1, 0, None
    if ev_kind == "pause":
        return PAUSE, -1, 0, None
    if ev_kind == "resume":
        return RESUME, -1, 0, None
    if ev_kind == "table":
        long = ev.get("long", False)
        if not isinstance(long, bool):
            raise ValueError("'long' must be true or false, not %r" % (long,))
        return TABLE_LONG if long else TABLE, -1, 0, None
    if ev_kind == "out":
        return CHORD, whole(ev, "seat"), 0, None
    if ev_kind == "button":
        kind = _BUTTONS.get(ev.get("press"))
        if kind is None:
            raise ValueError("'press' must be short, long, table or chord, not %r" % (ev.get("press"),))
        return kind, whole(ev, "seat", -1), 0, None
    return None


def no_use(kind):
    """The words of the error ruling for an input a game has no use for."""
    if 0 <= kind < len(NAMES):
        return "no use for %s here" % NAMES[kind].replace("_", " ")
    return "no such input: %r" % (kind,)


def whole(obj, key, default=None):
    """``obj[key]`` as a whole number (``default`` when absent), or ValueError in words:
    every field of a log line that is a number is read with this."""
    v = obj.get(key, default)
    if v is None:
        raise ValueError("missing %r" % key)
    if not isinstance(v, int) or isinstance(v, bool):
        raise ValueError("%r must be a whole number, not %r" % (key, v))
    return v
