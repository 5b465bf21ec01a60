"""A slap game's start (World War 3, Armageddon; with the card pad or blind): the
enrolled deck checked when the menu starts it, then, at the starter's seat button, the
referee made, the log's header written and the save begun: the card game's journal of
every event (``topper_app.gamesave``), blind play's whole save.

Functions of the ``App`` (``topper_app.app``), imported when a slap game starts. Its
presses, lays and rulings then take the App's own road (``_game_button``, ``_pad``,
``_rulings``): the slap path, which allocates nothing."""

from topper_view import effects
from topper_app.modes import GAME, STARTER
from topper_app.referees import make_referee


def start(app, cfg, now):
    """The menu's "Start game": the starter's seat button is awaited (a card game's
    deck is checked first)."""
    app.game = cfg
    app.blind = not cfg["cardpad"]
    if app.blind:
        from topper_app import blindplay

        app.play = blindplay
        app.mode = STARTER
        return
    loaded = app._load_deck(now)
    if loaded is None:
        return
    deck, finished = loaded
    from topper import cards

    app.cards = cards
    need = cards.squares_deck(0) if cfg["game"] == "ww3" else cards.full_deck(0)
    have = {}
    for k in deck:
        have[deck[k]] = True
    missing = len([c for c in need if c not in have])
    app.deck = deck
    app.mode = STARTER
    if missing or not finished:
        app._notice(
            "CARD PAD",
            "The enrolled deck lacks %d cards of this game; they will read as unknown." % missing,
            STARTER,
        )


def begin(app, seat, t):
    """The starter's seat button: the game begins, seeded from its stamp (or the
    host's seed)."""
    cfg = app.game
    app.heavy = True  # no race yet: the step collects between its stages (App.between)
    app.ref = make_referee(cfg, t if cfg.get("seed") is None else cfg["seed"], app.dev.settle_ms)
    if app.cards is None:
        from topper import cards

        app.cards = cards
    app.fx = effects.Effects()
    app.mode = GAME
    app._hurry_left = -1
    app._quit_armed = False
    if app.logq.on():
        if app.blind:
            app.logq.header(app.play.header(app.ref, cfg))
        else:
            from topper import eventlog  # (heap: only when a host listens)

            app.logq.header(eventlog.header(app.ref))
    app.logq.event("start", t, seat=seat)
    app.between()
    if app.blind:
        rulings = app.ref.start(t, starter=seat)
        # Saved whole from here, after every ruling (a few a minute: no journal).
        app.save.begin_whole(app._snapshot(t), t)
        app._rulings(rulings, t, saved=True)
        return
    app._rulings(app.ref.start(t, starter=seat), t)
    app.between()
    app.ref = app.save.begin(app.ref, t)  # from now on every event is journaled
