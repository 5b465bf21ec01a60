"""Crazy Job in words for the shared screen (``topper.games.crazy.turn``): four lines of public
state, what the device waits for, a ruling as news, an action as a menu label.

Everything here is public except the rule entry's lines, which only the rule's maker is
looking at while entering it (the others look away, docs/games/crazy-job.md).
"""

from topper.games.crazy import rules as crazyrules
from topper.games.crazy.engine import ACT_NAMES, PAPER, Act, Phase, card_text
from topper.gamekit import Entry, seat_name

WIDTH = 21  # columns of a screen line


def lines(ref):
    if ref.entry_rule is not None:
        return _entry_lines(ref)
    m = ref.match
    n = ref.seats
    p = m.phase
    head = "Hand %d/%d" % (m.hand_no + 1, m.game.hands) if m.game.hands else "Hand %d" % (m.hand_no + 1)
    if m.game.target:
        head += " to %d" % m.game.target
    if p in (Phase.SCORED, Phase.OVER):
        if ref.shown >= 0:
            text = m.hand_view(ref.shown)["rule"]  # revealed at the hand's end
            return ["%s's rule was" % seat_name(ref.shown)] + wrap(text, 3)
        won = "hand stopped" if m.winner < 0 else "%s won hand %d" % (seat_name(m.winner), m.hand_no + 1)
        return [head, won, _row("pts", m.hand_points), _row("tot", m.scores)]
    if p == Phase.RULES:
        out = [head, "rules written %d/%d" % (n - m.rules.count(None), n)]
        if ref.entry == Entry.PAD:
            out.extend(["short: rule on paper", "long: store a rule"])
        return out
    if p == Phase.STARTS:
        up = n - [len(line) for line in m.lines].count(0)
        return [head, "dealer %s" % seat_name(m.dealer), "starts up %d/%d" % (up, n)]
    owner = m.rule_owner()
    line = m.lines[owner]
    out = [head + "  pile %d" % len(m.pile), "%s on %s's rule" % (seat_name(m.turn), seat_name(owner))]
    if m.pending is None:
        out.append("last %s, line of %d" % (card_text(line[-1]), len(line)))
    elif m.pending["kind"] == Act.PLAY:
        out.append("played " + cards_text(m.pending["cards"]))
    else:
        out.append("no legal card: %d" % len(m.pending["shown"]))
    if ref.claim:
        out.append("shown %d of %d" % (len(ref.taps), len(m.hands[m.turn])))
    elif ref.taps:
        out.append("read " + cards_text(ref.taps))
    else:
        out.append(_row("held", [len(h) for h in m.hands]))
    return out


def _entry_lines(ref):
    """The maker's own screen while entering a stored rule."""
    e = ref.entry_rule
    who = seat_name(ref.match.current_player())
    if e.done():
        problem = e.problem()
        head = "%s: %s" % (who, "cannot store" if problem else "store this rule?")
        return [head] + wrap(problem or crazyrules.Rule(e.code()).describe(), 3)
    options = e.options()
    i = ref.highlight
    return [
        "%s rule: %s" % (who, e.prompt()),
        "> " + options[i],
        "  " + options[(i + 1) % len(options)],
        "  (%d of %d)" % (i + 1, len(options)),
    ]


def hint(ref):
    m = ref.match
    if not ref.started:
        return "table: start"
    if m.is_over():
        return ""
    who = seat_name(m.current_player())
    p = m.phase
    pad = ref.entry == Entry.PAD
    buttons = ref.entry == Entry.BUTTONS
    if ref.entry_rule is not None:
        return "long=store table=back" if ref.entry_rule.done() else "short=next long=pick"
    if p == Phase.RULES:
        return "%s: write rule, press" % who if buttons else "%s: your rule" % who
    if p == Phase.STARTS:
        if pad:
            return "%s: read %s's start" % (who, seat_name(_start_due(m)))
        return "%s: starts up, table" % who
    if p == Phase.PLAY:
        if pad and ref.claim:
            return "%s: read hand, table" % who
        if pad:
            return "%s: %d read, press" % (who, len(ref.taps)) if ref.taps else "%s: read cards, press" % who
        if buttons:
            return "%s: %d laid, table" % (who, ref.count) if ref.count else "%s: press per card" % who
        return "%s: play" % who
    if p == Phase.JUDGE:
        return "%s: short ok, long no" % who
    if p == Phase.PICK:
        if pad:
            return "%s: read card to move" % who
        return "%s: move card, press" % who if buttons else "%s: move a card" % who
    return "table: next hand" if ref.entry != Entry.DEALT else "%s: next hand" % who


