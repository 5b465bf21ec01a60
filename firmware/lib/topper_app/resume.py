"""Power-cut resume: at boot, a game the store holds goes on where the power went,
instead of the menu (docs/power-cut.md). A journaled game comes back from its journal
(``topper_app.gamesave``), every other from its last whole save; either way the table
takes it up as a start does (``topper_app.play.resumed``). A finished game is not
resumed.

A function of the ``App`` (``topper_app.app``), imported once at its start."""

from topper import games
from topper_hw import devices
from topper_hw.nvstore import StoreError


def resume(app, now):
    snap = app.save.resume_whole()
    if snap is not None:
        from topper_app.referees import module

        cfg = snap["cfg"]
        try:
            ref = module(cfg).restore(_saved_ref(snap), now)
        except Exception as e:  # noqa: BLE001 - a save this firmware cannot read is no game
            _unreadable(app, e, now)
            return
    else:
        ref = app.save.resume(now)
        if ref is None:
            return
        cfg = ref.settings()
    if ref.view(now)["over"]:
        app.save.forget(now)  # a finished game is not resumed
        return
    from topper_app import play

    app.play = play
    deck = _deck(app, cfg) if cfg["cardpad"] else None
    play.resumed(app, cfg, ref, deck, now)


def _deck(app, cfg):
    """The enrolled deck map of the game's kind; with none, an empty one: cards read as
    unknown, and the table sees why."""
    if app.dev.pad is None:
        devices.open_pad(app.dev, app.cfg)
    try:
        return app.dev.store.load(games.find(cfg["game"]).deck)[0]
    except (StoreError, AttributeError):
        return {}


def _saved_ref(snap):
    """The referee's ``save`` in a whole save. A save written before every referee had
    the same ``save`` kept blind play's under "blind", a turn game's clock beside it."""
    saved = snap["ref"] if "ref" in snap else snap["blind"]
    if "clock" in snap:
        saved["clock"] = snap["clock"]
    return saved


def _unreadable(app, e, now):
    """A save this firmware cannot read is no game: forgotten, and said why."""
    app.save.problem = "save: %s" % (e,)
    app.save.forget(now)
