"""The referee of Tricky Dick at the table (RULES.md section 5): ``topper.games.tricky.engine``'s
match behind the ``TurnReferee`` interface (topper.turnref), for every way cards reach it.

One file though over 400 lines: the three entries share the hand's pause,
the undo and the save, which would be copied if each had its own module; the trick
report's questions without the pad are ``report`` already.

- ``Entry.DEALT`` (simulator, bots): the engine deals from the seed; ``act(card)``.
- ``Entry.PAD``: the table deals; each card the pad reads is the next one laid, starting
  with the four turned-up 16th cards.
- ``Entry.BUTTONS``: each player lays and presses their button; after the fourth card
  the table answers the trick's questions (``turn_tricky_report``).

In both device modes a hand ends on a pause: the screen shows the hand's points until
the table button asks for the next deal. Holding the table button and pressing a seat
button (CHORD) takes back the last thing the device accepted: a card, a press, a trick.

The referee's own state is the engine's history plus the presses accepted since the
engine's last action (``_pending``), replayed on undo and on ``restore``.
"""

from topper import cards, games, turnref
from topper.games.tricky import engine as trickydick
from topper.gamekit import Entry, RuleError, seat_name
from topper.games.tricky.engine import SEATS, TRICKS, Mode
from topper.inputs import BUTTONS, CHORD, LONG, SHORT, TABLE
from topper.turnref import TurnReferee

GAME = "tricky"


def make(cfg, seed, settle_ms=1, salt_key=None):
    """The referee of the menu's settings ``cfg``, not started (topper.referee)."""
    return turnref.make_with(referee, cfg, seed, salt_key)


def referee(seats, entry, seed=0, control=None, options=None):
    if seats != SEATS:
        raise RuleError("Tricky Dick is for 4 players, not %r" % (seats,))
    return TrickyReferee(entry, seed, control, games.options(GAME, options))


def restore(saved, now):
    """The referee ``save`` saved, in the same state, its clock going on from ``now``."""
    if saved.get("game") != GAME:
        raise RuleError("not a saved Tricky Dick game: %r" % (saved.get("game"),))
    ref = referee(saved["seats"], saved["entry"], saved["seed"], None, saved["options"])
    ref.match = trickydick.from_dict(saved["match"])
    ref.started = saved["started"]
    pending = saved["pending"]
    if "kinds" not in saved:  # presses numbered 0-3 (inputs.BUTTONS' order)
        pending = [[BUTTONS[p[0]], p[1]] for p in pending]
    ref._replay(pending)
    ref.message = saved["message"]
    ref.restore_clock(saved.get("clock"), now)
    return ref


_DEAL_ON = "table button: deal on"


def _names(seats, between="+"):
    return between.join([seat_name(s) for s in seats])


class _Player:
    """A bot for one seat of a dealt game: the engine's bot, shown the match."""

    def __init__(self, seed):
        from topper.games.tricky.bots import Bot

        self.bot = Bot(seed)

    def choose(self, referee):
        return self.bot.choose(referee.match)


