"""What only the table sees in a slap game, as styled text: each seat's stack and
state, the pile's face-up cards, the last slap's ranking and the hurry-up bar."""

from rich.style import Style
from rich.text import Text

from topper import cards

from topper_host.sim import look
from topper_view import ring as ringview


def _st(c, bold=False, bg=None):
    return Style(color=look.rgb(c), bold=bold, bgcolor=look.rgb(bg) if bg else None)


LEGEND = (
    "Ring: pulsing = due to lay, bright = in control,",
    "red = slaps locked out, amber blink = penalty due,",
    "amber arc = hurry-up time left, white dots = chances,",
    "flash = a slap won (seat colour) or wrong (red).",
)


def seat_status(view, s):
    notes = []
    if s == view["turn"]:
        notes.append("lays")
    if s == view["controller"]:
        notes.append("control")
    # Once the game is over the referee reports every seat as unable to slap; that is
    # no lockout worth a word.
    if view["locked"][s] and view["phase"] != "over":
        notes.append("locked out")
    if view["penalty"][s]:
        notes.append("penalty card due")
    if view["stacks"][s] == 0 and view["winner"] != s:
        notes.append("out of cards")
    if view["winner"] == s:
        notes.append("WINNER")
    return ", ".join(notes)


def seats(view, humans):
    out = Text(no_wrap=True, overflow="ellipsis")
    for s in range(view["seats"]):
        if s:
            out.append("\n")
        out.append("\u25b6 " if s == view["turn"] else "  ", _st(look.TEXT))
        out.append("P%d" % (s + 1), _st(ringview.seat_color(s), bold=s in humans))
        out.append(" %-3s %2d cards" % ("you" if s in humans else "bot", view["stacks"][s]), _st(look.TEXT))
        status = seat_status(view, s)
        if status:
            out.append("  " + status, _st(look.RED if "locked" in status else look.AMBER))
    return out


def pile(view, width):
    """The pile on one line, the newest cards that fit, the top card last."""
    pot = view["pot"]
    head = "Pile %2d face up" % len(pot)
    if view["facedown"]:
        head += " +%d face down" % view["facedown"]
    out = Text(head + ": ", _st(look.DIM), no_wrap=True)
    if not pot:
        out.append("(empty)", _st(look.DIM))
        return out
    room = max(1, (width - len(out)) // 4 - 1)
    shown = pot[-room:]
    if len(shown) < len(pot):
        out.append("\u2026 ", _st(look.DIM))
    for i, code in enumerate(shown):
        top = i == len(shown) - 1
        out.append(cards.format_card(code), _st(look.card_color(code), bold=top))
        out.append(" \u25c0" if top else " ", _st(look.TEXT if top else look.DIM))
    return out


def slap_line(view):
    race = view["race"]
    if not race:
        return Text("Last slap: none yet", _st(look.DIM))
    parts = []
    for i, (s, m) in enumerate(race["order"]):
        note = " locked" if s in race["locked"] else ""
        parts.append("%d. P%d +%d ms%s" % (i + 1, s + 1, (m + 500) // 1000, note))
    by = race["by"]
    if by < 0:
        result = "nobody may slap"
    elif race["ok"] is None:  # blind play: the slap waits for the table's word
        result = "P%d: the table judges" % (by + 1)
    elif race["ok"]:
        rule = " (%s)" % race["rule"] if race["rule"] else ""  # (blind play names none)
        result = "P%d takes the pot%s" % (by + 1, rule)
    elif race["paid"]:
        result = "P%d wrong, pays %d" % (by + 1, race["paid"])
    else:
        result = "P%d wrong, locked out" % (by + 1)
    return Text("Last slap: %s  \u2192 %s" % ("  ".join(parts), result), _st(look.TEXT))


def hurry(view, width, sound=None):
    left = view["hurry_left"]
    limit = view["hurry_ms"]
    if limit <= 0:
        out = Text("Hurry-up: off", _st(look.DIM))
    elif left < 0 or view["turn"] < 0:
        out = Text("Hurry-up: %.1f s a card" % (limit / 1000.0), _st(look.DIM))
    else:
        tenths = (left + 99) // 100
        label = "Hurry-up: P%d has %d.%d s " % (view["turn"] + 1, tenths // 10, tenths % 10)
        out = Text(label, _st(look.TEXT))
        bar = max(10, min(30, width - len(out) - 16))
        full = (bar * left + limit - 1) // limit
        out.append("\u2588" * full, _st(look.RED if left < 1000 else look.AMBER))
        out.append("\u2591" * (bar - full), _st(look.FRAME))
    if sound:
        out.append("   \u266a " + sound, _st(look.AMBER))
    return out
