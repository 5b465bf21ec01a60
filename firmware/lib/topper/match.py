"""The skeleton shared by the matches of hands with sealed secrets (Crazy Job, Guess My
Card): the deal's seed and salts, the action history, apply, rewind, replay and
serialization. A match is rebuilt exactly from its configuration, seed, rigged decks and
action history, so undo is a replay of one action fewer and a save is that history.

A game's configuration subclasses ``Game`` (the seats, the first dealer, how the cards
are entered, the turn limit; its own settings beside them) and has ``deck()`` and
``new_match(seed, salts, decks)``. Its ``Match`` subclass sets:

- ``NAME`` (its name in saves and views, "crazy-job") and ``TITLE`` (for errors);
- ``SALT_SEED``: where the salts come from when the caller gives none;
- ``OVER``: its phase once the match is over; ``WANTED[phase]``: the acts that phase
  takes; ``ACT_NAMES``: the acts' names, by kind;

and defines ``_start_hand()`` (deals, sets ``phase``), ``_check_act(action)`` (raises
RuleError for an act its phase wanted but the state refuses) and ``_apply(action)``
(applies a checked act, leaving rulings in ``_out``), and calls ``_over()`` when the
match ends.
"""

from topper import commit
from topper.gamekit import ENTRY_NAMES, Entry, RuleError, as_action, kind_name, seat_name
from topper.rng import Rng


class Game:
    """What every match of hands is configured with; ``settings()`` gives it back for a
    save (a subclass adds its own)."""

    TITLE = ""

    def __init__(self, players, first_dealer, entry, turn_limit):
        if not isinstance(players, int) or players < 2 or players > 8:
            raise RuleError("%s takes 2 to 8 players, not %r" % (self.TITLE, players))
        if entry not in (Entry.DEALT, Entry.PAD, Entry.BUTTONS):
            raise RuleError("unknown entry %r" % (entry,))
        if not isinstance(first_dealer, int) or first_dealer < 0 or first_dealer >= players:
            raise RuleError("the first dealer must be a seat 0..%d" % (players - 1))
        if not isinstance(turn_limit, int) or turn_limit < 0:
            raise RuleError("turn_limit must be 0 (none) or more, not %r" % (turn_limit,))
        self.players = players
        self.first_dealer = first_dealer
        self.entry = entry
        self.turn_limit = turn_limit

    def settings(self):
        return {"players": self.players, "first_dealer": self.first_dealer, "turn_limit": self.turn_limit}


class Match:
    NAME = ""
    TITLE = ""
    SALT_SEED = 0
    OVER = -1
    WANTED = ()
    ACT_NAMES = ()

    def __init__(self, game, seed=0, salts=None, decks=None):
        if decks is not None:
            if game.entry != Entry.DEALT:
                raise RuleError("only a dealt match takes rigged decks")
            want = sorted(game.deck())
            for order in decks:
                if sorted(order) != want:
                    raise RuleError("a rigged deck must hold the game's deck, each card once")
        self.game = game
        self.seed = seed
        self.decks = decks  # rigged deck orders (top first) for the first hands, or None
        self._rng = Rng(seed)
        if salts is None:
            salts = Rng(seed ^ self.SALT_SEED)
        self._tape = salts if isinstance(salts, commit.Tape) else commit.Tape(salts)
        self._vault = commit.Vault(self._tape)
        n = game.players
        self.scores = [0] * n
        self.hand_results = []
        self.history = []
        self.hand_no = -1
        self.dealer = game.first_dealer  # _start_hand sets both for each hand
        self.phase = 0
        self._out = []
        self._start_hand()
        self.rulings = self._flush()

    # ----- what each game's Match defines --------------------------------------------

    def _start_hand(self):
        raise NotImplementedError

    def _check_act(self, action):
        raise NotImplementedError

    def _apply(self, action):
        raise NotImplementedError

    def current_player(self):
        raise NotImplementedError

    def winners(self):
        raise NotImplementedError

    # ----- shared -------------------------------------------------------------------

    def _from_left(self):
        """Every seat, starting at the dealer's left."""
        n = self.game.players
        return [(self.dealer + 1 + i) % n for i in range(n)]

    def _flush(self):
        out = self._out
        self._out = []
        return out

    def is_over(self):
        return self.phase == self.OVER

    def _over(self):
        self.phase = self.OVER
        # The seed goes public only now: with it anyone can replay and check the match.
        self._out.append(
            {"r": "over", "scores": list(self.scores), "winners": self.winners(), "seed": self.seed}
        )

    def is_legal(self, action):
        try:
            self._check(as_action(action))
        except RuleError:
            return False
        return True

    def apply(self, action):
        """The seat due takes ``action``. Returns the public rulings it caused."""
        action = as_action(action)
        self._check(action)
        self.history.append(action)
        self._apply(action)
        self.rulings = self._flush()
        return self.rulings

    def rewind(self, actions=1):
        """A new match equal to this one before its last ``actions`` actions (undo). It
        seals with the same salts, so the seals already logged stay valid."""
        if not isinstance(actions, int) or actions < 0 or actions > len(self.history):
            raise RuleError("cannot rewind %r of %d actions" % (actions, len(self.history)))
        kept = self.history[: len(self.history) - actions]
        return replay(self.game, self.seed, kept, self.decks, self._tape.rewound())

    def play(self, seat, action):
        """``apply`` for a caller that knows which seat pressed: refuses a seat out of turn."""
        if seat != self.current_player():
            raise RuleError(
                "%s cannot act now: %s is due" % (seat_name(seat), seat_name(self.current_player()))
            )
        return self.apply(action)

    def _check(self, action):
        if self.phase == self.OVER:
            raise RuleError("the match is over")
        kind = action[0]
        wanted = self.WANTED[self.phase]
        if kind not in wanted:
            names = " or ".join([self.ACT_NAMES[k] for k in wanted])
            raise RuleError("now: %s, not %s" % (names, kind_name(kind, self.ACT_NAMES)))
        self._check_act(action)

    def to_dict(self):
        """Everything needed to rebuild this match. Private: the seed deals the secrets,
        and the history holds them."""
        out = self.game.settings()
        out["game"] = self.NAME
        out["entry"] = ENTRY_NAMES[self.game.entry]
        out["seed"] = self.seed
        out["decks"] = self.decks
        out["history"] = [list(a) for a in self.history]
        return out


def replay(game, seed, history, decks=None, salts=None):
    """The match that ``history`` leads to from a fresh deal of ``seed``."""
    match = game.new_match(seed, salts, decks)
    for action in history:
        match.apply(action)
    return match


def load(match_class, saved, make_game):
    """The match that ``to_dict`` described; ``make_game(saved, entry)`` builds its
    configuration from the saved settings."""
    if saved.get("game") != match_class.NAME:
        raise RuleError("not a %s match: %r" % (match_class.TITLE, saved.get("game")))
    entry = saved.get("entry", "dealt")
    if entry not in ENTRY_NAMES:
        raise RuleError("unknown entry %r" % (entry,))
    game = make_game(saved, ENTRY_NAMES.index(entry))
    return replay(game, saved.get("seed", 0), saved.get("history", []), saved.get("decks"))
