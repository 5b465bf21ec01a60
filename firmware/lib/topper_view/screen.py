"""The OLED screens: pure functions from a view to 8 lines of text, and one painter.

One file though over 400 lines: every screen is a small pure function over
the same 21-column helpers (``fit``, ``spread``, ``wrap``, the reused ``out`` lines),
and the slap screens among them are on the slap path that allocates nothing.

A screen is a list of ``LINES`` strings of at most ``COLS`` characters; line 0 is the
title and is painted inverted. Keeping screens as text means the host simulator can
print them in a terminal or paint them pixel for pixel with ``paint`` and the
project's own font, and tests can read them without decoding pixels.
"""

from topper import games
from topper_view import effects, font5x8

COLS = 21
LINES = 8
WIDTH = 128
HEIGHT = 64

def game_name(game):
    """The game's title, as its registry record has it (topper.games)."""
    try:
        return games.title(game)
    except KeyError:
        return str(game).upper()


def fit(s, width=COLS):
    # The string itself when it fits: a slice would copy it (a slap's screen should
    # allocate as little as it can).
    return s if len(s) <= width else s[:width]


def spread(left, right, width=COLS):
    """``left`` and ``right`` on one line, right-aligned, ``left`` cut to make room."""
    if not right:
        return left[:width]
    room = width - len(right)
    if room < 1:
        return right[:width]
    left = left[: room - 1]
    return left + " " * (room - len(left)) + right


def center(s, width=COLS):
    s = s[:width]
    pad = (width - len(s)) // 2
    return " " * pad + s


def wrap(text, width=COLS):
    """Break ``text`` into lines at spaces (words longer than a line are cut)."""
    out = []
    line = ""
    for word in text.split():
        while len(word) > width:
            if line:
                out.append(line)
                line = ""
            out.append(word[:width])
            word = word[width:]
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= width:
            line = line + " " + word
        else:
            out.append(line)
            line = word
    if line:
        out.append(line)
    return out


def _pad(lines):
    """``lines`` (a list its caller has just made) cut or filled to LINES lines of at
    most COLS characters, in place."""
    if len(lines) > LINES:
        del lines[LINES:]
    for i in range(len(lines)):
        if len(lines[i]) > COLS:
            lines[i] = lines[i][:COLS]
    while len(lines) < LINES:
        lines.append("")
    return lines


def ms(margin_us):
    """A race margin in whole ms, rounded."""
    return (margin_us + 500) // 1000


def race_text(order, width=COLS):
    """'P3 +0ms P1 +4ms' for as many seats as fit."""
    out = ""
    for seat, margin in order:
        part = "P%d +%dms" % (seat + 1, ms(margin))
        if out and len(out) + 1 + len(part) > width:
            break
        out = part if not out else out + " " + part
    return out


