"""Where the table's input goes, from the App's state: each button event (``button``) and card
tag (``pad``) the loop polls, handed to what the mode says: the menu, the starter's
seat, the game's referee (``game_button``), the "end the game?" question, the
enrollment, a notice, or the host's question.

Functions of the ``App`` (``topper_app.app``), which has ``poll``, ``button`` and
``game_button`` as its own methods ``_input``, ``_button`` and ``_game_button``: a
seat's press is the start of the slap path, which allocates nothing
(docs/benchmarks.md), and ``topper_app.slapmeter`` and bench/mp_slap_alloc.py measure
it by the App's methods (so ``poll`` and ``button`` call those). What only one mode
needs is in that mode's module (``blindplay``, ``turnplay``, ``enroll``,
``slapplay``), imported when it is needed."""

from topper.inputs import CARD, PRESS
from topper_hw import buttons as btn
from topper_hw.nvstore import uid_key
from topper_view import sounds
from topper_view.menu import ENROLL, START
from topper_app.modes import ENROLL_MODE, GAME, MENU, NOTICE, QUIT, STARTER


def poll(app, now):
    if app.dev.buttons is not None:
        for kind, seat, t, us in app.dev.buttons.poll(now):
            app._button(kind, seat, t, us, now)
    reading = app.mode == ENROLL_MODE or (app.mode == GAME and not app.blind and app.deck is not None)
    if app.dev.pad is not None and reading:
        e = app.dev.pad.poll(now)
        if e is not None:
            pad(app, e, now)


def button(app, kind, seat, t, us, now):
    if kind == btn.OVERFLOW:
        app._warn("busy: presses lost", t)
        return
    if kind == btn.STUCK:
        who = "table" if seat < 0 else "P%d" % (seat + 1)
        app._warn("%s button held down" % who, t)
        return
    if kind == btn.CHATTER:
        app._warn("P%d button faulty: muted" % (seat + 1), t)
        return
    if app._asked() and (kind == btn.TABLE_SHORT or kind == btn.TABLE_LONG):
        app.link.answer(kind == btn.TABLE_SHORT, now)  # the host's question
        return
    mode = app.mode
    if kind == btn.CHORD and not (mode == GAME and (app.blind or app.turn)):
        kind = btn.SEAT  # a chord only means something in blind play and turn games
    if (kind == btn.SEAT_SHORT or kind == btn.SEAT_LONG) and not (mode == GAME and app.turn):
        return  # a turn game's presses; the buttons report them only while one is on
    if mode == MENU:
        menu_button(app, kind, seat, now)
    elif mode == STARTER:
        if kind == btn.SEAT and seat < app.game["seats"]:
            from topper_app import slapplay

            slapplay.begin(app, seat, t)
        elif kind == btn.TABLE_LONG:
            app.mode = MENU
    elif mode == GAME:
        app._game_button(kind, seat, t, us, now)
    elif mode == QUIT:
        if kind == btn.TABLE_LONG:
            app._end_game()
        elif kind == btn.TABLE_SHORT or kind == btn.SEAT:
            app.mode = GAME
            if app.turn:
                app.logq.event("resume", t)
                app.play.ruled(app, app.ref.resume(t), t)
            elif kind == btn.SEAT:
                app._game_button(kind, seat, t, us, now)
    elif mode == ENROLL_MODE:
        from topper_app import enroll

        enroll.button(app, kind, seat, now)
    elif mode == NOTICE:
        if kind == btn.TABLE_SHORT or kind == btn.TABLE_LONG:
            app.mode = app.after
            app._sound(sounds.CLICK, now)


def menu_button(app, kind, seat, now):
    m = app.menu
    if kind == btn.TABLE_SHORT:
        m.short()
    elif kind == btn.SEAT:
        m.seat(seat)
    elif kind == btn.TABLE_LONG:
        act = m.long()
        if act == START:
            app._start(now)
            return
        if act == ENROLL:
            from topper_app import enroll

            enroll.start(app, now)
            return
    app._sound(sounds.CLICK, now)


def game_button(app, kind, seat, t, us, now):
    if app.turn:
        app.play.button(app, kind, seat, t, now)  # topper_app.turnplay
        return
    ref = app.ref
    if kind == btn.SEAT:
        if seat < app.game["seats"]:
            g = app.dev.gate
            if g is not None:
                # ranked by the gate's stamps: the referee's winner is the gate's
                g.restamp(seat, t, us)
                t = g.t
                us = g.us
            if app._race_at is None:
                # a race may be open: keep the next steps short. The quiet starts at
                # the first press of a burst and is not pushed back by later ones,
                # so a chattering button cannot starve the screen and the log.
                app._race_at = now
            if app.logq.on():  # (the call's keywords would make a dict)
                app.logq.event("press", t, seat=seat, us=us)
            app._rulings(ref.take(PRESS, seat, t, us), now)
        return
    over = ref.view(now)["winner"] >= 0
    if app.blind and not over:
        app.play.button(app, kind, seat, t, now)  # topper_app.blindplay
    elif kind == btn.TABLE_SHORT:
        if app.fx.slap is not None:
            app.fx.slap_t = now  # show the last slap's ruling again
    elif kind == btn.TABLE_LONG:
        if over:
            app._end_game()
        else:
            app.mode = QUIT


def pad(app, e, now):
    what, data, t = e
    if what == "error":
        app._warn(data, t)
        return
    if app.mode == ENROLL_MODE:
        from topper_app import enroll

        enroll.tag(app, data, now)
        return
    card = app.deck.get(uid_key(data))
    if card is None:
        app._warn("unknown card tag", t)
        return
    if app.turn:
        app.play.card(app, card, t)  # topper_app.turnplay
        return
    app.logq.event("lay", t, card=app.cards.format_card(card))
    app._rulings(app.ref.take(CARD, -1, t, 0, card), now)
