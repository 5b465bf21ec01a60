"""A game at the table, whatever the game (``topper.games``' record says what the shell
needs to know of it; ``topper.referee`` is all it asks of the referee): its start, its
inputs, its rulings and its end. One path for every game, with the card pad, with
buttons and blind.

- ``start``: the menu's "Start game": the game begins at once, or at the starting
  seat's press (``begin``) for a game that waits for one (the slap games, dealt at the
  table: the enrolled deck is checked first, and the table hears what it lacks).
- ``begin``: the referee made, the log's header and the save begun, the game entered.
- ``enter``: the table takes up a game's referee (a start, and every resume).
- ``button``, ``card``, ``tick``: an input to the referee, logged as it says
  (``Referee.logged``); what it has no use for is the table's (``END GAME?``, "show that
  slap again").
- ``ruled``: one fan-out of every ruling: the log, the save, the ring and the OLED,
  the effects and the buzzer.

Functions of the ``App`` (``topper_app.app``). A seat's press is the slap path, from
``topper_app.route`` through ``button`` to ``ruled``: it allocates nothing
(bench/board_slap_alloc.py)."""

from topper import games
from topper.inputs import CARD, PAUSE, PRESS, RESUME, TABLE, TABLE_LONG, TICK
from topper_hw import devices
from topper_hw.nvstore import StoreError
from topper_view import effects, sounds
from topper_app.modes import GAME, MENU, QUIT, STARTER
from topper_app import referees, wholesave


def start(app, now, seed=None):
    """The menu's "Start game" (``seed``: the host's, else the start press's stamp)."""
    cfg = app.menu.config()
    game = games.find(cfg["game"])
    app.game = cfg
    app.deck = None
    if seed is not None:
        cfg["seed"] = seed
    if cfg["cardpad"]:
        loaded = _load_deck(app, now, game.deck)
        if loaded is None:
            return
        deck, finished = loaded
        app.deck = deck
        if game.starter:
            # A game dealt at the table waits for its starter's press: the table hears
            # first if the enrolled deck lacks some of its cards.
            missing = _missing(game, cfg, deck)
            if missing or not finished:
                app._notice(
                    "CARD PAD",
                    "The enrolled deck lacks %d cards of this game; they will read as unknown." % missing,
                    STARTER,
                )
                return
    if game.starter:
        app.mode = STARTER
        return
    begin(app, -1, now)


def _missing(game, cfg, deck):
    """How many cards of the game's deck the enrolled map lacks."""
    from topper import decks

    have = {}
    for k in deck:
        have[deck[k]] = True
    return len([c for c in decks.cards(game.deck, cfg["seats"], 0) if c not in have])


def begin(app, seat, t):
    """The game begins at ``t`` (``seat``: the starting seat's press, -1 for none),
    seeded from its stamp (or the host's seed)."""
    cfg = app.game
    seed = t if cfg.get("seed") is None else cfg["seed"]
    try:
        ref = referees.make(cfg, seed, app.dev.settle_ms)
    except ImportError as e:
        app._notice("NOT INSTALLED", "%s: %s" % (cfg["game"], e), MENU)
        app._sound(sounds.ERROR, t)
        return
    app.heavy = True  # no race yet: the step collects between its stages (App.between)
    enter(app, cfg, ref, app.deck)
    if app.logq.on():
        app.logq.header(ref.header(cfg))
    if seat >= 0:
        app.logq.event("start", t, seat=seat)
    else:
        app.logq.event("start", t)
    app.between()
    rulings = ref.start(t, seat)
    if ref.JOURNALED:
        ruled(app, rulings, t)
        app.between()
        app.ref = app.save.begin(ref, t)  # from now on every input is journaled
        return
    app.save.begin_whole(wholesave.snapshot(app, t), t)  # saved whole from here, after each ruling
    ruled(app, rulings, t, saved=True)


def _load_deck(app, now, deck):
    """The card pad opened and the enrolled map of ``deck``, the game's
    (``topper.games``: standard, Triple Topper or its squares), ``(map, finished)``, or
    None after a notice."""
    if app.dev.pad is None and not devices.open_pad(app.dev, app.cfg):
        app._notice("CARD PAD", app.dev.problems[-1], MENU)
        app._sound(sounds.ERROR, now)
        return None
    try:
        return app.dev.store.load(deck)
    except StoreError as e:
        app._notice("CARD PAD", "%s. Menu: Enroll deck." % (e,), MENU)
        app._sound(sounds.ERROR, now)
        return None


def enter(app, cfg, ref, deck):
    """The table takes up ``ref``, a game of settings ``cfg`` (begun or resumed): its
    drawing, its cards, the buttons as it needs them."""
    ref.recycle = True  # its slap rulings are reused records: the log copies them (logqueue)
    app.game = cfg
    app.deck = deck
    app.ref = ref
    app.drawing = referees.load(games.find(cfg["game"]).view).Drawing(cfg, app.cfg["pixels"])
    app.fx = effects.Effects()
    app.mode = GAME
    if app.dev.buttons is not None:
        app.dev.buttons.holds = ref.HOLDS  # a seat's short and long presses, if it tells them


