"""Rulings in words, for the terminal's running commentary (the OLED has room for one
short message; a terminal can say what happened in full)."""

from topper_view import sounds


def seat(s):
    return "P%d" % (s + 1)


def _ms(us):
    return "%d ms" % ((us + 500) // 1000)


def ruling(r):
    """One line for one ruling, or None for those not worth a line."""
    kind = r["r"]
    if kind == "starter":
        rounds = len(r.get("shows", []))
        if rounds:
            return "%s shows the highest number (%d round%s) and starts" % (
                seat(r["seat"]),
                rounds,
                "" if rounds == 1 else "s",
            )
        return "%s starts" % seat(r["seat"])
    if kind == "lay":
        text = "%s lays %s" % (seat(r["seat"]), r["card"])
        if r.get("penalty"):
            text += " (penalty card)"
        if "control" in r:
            text += ": takes control, %d chance%s" % (
                r["chances"],
                "" if r["chances"] == 1 else "s",
            )
        if "award" in r:
            text += ": pot won by %s" % seat(r["award"])
        return text
    if kind == "slap":
        order = ", ".join(["%s +%s" % (seat(s), _ms(m)) for s, m in r["order"]])
        if r["by"] < 0:
            return "slap by locked-out seats only (%s)" % order
        if r["ok"] is None:  # blind play: the table judges it with its button
            return "%s slaps first (%s): good or wrong? the table says" % (seat(r["by"]), order)
        if r["ok"]:
            return "%s slaps first (%s): %s, takes the pot" % (seat(r["by"]), order, r["rule"])
        if r["paid"]:
            return "%s slaps wrongly (%s): pays %d face down" % (seat(r["by"]), order, r["paid"])
        return "%s slaps wrongly from beyond the grave (%s): locked out" % (seat(r["by"]), order)
    if kind == "late":
        return "%s late by %s" % (seat(r["seat"]), _ms(r["margin_us"]))
    if kind == "locked":
        return "%s is locked out: press ignored" % seat(r["seat"])
    if kind == "hurry":
        return "%s too slow: the next card is a penalty card" % seat(r["seat"])
    if kind == "collect":
        return "%s gathers the pot: %d cards" % (seat(r["seat"]), r["cards"])
    if kind == "win":
        return "%s WINS THE GAME" % seat(r["seat"])
    if kind == "confirm":  # blind play's judgement of a slap
        if r["ok"]:
            return "the table: %s's slap was good, %s takes the pot" % (seat(r["seat"]), seat(r["seat"]))
        if r["paid"]:
            return "the table: %s's slap was wrong, pays %d face down" % (seat(r["seat"]), r["paid"])
        return "the table: %s's slap was wrong%s" % (seat(r["seat"]), ", locked out" if r["locked"] else "")
    if kind == "out":
        return "%s is %s" % (seat(r["seat"]), "out of cards" if r["out"] else "back in")
    if kind == "turn":
        return "%s lays next" % seat(r["seat"])
    if kind == "error":
        return "refused: %s" % r["msg"]
    return None


_SOUNDS = (
    ("lay", sounds.LAY),
    ("control", sounds.CONTROL),
    ("slap!", sounds.SLAP_OK),
    ("wrong slap", sounds.SLAP_WRONG),
    ("locked", sounds.LOCKED),
    ("hurry-up", sounds.HURRY),
    ("gather", sounds.COLLECT),
    ("start", sounds.START),
    ("fanfare", sounds.WIN),
    ("error", sounds.ERROR),
)


def sound(seq):
    """A name for the buzzer sequence the device would play, or None."""
    if seq is None:
        return None
    for name, s in _SOUNDS:
        if s == seq:
            return name
    return "beep"
