"""The referee of Crazy Job (RULES.md section 6) between the engine (``topper.games.crazy.engine``)
and the shells (``topper.turnref`` has the interface; docs/games/crazy-job.md the flows):

One file though over 400 lines: the three entries (dealt, pad, buttons) share
the referee's flows and the one guard that keeps a stored rule off the screen until the
hand ends; the rules are ``engine`` and ``rules``, the screen's words ``words``.

- a dealt game (the simulator): whole engine actions, ``choices`` and bots;
- a card pad: the cards it reads and the seat buttons, a stored rule entered with them;
- buttons only: the table reports with the buttons what the device cannot see.

The engine knows the rules; this module only turns presses and cards into engine actions
(``topper.games.crazy.words`` turns the state into screen lines and words). A stored rule is
the game's secret: it reaches the screen only while its maker enters it, and neither the
lines, the message nor a ruling carry it before the hand's end.
"""

from topper import commit, games, intpack, turnref
from topper.games.crazy import words as crazy_words
from topper.games.crazy import engine as crazyjob
from topper.games.crazy import rules as crazyrules
from topper.games.crazy.engine import MAX_PLAY, PAPER, Act, CrazyJob, Phase, card_text
from topper.gamekit import ENTRY_NAMES, UNKNOWN, Entry, RuleError, seat_name
from topper.inputs import CHORD, LONG, SHORT, TABLE
from topper.turnref import TurnReferee

GAME = "crazy"
MENU_MAX = 400  # a simulator menu lists runs of up to 4 cards while it stays this short


SECRETS = True  # its stored rules are sealed: the device hands ``make`` a salt key


def make(cfg, seed, settle_ms=1, salt_key=None):
    """The referee of the menu's settings ``cfg``, not started (topper.referee)."""
    return turnref.make_with(referee, cfg, seed, salt_key)


def referee(seats, entry, seed=0, control=None, options=None, salt_key=None):
    """A Crazy Job referee, not started (``options``: ``hands``, ``target`` as in the menu;
    ``salt_key``: hex of the secret key the seals' salts come from, None for salts
    from the seed: topper.commit)."""
    return CrazyReferee(seats, entry, seed, control, games.options(GAME, options), salt_key)


def restore(saved, now):
    """The referee that ``save`` saved, its clock going on from ``now`` (a play half
    read or a rule half entered is not saved: the player starts it again)."""
    if saved.get("game") != GAME:
        raise RuleError("not a Crazy Job game: %r" % (saved.get("game"),))
    key = saved.get("salt_key")
    entry = ENTRY_NAMES.index(saved["entry"])
    ref = referee(saved["seats"], entry, saved["seed"], None, saved["options"], key)
    history = saved["history"]
    if history and isinstance(history[0], int):
        history = intpack.nested(history)  # the compact form (to_dict)
    history = [tuple(a) for a in history]
    ref.match = crazyjob.replay(ref.game, ref.seed, history, salts=commit.salts_for(key))
    ref.started = bool(saved["started"])
    ref.message = saved["message"]
    ref.restore_clock(saved.get("clock"), now)
    return ref


