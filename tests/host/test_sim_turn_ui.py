"""``topper sim --game <turn game>`` in the terminal (``ui.turn_app``): the device's OLED
and ring beside your panel, your cards and your numbered moves; a key makes the move at
the device, as a player makes it at the table. Keys go in through Textual's pilot; the
board's clock is moved by hand."""

import random

import pytest
from sim_ui_support import HandClock, run, screen_text
from topper import jsonl
from topper_host.sim.turn_table import TurnTable
from topper_host.sim.ui.turn_app import TurnApp
from topper_host.virtual.board import VirtualBoard


def _app(game, seats, seed, options=None):
    clock = HandClock()
    log = []
    live = clock.make()
    board = VirtualBoard(now=live.now(), log=log.append, seed=seed)
    board.run(200)
    table = TurnTable(board, game, seats, seed, options, humans=(0,), speed=20)
    table.start()
    app = TurnApp(board, table, live, title="t", tick=False)
    return app, table, clock, log


async def go(app, clock, pilot, s):
    clock.go(s)
    app.step()
    await pilot.pause()
    return screen_text(app)


async def until(app, clock, pilot, ready, limit_s=120):
    for _ in range(int(limit_s / 0.5)):
        text = await go(app, clock, pilot, 0.5)
        if ready(text):
            return text
    raise AssertionError("never: %s" % text)


def panel(app, text):
    """The panel's part of the screen: your cards and your moves, nothing else."""
    r = app.query_one("#panel").region
    rows = text.split("\n")[r.y : r.y + r.height]
    return "\n".join(row[r.x : r.x + r.width] for row in rows)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_the_twentieth_face_up_choice_is_made_at_the_device(size):
    app, table, clock, log = _app("tripp", 3, 4)

    async def play(pilot):
        text = await until(app, clock, pilot, lambda s: "Your move 1 of 20" in s)
        rows = text.split("\n")
        assert any("1-9, 0: make that move" in r for r in rows[-3:]), rows[-3:]
        for _ in range(19):
            await pilot.press("down")
        text = await go(app, clock, pilot, 0.05)
        picked = table.choices(0)[19]
        assert "Your move 20 of 20: %s" % picked[0] in text
        assert "20. %s" % picked[0] in text  # the list scrolled to it
        await pilot.press("m")
        text = await go(app, clock, pilot, 0.1)
        assert "at the device: a move is being made" in text
        await go(app, clock, pilot, 2.0)
        faceup = [jsonl.loads(x) for x in log if '"r":"faceup"' in x]
        assert faceup and faceup[-1]["seat"] == 0 and tuple(faceup[-1]["cards"]) == picked[1][1:]
        assert (0, picked[1]) in table.made

    run(app, size, play)


def test_a_digit_makes_that_move_and_s_then_a_digit_is_a_seats_button():
    app, table, clock, log = _app("tripp", 2, 5)

    async def play(pilot):
        await until(app, clock, pilot, lambda s: "Your move 1 of" in s)
        chosen = table.choices(0)[2]
        await pilot.press("3")
        await go(app, clock, pilot, 2.0)
        assert (0, chosen[1]) in table.made
        n = len(log)
        await pilot.press("s")
        await pilot.press("2")
        text = await go(app, clock, pilot, 0.5)
        pressed = [jsonl.loads(x) for x in log[n:] if '"ev":"button"' in x]
        assert pressed and pressed[0]["seat"] == 1 and pressed[0]["press"] == "short"
        assert "pressed P2" in text  # the commentary

    run(app, (120, 40), play)


def test_a_refused_move_is_on_the_notice_line():
    app, table, clock, log = _app("tripp", 2, 5)

    class Wrong:
        def inputs(self, ref, seat, action):
            return [("short", 1)]  # the other seat's button: not P1's move at all

        def after(self, ref, events):
            return []

    async def play(pilot):
        await until(app, clock, pilot, lambda s: "Your move 1 of" in s)
        table.moves = Wrong()
        await pilot.press("1")
        text = await go(app, clock, pilot, 1.0)
        assert "P1's move refused by the device: P2 is not on turn" in text
        assert "Your move 1 of" in text  # P1 may choose again

    run(app, (120, 40), play)


@pytest.mark.parametrize("game", ["guess", "crazy"])
def test_the_panel_shows_p1s_own_secret_and_no_other_seats(game):
    """Guess My Card: P1's secret card and hand, never another seat's secret. Crazy
    Job: P1's own stored rule, never another seat's while it is secret."""
    rng = random.Random(3)
    app, table, clock, log = _app(game, 4, 6, {"hands": 1})

    async def play(pilot):
        seen = 0
        while not table.over:
            menu = table.choices(0)
            if menu:
                table.choose(0, rng.randrange(len(menu)))
            text = await go(app, clock, pilot, 0.5)
            mine = panel(app, text)
            if table.choices(0):
                continue  # P1's own menu lists every rule it may write: no leak
            m = table.ref.match
            if game == "guess":
                own = m.hand_view(0)
                if m.secrets[0] >= 0:
                    seen += 1
                    assert "your secret card: %s" % own["secret"] in mine
                for s in range(1, 4):
                    other = m.hand_view(s)["secret"]
                    if other not in own["hand"] and other != own["secret"] and other != "--":
                        assert other not in mine.split(), (s, other)
            else:
                own = m.hand_view(0)["rule"]
                if own:
                    seen += 1
                    assert "your rule: %s" % own in mine
                for s in range(1, 4):
                    other = m.hand_view(s)["rule"]
                    if other and other != own:
                        assert other not in mine, (s, other)
        assert seen

    run(app, (200, 50), play)