def _start_due(m):
    """The seat whose starting card is read next: from the dealer's left, the first
    line still empty."""
    n = m.game.players
    for i in range(n):
        seat = (m.dealer + 1 + i) % n
        if not m.lines[seat]:
            return seat
    return m.dealer


def describe(ruling):
    """A ruling as news for the message line, or "" to keep the last."""
    r = ruling["r"]
    if r == "hand":
        return "Hand %d: %s deals" % (ruling["hand"], seat_name(ruling["dealer"]))
    if r == "rule":
        return "%s: rule %s" % (seat_name(ruling["seat"]), "stored" if ruling["stored"] else "on paper")
    if r == "deal":
        return "cards dealt"
    if r == "start" and "card" in ruling:  # not the clock's own "start"
        return "%s's start %s" % (seat_name(ruling["seat"]), ruling["card"])
    if r == "play":
        return _news(ruling, "%d right" % len(ruling["cards"]) if ruling["ok"] else "wrong")
    if r == "none":
        return _news(ruling, "none ok" if ruling["ok"] else "claim wrong")
    if r == "picked":
        up = "" if ruling["card"] == "--" else ", %s up" % ruling["card"]
        return _news(ruling, "") + up
    if r == "reshuffle":
        return "wrong cards reshuffled"
    if r == "reveal":
        return "%s: %s" % (seat_name(ruling["seat"]), ruling["text"])
    if r == "score":
        if ruling["stopped"]:
            return "hand %d stopped" % ruling["hand"]
        return "%s wins hand %d" % (seat_name(ruling["winner"]), ruling["hand"])
    if r == "over":
        won = ruling["winners"]
        names = "+".join([seat_name(s) for s in won])
        return "%s win%s the match" % (names, "s" if len(won) == 1 else "")
    if r == "undo":
        return "undone: %s's %s" % (seat_name(ruling["player"]), ruling["undone"])
    return ""  # judge, pick: the hint asks the owner; the clock's own


def label(action):
    """An action as a simulator menu entry."""
    kind = action[0]
    if kind == Act.RULE:
        if action[1] == PAPER:
            return "rule on paper"
        return "rule: " + crazyrules.Rule(action[1]).describe()
    if kind == Act.START:
        return "start " + card_text(action[1])
    if kind == Act.PLAY:
        return "play " + cards_text(action[1:])
    if kind == Act.NONE:
        return "no legal card"
    if kind == Act.PICK:
        return "move " + card_text(action[1])
    if kind == Act.NEXT:
        return "next hand"
    return ACT_NAMES[kind]


def cards_text(card_list):
    return " ".join([card_text(c) for c in card_list])


def wrap(text, most):
    """``text`` cut at spaces into at most ``most`` lines of WIDTH."""
    out = []
    line = ""
    for word in text.split(" "):
        if line and len(line) + 1 + len(word) > WIDTH:
            out.append(line)
            line = word
        else:
            line = line + " " + word if line else word
    out.append(line)
    return out[:most]


def _news(ruling, what):
    """A turn's outcome and what it costs, in a screen line: "P2: wrong, draws 4"."""
    words = [what] if what else []
    owed = ruling.get("draw", 0)
    if owed and ruling["drawn"] < owed:
        words.append("draws %d/%d" % (ruling["drawn"], owed))  # even the wrong cards ran out
    elif owed:
        words.append("draws %d" % owed)
    return "%s: %s" % (seat_name(ruling["seat"]), ", ".join(words))


def _row(label, numbers):
    """Numbers per seat on one line, the label dropped when they need the room."""
    text = " ".join([str(x) for x in numbers])
    return text if len(label) + 1 + len(text) > WIDTH else label + " " + text
