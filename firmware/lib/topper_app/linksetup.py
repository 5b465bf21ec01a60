"""A game set up from the host over the serial link (``topper.session``'s ``setup``):
the table has agreed if one was running; the menu takes the settings, and the
starter's seat button begins as usual (a turn game starts at once).

A function of the ``App`` (``topper_app.app``; its ``link_setup``), imported when the
host first sets a game up."""

from topper import games
from topper_app.modes import ENROLL_MODE, GAME, QUIT


def setup(app, cfg, now):
    """None, or why the table cannot set this game up."""
    if app.mode == ENROLL_MODE:
        return "enrolling a deck: finish it first"
    if app.mode == GAME or app.mode == QUIT:
        app._end_game()
    m = app.menu
    m.game = cfg["game"]
    m.cardpad = cfg["cardpad"]
    m.seats = cfg["seats"]
    lo, hi = games.find(m.game).players
    if not lo <= m.seats <= hi:
        return "%s is for %d to %d players" % (m.game, lo, hi)
    if not games.is_turn(m.game):
        # The slap games' jokers and hurry-up are the menu's settings (a turn game's
        # options and clock are its menu's own: the host sets seats, pad and seed).
        m.jokers = cfg.get("jokers", m.jokers)
        hurry_ms = cfg.get("hurry_ms", m.limit if m.hurry_on else 0)
        m.hurry_on = hurry_ms > 0
        if m.hurry_on:
            m.limit = hurry_ms
    app._start(now, cfg["seed"])
    return None
