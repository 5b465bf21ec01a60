"""The terminal picture of a turn-based game: the device (OLED pixel for pixel, ring)
as ``term`` draws it for the slap games, the seats, the human's own panel (its cards
and its numbered choices) and the commentary.

The panel is drawn only from what the shell hands in for the human's own seat
(``choices(seat)`` and that seat's hand), never from another seat's.
"""

from topper_host.sim import term
from topper_host.sim.frame import HEIGHT, WIDTH
from topper_view import ring as ringview
from topper_view import turns

BAR = (30, 30, 50)
PICK = (255, 255, 255)
PICK_BG = (40, 70, 120)


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
        parts.append("%s%s" % (flag, turns.clock_text(c["remaining"][s])))
    return "  ".join(parts), ", ".join(notes)


def draw_seats(cv, row, col, view, humans):
    for s in range(view["seats"]):
        mark = "\u25b6" if s == view["turn"] else " "
        x = cv.put(row + s, col, mark, term.TEXT)
        x = cv.put(row + s, x + 1, "P%d" % (s + 1), ringview.seat_color(s), bold=s in humans)
        left, notes = seat_line(view, s, humans)
        x = cv.put(row + s, x + 1, left, term.TEXT)
        if notes:
            cv.put(row + s, x + 2, notes, term.AMBER)


def draw_panel(cv, row, col, width, rows, panel):
    """The human's seat: its cards, then its numbered choices around the picked one."""
    seat = panel.get("seat", -1)
    if seat < 0:
        return row
    hand, secret = panel.get("hand") or ([], "")
    label = "Your cards (P%d): " % (seat + 1)
    x = cv.put(row, col, label, term.DIM)
    cv.put(row, x, (" ".join(hand) if hand else "(none)")[: max(0, width - len(label))], term.TEXT, bold=True)
    row += 1
    if secret:
        cv.put(row, col, secret[:width], term.AMBER)
        row += 1
    menu = panel.get("choices") or []
    if not menu:
        cv.put(row, col, panel.get("waiting", ""), term.DIM)
        return row + 1
    cv.put(row, col, "Your move (up/down or 1-9, Enter):", term.AMBER, bold=True)
    row += 1
    room = max(1, rows - 2)
    pick = panel.get("pick", 0)
    first = max(0, min(pick - room // 2, len(menu) - room))
    for i in range(first, min(len(menu), first + room)):
        text = ("%2d. %s" % (i + 1, menu[i]))[: width - 2]
        if i == pick:
            cv.put(row, col, "\u25b6 " + text.ljust(width - 2), PICK, PICK_BG, bold=True)
        else:
            cv.put(row, col, "  " + text, term.TEXT)
        row += 1
    if first + room < len(menu):
        cv.put(row - 1, col + width - 8, " more \u2193", term.DIM)
    return row


def draw(cv, frame, panel):
    view = frame.view
    humans = panel.get("humans", ())
    big = cv.cols >= term.BIG_COLS and cv.rows >= term.BIG_ROWS
    cv.put(0, 0, " " * cv.cols, None, BAR)
    cv.put(0, 1, panel.get("title", "Topper Table"), term.TEXT, BAR, bold=True)
    status = panel.get("status", "")
    if status:
        cv.put(0, cv.cols - len(status) - 1, status, term.AMBER, BAR, bold=True)
    if big:
        term.draw_oled_pixels(cv, 1, 0, frame.oled)
        side = WIDTH + 3
        term.draw_ring(cv, 1, side, frame.ring, view, humans, True)
        draw_seats(cv, 23, side + 1, view, humans)
        y = HEIGHT // 2 + 3
    else:
        term.draw_oled_text(cv, 1, 0, frame.lines)
        term.draw_ring(cv, 1, 24, frame.ring, view, humans, False)
        draw_seats(cv, 2, 57, view, humans)
        y = 14
    bottom = cv.rows - 1
    notice = panel.get("notice", "")
    if notice:
        bottom -= 1
        cv.put(bottom, 1, notice[: cv.cols - 2], term.AMBER, bold=True)
    feed = panel.get("feed", [])
    if big:
        half = min(80, cv.cols // 2)
        draw_panel(cv, y, 1, half - 2, bottom - y, panel)
        _feed(cv, y, half, cv.cols - half - 1, bottom - y, feed)
    else:
        rows = (bottom - y) // 2 if panel.get("choices") else 2
        end = draw_panel(cv, y, 1, cv.cols - 2, rows, panel)
        _feed(cv, end, 1, cv.cols - 2, bottom - end, feed)
    cv.put(cv.rows - 1, 0, " " * cv.cols, None, BAR)
    cv.put(cv.rows - 1, 1, panel.get("help", "")[: cv.cols - 2], term.TEXT, BAR)


def _feed(cv, row, col, width, rows, feed):
    lines = feed[-rows:] if rows > 0 else []
    for i, s in enumerate(lines):
        cv.put(row + i, col, s[:width], term.DIM if i < len(lines) - 1 else term.TEXT)
