"""``topper sim`` with a slap game in the terminal (``ui.slap_game``): the device's OLED
and ring, the pile, the last slap and the hurry-up read from its referee; your card
turned up on the pad with space, your slap with s; the learner's reasons from the
device's rulings; the game-over screen and the next game. Keys go in through Textual's
pilot; the board's clock is moved by hand."""

from pathlib import Path

from sim_ui_support import HandClock, run, screen_text
from topper import jsonl
from topper_host.sim import bots, look, slap_board
from topper_host.sim.device_bots import DeviceBots
from topper_host.sim.ui.slap_game import SlapGameApp

ROOT = Path(__file__).resolve().parents[2]


def _app(seats=3, seed=4, humans=(0,), learn=False):
    clock = HandClock()
    live = clock.make()
    log = []
    board = slap_board.boot("ww3", seats, 2, 3000, seed, log.append, now=live.now())
    DeviceBots(board, [s for s in range(seats) if s not in humans], seed, bots.Style())
    slap_board.deal(board, "ww3", seats, 2, 3000, seed)

    def deal(board):
        slap_board.deal(board, "ww3", seats, 2, 3000, seed + 1)
        return "next"

    app = SlapGameApp(board, live, "t", deal=deal, learn=learn, humans=humans, tick=False)
    return app, board, clock, log


async def go(app, clock, pilot, s):
    clock.go(s)
    app.step()
    await pilot.pause()
    return screen_text(app)


def test_you_turn_your_card_up_when_due_and_slap_with_s():
    app, board, clock, log = _app(seed=3)  # P1 (3 % 3 = 0) starts

    async def play(pilot):
        await go(app, clock, pilot, 1.0)
        assert board.due_seat() == 0
        await pilot.press("space")
        text = await go(app, clock, pilot, 0.2)
        lays = [o for o in map(jsonl.loads, log) if o.get("r") == "lay"]
        assert len(lays) == 1 and lays[0]["seat"] == 0
        assert "Pile  1 face up: %s" % lays[0]["card"] in text
        assert "card read %s" % lays[0]["card"] in text  # the commentary
        while board.due_seat() == 0:  # (the starter may lay again, as the rules say)
            await pilot.press("space")
            await go(app, clock, pilot, 0.05)
        due = board.due_seat()
        await pilot.press("space")  # another seat is due now, not you
        text = await go(app, clock, pilot, 0.05)
        assert "wait: P%d lays" % (due + 1) in text
        await pilot.press("s")
        text = await go(app, clock, pilot, 0.3)
        presses = [o for o in map(jsonl.loads, log) if o.get("ev") == "press" and o["t"] > lays[0]["t"]]
        assert [p["seat"] for p in presses][:1] == [0]
        slaps = [o for o in map(jsonl.loads, log) if o.get("r") == "slap" and o["t"] >= presses[0]["t"]]
        assert slaps and slaps[0]["order"][0][0] == 0  # the device ruled on your slap first
        assert "Last slap: 1. P1 +0 ms" in text

    run(app, (120, 40), play)


def test_the_seats_panel_shows_each_stack_and_whose_turn_it_is():
    app, board, clock, _ = _app(seed=4)  # P2 starts

    async def play(pilot):
        text = await go(app, clock, pilot, 1.0)
        view = board.app.ref.view(board.now)
        assert "\u25b6 P2 bot %2d cards  lays" % view["stacks"][1] in text
        assert "P1 you %2d cards" % view["stacks"][0] in text
        assert "Hurry-up: P2 has" in text

    run(app, (120, 40), play)


def test_learner_mode_names_the_rule_behind_each_of_the_devices_rulings():
    lines = (ROOT / "docs" / "examples" / "ww3-by-hand.jsonl").read_text().splitlines()
    h = slap_board.header(lines)
    board = slap_board.boot("ww3", h["seats"], h["jokers"], h["hurry_ms"], 1, now=-400)
    slap_board.setup(board, "ww3", h["seats"], h["jokers"], h["hurry_ms"], h["seed"])
    feed = slap_board.Feed(board, slap_board.inputs(lines))
    clock = HandClock()
    app = SlapGameApp(board, clock.make(start=0), "replay", feed=feed.to, learn=True, replay=True, tick=False)

    async def play(pilot):
        for _ in range(80):
            clock.go(0.1)
            app.step()
        await pilot.pause()
        text = " ".join(screen_text(app).split())  # wrapped lines read as one
        assert "why: slap: Green-Green-Green: the top 3 cards share their color (run3:" in text
        assert "why: too late: P1, 40 ms after P3" in text
        assert "why: wrong slap: 1YC on top makes no pattern" in text and "pays 3 face down" in text
        assert "why: control: P2's card matches the one under it in color or suit" in text

    run(app, (120, 40), play)


def test_a_wide_terminal_shows_the_devices_oled_pixel_for_pixel_and_the_legend():
    app, board, clock, _ = _app()

    async def play(pilot):
        text = await go(app, clock, pilot, 1.0)
        rows = text.split("\n")
        top = next(i for i, r in enumerate(rows) if "OLED 128x64" in r) + 1
        assert [r[1:129] for r in rows[top : top + 32]] == look.oled_rows(board.screen())
        assert "Ring: pulsing = due to lay" in text

    run(app, (200, 60), play)


def test_watching_bots_to_the_winner_then_the_next_game():
    app, board, clock, _ = _app(humans=())

    async def play(pilot):
        for _ in range(900):
            clock.go(1.0)
            app.step()
            if slap_board.over(board):
                break
        text = await go(app, clock, pilot, 0.5)
        assert "WINS!" in text and "median reaction, ms" in text
        assert "n: next game" in text
        first = board.app.ref
        await pilot.press("n")
        text = await go(app, clock, pilot, 1.0)
        assert board.app.ref is not first and not slap_board.over(board)
        assert "lays" in text

    run(app, (120, 40), play)
