"""The referee of Guess My Card at the table (``topper.turnref``; the rules engine is
``topper.games.guess.engine``, the device's flows are in docs/games/guess-my-card.md).

One file though over 400 lines: the three entries (dealt, pad, buttons) share
the flows of a question, an answer and a guess, and the one place that keeps the secret
cards off the screen.

How the engine learns the cards decides what the buttons mean:

- ``Entry.DEALT`` (simulator, bots): whole engine actions through ``act``.
- ``Entry.PAD``: each player taps their secret card in turn (and, before it, any wild
  card they turned up); the player due picks the seat to ask with short presses and
  taps the card they show. The engine counts the draw pile: when a draw finds it empty
  the screen tells the table to shuffle the face-up cards into a new one. For a natural card the
  device, knowing the secret, gives the count itself; a card with a wild value is
  answered by the asked player (short presses, then the table button), checked against
  every count that can be true.
- ``Entry.BUTTONS``: the device sees no card. The player due picks a seat, then asks
  (long press) or guesses officially (table button); the asked player counts with short
  presses and the table button, the guessed player says right (short) or wrong (long).

A seat button pressed while the table button is held (CHORD) undoes the last step: the
press in progress if any, else the last question, answer, guess, tap or new hand.
Nothing here shows a hidden secret card: the lines, hints and messages are built from
the engine's public ``view`` and rulings only.
"""

from topper import cards, commit, games, intpack, turnref
from topper.gamekit import ENTRY_NAMES, UNKNOWN, Entry, RuleError, seat_name
from topper.games.guess.engine import Act, GuessMyCard, Phase, card_text, matches
from topper.inputs import CHORD, LONG, SHORT, TABLE
from topper.turnref import TurnReferee

GAME = "guess"
SHUFFLE = ("pile empty: shuffle", "the face-up cards")  # two screen lines of 21 columns


SECRETS = True  # its secret cards are sealed: the device hands ``make`` a salt key


def make(cfg, seed, settle_ms=1, salt_key=None):
    """The referee of the menu's settings ``cfg``, not started (topper.referee)."""
    return turnref.make_with(referee, cfg, seed, salt_key)


def referee(seats, entry, seed=0, control=None, options=None, salt_key=None):
    """A Guess My Card referee, not started (``salt_key``: as in topper.games.crazy.turn)."""
    return GuessReferee(seats, entry, seed, control, games.options(GAME, options), salt_key)


def restore(saved, now):
    """The referee ``save`` saved, in the same state, its clock going on from ``now``."""
    if saved.get("game") != GAME:
        raise RuleError("not a Guess My Card game: %r" % (saved.get("game"),))
    entry = ENTRY_NAMES.index(saved["entry"])
    ref = GuessReferee(saved["seats"], entry, saved["seed"], None, saved["options"], saved.get("salt_key"))
    history = saved["history"]
    if history and isinstance(history[0], int):
        history = intpack.nested(history)  # the compact form (to_dict)
    if saved["started"]:
        ref.started = True
        ref._replay(history)
    if "joined" in saved:
        joined = saved["joined"]
        ref._marks = [p for p in range(len(history)) if p not in joined]
    else:
        ref._marks = list(saved["marks"])
    ref._pick = saved["pick"]
    ref._count = saved["count"]
    ref.message = saved["message"]
    ref.restore_clock(saved.get("clock"), now)
    return ref


