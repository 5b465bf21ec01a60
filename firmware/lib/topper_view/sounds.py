"""What the buzzer plays: tone sequences chosen from rulings.

A sequence is a tuple of ``(hz, ms)`` steps; ``hz`` 0 is a rest. One call of
``for_rulings`` may see several rulings at once (a lay that wins a game, a slap and
the collect that follows); only the most important one sounds, so that the table
hears one clear signal instead of a jumble. Tones stay between 200 Hz and 3 kHz,
where a small piezo is loud.
"""

LAY = ((1800, 25),)
CONTROL = ((1100, 70), (0, 30), (1650, 110))
SLAP_OK = ((1320, 80), (1760, 80), (2640, 180))
SLAP_WRONG = ((220, 350),)
SLAP_ASK = ((1200, 60), (0, 40), (1200, 60))  # a blind slap waits for the table
LOCKED = ((330, 60), (0, 40), (330, 60))
HURRY = ((880, 90), (0, 60), (880, 90), (0, 60), (880, 90))
COLLECT = ((1400, 40), (1000, 60))
START = ((660, 100), (880, 100), (1320, 160))
WIN = ((1047, 150), (1319, 150), (1568, 150), (2093, 400))
ERROR = ((200, 180), (0, 80), (200, 180))
CLICK = ((2400, 12),)
CONFIRM = ((1500, 40), (2000, 60))
TICK = ((2600, 15),)
CARD_OK = ((2000, 30),)

# Most important first: the first kind found in a batch decides the sound.
_ORDER = (
    "win",
    "slap",
    "confirm",
    "error",
    "hurry",
    "locked",
    "out",
    "collect",
    "lay",
    "turn",
    "starter",
)


def _for(r):
    kind = r["r"]
    if kind == "win":
        return WIN
    if kind == "slap":
        if r.get("by", -1) < 0:
            return LOCKED
        if r.get("ok") is None:
            return SLAP_ASK
        return SLAP_OK if r.get("ok") else SLAP_WRONG
    if kind == "confirm":
        return SLAP_OK if r.get("ok") else SLAP_WRONG
    if kind == "error":
        return ERROR
    if kind == "hurry":
        return HURRY
    if kind == "locked":
        return LOCKED
    if kind == "collect" or kind == "out":
        return COLLECT
    if kind == "turn":
        return LAY
    if kind == "lay":
        return CONTROL if "control" in r else LAY
    if kind == "starter":
        return START
    return None


def for_rulings(rulings):
    """The sequence for a batch of rulings, or None (late slaps are silent)."""
    for kind in _ORDER:
        for r in rulings:
            if r["r"] == kind:
                return _for(r)
    return None


def hurry_tick(prev_left, left):
    """A short tick as the hurry-up clock crosses 3, 2 and 1 second left, or None."""
    if prev_left is None or prev_left < 0 or left < 0:
        return None
    for mark in (3000, 2000, 1000):
        if prev_left > mark >= left:
            return TICK
    return None


def length(seq):
    """Total length of a sequence in ms."""
    total = 0
    for step in seq:
        total += step[1]
    return total


def for_turn(rulings, before, view):
    """The sound for a turn game's batch of rulings (``before``: the view's
    ``(turn, over)`` before them; ``view``: the view after): a fanfare when the game
    ends with a winner, the error buzz for a refused press or card, the hurry call
    when a seat's time runs out, a tick when the turn moves on; else None. Judged from
    the views, so every game's own ruling names need no table here."""
    if view["over"] and not before[1]:
        return WIN if view["winners"] else CONFIRM
    for r in rulings:
        if r["r"] == "error":
            return ERROR
    for r in rulings:
        if r["r"] == "flag":
            return HURRY
    if view["turn"] != before[0] and view["turn"] >= 0:
        return TICK
    return None
