"""A real table misbehaves while a host is on the link: the tick counter wraps in the
middle of a hurry-up, tags the deck does not know, a card laid twice, a seat leaning
on its button, more presses than the keypad queue holds. The game goes on, the link
keeps answering, and the journal keeps the same game."""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

import fakes  # noqa: E402
from _link_fakes import MASK, ask, boot, log_lines, power_cut, remove_fram, replies  # noqa: E402
from fakes.scenario import has, lay, start, uid  # noqa: E402

PERIOD = MASK + 1
NO_HURRY = {"TOPPER_HURRY_MS": 0}


def teardown_function(function):
    remove_fram()
    fakes.uninstall()


def mask_keys(rig):
    """The fake keypad stamps events with the test's endless clock; the real one
    stamps ``supervisor.ticks_ms``, which wraps at 2**29: give the App those stamps."""
    for keys in rig.keys:
        q = keys.events
        if getattr(q, "masked", False):
            continue
        get_into = q.get_into

        def masked(event, get_into=get_into):
            ok = get_into(event)
            if ok:
                event.timestamp &= MASK
            return ok

        q.get_into = masked
        q.masked = True


def run_masked(rig, app, until, every=5):
    while rig.now < until:
        rig.now = min(until, rig.now + every)
        app.step(rig.now & MASK)


def test_ticks_wrap_in_the_middle_of_a_hurry_up():
    rig, app, port, settings, code = boot({"TOPPER_HURRY_MS": 3000}, now=PERIOD - 4000)
    mask_keys(rig)
    start(rig, app, starter=0)
    rig.tap(uid(31))  # 1RC, about 2.5 s before the wrap
    run_masked(rig, app, rig.now + 50)
    laid = [x for x in port.take() if x.get("r") == "lay"][0]
    deadline = (laid["t"] + 3000) & MASK
    assert laid["t"] > PERIOD - 3000 and deadline < 1000  # the limit runs out after the wrap
    run_masked(rig, app, PERIOD + deadline - 120)
    s = rig.screen()
    assert s[0].endswith("0.1s") or s[0].endswith("0.2s"), s[0]  # counting down across the wrap
    assert not has(s, "too slow") and [x for x in port.take() if x.get("r") == "hurry"] == []
    run_masked(rig, app, PERIOD + deadline + 120)
    hurry = [x for x in port.take() if x.get("r") == "hurry"]
    assert hurry == [{"r": "hurry", "seat": laid["turn"], "t": deadline}]  # at its own time, once
    assert has(rig.screen(), "too slow!")
    # The journal crossed the wrap too: a cut now resumes the same game.
    before = app.ref.view(rig.now & MASK)
    app = power_cut(rig, code, settings, port)
    after = app.ref.view(rig.now)
    assert (after["stacks"], after["pot"], after["penalty"], after["turn"]) == (
        before["stacks"], before["pot"], before["penalty"], before["turn"])


def test_unknown_tags_and_a_card_laid_twice_change_nothing_and_say_why():
    rig, app, port, settings, code = boot(NO_HURRY)
    start(rig, app, starter=0)
    lay(rig, app, "1RC")
    lay(rig, app, "2YH")
    port.take()
    rig.tap(bytes([0x04, 0xDE, 0xAD, 0xBE, 0xEF, 0x00, 0x01]))  # a tag the deck map lacks
    rig.run(app, rig.now + 300)
    assert rig.screen()[7] == "! unknown card tag"
    assert port.take() == []  # not an event of the game: nothing in the log
    lay(rig, app, "1RC", wait=300)  # the same card again
    lines = port.take()
    assert lines[-1]["r"] == "error" and lines[-1]["msg"] == "1RC is already in the pile"
    before = app.ref.view(rig.now)
    assert before["pot"] == [31, 62]
    rig.run(app, rig.now + 1100)
    app = power_cut(rig, code, settings, port)
    assert app.ref.view(rig.now)["pot"] == [31, 62]  # the refused card replays refused
    assert app.ref.view(rig.now)["turn"] == before["turn"]


def test_a_seat_leaning_on_its_button_locks_neither_the_game_nor_the_link():
    rig, app, port, settings, code = boot(NO_HURRY)
    start(rig, app, starter=0)
    rig.press(1, rig.now + 20, hold=9000)  # P2 leans on the button for 9 s
    answers = 0
    for _ in range(10):  # the host keeps asking meanwhile
        answers += len([x for x in ask(rig, app, port, {"cmd": "view"}, wait=500) if x.get("k") == "view"])
    assert answers == 10
    assert has(rig.screen(), "P2 button held down")
    lay(rig, app, "1RC")
    lay(rig, app, "1RH")
    rig.press(3, rig.now + 20)
    rig.run(app, rig.now + 300)
    assert rig.screen()[0] == "SLAP! P4 TAKES POT"
    assert "slap" in [x.get("r") for x in port.take()]


def test_a_full_keypad_queue_while_the_host_floods_the_link():
    rig, app, port, settings, code = boot(NO_HURRY)
    start(rig, app, starter=0)
    lay(rig, app, "1RC")
    lay(rig, app, "1RH")
    port.take()
    for i in range(200):
        port.send({"cmd": "view", "id": i})
    t = rig.now + 20
    rig.press(2, t, hold=5)  # P3 first
    for i in range(40):  # then 80 more key events within 10 ms: the queue overflows
        rig.press(i % 2, t + 1 + i // 4, hold=1)
    rig.run(app, t + 30, every=30)
    rig.run(app, t + 3000)
    lines = port.take()
    slaps = [x for x in log_lines(lines) if x.get("r") == "slap"]
    assert slaps and slaps[0]["by"] == 2  # the first press still wins
    ids = [x["id"] for x in replies(lines) if x.get("k") == "view"]
    assert ids == list(range(200))  # every command answered, in order, none lost
    assert app.link.session.lost == 0
    assert has(rig.screen(), "busy: presses lost")
    assert ask(rig, app, port, {"cmd": "hello"})[0]["k"] == "hello"


def test_a_bouncing_contact_is_one_press_in_the_log():
    from fakes.rig import SEAT_PINS

    rig, app, port, settings, code = boot(NO_HURRY)
    start(rig, app, starter=0)
    lay(rig, app, "1RC")
    lay(rig, app, "1RH")
    port.take()
    t = rig.now + 20
    pin = SEAT_PINS[1]
    for dt, down in ((0, True), (1, False), (2, True), (3, False), (4, True), (90, False)):
        rig.key(pin, down, t + dt)  # P2's switch chatters as it closes, within 5 ms
    rig.run(app, t + 400)
    lines = port.take()
    assert [(x["seat"], x["t"]) for x in lines if x.get("ev") == "press"] == [(1, t)]
    assert rig.screen()[0] == "SLAP! P2 TAKES POT"