class CrazyReferee(TurnReferee):
    GAME = GAME

    def __init__(self, seats, entry, seed, control, options, salt_key=None):
        TurnReferee.__init__(self, seats, entry, seed, control)
        self.options = options
        self.salt_key = salt_key
        # P1 deals first and the deal passes left (docs/games/crazy-job.md).
        self.game = CrazyJob(players=seats, hands=options["hands"], target=options["target"], entry=entry)
        self.match = self.game.new_match(seed, salts=commit.salts_for(salt_key))
        self._log = None  # every public ruling of the match, kept only once a bot plays
        self._epoch = 0  # counts undos: a bot that watched an undone past starts again
        self._clear()

    def _clear(self):
        """Forget the input being gathered (it became an action, or it is undone)."""
        self.taps = []  # pad: cards read for the play, or the hand shown, being gathered
        self.claim = False  # pad: the cards read are a hand shown for "no legal card"
        self.count = 0  # buttons: cards the player counted with their seat button
        self.entry_rule = None  # crazyrules.RuleEntry the seat due is filling in
        self.highlight = 0  # the rule entry's highlighted option
        self.shown = -1  # after a hand: the seat whose revealed rule the screen shows

    def secret_input(self):
        return self.entry_rule is not None  # a stored rule being entered

    def gathering(self):
        return bool(self.taps or self.claim or self.count or self.entry_rule is not None or self.shown >= 0)

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
        self._clear()
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

    # ----- the screen (topper.games.crazy.words) -----------------------------------------

    def lines(self):
        return crazy_words.lines(self)

    def hint(self):
        return crazy_words.hint(self)

    def describe(self, ruling):
        return crazy_words.describe(ruling)

    # ----- the simulator -----------------------------------------------------------

    def choices(self, seat):
        m = self.match
        if not self.started or m.is_over() or seat != m.current_player():
            return []
        actions = m.legal_actions(max_cards=_longest_run(len(m.hands[m.turn])))
        if m.phase == Phase.PLAY:
            actions.sort(key=lambda a: (a[0] != Act.PLAY, len(a), a))
        return [(crazy_words.label(a), a) for a in actions]

    def bot(self, seat, seed):
        if self.entry != Entry.DEALT:
            raise RuleError("a bot needs to see its cards: only a dealt game has bots")
        if self._log is None:
            self._log = self._public_log()
        return _SeatBot(seat, seed)

    def _public_log(self):
        """Every public ruling so far, from a replay of the history (a bot joining late
        learns what the table saw)."""
        m = crazyjob.replay(self.game, self.seed, [], salts=commit.salts_for(self.salt_key))
        out = list(m.rulings)
        for action in self.match.history:
            out.extend(m.apply(action))
        return out

    # ----- the device: buttons -----------------------------------------------------

    def button(self, press, seat, t_ms):
        why = self._refused(press, seat)
        if why:
            return [self._error(why, t_ms)]
        if press == CHORD:
            return self._undo(seat, t_ms)
        if self.is_over():
            return self._show_rule(press, seat, t_ms)
        if self.entry_rule is not None:
            return self._entry_press(press, seat, t_ms)
        p = self.match.phase
        if p == Phase.RULES:
            return self._rule_press(press, seat, t_ms)
        if p == Phase.STARTS:
            return self._starts_press(press, t_ms)
        if p == Phase.PLAY and self.entry == Entry.PAD:
            return self._pad_play_press(press, seat, t_ms)
        if p == Phase.PLAY:
            return self._count_press(press, seat, t_ms)
        if p == Phase.JUDGE:
            return self._judge_press(press, seat, t_ms)
        if p == Phase.PICK:
            return self._pick_press(press, seat, t_ms)
        if press == TABLE:
            return self.act((Act.NEXT,), t_ms)
        return self._show_rule(press, seat, t_ms)

    def _refused(self, press, seat):
        if self.entry == Entry.DEALT:
            return "a dealt game takes whole actions"
        if not self.started:
            return "the game has not started"
        if press not in (SHORT, LONG, TABLE, CHORD):
            return "unknown press %r" % (press,)
        if press != TABLE and (not isinstance(seat, int) or seat < 0 or seat >= self.seats):
            return "no seat %r at this table" % (seat,)
        if self.is_over() and press == CHORD:
            return "the game is over"
        return ""

    def _note(self, text):
        """Input gathered: nothing happened in the game yet, the screen says what did."""
        self.message = text
        return []

    def _not_yours(self, seat, t_ms):
        return [
            self._error("%s is due, not %s" % (seat_name(self.match.current_player()), seat_name(seat)), t_ms)
        ]

    def _rule_press(self, press, seat, t_ms):
        due = self.match.current_player()
        if press == TABLE:
            return [self._error("%s writes a rule: their seat button" % seat_name(due), t_ms)]
        if seat != due:
            return self._not_yours(seat, t_ms)
        if press == SHORT:
            return self.act((Act.RULE, PAPER), t_ms)
        if self.entry == Entry.BUTTONS:
            return [self._error("no card pad: write the rule on paper, short press", t_ms)]
        self.entry_rule = crazyrules.RuleEntry()
        self.highlight = 0
        return self._note("%s enters a rule" % seat_name(due))

    def _entry_press(self, press, seat, t_ms):
        """The stored rule's entry: short moves the highlight, long chooses, the table
        button goes one step back (out of the entry from its first step)."""
        e = self.entry_rule
        due = self.match.current_player()
        if press == TABLE:
            if not e.picks:
                self.entry_rule = None
                return self._note("%s: paper or stored?" % seat_name(due))
            self.highlight = e.picks[-1]
            e.back()
            return []
        if seat != due:
            return [self._error("%s is entering a rule" % seat_name(due), t_ms)]
        if not e.done():
            if press == SHORT:
                self.highlight = (self.highlight + 1) % len(e.options())
            else:
                e.choose(self.highlight)
                self.highlight = 0
            return []
        if press == SHORT:
            return [self._error("long press stores it, table goes back", t_ms)]
        if e.problem() is not None:
            # The words of the problem name the rule: they stay on the maker's screen.
            return [self._error("a card would have no follower: go back", t_ms)]
        return self.act((Act.RULE, e.code()), t_ms)

    def _starts_press(self, press, t_ms):
        dealer = seat_name(self.match.dealer)
        if self.entry == Entry.PAD:
            return [self._error("%s: read each starting card on the pad" % dealer, t_ms)]
        if press != TABLE:
            return [self._error("%s turns up the starts, then the table button" % dealer, t_ms)]
        out = []
        while self.match.phase == Phase.STARTS:  # one press turns up every line's start
            out.extend(self.act((Act.START, UNKNOWN), t_ms))
        return out

    def _pad_play_press(self, press, seat, t_ms):
        player = self.match.turn
        if press == TABLE:
            if not self.claim:
                return [self._error("%s: your seat button plays the cards read" % seat_name(player), t_ms)]
            return self.act((Act.NONE,) + tuple(self.taps), t_ms)
        if seat != player:
            return self._not_yours(seat, t_ms)
        if press == LONG:
            if self.claim:
                return [self._error("read your whole hand, then the table button", t_ms)]
            self.claim = True  # the cards read so far are part of the hand shown
            return self._note("%s: no legal card?" % seat_name(player))
        if self.claim:
            return [self._error("a shown hand ends with the table button", t_ms)]
        if not self.taps:
            return [self._error("read the cards you play first", t_ms)]
        return self.act((Act.PLAY,) + tuple(self.taps), t_ms)

    def _count_press(self, press, seat, t_ms):
        """Without a pad: one seat press per card laid, then the table button."""
        player = self.match.turn
        if press == TABLE:
            if not self.count:
                return [self._error("%s: one press per card laid first" % seat_name(player), t_ms)]
            return self.act((Act.PLAY,) + (UNKNOWN,) * self.count, t_ms)
        if seat != player:
            return self._not_yours(seat, t_ms)
        if press == LONG:
            if self.count:
                return [self._error("%d counted: the table button plays them" % self.count, t_ms)]
            return self.act((Act.NONE,), t_ms)
        most = min(MAX_PLAY, len(self.match.hands[player]))
        if self.count >= most:
            return [self._error("%d cards at most: now the table button" % most, t_ms)]
        self.count += 1
        return self._note(
            "%s lays %d card%s" % (seat_name(player), self.count, "s" if self.count > 1 else "")
        )

    def _judge_press(self, press, seat, t_ms):
        owner = self.match.pending["owner"]
        if press == TABLE:
            return [self._error("%s judges with their seat button" % seat_name(owner), t_ms)]
        if seat != owner:
            return self._not_yours(seat, t_ms)
        return self.act((Act.RIGHT,) if press == SHORT else (Act.WRONG,), t_ms)

    def _pick_press(self, press, seat, t_ms):
        owner = self.match.pending["owner"]
        if self.entry == Entry.PAD:
            return [self._error("%s: read the card you move" % seat_name(owner), t_ms)]
        if press != SHORT or seat != owner:
            return [self._error("%s moves a card, then a short press" % seat_name(owner), t_ms)]
        return self.act((Act.PICK, UNKNOWN), t_ms)

    def _show_rule(self, press, seat, t_ms):
        """After a hand: a seat's short press shows its revealed rule on the screen."""
        m = self.match
        if press != SHORT:
            return [
                self._error(
                    "the game is over" if m.is_over() else "the table button deals the next hand", t_ms
                )
            ]
        if m.rules[seat] in (None, PAPER):
            return [self._error("%s's rule was on paper" % seat_name(seat), t_ms)]
        self.shown = seat
        return []

    def _undo(self, seat, t_ms):
        """The table button held and a seat button: drop the input being gathered, or
        else take back the game's last step (the engine's rewind)."""
        if self.gathering():
            self._clear()
            return self._note("cleared: start again")
        m = self.match
        if not m.history:
            return [self._error("nothing to undo", t_ms)]
        steps = 1
        if self.entry == Entry.BUTTONS and m.history[-1][0] == Act.START:
            steps = len(m.history) - _last_not_start(m.history)  # they were one press
        kind = m.history[-1][0]
        self.match = m.rewind(steps)
        self._epoch += 1
        if self._log is not None:
            self._log = self._public_log()
        who = self.match.current_player()
        out = [{"r": "undo", "t": t_ms, "seat": seat, "undone": crazyjob.ACT_NAMES[kind], "player": who}]
        return self._settled(out, t_ms)

    # ----- the device: the card pad ------------------------------------------------

    def card(self, code, t_ms):
        if self.entry != Entry.PAD:
            return [self._error("this game has no card pad", t_ms)]
        if not self.started or self.is_over():
            return [self._error("no card is expected now", t_ms)]
        if not isinstance(code, int) or code < 0 or code > 124:
            return [self._error("%r is not a card of the deck" % (code,), t_ms)]
        p = self.match.phase
        if p == Phase.STARTS:
            return self.act((Act.START, code), t_ms)
        if p == Phase.PICK:
            return self.act((Act.PICK, code), t_ms)
        if p != Phase.PLAY or self.entry_rule is not None:
            return [self._error("no card is expected now", t_ms)]
        player = self.match.turn
        most = len(self.match.hands[player]) if self.claim else MAX_PLAY
        if len(self.taps) >= most:
            if self.claim:
                return [self._error("that is the whole hand: the table button", t_ms)]
            return [self._error("4 cards at most: your seat button", t_ms)]
        try:
            self.match.check_held(player, self.taps + [code])
        except RuleError as e:
            return [self._error(str(e), t_ms)]
        self.taps.append(code)
        return self._note("%s: %s read" % (seat_name(player), card_text(code)))

    # ----- the journal -------------------------------------------------------------

    def to_dict(self):
        """The game, not the clock: rebuilt by replaying the history from the seed.
        Private until the match is over: the history holds the stored rules. The history
        is flat (``intpack.flat``: a byte less an action) when it can be; a save of lists
        restores too."""
        history = self.match.history
        flat = intpack.flat(history)
        return {
            "game": GAME,
            "seats": self.seats,
            "entry": ENTRY_NAMES[self.entry],
            "seed": self.seed,
            "salt_key": self.salt_key,
            "options": {"hands": self.options["hands"], "target": self.options["target"]},
            "history": [list(a) for a in history] if flat is None else flat,
            "started": self.started,
            "message": self.message,
        }


class _SeatBot:
    """``topper.games.crazy.bots.Bot`` for one seat, fed every public ruling before it acts
    (imported here: the device, which has no bots, never loads it)."""

    def __init__(self, seat, seed):
        self.seat = seat
        self.seed = seed
        self.epoch = -1
        self.seen = 0

    def choose(self, ref):
        from topper.games.crazy.bots import Bot

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


def _last_not_start(history):
    """The length of ``history`` without its trailing START actions."""
    n = len(history)
    while n and history[n - 1][0] == Act.START:
        n -= 1
    return n
