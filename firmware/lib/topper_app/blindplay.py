"""Blind play, a slap game without the card pad (``topper.games.slap.blind``): the
table button judges the slap the referee ranked, a chord puts a seat out or back, and
the game is saved whole after every ruling.

Functions of the ``App`` (``topper_app.app``), imported when the first blind game is
chosen; the App keeps the module as its ``play`` while one is on (an import inside a
function allocates each time it runs, and the whole save runs after every ruling). A
seat's press takes the card game's road (``App._game_button``), not this module."""

from topper import inputs
from topper_hw import buttons as btn
from topper_app.modes import QUIT


def button(app, kind, seat, t, now):
    """The table button and the chords while no one has won."""
    ref = app.ref
    if kind == btn.TABLE_SHORT:
        app.logq.event("table", t)
        app._rulings(ref.take(inputs.TABLE, -1, t), now)
    elif kind == btn.TABLE_LONG:
        if ref.pending >= 0:
            app.logq.event("table", t, long=True)
            app._rulings(ref.take(inputs.TABLE_LONG, -1, t), now)
        else:
            app._quit_armed = True  # a long press asks to quit on release
    elif kind == btn.TABLE_END:
        if app._quit_armed:
            app._quit_armed = False
            app.mode = QUIT
    elif kind == btn.CHORD and seat < app.game["seats"]:
        app._quit_armed = False
        app.logq.event("out", t, seat=seat)
        app._rulings(ref.take(inputs.CHORD, seat, t), now)


def header(ref, cfg):
    """The log's header: "blind", the blind referee judges it (docs/event-log.md),
    rebuilt by a replay from this header. Its format and version are topper.eventlog's
    FORMAT and VERSION, written out: importing eventlog would load the card referee
    (about 39 KB of heap) that blind play never needs."""
    return {
        "log": "topper-table",
        "v": 2,
        "game": cfg["game"],
        "seats": cfg["seats"],
        # The referee's own seed (the host's, else the press's stamp): a header built
        # apart from the referee once logged the stamp here.
        "seed": ref.seed,
        "blind": True,
        "hurry_ms": ref.hurry_ms,
        "settle_ms": ref.settle_ms,
        "race_ms": ref.race_ms,
        "confirm_ms": ref.confirm_ms,
    }
