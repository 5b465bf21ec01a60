"""What the table sees and hears, from the App's state: the OLED's lines
(``App.lines``), the ring's frame (``App.frame``), the buzzer, and how often they are
drawn (``App._output``): the ring at most every RING_MS, the OLED every OLED_MS, and
neither the OLED nor the log's JSON while a race may be open (``racing``).

Functions of the ``App`` (``topper_app.app``): this is the end of the slap path, which
allocates nothing (bench/board_slap_alloc.py). A game is drawn by its drawing
(``app.drawing``: its view module's, topper.games)."""

from topper_view import ring, screen
from topper_app.modes import ENROLL_MODE, GAME, MENU, NOTICE, QUIT, STARTER

OLED_MS = 100  # the screen is redrawn at most this often (a full frame is ~25 ms of I2C)
RING_MS = 20
RACE_QUIET_MS = 4  # after a seat's press: no OLED frame, no log JSON (racing)


def racing(app, now):
    """A seat was pressed less than RACE_QUIET_MS ago (or the race's settle window and
    a millisecond, when longer: a press is reported after its stamp, which opens the
    window): the race it opened settles at one of the next ticks, so the slow work (an
    OLED frame, about 25 ms of I2C; the log's JSON) waits, and the tick that rules comes
    at once."""
    if app._race_at is None:
        return False
    quiet = app.dev.settle_ms + 1
    if quiet < RACE_QUIET_MS:
        quiet = RACE_QUIET_MS
    if due(app._race_at, now, quiet):
        app._race_at = None
        return False
    return True


def lines(app, now, view=None):
    """What the OLED shows now (8 lines of text)."""
    if app._asked():
        return screen.message("HOST ASKS", app.link.asking(), "table=yes  hold=no")
    mode = app.mode
    if mode == NOTICE:
        return app.notice
    if mode == MENU:
        return app.menu.lines()
    if mode == STARTER:
        return screen.starter(app.game["game"], app.game["seats"], app.game["cardpad"])
    if mode == ENROLL_MODE:
        en = app.enrolling  # (topper_app.enroll): the next card, how far, the last tap
        nxt = en.next_card()
        return screen.enroll(en.pos, len(en.order), "" if nxt is None else en.text(nxt), en.last)
    view = view or app.ref.view(now)
    if mode == QUIT:
        text = "Hold the table button to end this game."
        if view.get("clock") is not None:
            text = "The clock is stopped. " + text
        return screen.message("END GAME?", text, "short: play on")
    return app.drawing.lines(view, now, app.fx)


def frame(app, now, view=None):
    """What the ring shows now."""
    n = app.cfg["pixels"]
    mode = app.mode
    if mode == GAME or mode == QUIT:
        return app.drawing.frame(view or app.ref.view(now), now, app.fx)
    if mode == STARTER:
        return ring.waiting(app.game["seats"], now, n)
    if mode == ENROLL_MODE:
        return ring.progress(app.enrolling.pos, len(app.enrolling.order), now, n)
    if mode == NOTICE:
        return ring.alert(now, n)
    return ring.idle(app.menu.config()["seats"], now, n)


def output(app, now):
    d = app.dev
    ring_due = d.ring is not None and due(app._ring_at, now, RING_MS)
    oled_due = d.oled is not None and due(app._oled_at, now, OLED_MS) and not racing(app, now)
    if ring_due or oled_due:
        view = app._view(now)  # one view a step (a slap referee's own dict, rewritten)
        if view is not None and d.buzzer is not None:
            tick = app.drawing.tick(view)
            if tick is not None:
                d.buzzer.play(tick, now, if_idle=True)
        if ring_due:
            app._ring_at = now
            d.ring.show(frame(app, now, view))
        if oled_due:
            app._oled_at = now
            d.oled.draw(lines(app, now, view))
    if d.buzzer is not None:
        d.buzzer.update(now)


def due(last, now, every):
    """``every`` ms have gone by since ``last`` (None: never), across a wrap of the ticks."""
    if last is None:
        return True
    d = now - last
    return d >= every or d < 0  # d < 0: the ticks wrapped
