"""Power-cut resume: at boot, a game the store holds goes on where the power went,
instead of the menu (docs/power-cut.md). A card game comes back from its journal
(``topper_app.gamesave``), blind play and the turn games from their last whole save.

Functions of the ``App`` (``topper_app.app``), imported once at its start."""

from topper_hw import devices
from topper_hw.nvstore import StoreError
from topper_view import effects
from topper_app.modes import GAME


def resume(app, now):
    snap = app.save.resume_whole()
    if snap is not None:
        from topper import games
        from topper_app.referees import referee_module

        cfg = snap["cfg"]
        try:
            ref = referee_module(cfg).restore(_saved_ref(snap), now)
        except Exception as e:  # noqa: BLE001 - a save this firmware cannot read is no game
            _unreadable(app, e, now)
            return
        if games.is_turn(cfg["game"]):
            _turn(app, cfg, ref, now)
        else:
            _blind(app, cfg, ref, now)
        return
    ref = app.save.resume(now)
    if ref is None:
        return
    g = ref.game
    app.deck = _deck(app, False)
    from topper import cards

    app.cards = cards
    app.game = {
        "game": g.variant,
        "seats": g.seats,
        "jokers": g.jokers,
        "hurry_ms": ref.ref.hurry_ms,
        "cardpad": True,
    }
    app.blind = False
    app.ref = ref
    app.mode = GAME
    ref.ref.recycle = True  # as make_referee's (the journal replayed it without)
    ref.ref.message = "Resumed game"
    if app.link is not None:
        app.link.resumed(g.variant, now)


def _deck(app, standard):
    """The enrolled deck map; with none, an empty one: cards read as unknown, and the
    table sees why."""
    if app.dev.pad is None:
        devices.open_pad(app.dev, app.cfg)
    try:
        return app.dev.store.load(standard=standard)[0]
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


def _blind(app, cfg, ref, now):
    """Blind play goes on as it was saved at its last ruling: turn, out and locked
    seats, a slap waiting for the table, the hurry-up with the time it had."""
    from topper_app import blindplay

    if ref.winner >= 0:
        app.save.forget(now)  # a won game is not resumed, as for the card games
        return
    ref.recycle = True  # as make_referee's
    if app.cards is None:
        from topper import cards

        app.cards = cards
    app.game = cfg
    app.blind = True
    app.play = blindplay
    app.ref = ref
    app.fx = effects.Effects()
    app.mode = GAME
    app._hurry_left = -1
    app._quit_armed = False
    ref.message = "Resumed game"
    if app.link is not None:
        app.link.resumed(app.game["game"], now)


def _turn(app, cfg, ref, now):
    """A turn game goes on as it was (its clock with the time it had at the last
    action: the dark seconds count for nobody)."""
    from topper_app import turnplay

    app.deck = None
    if cfg["cardpad"]:
        app.deck = _deck(app, cfg["game"] == "tripp")
    app.game = cfg
    app.blind = False
    app.turn = True
    app.play = turnplay
    app.ref = ref
    app.mode = GAME
    app.dev.buttons.holds = True
    view = ref.view(now)
    app._turn_was = (view["turn"], view["over"])
    if app.link is not None:
        app.link.resumed(cfg["game"], now)
    if ref.clock is not None and ref.clock.paused:
        # Cut while "END GAME?" stood: the game comes back, so its clock runs again.
        turnplay.ruled(app, ref.resume(now), now)
    ref.message = "Resumed game"
