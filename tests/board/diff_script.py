"""A script for the differential test (test_sim_vs_board.py): one game, its settings and
seed, and what the table does, line by line, in ms after the script begins::

    0     press P1      a seat button goes down (slap games: the first is the starter)
    400   lay 1RC       a card on the card pad (lifted again before the next one)
    900   short P2      a seat button pressed and released (turn games)
    1200  long P3       a seat button held for the long press (turn games)
    1500  table         the table button, short press
    1700  chord P2      P2 pressed while the table button is held (turn games)
    2600  check         compare the OLED, the ring and the view here

Slap games are set up over the link with the card pad on and begin with the starter's
press; turn games are set up with the pad off (the seat buttons say what happened) and
begin as the set-up is taken. ``#`` starts a comment. Both sides play the same lines:
the board through its pins and pad, the simulator's model in-process.
"""

from topper import cards, games

HOLD_MS = 60  # a slap: the button is down this long
SHORT_MS = 120  # a turn game's short press (released well before 700 ms)
LONG_MS = 900  # held past the 700 ms of a long press
STEP_KINDS = ("press", "lay", "short", "long", "table", "chord", "check")


class Step:
    def __init__(self, t, kind, seat=None, card=None):
        self.t = t
        self.kind = kind
        self.seat = seat  # 0-based, as the wire and the core count
        self.card = card  # card text, as the pad's deck map names it

    def __repr__(self):
        who = "" if self.seat is None else " P%d" % (self.seat + 1)
        return "<%d %s%s%s>" % (self.t, self.kind, who, "" if self.card is None else " " + self.card)


class Script:
    def __init__(self, name, game, seats, seed, text, jokers=2, hurry_ms=3000):
        if game not in games.keys():
            raise ValueError("unknown game %r" % game)
        self.name = name
        self.game = game
        self.seats = seats
        self.seed = seed
        self.jokers = jokers
        self.hurry_ms = hurry_ms
        self.steps = parse(text, seats)

    @property
    def slap(self):
        return not games.is_turn(self.game)

    def setup(self):
        """The link's ``setup`` command for this script (docs/serial-protocol.md)."""
        cmd = {"cmd": "setup", "game": self.game, "seats": self.seats, "seed": self.seed}
        if self.slap:
            cmd.update(cardpad=True, jokers=self.jokers, hurry_ms=self.hurry_ms)
        else:
            cmd["cardpad"] = False
        return cmd

    def inputs(self):
        return [s for s in self.steps if s.kind != "check"]

    def checks(self):
        return [s for s in self.steps if s.kind == "check"]


def parse(text, seats):
    steps = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].split()
        if not line:
            continue
        where = "script line %d (%r)" % (number, raw.strip())
        if len(line) < 2 or not line[0].isdigit() or line[1] not in STEP_KINDS:
            raise ValueError("%s: expected 'MS KIND [ARG]'" % where)
        t, kind, args = int(line[0]), line[1], line[2:]
        if steps and t < steps[-1].t:
            raise ValueError("%s: time runs backwards" % where)
        step = Step(t, kind)
        if kind in ("press", "short", "long", "chord"):
            if len(args) != 1 or not args[0].upper().startswith("P") or not args[0][1:].isdigit():
                raise ValueError("%s: %s needs a seat like P2" % (where, kind))
            step.seat = int(args[0][1:]) - 1
            if not 0 <= step.seat < seats:
                raise ValueError("%s: no seat %s at %d seats" % (where, args[0], seats))
        elif kind == "lay":
            if len(args) != 1:
                raise ValueError("%s: lay needs a card like 3RC" % where)
            step.card = cards.format_card(cards.parse(args[0]))
        elif args:
            raise ValueError("%s: %s takes nothing more" % (where, kind))
        steps.append(step)
    return steps