class GuessReferee(TurnReferee):
    GAME = GAME

    def __init__(self, seats, entry, seed=0, control=None, options=None, salt_key=None):
        TurnReferee.__init__(self, seats, entry, seed, control)
        self.salt_key = salt_key
        self.options = games.options(GAME, options)
        self.game = GuessMyCard(players=seats, hands=self.options["hands"], entry=entry)
        self._log = None  # DEALT only: every public ruling, for the bots
        self._generation = 0  # bumped when the log is rebuilt: bots start again
        self._replay([])
        self._marks = []  # history length before each step: what CHORD undoes
        self._pick = -1  # the seat the player due has picked to ask, -1: the first
        self._count = 0  # short presses of the asked seat so far

    def _replay(self, history):
        # A fresh salt source from the same key draws the same salts: the seals of the
        # replayed actions stay the ones already logged.
        m = self.game.new_match(seed=self.seed, salts=commit.salts_for(self.salt_key))
        log = list(m.rulings) if self.entry == Entry.DEALT else None
        for action in history:
            rulings = m.apply(action)
            if log is not None:
                log.extend(rulings)
        self.match = m
        self._log = log
        self._generation += 1

    # ----- the engine ----------------------------------------------------------------

    def _begin(self):
        return list(self.match.rulings)

    def _turn(self):
        return -1 if self.match.is_over() else self.match.current_player()

    def _next(self):
        m = self.match
        if m.phase != Phase.TURN:
            return -1
        for i in range(1, self.seats):
            s = (m.turn + i) % self.seats
            if m.targets(s):
                return s
        return -1

    def _apply(self, action):
        before = len(self.match.history)
        rulings = self.match.apply(action)
        self._marks.append(before)
        self._pick = -1
        self._count = 0
        if self._log is not None:
            self._log.extend(rulings)
        return rulings

    def is_over(self):
        return self.match.is_over()

    def winners(self):
        return self.match.winners()

    def scores(self):
        return list(self.match.scores)

    def focus(self):
        m = self.match
        if m.phase in (Phase.ANSWER, Phase.VERDICT):
            return m.pending["target"]
        if m.phase == Phase.TURN and self.entry != Entry.DEALT:
            return self.picked()
        return -1

    def picked(self):
        """The seat the player due would ask now: their pick, or the first seat from
        their left they may still ask."""
        m = self.match
        targets = m.targets(m.turn)
        if self._pick in targets:
            return self._pick
        return self._from_left(m.turn, targets)[0]

    def _from_left(self, seat, targets):
        return sorted(targets, key=lambda t: (t - seat) % self.seats)

    # ----- the screen ----------------------------------------------------------------

    def lines(self):
        m = self.match
        v = m.view()
        score = _numbers("score", ["%d" % s for s in v["scores"]])
        if m.phase in (Phase.SCORED, Phase.OVER):
            out = ["Hand %d/%d over" % (v["hand"], v["hands"])] + score
            known = [c for c in v["secrets"] if c != "--"]
            if known:
                out.append(" ".join(known[:5]))
                if len(known) > 5:
                    out.append(" ".join(known[5:]))
            else:
                out.extend(_numbers("hand", ["%+d" % p for p in v["hand_points"]]))
            return out[:4]
        out = ["Hand %d/%d  worth %d" % (v["hand"], v["hands"], v["value"])] + score
        if v["shuffled"] and self.entry != Entry.DEALT:
            # Until the next question or guess: the table has a new pile to make.
            return (list(SHUFFLE) + out)[:4]
        if m.phase == Phase.SECRETS:
            out.append("secrets %d/%d tapped" % (self.seats - m.secrets.count(UNKNOWN), self.seats))
            return out
        # Seat numbers are single digits: 8 of them fit without spaces.
        ask = [str(t + 1) for t in self._from_left(m.turn, m.targets(m.turn))]
        head = "%s may ask" % seat_name(m.turn)
        out.append(_squeeze(head, " ".join(ask)) if len(ask) < 6 else "%s %s" % (head, "".join(ask)))
        last = v["last"]
        if last is not None:
            card = "" if last["card"] == "--" else " " + last["card"]
            if last["kind"] == "ask":
                said = "%s asked %s%s: %d" % (
                    seat_name(last["seat"]),
                    seat_name(last["target"]),
                    card,
                    last["answer"],
                )
            else:
                word = "yes" if last["answer"] else "no"
                said = "%s guess %s%s: %s" % (seat_name(last["seat"]), seat_name(last["target"]), card, word)
            out.append(said)
        return out[:4]  # with the scores on two lines, the last question gives way

    def hint(self):
        m = self.match
        p = m.phase
        who = seat_name(m.current_player())
        if p == Phase.SCORED:
            return "%s deals, then button" % who
        if p == Phase.SECRETS:
            return "%s: tap secret card" % who
        if p == Phase.DISCARD:
            return "%s: throw down to 4" % who
        dealt = self.entry == Entry.DEALT
        if p == Phase.ANSWER:
            if dealt:
                return "%s: how many match?" % who
            if self._count:
                return "%s: %d so far, then T" % (who, self._count)
            return "%s: n presses, then T" % who
        if p == Phase.VERDICT:
            return "%s: right or wrong?" % who if dealt else "%s: short=yes long=no" % who
        if dealt:
            return "%s: ask or guess" % who
        asked = seat_name(self.picked())
        if self.entry == Entry.PAD:
            return "%s? tap card, T=guess" % asked
        return "%s? hold=ask T=guess" % asked

    def describe(self, ruling):
        r = ruling["r"]
        if r == "hand":
            return "Hand %d: %s deals" % (ruling["hand"], seat_name(ruling["dealer"]))
        if r == "secret":
            return "%s: card taken" % seat_name(ruling["seat"])
        if r == "opened":
            return "%s: %s up, tap next" % (seat_name(ruling["seat"]), ruling["card"])
        if r == "discard":
            return "%s threw %s" % (seat_name(ruling["seat"]), ruling["card"])
        if r == "turns":
            return "%s starts" % seat_name(ruling["turn"])
        if r == "ask":
            return "%s asks %s%s" % (
                seat_name(ruling["seat"]),
                seat_name(ruling["target"]),
                _spoken(ruling["declared"]),
            )
        if r == "answer":
            return "%s: %d match" % (seat_name(ruling["seat"]), ruling["n"])
        if r == "guess":
            return "%s guesses %s%s" % (
                seat_name(ruling["seat"]),
                seat_name(ruling["target"]),
                _spoken(ruling["card"]),
            )
        if r == "verdict":
            if ruling["ok"]:
                return "%s: right" % seat_name(ruling["seat"])
            return "wrong: %s %+d" % (seat_name(ruling["scorer"]), ruling["points"])
        if r == "revealed":
            return "%s%s: %s %+d" % (
                seat_name(ruling["seat"]),
                _spoken(ruling["card"]),
                seat_name(ruling["by"]),
                ruling["points"],
            )
        if r == "reshuffle":
            return " ".join(SHUFFLE)
        if r == "score":
            return "Hand %d over" % ruling["hand"]
        if r == "over":
            won = ruling["winners"]
            return "%s %s" % ("+".join([seat_name(s) for s in won]), "wins" if len(won) == 1 else "win")
        if r == "undo":
            return "undone"
        return ""

    # ----- the simulator -------------------------------------------------------------

    def choices(self, seat):
        m = self.match
        if m.is_over() or seat != m.current_player():
            return []
        return [(_label(a), a) for a in m.legal_actions()]

    def bot(self, seat, seed):
        if self.entry != Entry.DEALT:
            raise RuleError("bots play dealt games only")
        return _Bot(seat, seed)

    # ----- the device ----------------------------------------------------------------

    def button(self, press, seat, t_ms):
        if self.entry == Entry.DEALT:
            return [self._error("a dealt game takes whole actions", t_ms)]
        if not self.started:
            return [self._error("the game has not started", t_ms)]
        if press == CHORD:
            return self._undo(t_ms)
        if self.is_over():
            return [self._error("the game is over", t_ms)]
        m = self.match
        p = m.phase
        if p == Phase.SCORED:
            if press == TABLE or (press == SHORT and seat == m.current_player()):
                return self._step([(Act.NEXT,)], t_ms)
            return [self._error("%s deals, then presses" % seat_name(m.current_player()), t_ms)]
        if p == Phase.SECRETS:
            return [self._error("%s: tap your secret card" % seat_name(m.current_player()), t_ms)]
        due = m.current_player()
        if press != TABLE and seat != due:
            return [self._error("%s is due, not %s" % (seat_name(due), seat_name(seat)), t_ms)]
        if p == Phase.TURN:
            return self._turn_press(press, t_ms)
        if p == Phase.ANSWER:
            return self._answer_press(press, due, t_ms)
        if press == TABLE:
            return [self._error("%s: short right, long wrong" % seat_name(due), t_ms)]
        return self._step([(Act.RIGHT,) if press == SHORT else (Act.WRONG,)], t_ms)

    def _turn_press(self, press, t_ms):
        m = self.match
        if press == SHORT:
            targets = self._from_left(m.turn, m.targets(m.turn))
            self._pick = targets[(targets.index(self.picked()) + 1) % len(targets)]
            return [{"r": "pick", "t": t_ms, "seat": m.turn, "target": self._pick}]
        if press == TABLE:
            return self._step([(Act.GUESS, self.picked(), UNKNOWN)], t_ms)
        if self.entry == Entry.PAD:
            return [self._error("tap the card you show", t_ms)]
        return self._step([(Act.ASK, self.picked(), UNKNOWN, UNKNOWN)], t_ms)

    def _answer_press(self, press, due, t_ms):
        if press == TABLE:
            # A refused count stays on the screen: CHORD clears it to count again.
            return self._step([(Act.ANSWER, self._count)], t_ms)
        if press == LONG:
            return [self._error("%s: short presses, then T" % seat_name(due), t_ms)]
        if self._count == 3:
            return [self._error("3 is the most that can match", t_ms)]
        self._count += 1
        return [{"r": "count", "t": t_ms, "seat": due, "n": self._count}]

    def card(self, code, t_ms):
        if self.entry != Entry.PAD:
            return [self._error("this game has no card pad", t_ms)]
        if not self.started or self.is_over():
            return [self._error("no card is expected now", t_ms)]
        if not isinstance(code, int) or code < 0 or code > 124:
            return [self._error("not a card of the full deck", t_ms)]
        m = self.match
        if m.phase == Phase.SECRETS:
            if code in m.secrets or _opened(m, code):
                return [self._error("that card was tapped already", t_ms)]
            return self._step([(Act.SECRET, code)], t_ms)  # a wild one: turned up
        if m.phase != Phase.TURN:
            return [self._error("no card is expected now", t_ms)]
        if code in m.trash:
            return [self._error("%s was shown already" % card_text(code), t_ms)]
        if code in m.secrets:
            # Naming it would tell the table whose secret it is.
            return [self._error("card refused: tap again", t_ms)]
        ask = (Act.ASK, self.picked(), code, code)
        if not cards.is_natural(code):
            return self._step([ask], t_ms)  # the asked player counts what it stands for
        secret = m.secrets[self.picked()]
        return self._step([ask, (Act.ANSWER, matches(secret, code))], t_ms)

    def _step(self, actions, t_ms):
        """One step of the table: engine actions that stand or fall together and are
        undone together."""
        first = len(self._marks)
        pick, count = self._pick, self._count
        try:
            events = []
            for action in actions:
                events.extend(self._apply(action))
        except RuleError as e:
            if len(self._marks) > first:
                self._rewind(len(self.match.history) - self._marks[first])
                del self._marks[first:]
                self._pick, self._count = pick, count
            return [self._error(str(e), t_ms)]
        del self._marks[first + 1 :]
        return self._settled(self._stamp(events, t_ms), t_ms)

    def _undo(self, t_ms):
        if self.is_over():
            return [self._error("the game is over", t_ms)]
        m = self.match
        if self._count or (self._pick >= 0 and m.phase == Phase.TURN):
            self._pick = -1
            self._count = 0
            return self._settled([{"r": "undo", "t": t_ms, "actions": 0}], t_ms)
        if not self._marks:
            return [self._error("nothing to undo", t_ms)]
        n = len(m.history) - self._marks.pop()
        self._rewind(n)
        return self._settled([{"r": "undo", "t": t_ms, "actions": n}], t_ms)

    def _rewind(self, n):
        self.match = self.match.rewind(n)
        self._pick = -1
        self._count = 0

    # ----- saving --------------------------------------------------------------------

    def to_dict(self):
        """The game, compact: the history flat (``intpack.flat``) and the steps as the
        history's places that began none (``"joined"``); a save of lists and of every
        step's place (``"marks"``) restores too."""
        history = self.match.history
        flat = intpack.flat(history)
        out = {
            "game": GAME,
            "seats": self.seats,
            "entry": ENTRY_NAMES[self.entry],
            "seed": self.seed,
            "salt_key": self.salt_key,
            "options": {"hands": self.options["hands"]},
            "started": self.started,
            "history": [list(a) for a in history] if flat is None else flat,
            "pick": self._pick,
            "count": self._count,
            "message": self.message,
        }
        marks = self._marks
        n = len(history)
        if all(marks[i] < marks[i + 1] for i in range(len(marks) - 1)) and (not marks or marks[-1] < n):
            joined = []
            k = 0
            for p in range(n):
                if k < len(marks) and marks[k] == p:
                    k += 1
                else:
                    joined.append(p)
            out["joined"] = joined
        else:
            out["marks"] = list(marks)
        return out


