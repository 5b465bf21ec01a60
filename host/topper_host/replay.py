"""Every kind of event log through the core (docs/event-log.md): ``rulings(lines)``
yields the rulings a game's log makes now, or raises ``LogError`` with the line where
the log and the rules part, or where the log stops holding what a replay needs.

The header decides the referee:

- a slap game with the card pad (``"game": "ww3"`` or ``"armageddon"``):
  ``topper.slaplog.Replay`` and the card referee;
- blind play (``"blind": true``): ``BlindReplay`` and
  ``topper.games.slap.blind.BlindSlapReferee``, rebuilt with the header's game, seats,
  seed and timing;
- a turn game (Tripp Jokes, Tricky Dick, Crazy Job, Guess My Card), from the simulator
  or from a board, and a board's turn log from before format version 2
  (``"log": "topper-turn"``): ``sim.turn_log``.
"""

from topper import slaplog, inputs, jsonl
from topper.slaplog import LogError, Replay

from topper_host.sim import turn_log

BLIND_TIMING = ("hurry_ms", "settle_ms", "race_ms", "confirm_ms")
BLIND_EVENTS = ("start", "press", "tick", "table", "out")


def rulings(lines):
    """Every ruling of the log ``lines`` (a list of text lines), as the core makes it;
    LogError at the first line that contradicts it or cannot be replayed."""
    head = first_object(lines)
    if turn_log.is_turn_header(head):
        # checked whole at first, ruling by ruling after: what comes before a line the
        # replay cannot go past is still printed
        h, events = turn_log.read(lines)
        return turn_log.rulings(h, events)
    if isinstance(head, dict) and head.get("blind"):
        return BlindReplay(checked(lines)).run()
    return Replay(checked(lines)).run()


def checked(lines):
    """``lines`` one by one, LogError at the first that holds a value no log line holds
    (a fraction: the log's values are whole numbers, text, lists and objects): the
    core compares and writes log values and has no word for the others."""
    number = 0
    for raw in lines:
        number += 1
        try:
            obj = jsonl.loads(raw.strip()) if raw.strip() else None
        except ValueError:
            obj = None  # the replay says why in its own words
        odd = turn_log.odd_value(obj)
        if odd is not None:
            raise LogError(number, "a log holds whole numbers, text, lists and objects, not %r" % (odd,))
        yield raw


def first_object(lines):
    """The first non-blank line as an object, or None."""
    for raw in lines:
        line = raw.strip()
        if line:
            try:
                return jsonl.loads(line)
            except ValueError:
                return None
    return None


class BlindReplay(Replay):
    """A blind game's log (no card pad: RULES.md section 8) through a fresh
    ``BlindSlapReferee``: seat presses, the table button (``table``, ``"long": true``
    for "wrong"), a seat marked out or back (``out``) and ticks; every ruling recorded
    is checked against the referee's."""

    def make(self, h):
        from topper.games.slap.blind import BlindSlapReferee
        from topper.games.slap.rules import VARIANTS

        slaplog.check_version(h)
        game = h.get("game")
        if game not in VARIANTS:
            raise ValueError("unknown game %r" % (game,))
        kw = {}
        for key in BLIND_TIMING:
            if key in h:
                kw[key] = _int(h, key)
        self.old_header = "hurry_ms" not in h
        return BlindSlapReferee(game, _int(h, "seats"), seed=_int(h, "seed", 0), **kw)

    def apply(self, ev):
        ref = self.ref
        kind = ev.get("ev")
        t = slaplog.event_time(ev)
        if kind == "start":
            if ref.turn >= 0 or ref.winner >= 0:
                raise ValueError("the game has started already")
            return ref.start(t, _int(ev, "seat"))
        if kind not in BLIND_EVENTS:
            raise ValueError("unknown event %r in blind play (expected %s)" % (kind, ", ".join(BLIND_EVENTS)))
        what, seat, us, card = inputs.from_log(ev, None)
        return ref.take(what, seat, t, us, card)

    def finish(self, t):
        return []  # blind play has no pot to gather at the end

    def run(self):
        try:
            for r in Replay.run(self):
                yield r
        except LogError as e:
            if getattr(self, "old_header", False) and "recorded ruling" in e.msg:
                # Before format version 2 a blind header did not say its hurry-up.
                raise LogError(
                    e.line,
                    e.msg + " (a blind log older than format version 2 does not say its "
                    "hurry-up time: replayed with the hurry-up off)",
                )
            raise


_int = inputs.whole


def kind(head):
    """"slap", "blind" or "turn": which referee judges the log with header ``head``."""
    if turn_log.is_turn_header(head):
        return "turn"
    if isinstance(head, dict) and head.get("blind"):
        return "blind"
    return "slap"

