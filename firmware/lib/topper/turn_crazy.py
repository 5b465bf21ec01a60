"""The referee of Crazy Job (RULES.md section 6) between the engine (``topper.crazyjob``)
and the shells: the simulator hands it whole actions, the device its buttons and the
cards its pad reads (``topper.turnref`` has the interface).

The engine knows the rules; this module only turns presses and cards into engine actions,
the engine's state into four public lines for the shared screen, and the rulings into
words. A stored rule is the game's secret: it reaches the screen only while its maker
enters it, and neither the lines, the message nor a ruling carry it before the hand's end.
"""

from topper import crazyjob, crazyrules, turngames
from topper.bots_crazyjob import Bot
from topper.crazyjob import PAPER, Act, CrazyJob, Phase, card_text
from topper.gamekit import ENTRY_NAMES, Entry, RuleError, seat_name
from topper.turnref import TurnReferee

GAME = "crazy"
MENU_MAX = 400  # a simulator menu lists runs of up to 4 cards while it stays this short
WIDTH = 21  # columns of a screen line


def make(seats, entry, seed=0, control=None, options=None):
    """A Crazy Job referee, not started (``options``: ``hands``, ``target`` as in the menu)."""
    return CrazyReferee(seats, entry, seed, control, turngames.options(GAME, options))


def restore(saved):
    """The referee that ``CrazyReferee.to_dict`` saved (the clock is the journal's)."""
    if saved.get("game") != GAME:
        raise RuleError("not a Crazy Job game: %r" % (saved.get("game"),))
    ref = make(saved["seats"], ENTRY_NAMES.index(saved["entry"]), saved["seed"], None, saved["options"])
    ref.match = crazyjob.replay(ref.game, ref.seed, [tuple(a) for a in saved["history"]])
    ref.started = bool(saved["started"])
    ref.message = saved["message"]
    return ref


class CrazyReferee(TurnReferee):
    GAME = GAME

    def __init__(self, seats, entry, seed, control, options):
        TurnReferee.__init__(self, seats, entry, seed, control)
        self.options = options
        # P1 deals first and the deal passes left (docs/games/crazy-job.md).
        self.game = CrazyJob(players=seats, hands=options["hands"], target=options["target"], entry=entry)
        self.match = self.game.new_match(seed)
        self._log = None  # every public ruling of the match, kept only once a bot plays
        self._epoch = 0  # counts undos: a bot that watched an undone past starts again

    # ----- the engine --------------------------------------------------------------

    def _begin(self):
        return list(self.match.rulings)

    def _turn(self):
        return self.match.current_player()

    def _next(self):
        if self.match.phase in (Phase.PLAY, Phase.JUDGE, Phase.PICK):
            return (self.match.turn + 1) % self.seats
        return -1

    def _apply(self, action):
        if not self.started:
            raise RuleError("the game has not started")
        events = list(self.match.apply(action))
        if self._log is not None:
            self._log.extend(events)
        return events

    def is_over(self):
        return self.match.is_over()

    def winners(self):
        return self.match.winners()

    def scores(self):
        return list(self.match.scores)

    def focus(self):
        """Beside the seat due: the rule owner while a player plays, the player while the
        owner judges or moves a card."""
        m = self.match
        if m.pending is not None and m.current_player() == m.pending["owner"]:
            return m.pending["seat"]
        return m.rule_owner()

    # ----- the simulator -----------------------------------------------------------

    def choices(self, seat):
        m = self.match
        if not self.started or m.is_over() or seat != m.current_player():
            return []
        actions = m.legal_actions(max_cards=_longest_run(len(m.hands[m.turn])))
        if m.phase == Phase.PLAY:
            actions.sort(key=lambda a: (a[0] != Act.PLAY, len(a), a))
        return [(_label(a), a) for a in actions]

    def bot(self, seat, seed):
        if self.entry != Entry.DEALT:
            raise RuleError("a bot needs to see its cards: only a dealt game has bots")
        if self._log is None:
            self._log = self._public_log()
        return _SeatBot(seat, seed)

    def _public_log(self):
        """Every public ruling so far, from a replay of the history (a bot joining late
        learns what the table saw)."""
        m = crazyjob.replay(self.game, self.seed, [])
        out = list(m.rulings)
        for action in self.match.history:
            out.extend(m.apply(action))
        return out

    # ----- the screen --------------------------------------------------------------

    def lines(self):
        m = self.match
        n = self.seats
        p = m.phase
        head = "Hand %d/%d" % (m.hand_no + 1, m.game.hands) if m.game.hands else "Hand %d" % (m.hand_no + 1)
        if m.game.target:
            head += " to %d" % m.game.target
        if p == Phase.RULES:
            done = n - m.rules.count(None)
            return [head, "dealer %s" % seat_name(m.dealer), "rules written %d/%d" % (done, n)]
        if p == Phase.STARTS:
            up = n - [len(line) for line in m.lines].count(0)
            return [head, "dealer %s" % seat_name(m.dealer), "starts up %d/%d" % (up, n)]
        if p in (Phase.SCORED, Phase.OVER):
            won = "hand stopped" if m.winner < 0 else "%s won hand %d" % (seat_name(m.winner), m.hand_no + 1)
            return [head, won, _row("pts", m.hand_points), _row("tot", m.scores)]
        owner = m.rule_owner()
        line = m.lines[owner]
        head += "  pile %d" % len(m.pile)
        out = [head, "%s on %s's rule" % (seat_name(m.turn), seat_name(owner))]
        if m.pending is None:
            out.append("last %s, line of %d" % (card_text(line[-1]), len(line)))
        elif m.pending["kind"] == Act.PLAY:
            out.append("played " + _cards(m.pending["cards"]))
        else:
            out.append("no legal card: %d" % len(m.pending["shown"]))
        out.append(_row("held", [len(h) for h in m.hands]))
        return out

    def hint(self):
        m = self.match
        if not self.started:
            return "table: start"
        who = seat_name(m.current_player())
        p = m.phase
        if p == Phase.RULES:
            return "%s: your rule" % who
        if p == Phase.PLAY:
            return "%s: play" % who
        if p == Phase.JUDGE:
            return "%s: right or wrong?" % who
        if p == Phase.PICK:
            return "%s: move a legal card" % who
        if p == Phase.SCORED:
            return "%s: next hand" % who
        return ""

    def describe(self, ruling):
        r = ruling["r"]
        if r == "hand":
            return "Hand %d: %s deals" % (ruling["hand"], seat_name(ruling["dealer"]))
        if r == "rule":
            return "%s: rule %s" % (seat_name(ruling["seat"]), "stored" if ruling["stored"] else "on paper")
        if r == "deal":
            return "cards dealt"
        if r == "start" and "card" in ruling:  # not the clock's own "start"
            return "%s's start %s" % (seat_name(ruling["seat"]), ruling["card"])
        if r in ("judge", "pick"):
            return ""  # the hint asks the owner
        if r == "play":
            return _news(ruling, "%d right" % len(ruling["cards"]) if ruling["ok"] else "wrong")
        if r == "none":
            return _news(ruling, "no card: right" if ruling["ok"] else "no card: wrong")
        if r == "picked":
            return _news(ruling, "%s moved" % ruling["card"])
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
        return ""

    # ----- the journal -------------------------------------------------------------

    def to_dict(self):
        """The game, not the clock: rebuilt by replaying the history from the seed.
        Private until the match is over: the history holds the stored rules."""
        return {
            "game": GAME,
            "seats": self.seats,
            "entry": ENTRY_NAMES[self.entry],
            "seed": self.seed,
            "options": {"hands": self.options["hands"], "target": self.options["target"]},
            "history": [list(a) for a in self.match.history],
            "started": self.started,
            "message": self.message,
        }


