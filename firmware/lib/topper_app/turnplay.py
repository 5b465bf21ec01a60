"""A turn game on the table (``topper.turnref``): its start, the buttons and the card
pad's cards fed to its referee, its rulings logged, sounded and saved, its screen.

Functions of the ``App`` (``topper_app.app``): they read and set its state as its
methods did. Imported when the first turn game starts; the App keeps the module as its
``play`` while one is on (an import inside a function allocates each time it runs, and
these run at every step of a turn game)."""

from topper import inputs
from topper_hw import buttons as btn
from topper_view import effects, sounds
from topper_app.modes import GAME, MENU, QUIT
from topper_app.referees import make_turn_referee


def start(app, cfg, now, seed=None):
    """A turn game starts at once (its referee knows who begins), seeded from the
    stamp of the press that started it, as the slap games are."""
    deck = None
    if cfg["cardpad"]:
        loaded = app._load_deck(now, standard=cfg["game"] == "tripp")
        if loaded is None:
            return
        deck = loaded[0]
    try:
        ref = make_turn_referee(cfg, now if seed is None else seed)
    except ImportError as e:
        app._notice("NOT INSTALLED", "%s: %s" % (cfg["game"], e), MENU)
        app._sound(sounds.ERROR, now)
        return
    app.heavy = True  # a game's start: collected between its stages (App.between)
    app.game = cfg
    app.deck = deck
    app.blind = False
    app.turn = True
    app.ref = ref
    app.fx = effects.Effects()
    app.mode = GAME
    app._quit_armed = False
    app.dev.buttons.holds = True  # short and long seat presses from now on
    if app.logq.on():
        app.logq.header(header(ref, cfg))
    app.logq.event("start", now)
    app.between()
    rulings = ref.start(now)
    app.save.begin_whole(app._snapshot(now), now)
    ruled(app, rulings, now, saved=True)


def header(ref, cfg):
    """The one header shape of every game's log (docs/event-log.md, version 2): what a
    replay needs to rebuild this referee. The seed is public (the start press's stamp,
    or the host's); the seals' key is not in it."""
    head = {"log": "topper-table", "v": 2, "game": cfg["game"], "seats": cfg["seats"]}
    head["seed"] = ref.seed
    head["entry"] = "pad" if cfg["cardpad"] else "buttons"
    head["options"] = cfg["options"]
    clock = None
    if cfg["control"] is not None:
        from topper.clock import CONTROL_NAMES  # (loaded with the game's clock)

        kind, base, extra = cfg["control"]
        clock = {"control": CONTROL_NAMES[kind], "base_ms": base, "extra_ms": extra}
    head["clock"] = clock
    return head


def button(app, kind, seat, t, now):
    if kind == btn.TABLE_LONG:
        if app.ref.is_over():
            app._end_game()
        else:
            app.mode = QUIT  # "END GAME?" is also the table's pause: the clock stops
            app.logq.event("pause", t)
            ruled(app, app.ref.pause(t), t)
        return
    if kind == btn.SEAT_SHORT:
        what = inputs.SHORT
    elif kind == btn.SEAT_LONG:
        what = inputs.LONG
    elif kind == btn.CHORD:
        what = inputs.CHORD
    elif kind == btn.TABLE_SHORT:
        what = inputs.TABLE
    else:
        return  # the plain press-down: a turn game waits for its short or long press
    if what != inputs.TABLE and seat >= app.game["seats"]:
        return
    ref = app.ref
    if ref.secret_input():
        # A secret is being entered with the buttons (a stored Crazy Job rule): its
        # presses would spell it, so the log holds none of them, only one "secret"
        # event where the entry ends (stored, or left), with that press's rulings.
        rulings = ref.take(what, seat, t)
        ended = not ref.secret_input()
        if ended:
            app.logq.event("secret", t)
        ruled(app, rulings, t, log=ended)
        return
    # The log names the press as the turn games' logs always have: short, long,
    # table, chord (topper.inputs' names for those kinds).
    app.logq.event("button", t, press=inputs.NAMES[what], seat=seat)
    ruled(app, ref.take(what, seat, t), t)


def card(app, code, t):
    """A card the pad read. The log names it only where the game lays it face up for
    all to see (public_card); elsewhere it says a card was read, never which: a pad
    card may be a secret (docs/event-log.md)."""
    name = app.ref.public_card(code)
    if name is None:
        app.logq.event("card", t)
    else:
        app.logq.event("card", t, card=name)
    ruled(app, app.ref.take(inputs.CARD, -1, t, 0, code), t)


def ruled(app, rulings, t, saved=False, event=None, log=True):
    """A turn referee's rulings: logged (after a ``tick`` event when the clock ruled, so
    that a replay meets them at their time), sounded, and the game saved when it moved
    (a batch of errors alone changed nothing)."""
    if not rulings:
        return
    if event == "tick":
        app.logq.event("tick", t)
    if log:
        for r in rulings:
            app.logq.add(r)
    moved = False
    for r in rulings:
        if r["r"] != "error":
            moved = True
    if moved and not saved:
        app._save_due = t  # after this step's ring and OLED (App.step)
    app._ring_at = None  # the ring shows the rulings in this very step
    ref = app.ref
    # The sound needs the turn and the end of the game only: not the whole view, whose
    # lines and hint are 2-3 KB of garbage a ruling on the board (the OLED makes its own).
    over = ref.is_over()
    state = {"turn": ref.on_turn(), "over": over, "winners": ref.winners() if over else []}
    seq = sounds.for_turn(rulings, app._turn_was, state)
    app._turn_was = (state["turn"], over)
    app._sound(seq, t)
