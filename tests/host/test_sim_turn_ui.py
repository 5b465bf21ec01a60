"""A turn-based game's terminal UI at 80 x 24 and 120 x 40, read back as the rendered
screen: Tripp Jokes' 20 face-up choices scroll to the last one, every move the OLED
announces is in the list (a forbidden one greyed, with the rule), pause and help."""

import argparse

import pytest
from sim_ui_support import HandClock, run, screen_text
from topper_host.sim import turn_cmd
from topper_host.sim.ui.turn_app import TurnApp

SIZES = [(80, 24), (120, 40)]


def _tripp(clock, seed=3, players=4):
    args = argparse.Namespace(game="tripp", seats=players, opt=None, clock="fischer:300:5", replay=None)
    setup = turn_cmd.Setup(args)
    live = clock.make()
    table = turn_cmd.make_table(setup, seed, (0,), 1.0, None)
    title = "Topper Table  \u00b7  Tripp Jokes  \u00b7  seed %d" % seed
    app = TurnApp(live, table, humans=(0,), title=title, tick=False)
    table.start(live.now())
    return app, table


def _until_p1_moves(app, table, clock, what=lambda labels: True):
    for _ in range(4000):
        labels = [x for x, _ in table.choices(0)]
        if labels and what(labels):
            return labels
        clock.go(0.1)
        app.step()
    pytest.fail("P1 never had the move")


@pytest.mark.parametrize("size", SIZES)
def test_the_move_list_scrolls_to_the_twentieth_face_up_choice(size):
    clock = HandClock()
    app, table = _tripp(clock)

    async def play(pilot):
        labels = _until_p1_moves(app, table, clock)
        assert len(labels) == 20  # 3 face-up cards out of 6
        app.step()
        await pilot.pause()
        text = screen_text(app)
        assert "Your move 1 of 20: " + labels[0] in text and " 1. " + labels[0] in text
        small = size[1] < 40  # at 120 x 40 all 20 fit; at 80 x 24 the list must scroll
        assert ("20. " not in text) == small
        for _ in range(19):
            await pilot.press("down")
        await pilot.pause()
        text = screen_text(app)
        assert "Your move 20 of 20: " + labels[19] in text
        assert "20. " + labels[19] in text
        assert (" 1. " + labels[0] not in text) == small  # scrolled to the picked move
        rows = text.split("\n")
        assert any("up/down or 1-9: pick" in r for r in rows[-2:]) and any("q: quit" in r for r in rows[-2:])
        await pilot.press("enter")
        await pilot.pause()
        assert "P1 up " in " ".join(screen_text(app).split())

    run(app, size, play)


def test_every_move_the_oled_announces_is_in_the_list():
    clock = HandClock()
    app, table = _tripp(clock)

    async def play(pilot):
        def playing(labels):
            return labels[0].startswith("play") or labels[0] == "pick up"

        for _ in range(8):  # a few of P1's turns in play: plays on offer, or a pick-up
            _until_p1_moves(app, table, clock, lambda labels: labels[0].startswith("face up"))
            await pilot.press("enter")
            labels = _until_p1_moves(app, table, clock, playing)
            app.step()
            await pilot.pause()
            text = screen_text(app)
            assert "P1: play or pick up" in text or "P1: play" in text or "P1 again" in text
            if "P1: play or pick up" in text:
                if labels == ["pick up"]:
                    assert "play: no card of yours beats the pile" in text
                else:
                    assert "pick up: you hold a card that beats the pile" in text
                return
            await pilot.press("enter")
        pytest.fail("P1 was never told to play or pick up")

    run(app, (120, 40), play)


def test_pause_and_the_help_screen():
    clock = HandClock()
    app, table = _tripp(clock)

    async def play(pilot):
        await pilot.press("p")
        await pilot.pause()
        assert "PAUSED" in screen_text(app).split("\n")[0]
        await pilot.press("question_mark")
        await pilot.pause()
        assert "Enter or space     do the picked move" in screen_text(app)
        await pilot.press("escape", "p")
        await pilot.pause()
        assert "PAUSED" not in screen_text(app).split("\n")[0]

    run(app, (80, 24), play)