class _SeatBot:
    """``topper.bots_crazyjob.Bot`` for one seat, fed every public ruling before it acts."""

    def __init__(self, seat, seed):
        self.seat = seat
        self.seed = seed
        self.epoch = -1
        self.seen = 0

    def choose(self, ref):
        if self.epoch != ref._epoch:
            self.bot = Bot(self.seed)
            self.epoch = ref._epoch
            self.seen = 0
        self.bot.observe(ref._log[self.seen :])
        self.seen = len(ref._log)
        return self.bot.choose(ref.match)


def _longest_run(held):
    """The longest run a menu lists for a hand of ``held`` cards, at most MENU_MAX plays."""
    k = 4
    while k > 1:
        total = 0
        ways = 1
        for j in range(k):
            ways *= held - j
            total += ways
        if total <= MENU_MAX:
            break
        k -= 1
    return k


def _label(action):
    kind = action[0]
    if kind == Act.RULE:
        if action[1] == PAPER:
            return "rule on paper"
        return "rule: " + crazyrules.Rule(action[1]).describe()
    if kind == Act.START:
        return "start " + card_text(action[1])
    if kind == Act.PLAY:
        return "play " + _cards(action[1:])
    if kind == Act.NONE:
        return "no legal card"
    if kind == Act.PICK:
        return "move " + card_text(action[1])
    return crazyjob.ACT_NAMES[kind] + (" hand" if kind == Act.NEXT else "")


def _cards(card_list):
    return " ".join([card_text(c) for c in card_list])


def _news(ruling, what):
    """A turn's outcome and what it costs: "P2: wrong, draws 4"."""
    text = "%s: %s" % (seat_name(ruling["seat"]), what)
    owed = ruling.get("draw", 0)
    if owed:
        text += ", draws %d" % owed
        if ruling["drawn"] < owed:
            text += " (%d left)" % ruling["drawn"]
    return text


def _row(label, numbers):
    """Numbers per seat on one line, the label dropped when they need the room."""
    text = " ".join([str(x) for x in numbers])
    return text if len(label) + 1 + len(text) > WIDTH else label + " " + text
