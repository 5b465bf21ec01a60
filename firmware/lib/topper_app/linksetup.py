"""A game set up from the host over the serial link (``topper.session``'s ``setup``):
the table has agreed if one was running; the menu takes the settings, and the
starter's seat button begins as usual (a turn game starts at once).

A function of the ``App`` (``topper_app.app``; its ``link_setup``), imported when the
host first sets a game up."""

from topper.games import is_turn
from topper_app.modes import ENROLL_MODE, GAME, QUIT
from topper_app.referees import turn_seats


def setup(app, cfg, now):
    """None, or why the table cannot set this game up."""
    if app.mode == ENROLL_MODE:
        return "enrolling a deck: finish it first"
    if app.mode == GAME or app.mode == QUIT:
        app._end_game()
    m = app.menu
    m.game = cfg["game"]
    m.cardpad = cfg["cardpad"]
    if is_turn(m.game):
        # Its options and clock are the menu's; the host sets seats, pad and seed.
        m.seats = cfg["seats"]
        lo, hi = turn_seats(m.game)
        if not lo <= m.seats <= hi:
            return "%s is for %d to %d players" % (m.game, lo, hi)
        app._start(now, cfg["seed"])
        return None
    m.seats = cfg["seats"]
    # Settings a turn game's menu has not (the host changed the game): the menu's.
    m.jokers = cfg.get("jokers", m.jokers)
    hurry_ms = cfg.get("hurry_ms", m.limit if m.hurry_on else 0)
    m.hurry_on = hurry_ms > 0
    if m.hurry_on:
        m.limit = hurry_ms
    app._start(now)
    if app.game is not None:
        app.game["seed"] = cfg["seed"]
    return None