def secs(ms_left):
    """'2.4s' (tenths, rounded up so that 0.0s means the time is really up)."""
    tenths = (ms_left + 99) // 100
    return "%d.%ds" % (tenths // 10, tenths % 10)


def _seat_lines(view):
    """Stacks three seats a line: '>P1 16 xP2  3  P3  0'. The mark before a seat is
    'x' while its slaps are locked out, '!' when its next card is a penalty card, '?'
    while its slap waits for the table and '>' when it is due to lay. Without a card
    pad the device counts no cards: a seat shows 'out' or nothing."""
    lines = []
    line = ""
    stacks = view["stacks"]
    out = view.get("out")
    for s in range(view["seats"]):
        mark = " "
        if view["locked"][s]:
            mark = "x"
        elif view["penalty"][s]:
            mark = "!"
        elif s == view.get("pending", -1):
            mark = "?"
        elif s == view["turn"]:
            mark = ">"
        if stacks is not None:
            entry = "%sP%d %2d" % (mark, s + 1, stacks[s])
        else:
            entry = "%sP%d %s" % (mark, s + 1, "out" if out and out[s] else "   ")
        if len(line) >= 14:
            lines.append(line)
            line = ""
        line = entry if not line else line + " " + entry
    if line:
        lines.append(line)
    return lines


def _pot_line(view, format_card):
    pot = view["pot"]
    head = "Pot %d" % len(pot)
    if view["facedown"]:
        head += "+%d" % view["facedown"]
    tops = ""
    i = len(pot) - 1
    while i >= 0:
        name = format_card(pot[i])
        if len(head) + 1 + len(tops) + len(name) + 1 > COLS:
            break
        tops = name if not tops else name + " " + tops
        i -= 1
    return spread(head, tops)


def _state_line(view):
    phase = view["phase"]
    if phase == "starting":
        return "New pile: P%d opens" % (view["turn"] + 1)
    if phase == "control" and view["controller"] >= 0:
        return "Ctrl P%d  chances %d" % (view["controller"] + 1, view["chances"])
    if phase == "awarded":
        return "Pot won: slap or lay"
    if phase == "open":
        return "Open: match to ctrl"
    return ""


def _title(view, now_ms):
    name = game_name(view["game"])
    if view["phase"] == "over":
        return spread(name, "GAME OVER")
    turn = view["turn"]
    left = "%s P%d lays" % (name, turn + 1) if turn >= 0 else name
    right = ""
    if view["hurry_left"] >= 0:
        right = secs(view["hurry_left"])
    return spread(left, right)


def game(view, now_ms, fx=None, format_card=None, out=None):
    """The main screen during a slap game. ``format_card`` turns a card code into its
    notation ('3RC'); it comes from ``topper.cards`` and is passed in so that this
    module imports no game. A slap shows its own screen for a moment, and the end of
    the game shows the winner. ``out``: a list of LINES the screens of a slap may be
    written into instead of a new one (the device's, reused frame after frame: its
    OLED driver keeps a copy of the lines it shows); the others ignore it."""
    if format_card is None:
        format_card = str
    if view["phase"] == "over" and view["winner"] >= 0:
        return winner(view)
    if view.get("blind"):
        return blind(view, now_ms, fx, out)
    if fx is not None and effects.active(fx.slap_t, now_ms, effects.SLAP_MS):
        return _error(slap(fx.slap, view, out), now_ms, fx)
    lines = [_title(view, now_ms), _state_line(view), _pot_line(view, format_card)]
    lines.extend(_seat_lines(view))
    return _finish(lines, view, now_ms, fx)


def _finish(lines, view, now_ms, fx):
    """Lines 6 and 7: the last race and the latest ruling, or an error for a while."""
    while len(lines) < 6:
        lines.append("")
    if len(lines) > 6:
        del lines[6:]  # (in place: the list is the caller's new one)
    race = view["race"]
    lines.append(race_text(race["order"]) if race else "")
    lines.append(view["message"])
    return _error(_pad(lines), now_ms, fx)


# The last error's text and its lines: an error stands for seconds, redrawn with
# every frame (a slap's included), and is wrapped once.
_WRAPPED = [None, None]


def _error(lines, now_ms, fx):
    """A recent error takes the last line (two if it needs them): it must be read."""
    if fx is not None and effects.active(fx.error_t, now_ms, effects.ERROR_MS):
        if _WRAPPED[0] != fx.error:
            _WRAPPED[1] = wrap("! " + fx.error)
            _WRAPPED[0] = fx.error
        err = _WRAPPED[1]
        if len(err) == 1:
            lines[7] = err[0]
        else:
            lines[6] = err[0]
            lines[7] = err[1]
    return lines


# Texts made once and kept: a slap's screen is drawn right after its ruling, and what
# it says of a seat ("SLAP! P3 TAKES POT") or a rule ("rule: ww3-pair") is the same
# every time, so that frame builds no string it has built before. Read only.
_PER_SEAT = {}  # format -> [its text for seats 0..7, made when first needed]
_PER_RULE = {}  # rule id -> "rule: <id>"
_NO_SEATS = ()
_PAYS = (None, "P%d pays 1 card", "P%d pays 2 cards", "P%d pays 3 cards")


def per_seat(fmt, seat):
    """``fmt % (seat + 1)``, made once for each format and seat (seats 0 to 7)."""
    if not 0 <= seat < 8:
        return fmt % (seat + 1)
    texts = _PER_SEAT.get(fmt)
    if texts is None:
        texts = _PER_SEAT[fmt] = [None] * 8
    text = texts[seat]
    if text is None:
        text = texts[seat] = fmt % (seat + 1)
    return text


def _rule_text(rule):
    text = _PER_RULE.get(rule)
    if text is None:
        text = _PER_RULE[rule] = "rule: %s" % (rule,)
    return text


def _screen(out, title, second):
    """A screen of LINES lines, ``title`` and ``second`` on top, the rest empty: in
    ``out`` when given (see ``game``), else a new list (no list grows either way)."""
    if out is None:
        return [title, second, "", "", "", "", "", ""]
    out[0] = title
    out[1] = second
    for i in range(2, LINES):
        out[i] = ""
    return out


def slap(r, view, out=None):
    """The slap ruling: who won or paid, then the ranked seats with their margins."""
    by = r.get("by", -1)
    if by < 0:
        title = "SLAP: ALL LOCKED OUT"
        second = "locked seats can't slap"
    elif r.get("ok"):
        title = per_seat("SLAP! P%d TAKES POT", by)
        second = _rule_text(r.get("rule"))
    else:
        title = per_seat("WRONG SLAP: P%d", by)
        paid = r.get("paid", 0)
        if 0 < paid < len(_PAYS):
            second = per_seat(_PAYS[paid], by)
        elif paid:
            second = "P%d pays %d card%s" % (by + 1, paid, "" if paid == 1 else "s")
        else:
            second = per_seat("P%d locked out", by)
    lines = _screen(out, title, second)  # the ranks are written into it
    # The view's race is the same slap with the late presses added since the ruling.
    race = view.get("race") if view else None
    order = race["order"] if race else r.get("order", _NO_SEATS)
    _ranks(lines, order, r.get("locked", _NO_SEATS), r.get("tie"), 6)
    lines[7] = view["message"] if view else ""
    return _pad(lines)


def blind(view, now_ms, fx=None, out=None):
    """The main screen without a card pad: the device ranks slaps, the table judges
    them with the table button (short: good, long: wrong). ``out``: see ``game``."""
    pending = view.get("pending", -1)
    if pending >= 0:
        lines = _screen(out, per_seat("P%d SLAPPED: GOOD?", pending), "short:yes  long:no")
        _ranks(lines, view["race"]["order"] if view["race"] else _NO_SEATS, _NO_SEATS, None, 5)
        lines[7] = view["message"]
        return _pad(lines)
    if fx is not None and effects.active(fx.outcome_t, now_ms, effects.SLAP_MS):
        o = fx.outcome
        if o["ok"]:
            title = per_seat("P%d TAKES THE POT", o["by"])
        elif o.get("paid"):
            title = "WRONG: P%d PAYS %d" % (o["by"] + 1, o["paid"])
        else:
            title = per_seat("WRONG: P%d LOCKED", o["by"])
        lines = [title, "", "", "", "", ""]
        _ranks(lines, view["race"]["order"] if view["race"] else _NO_SEATS, _NO_SEATS, None, 6)
        return _finish(lines, view, now_ms, fx)
    hint = "tap table after a lay" if view["hurry_ms"] else "table judges slaps"
    lines = [_title(view, now_ms), hint, "hold table+seat: out"]
    lines.extend(_seat_lines(view))
    return _finish(lines, view, now_ms, fx)


def _ranks(lines, order, locked, tie, upto):
    """The ranked seats into ``lines[2:upto]`` (lines already that long)."""
    rank = 0
    for seat, margin in order:
        if 2 + rank >= upto:
            break
        rank += 1
        note = " locked" if seat in locked else ""
        if tie and seat in tie:
            note += " tie"
        if rank == 1 and not note and margin < 500:
            # The winner's line reads "1. P3     0ms" every time: made once a seat.
            lines[2] = per_seat("1. P%d     0ms", seat)
        else:
            lines[1 + rank] = "%d. P%d %5dms%s" % (rank, seat + 1, ms(margin), note)


def winner(view):
    """The end of a slap game. A shell that keeps the seats' reaction times
    (``topper.reactions``) puts ``Reactions.lines()`` in the view as ``"reactions"``
    (at most four lines): the screen then shows them in place of the stacks."""
    w = view["winner"]
    if view.get("reactions"):
        return reactions(view)
    lines = [spread(game_name(view["game"]), "GAME OVER"), "", center("P%d WINS!" % (w + 1)), ""]
    lines.extend(_seat_lines(view))
    while len(lines) < 7:
        lines.append("")
    lines.append("hold table: menu")
    return _pad(lines)


def reactions(view):
    """GAME OVER, the winner, and each seat's median slap reaction in ms."""
    medians = view["reactions"][: LINES - 4]
    lines = [spread(game_name(view["game"]), "GAME OVER")]
    if len(medians) < LINES - 4:
        lines.append("")  # the winner on the third line, as on the plain game-over screen
    lines.append(center("P%d WINS!" % (view["winner"] + 1)))
    lines.append("median reaction, ms")
    lines.extend(medians)
    while len(lines) < LINES - 1:
        lines.append("")
    lines.append("hold table: menu")
    return _pad(lines)


def message(title, text, hint=""):
    """A titled text screen (errors, instructions); ``hint`` goes on the last line."""
    body = wrap(text)
    room = LINES - 1 - (1 if hint else 0)
    lines = [title] + body[:room]
    while hint and len(lines) < LINES - 1:
        lines.append("")
    if hint:
        lines.append(hint)
    return _pad(lines)


def starter(game_key, seats, cardpad):
    """Before the first pile: the table finds the starter by showing top cards."""
    text = (
        "Deal the deck. Everyone shows their top card: the highest number starts. "
        "Starter: press your seat button."
    )
    mode = "card pad" if cardpad else "no card pad"
    return message("%s %d seats" % (game_name(game_key), seats), text, mode)


def enroll(done, total, next_name, last, hint="short:skip long:save"):
    """Deck enrollment progress."""
    width = COLS - 2
    filled = done * width // total if total else 0
    lines = [
        spread("ENROLL DECK", "%d/%d" % (done, total)),
        "Tap card:" if next_name else "All cards tapped",
        " " + next_name if next_name else "",
        "",
        "[" + "#" * filled + "." * (width - filled) + "]",
        last,
        "",
        hint,
    ]
    return _pad(lines)


ALL_ROWS = (1 << LINES) - 1


def paint(fb, lines, rows=ALL_ROWS, width=WIDTH):
    """Draw the lines of a screen whose bit is set in ``rows`` (all of them by
    default) into ``fb``, each on its own band of 8 rows, cleared first: the OLED
    driver repaints and sends only the lines that changed. ``fb`` needs ``fill_rect``
    and ``pixel``; see ``font5x8.text`` for the faster column path."""
    h = font5x8.HEIGHT
    for row in range(LINES):
        if not rows >> row & 1:
            continue
        fb.fill_rect(0, row * h, width, h, 1 if row == 0 else 0)  # the title's bar
        s = lines[row] if row < len(lines) else ""
        if s:
            font5x8.text(fb, s, 1, row * h, 0 if row == 0 else 1)