def button(app, kind, seat, t, us, now):
    """A button in a game. What the referee has no use for now is the table's: the
    table button's long press ends a finished game or asks "END GAME?" (which pauses
    a chess clock), its short press shows the last slap again."""
    ref = app.ref
    if not ref.uses(kind):
        if kind == TABLE_LONG:
            # (the step's view: the OLED's "END GAME?" is drawn from the same one)
            if app.step_view(now)["over"]:
                app._end_game()
            else:
                app.mode = QUIT
                take(app, PAUSE, -1, t, 0, None, now)
        elif kind == TABLE and app.fx.slap is not None:
            app.fx.slap_t = now  # show the last slap's ruling again
        return
    if kind != TABLE and kind != TABLE_LONG and seat >= app.game["seats"]:
        return
    if kind == PRESS:
        g = app.dev.gate
        if g is not None:
            # ranked by the gate's stamps: the referee's winner is the gate's
            g.restamp(seat, t, us)
            t = g.t
            us = g.us
        if app._race_at is None:
            # a race may be open: keep the next steps short. The quiet starts at the
            # first press of a burst and is not pushed back by later ones, so a
            # chattering button cannot starve the screen and the log.
            app._race_at = now
    take(app, kind, seat, t, us, None, now)


def back(app, kind, seat, t, us, now):
    """A press while "END GAME?" stands: the game goes on (a chess clock runs again),
    and a seat's press counts in it."""
    app.mode = GAME
    take(app, RESUME, -1, t, 0, None, now)
    if kind == PRESS:
        button(app, kind, seat, t, us, now)


def card(app, code, t, now):
    take(app, CARD, -1, t, 0, code, now)


def take(app, kind, seat, t, us, code, now):
    """One input to the referee at its stamp ``t``, logged as it says first; nothing of
    an input it has no use for (a game without a clock is not paused). Its rulings are
    shown and sounded from ``now``, the step's time: a tune started at a stamp already
    past would skip its first notes."""
    ref = app.ref
    if not ref.uses(kind):
        return
    if not app.logq.on():  # (the log's records would allocate on the slap path)
        ruled(app, ref.take(kind, seat, t, us, code), now)
        return
    ev = ref.logged(kind, seat, us, code)
    if ev is not None:
        name, fields = ev
        app.logq.event(name, t, **fields)
        ruled(app, ref.take(kind, seat, t, us, code), now)
        return
    # A secret is being entered (a stored Crazy Job rule): its presses would spell it,
    # so the log holds none of them, only one "secret" event where the entry ends
    # (stored, or left), with that press's rulings.
    rulings = ref.take(kind, seat, t, us, code)
    ended = not ref.secret_input()
    if ended:
        app.logq.event("secret", t)
    ruled(app, rulings, now, log=ended)


def tick(app, now):
    """Time passes: the referee's timers, its clock."""
    rulings = app.ref.take(TICK, -1, now)
    if rulings and app.logq.on():
        app.logq.event("tick", now)  # before them, so that a replay meets them at their time
    ruled(app, rulings, now)


def ruled(app, rulings, now, saved=False, log=True):
    """A batch of rulings to the log, the save, the ring and the OLED, the effects and
    the buzzer. A game saved whole is saved after this step's ring and OLED (App.step)
    when it moved (a batch of errors alone changed nothing)."""
    if not rulings:
        return
    app.ruled += 1  # (the slap gate is armed again for the table as it now stands)
    if log:
        for r in rulings:
            app.logq.add(r)
    if not saved and not app.ref.JOURNALED:
        for r in rulings:
            if r["r"] != "error":
                app._save_due = now
                break
    app._ring_at = None  # the ring shows the rulings in this very step
    view = None
    if app.drawing.ONE_VIEW:
        if app.collect is not None and not app.ref.uses(PRESS):
            # A game without races: the referee's garbage (a hand's seals, a few KB) is
            # collected before its view, a few KB more, is built (App.step collects
            # between the later stages), so the heap holds one of them at a time.
            app.collect()
        view = app.step_view(now)
    app._sound(app.drawing.ruled(rulings, view, now, app.fx), now)


def resumed(app, cfg, ref, deck, now):
    """A game the power cut comes back (topper_app.resume): the table takes it up as
    it was; a chess clock stopped by "END GAME?" runs again."""
    enter(app, cfg, ref, deck)
    app.drawing.seen(ref.view(now))
    if app.link is not None:
        app.link.resumed(cfg["game"], now)
    if ref.uses(RESUME):
        ruled(app, ref.take(RESUME, -1, now), now)
    ref.message = "Resumed game"
    app.views.forget()