class _Bot:
    """``topper.games.guess.bots.Bot`` for one seat, fed the referee's public rulings."""

    def __init__(self, seat, seed):
        self.seat = seat
        self.seed = seed
        self._bot = None
        self._seen = 0
        self._generation = -1

    def choose(self, ref):
        from topper.games.guess.bots import Bot

        if self._generation != ref._generation:
            self._bot = Bot(self.seed)  # a rebuilt game: watch it again from the start
            self._seen = 0
            self._generation = ref._generation
        self._bot.observe(ref._log[self._seen :])
        self._seen = len(ref._log)
        return self._bot.choose(ref.match)


def _opened(m, code):
    for o in m.opened:
        if code in o:
            return True
    return False


def _spoken(text):
    return "" if text == "--" else " " + text


def _squeeze(head, tail):
    """``head tail`` in the screen's 21 columns, else ``tail`` alone."""
    text = "%s %s" % (head, tail)
    return tail if len(text) > 21 else text


def _numbers(head, words):
    """A figure per seat on one line of 21 columns, or on two (P1-4, P5-8)."""
    one = _squeeze(head, " ".join(words))
    if len(one) <= 21:
        return [one]
    half = (len(words) + 1) // 2
    out = []
    for first, part in ((1, words[:half]), (half + 1, words[half:])):
        text = " ".join(part)
        out.append(_squeeze("P%d-%d" % (first, first + len(part) - 1), text)[:21])
    return out


def _label(action):
    kind = action[0]
    if kind == Act.ASK:
        shown = card_text(action[2])
        said = card_text(action[3])
        if action[2] == UNKNOWN:
            return "ask %s" % seat_name(action[1])
        if said == shown:
            return "ask %s with %s" % (seat_name(action[1]), shown)
        return "ask %s with %s as %s" % (seat_name(action[1]), shown, said)
    if kind == Act.GUESS:
        if action[2] == UNKNOWN:
            return "guess %s" % seat_name(action[1])
        return "guess %s is %s" % (seat_name(action[1]), card_text(action[2]))
    if kind == Act.ANSWER:
        return "answer %d" % action[1]
    if kind == Act.DISCARD:
        return "throw %s" % card_text(action[1])
    if kind == Act.SECRET:
        return "secret %s" % card_text(action[1])
    if kind == Act.NEXT:
        return "next hand"
    return "right" if kind == Act.RIGHT else "wrong"