class TrickyReferee(TurnReferee):
    GAME = GAME

    def __init__(self, entry, seed, control, options):
        TurnReferee.__init__(self, SEATS, entry, seed, control)
        self.options = options
        rules = trickydick.TrickyDick(mode=options["mode"], hands=options["hands"], entry=entry)
        self.match = rules.new_match(seed)
        if entry == Entry.BUTTONS:
            from topper.games.tricky import report as turn_tricky_report

            self._reports = turn_tricky_report
        self._new_trick()

    # ----- the referee's own state: presses since the engine's last action -----------

    def _new_trick(self):
        self._pending = []
        self._laid = 0  # buttons: seats that pressed after laying their card
        self._report = None
        if self.entry == Entry.BUTTONS and not self.match.trick_no and not self._break():
            self._report = self._reports.Report(True)  # the turned-up trick: report it

    def _break(self):
        """A hand has just ended: the device waits for the table button to deal on."""
        m = self.match
        return (
            self.entry != Entry.DEALT
            and not m.is_over()
            and m.hand_no > 0
            and not m.trick_no
            and not m.table
            and not self._pending
        )

    def _replay(self, pending):
        self._new_trick()
        for p in pending:
            self._press(p[0], p[1])

    def _press(self, press, seat):
        """An accepted press changes the state and returns its rulings; a refused one
        raises RuleError and changes nothing."""
        if self._break():
            if press != TABLE:
                raise RuleError(_DEAL_ON)
            self._pending.append([press, seat])
            if self.entry == Entry.BUTTONS:
                self._report = self._reports.Report(True)
            m = self.match
            return [{"r": "next", "hand": m.hand_no + 1, "dealer": m.dealer}]
        if self.entry == Entry.PAD:
            raise RuleError("tap cards on the pad")
        report = self._report
        if report is None:
            return self._lay(press, seat)
        if press == LONG:
            report.drop()
            self._pending.append([press, seat])
            return [{"r": "drop", "seat": seat}]
        if press == TABLE:
            done = report.table()
            if done is True:
                args = report.args()
                out = self.match.confirm_trick(args[0], args[1], args[2], args[3], args[4])
                self._new_trick()
                return out
            self._pending.append([press, seat])
            return [done]
        ruling = report.seat(seat)
        self._pending.append([press, seat])
        return [ruling]

    def _lay(self, press, seat):
        turn = self._turn()
        if press != SHORT:
            raise RuleError("%s: lay, then button" % seat_name(turn))
        if seat != turn:
            raise RuleError("%s's turn, not %s's" % (seat_name(turn), seat_name(seat)))
        self._laid += 1
        self._pending.append([press, seat])
        out = [{"r": "laid", "seat": seat}]
        if self._laid == SEATS:
            self._report = self._reports.Report(False)
            out.append({"r": "ask", "ask": "won"})
        return out

    def _undo(self, t_ms):
        m = self.match
        if self._pending:
            self._replay(self._pending[:-1])
            out = [{"r": "undo", "what": "press"}]
        elif m.history:
            last = m.history[-1]
            self.match = m.rewind(1)
            if not trickydick.is_report(last):
                self._new_trick()
                out = [{"r": "undo", "what": "card", "card": last}]
            else:
                m = self.match
                first = not m.trick_no
                presses = self._reports.presses(last, m.leader, first, SHORT, TABLE)
                if self._break():
                    presses.insert(0, [TABLE, -1])  # the new hand had been dealt on
                self._replay(presses)
                out = [{"r": "undo", "what": "trick", "trick": m.trick_no + 1}]
        else:
            return [self._error("nothing to take back", t_ms)]
        return self._settled(self._stamp(out, t_ms), t_ms)

    # ----- the shell's calls -----------------------------------------------------------

    def button(self, press, seat, t_ms):
        if press == TABLE:
            seat = -1
        elif press not in (SHORT, LONG, CHORD) or not isinstance(seat, int) or seat < 0 or seat >= SEATS:
            return [self._error("no such press %r on seat %r" % (press, seat), t_ms)]
        if self.is_over():
            return [self._error("the game is over", t_ms)]
        if press == CHORD:
            return self._undo(t_ms)
        if self.entry == Entry.DEALT:
            return [self._error("no use for that button now", t_ms)]
        try:
            out = self._press(press, seat)
        except RuleError as e:
            return [self._error(str(e), t_ms)]
        return self._settled(self._stamp(out, t_ms), t_ms)

    def public_card(self, code):
        # Each card the pad reads is the next one laid face up on the trick (or a
        # turned-up 16th card): the log names it.
        if self.entry != Entry.PAD:
            return None
        try:
            return cards.format_card(code)
        except cards.CardError:
            return None

    def card(self, code, t_ms):
        if self.entry != Entry.PAD:
            return [self._error("no card pad in use", t_ms)]
        # The engine's own words for these do not fit the OLED's message line, and it names
        # a foreign card by its code: the table knows a card by its face.
        if isinstance(code, int) and 0 <= code <= cards.JOKER and not self.is_over() and not self._break():
            if not cards.is_natural(code):
                return [self._error("%s not in this deck" % cards.format_card(code), t_ms)]
            if code not in self.match.legal_actions():
                return [self._error("%s already played" % cards.format_card(code), t_ms)]
        return self.act(code, t_ms)

    def resume(self, t_ms):
        # While the table answers or deals, nobody's time runs.
        if self._turn() < 0 and not self.is_over():
            return []
        return TurnReferee.resume(self, t_ms)

    def _settled(self, out, t_ms):
        c = self.clock
        turn = self._turn()
        if c is not None and self.started and not c.started and turn >= 0:
            # Without a pad the game opens with a report: the clock waits for a layer.
            out.extend(c.start(turn, t_ms))
            self._clock_seat = turn
        out = TurnReferee._settled(self, out, t_ms)
        if c is not None and c.started and not c.over and not c.paused and self._turn() < 0:
            out.extend(self._clock_rulings(c.pause(t_ms)))
            self._clock_seat = -1  # whoever is on turn next, the clock passes to them
        return out

    # ----- the hooks of TurnReferee ------------------------------------------------------

    def _begin(self):
        return self.match.rulings

    def _turn(self):
        m = self.match
        if m.is_over() or self._break():
            return -1
        if self.entry == Entry.BUTTONS:
            if self._report is not None:
                return -1
            return (m.leader + self._laid) % SEATS
        return m.current_player()

    def _next(self):
        turn = self._turn()
        laid = self._laid if self.entry == Entry.BUTTONS else len(self.match.table)
        if turn < 0 or laid >= SEATS - 1:
            return -1  # the trick's winner leads next: nobody knows who yet
        return (turn + 1) % SEATS

    def _apply(self, action):
        if self.entry == Entry.BUTTONS:
            raise RuleError("without a card pad the table reports each trick with the buttons")
        if self._break():
            raise RuleError(_DEAL_ON)
        out = self.match.apply(action)
        self._new_trick()
        return out

    def is_over(self):
        return self.match.is_over()

    def winners(self):
        return self.match.winners()

    def scores(self):
        return list(self.match.scores)

    def focus(self):
        """The trick's leader; during a report the winner named; between hands the dealer."""
        m = self.match
        if self._break():
            return m.dealer
        if self._report is not None:
            return self._report.winner
        return m.leader

    def hint(self):
        m = self.match
        if self._break():
            return "table: deal hand %d" % (m.hand_no + 1)
        if self._report is not None:
            return self._report.hint()
        turn = self._turn()
        if self.entry == Entry.BUTTONS:
            return "%s: lay, then button" % seat_name(turn)
        if self.entry == Entry.PAD:
            if not m.trick_no:
                return "turn up %s's card" % seat_name(turn)
            return "%s: tap, then lay" % seat_name(turn)
        return "%s: play a card" % seat_name(turn)

    def lines(self):
        m = self.match
        if m.is_over() or self._break():
            done = len(m.hand_results)
            out = ["Hand %d/%d done" % (done, m.game.hands)]
            out.append("hand %s" % " ".join(["%+d" % p for p in m.hand_results[-1]]))
            if not m.is_over():
                out.append("next: %s deals" % seat_name(m.dealer))
            out.append(self._score_line())
            return out
        out = ["Hand %d/%d  Trick %d/%d" % (m.hand_no + 1, m.game.hands, m.trick_no + 1, TRICKS)]
        if self._report is not None:
            out.extend(self._report.lines())
        elif self.entry == Entry.BUTTONS:
            lead = seat_name(m.leader)
            out.append("%s leads" % lead if not self._laid else "%s led, %d laid" % (lead, self._laid))
            out.append("")
        else:
            out.append(self._table_line())
            out.append(self._previous_line())
        out.append(self._score_line())
        return out

    def _table_line(self):
        m = self.match
        laid = " ".join([cards.format_card(p[1]) for p in m.table])
        if not m.trick_no:
            return "up: " + laid if laid else "turn-up from %s" % seat_name(m.leader)
        if not laid:
            return "%s leads" % seat_name(m.leader)
        return "%s led: %s" % (seat_name(m.leader), laid)

    def _previous_line(self):
        """Each seat's card of the last trick: the one its next card must match."""
        prev = self.match.previous
        if prev[0] is None:
            return ""
        return "prev " + " ".join([cards.format_card(c) for c in prev])

    def _score_line(self):
        m = self.match
        mode = m.game.mode
        if mode == Mode.PAIRS:
            t = m.team_scores()
            return "P1+P3 %d  P2+P4 %d" % (t[0], t[1])
        if mode == Mode.COOPERATIVE:
            return "team %d  avg %s" % (m.team_scores()[0], m.average())
        return "score " + " ".join(["%d" % s for s in m.scores])

    def choices(self, seat):
        m = self.match
        if self.entry == Entry.BUTTONS or self._break() or seat != self._turn():
            return []
        verb = "play " if self.entry == Entry.DEALT else "tap "
        return [(verb + cards.format_card(c), c) for c in m.legal_actions()]

    def bot(self, seat, seed):
        if self.entry != Entry.DEALT:
            raise RuleError("bots play only a dealt game")
        return _Player(seed)  # it lays for the seat on turn: the one it was made for

    def describe(self, ruling):
        r = ruling["r"]
        if r == "play":
            return "%s laid %s" % (seat_name(ruling["seat"]), cards.format_card(ruling["card"]))
        if r == "trick":
            # One OLED line: the trick's number is on the line above.
            text = "%s won %+d" % (seat_name(ruling["winner"]), ruling["value"])
            broke = ruling["broke"]
            if len(broke) == SEATS:
                return text + ", all -1"
            if broke:
                text += ", -1 %s" % _names(broke, "")
            return text
        if r == "hand":
            return "hand %d over" % ruling["hand"]
        if r in ("deal", "next"):
            return "%s deals hand %d" % (seat_name(ruling["dealer"]), ruling["hand"])
        if r == "over":
            if self.match.game.mode == Mode.COOPERATIVE:
                return "over: average %s" % ruling["average"]
            return "over: %s won" % _names(ruling["winners"])
        if r == "laid":
            return "%s laid" % seat_name(ruling["seat"])
        if r == "mark":
            if ruling["ask"] == "won":
                return "%s won" % seat_name(ruling["seat"])
            return "%s %s%s" % (seat_name(ruling["seat"]), "" if ruling["on"] else "not ", ruling["ask"])
        if r == "drop":
            return "report dropped"
        if r == "undo":
            if ruling["what"] == "card":
                return "took back %s" % cards.format_card(ruling["card"])
            if ruling["what"] == "trick":
                return "trick %d reopened" % ruling["trick"]
            return "took back a press"
        return ""

    def to_dict(self):
        return {
            "game": GAME,
            "seats": SEATS,
            "entry": self.entry,
            "seed": self.seed,
            "options": {"mode": self.options["mode"], "hands": self.options["hands"]},
            "started": self.started,
            "message": self.message,
            "match": self.match.to_dict(compact=True),  # reports as masks: packs small
            "pending": [list(p) for p in self._pending],
            "kinds": 1,  # a pending press is its topper.inputs kind (restore)
        }
