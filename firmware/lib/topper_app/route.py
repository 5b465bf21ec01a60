"""Where the table's input goes, from the App's state: each button event (``button``)
and card tag (``pad``) the loop polls, handed to what the mode says: the menu, the
starting seat, the game (``topper_app.play``), the "end the game?" question, the
enrollment, a notice, or the host's question.

Functions of the ``App`` (``topper_app.app``). A seat's press in a game is the start
of the slap path, which allocates nothing (bench/board_slap_alloc.py). What only one
mode needs is in that mode's module (``play``, ``enroll``), imported when it is
needed."""

from topper.inputs import CHATTER, CHORD, LONG, OVERFLOW, PRESS, SHORT, STUCK, TABLE, TABLE_LONG
from topper_hw.deckmap import uid_key
from topper_view import sounds
from topper_view.menu import ENROLL, START
from topper_app.modes import ENROLL_MODE, GAME, MENU, NOTICE, QUIT, STARTER


def poll(app, now):
    if app.dev.buttons is not None:
        for kind, seat, t, us in app.dev.buttons.poll(now):
            button(app, kind, seat, t, us, now)
    reading = app.mode == ENROLL_MODE or (app.mode == GAME and app.deck is not None)
    if app.dev.pad is not None and reading:
        e = app.dev.pad.poll(now)
        if e is not None:
            pad(app, e, now)


def button(app, kind, seat, t, us, now):
    if kind == OVERFLOW:
        app._warn("busy: presses lost", t)
        return
    if kind == STUCK:
        who = "table" if seat < 0 else "P%d" % (seat + 1)
        app._warn("%s button held down" % who, t)
        return
    if kind == CHATTER:
        app._warn("P%d button faulty: muted" % (seat + 1), t)
        return
    if app._asked() and (kind == TABLE or kind == TABLE_LONG):
        app.link.answer(kind == TABLE, now)  # the host's question
        return
    mode = app.mode
    if kind == CHORD and not (mode == GAME and app.ref.uses(CHORD)):
        kind = PRESS  # a chord means something only to a game that takes it
    if (kind == SHORT or kind == LONG) and mode != GAME:
        return  # a turn game's presses; the buttons report them only while one is on
    if mode == GAME:
        app.play.button(app, kind, seat, t, us, now)
    elif mode == MENU:
        menu_button(app, kind, seat, now)
    elif mode == STARTER:
        if kind == PRESS and seat < app.game["seats"]:
            app.play.begin(app, seat, t)
        elif kind == TABLE_LONG:
            app.mode = MENU
    elif mode == QUIT:
        if kind == TABLE_LONG:
            app._end_game()
        elif kind == TABLE or kind == PRESS:
            app.play.back(app, kind, seat, t, us, now)
    elif mode == ENROLL_MODE:
        from topper_app import enroll

        enroll.button(app, kind, seat, now)
    elif mode == NOTICE:
        if kind == TABLE or kind == TABLE_LONG:
            app.mode = app.after
            app._sound(sounds.CLICK, now)


def menu_button(app, kind, seat, now):
    m = app.menu
    if kind == TABLE:
        m.short()
    elif kind == PRESS:
        m.seat(seat)
    elif kind == TABLE_LONG:
        act = m.long()
        if act == START:
            app._start(now)
            return
        if act == ENROLL:
            from topper_app import enroll

            enroll.start(app, now)
            return
    app._sound(sounds.CLICK, now)


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
    app.play.card(app, card, t, now)
