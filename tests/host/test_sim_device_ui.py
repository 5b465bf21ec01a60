"""``topper sim --device`` in the terminal at 80 x 24, 120 x 40 and with the OLED pixel
for pixel: the keys are the device's buttons, the screen is the device's. Keys go in
through Textual's pilot; the board's clock is moved by hand."""

import pytest
from sim_ui_support import HandClock, run, screen_text
from topper_host.sim.ui.board_app import BoardApp
from topper_host.virtual.board import VirtualBoard


def _app(settings=None):
    clock = HandClock()
    log = []
    live = clock.make()
    board = VirtualBoard(settings, now=live.now(), log=log.append)
    app = BoardApp(board, live, tick=False)
    return app, clock, log


async def go(app, clock, pilot, s):
    clock.go(s)
    app.step()
    await pilot.pause()
    return screen_text(app)


async def start(app, clock, pilot, seat_key):
    """From the menu: Enter (the table button held) starts, the seat's key is the
    starter's press; the screen then."""
    await go(app, clock, pilot, 0.3)
    await pilot.press("enter")
    await go(app, clock, pilot, 1.2)
    await pilot.press(seat_key)
    return await go(app, clock, pilot, 0.3)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_the_menu_then_blind_play_with_the_keys(size):
    app, clock, log = _app({"TOPPER_CARDPAD": 0})

    async def play(pilot):
        text = await go(app, clock, pilot, 0.3)
        assert "TOPPER TABLE" in text and ">Start game" in text
        rows = text.split("\n")
        assert any("1-8: seat" in r for r in rows[-3:]), rows[-3:]
        await pilot.press("enter")  # the table button, long: start
        text = await go(app, clock, pilot, 1.2)
        assert "Starter: press your" in text
        await pilot.press("2")
        text = await go(app, clock, pilot, 0.3)
        assert "WW3 P2 lays" in text
        assert "P2 starts" in text  # the commentary
        await pilot.press("3")
        text = await go(app, clock, pilot, 0.3)
        assert "P3 SLAPPED: GOOD?" in text
        assert "pressed P3" in text  # the commentary
        await pilot.press("space")
        text = await go(app, clock, pilot, 0.3)
        assert "P3 TAKES THE POT" in text

    run(app, size, play)


def test_the_card_pad_keys_lay_cards_and_a_typed_card_is_read():
    app, clock, log = _app({"TOPPER_SEATS": 2, "TOPPER_HURRY_MS": 0})

    async def play(pilot):
        text = await start(app, clock, pilot, "1")
        assert "WW3 P1 lays" in text
        await pilot.press("t")
        text = await go(app, clock, pilot, 0.4)
        assert "P1 laid" in text
        await pilot.press("colon")
        await pilot.pause()
        for ch in "9zz":
            await pilot.press(ch)
        await pilot.press("enter")
        text = await go(app, clock, pilot, 0.2)
        assert "in card '9zz'" in text  # the notice says why no card was read
        laid = [line for line in log if '"r":"lay"' in line]
        assert len(laid) == 1

    run(app, (120, 40), play)


def test_long_press_and_chord_prefixes_and_the_help():
    app, clock, log = _app({"TOPPER_CARDPAD": 0})

    async def play(pilot):
        await start(app, clock, pilot, "1")
        await pilot.press("c")
        text = await go(app, clock, pilot, 0.05)
        assert "table held +" in text
        await pilot.press("4")
        text = await go(app, clock, pilot, 0.5)
        assert "P4 is out" in text
        await pilot.press("question_mark")
        await pilot.pause()
        assert "hold that seat's button" in screen_text(app)

    run(app, (120, 40), play)


def test_the_oled_pixel_for_pixel_in_a_big_terminal():
    app, clock, _ = _app()

    async def play(pilot):
        text = await go(app, clock, pilot, 0.3)
        assert "OLED 128x64" in text
        assert "\u2580" in text or "\u2584" in text or "\u2588" in text

    run(app, (200, 60), play)


def test_x_saves_the_devices_oled_and_ring_as_pictures(tmp_path):
    from topper_host.sim.snapshot import Snapshots

    clock = HandClock()
    live = clock.make()
    board = VirtualBoard(None, now=live.now())
    app = BoardApp(board, live, tick=False, snapshots=Snapshots(str(tmp_path)))

    async def play(pilot):
        await go(app, clock, pilot, 0.3)
        await pilot.press("x")
        await app.workers.wait_for_complete()  # the pictures are written in a worker thread
        await pilot.pause()
        assert app.notice.startswith("saved ")
        names = sorted(p.name for p in tmp_path.iterdir())
        assert names == ["oled-0001.png", "ring-0001.png"], names
        assert (tmp_path / "oled-0001.png").read_bytes()[:4] == b"\x89PNG"

    run(app, (120, 40), play)
