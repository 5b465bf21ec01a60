"""Shared steps of the turn-game scenarios on the real device app (topper_app): offer the toy game of
tests/core/_toyturn.py in the menu (until the real games land it stands in for them),
choose a game with the buttons, start it, press seats."""

import _toyturn
from topper import games


def offer_toy(monkeypatch):
    monkeypatch.setattr(games, "GAMES", list(games.GAMES))  # (the registry comes back after the test)
    games.register(_toyturn.ENTRY)


def _menu_line(rig, prefix):
    for line in rig.screen():
        if line.startswith(prefix):
            return line
    return None


def to_line(rig, app, label):
    """Short table presses until the menu's cursor is on ``label``."""
    for _ in range(16):
        if _menu_line(rig, ">" + label) is not None:
            return
        rig.table(rig.now + 20, hold=80)
        rig.run(app, rig.now + 200)
    raise AssertionError("no menu line %s: %r" % (label, rig.screen()))


def set_value(rig, app, label, shown):
    """P2's button steps the line ``label`` until it shows ``shown``."""
    to_line(rig, app, label)
    for _ in range(16):
        line = _menu_line(rig, ">" + label)
        if line.endswith(" " + shown):
            return
        rig.press(1, rig.now + 20)
        rig.run(app, rig.now + 200)
    raise AssertionError("%s never shows %s: %r" % (label, shown, rig.screen()))


def choose(rig, app, title, settings=()):
    """Pick the game ``title`` on the Game line, set ``settings`` ((label, shown)),
    then hold the table button on Start game; returns the start press's stamp."""
    set_value(rig, app, "Game", title)
    for label, shown in settings:
        set_value(rig, app, label, shown)
    to_line(rig, app, "Start game")
    t = rig.now + 20
    rig.table(t, hold=900)
    rig.run(app, t + 1000)
    return t


def short(rig, app, seat, wait=300):
    rig.press(seat, rig.now + 20, hold=120)
    rig.run(app, rig.now + wait)


def long(rig, app, seat, wait=300):
    rig.press(seat, rig.now + 20, hold=900)
    rig.run(app, rig.now + 900 + wait)
