"""A turn game's seats as styled text, from the referee's view (``topper monitor``
draws a board's turn game with it): points, time bank, on turn / next / asked / out /
WINNER."""

from rich.style import Style
from rich.text import Text

from topper_host.sim import look
from topper_view import ring as ringview
from topper_view import turns


def _st(c, bold=False):
    return Style(color=look.rgb(c), bold=bold)


def seat_line(view, s, humans):
    notes = []
    if s == view["turn"]:
        notes.append("on turn")
    elif s == view["next"]:
        notes.append("next")
    if s == view["focus"]:
        notes.append("asked")
    if view["out"][s]:
        notes.append("out")
    if s in view["winners"]:
        notes.append("WINNER")
    parts = ["bot" if s not in humans else "you"]
    if view["scores"] is not None:
        parts.append("%4d pts" % view["scores"][s])
    c = view["clock"]
    if c is not None:
        flag = "!" if c["flagged"][s] else " "
        more = turns.overtime(c, s)
        parts.append("%s%s%s" % (flag, (more + " ") if more else "", turns.clock_text(c["remaining"][s])))
        if c.get("penalties") and c["penalties"][s]:
            notes.append("%d penalt%s" % (c["penalties"][s], "y" if c["penalties"][s] == 1 else "ies"))
    return "  ".join(parts), ", ".join(notes)


def seats(view, humans):
    out = Text(no_wrap=True, overflow="ellipsis")
    for s in range(view["seats"]):
        if s:
            out.append("\n")
        out.append("\u25b6 " if s == view["turn"] else "  ", _st(look.TEXT))
        out.append("P%d" % (s + 1), _st(ringview.seat_color(s), bold=s in humans))
        left, notes = seat_line(view, s, humans)
        out.append(" " + left, _st(look.TEXT))
        if notes:
            out.append("  " + notes, _st(look.AMBER))
    return out
