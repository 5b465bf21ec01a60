"""A game saved whole for a power cut (the turn games and blind play; a card-pad slap
game is journaled input by input instead: topper_app.gamesave, docs/power-cut.md).

What is saved is ``snapshot``: the game's settings and its referee's ``save``, which
``topper_app.resume`` gives back at boot.
"""

import gc

from topper_app.modes import GAME, QUIT


def snapshot(app, t):
    """The game as it is saved whole at ``t``."""
    return {"game": app.game["game"], "cfg": app.game, "ref": app.ref.save(t)}


def after_rulings(app):
    """The save after the step that ruled, once its ring and OLED are out: a save
    writes flash (tens of ms), and a slap's winner should not wait for it. A cut in
    between loses only that step."""
    t, app._save_due = app._save_due, None
    if app.ref is None or not (app.mode == GAME or app.mode == QUIT):
        return
    try:
        if not app.ref.JOURNALED:
            app.save.save_whole(snapshot(app, t), t)
    except MemoryError:
        raise
    except Exception as e:
        app.fx.fail("save: %s" % (e,), t)


def at_once(app, now):
    """The save now, short of memory (App.low_memory); a journaled game's journal
    already holds every input."""
    try:
        if not app.ref.JOURNALED:
            app.save.save_whole(snapshot(app, now), now)
    except MemoryError:
        gc.collect()  # the last save stands


def trouble(app, now):
    """Saving for a power cut stopped during this game: the table hears it once, since
    the game goes on but a cut would now lose it."""
    save = app.save
    if save.failures == app._save_warned or save.problem is None or app.mode != GAME:
        return
    app._save_warned = save.failures
    if save.full:
        app._warn("save full: a cut now loses the game", now)  # (2 lines of 21)
    else:
        app._warn("not saved for power cuts: " + save.problem, now)
