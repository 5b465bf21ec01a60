"""The Tripp Jokes referee (topper.turnref) for the device and the simulator.

``make`` picks the referee for the way the cards reach it (``gamekit.Entry``):

- DEALT (``topper.games.tripp.dealt``): the engine deals from the seed and knows every
  card; the simulator's players and the bots send whole engine actions with ``act``;
- PAD (``topper.games.tripp.turn_pad``): the card pad reads each card laid and the engine
  judges it; the seat button lays what was tapped;
- BUTTONS (``topper.games.tripp.turn_buttons``): no cards at all; the seat button ends a
  turn and the table reports pickups and seats going out. It needs no engine, so it
  never imports one (heap).

Each keeps the inputs it accepted, so that ``restore`` can rebuild the game after a
power cut.
"""

from topper import games, turnref
from topper.gamekit import Entry, RuleError

GAME = "tripp"


def make(cfg, seed, settle_ms=1, salt_key=None):
    """The referee of the menu's settings ``cfg``, not started (topper.referee)."""
    return turnref.make_with(referee, cfg, seed, salt_key)


def referee(seats, entry, seed, control, options):
    """A referee not yet started; ``options`` as ``games.options`` fills them in."""
    opts = games.options(GAME, options)
    if entry == Entry.BUTTONS:
        from topper.games.tripp.turn_buttons import ButtonsReferee

        return ButtonsReferee(seats, seed, control, opts)
    if entry == Entry.PAD:
        from topper.games.tripp.turn_pad import PadReferee

        return PadReferee(seats, seed, control, opts)
    if entry != Entry.DEALT:
        raise RuleError("no way %r for cards to reach Tripp Jokes" % (entry,))
    from topper.games.tripp.dealt import TrippReferee

    return TrippReferee(seats, entry, seed, control, opts)


def restore(saved, now):
    """The referee ``save`` saved, in the same state, its clock going on from ``now``."""
    try:
        if saved["game"] != GAME:
            raise RuleError("not a saved Tripp Jokes game")
        ref = referee(saved["seats"], saved["entry"], saved["seed"], None, saved["options"])
        started = saved["started"]
        log = saved["log"]
        old = "kinds" not in saved  # presses numbered 0-3 (inputs.BUTTONS' order)
        message = saved["message"]
    except (KeyError, TypeError, ValueError):
        raise RuleError("not a saved Tripp Jokes game")
    if started:
        ref.start(0)
    for item in log:
        for ruling in ref.replay(item, old):
            if ruling["r"] == "error":
                raise RuleError("saved Tripp Jokes game does not replay: %s" % ruling["why"])
    ref.message = message
    ref.restore_clock(saved.get("clock"), now)
    return ref
