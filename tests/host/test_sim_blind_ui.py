"""``topper sim --blind`` in the terminal (``ui.blind_game``): the pile and the stacks
from the physical table, your card laid with space when the rules make you due, your
slap with s, your word on a slap with g or w while the device asks, the game over and
the next game. Keys go in through Textual's pilot; the board's clock is moved by hand."""

from sim_ui_support import HandClock, run, screen_text
from topper import cards, jsonl
from topper_host.sim import blind_table, bots, slap_board
from topper_host.sim.blind_bots import BlindBots
from topper_host.sim.ui.blind_game import BlindGameApp


def _app(seats=3, seed=5, humans=(0,)):
    clock = HandClock()
    live = clock.make()
    log = []
    board = slap_board.boot("ww3", seats, 2, 3000, seed, log.append, now=live.now())
    bot_seats = [s for s in range(seats) if s not in humans]

    def start(seed):
        table = blind_table.start(board, "ww3", seats, 2, 3000, seed)
        BlindBots(table, bot_seats, seed, bots.Style())
        return table

    def deal(board, table):
        table.close()
        return start(seed + 1), "next"

    app = BlindGameApp(board, start(seed), live, "t", deal=deal, humans=humans, tick=False)
    return app, board, clock, log


async def go(app, clock, pilot, s):
    clock.go(s)
    app.step()
    await pilot.pause()
    return screen_text(app)


def test_you_lay_when_due_slap_with_s_and_judge_with_g():
    app, board, clock, log = _app()

    async def play(pilot):
        await go(app, clock, pilot, 0.5)
        while app.table.due() != 0 or app.table.judging():
            await go(app, clock, pilot, 0.05)
        pile = len(app.table.game.pot)
        top = app.table.game.stacks[0][-1]
        await pilot.press("space")
        text = await go(app, clock, pilot, 0.05)
        assert len(app.table.game.pot) == pile + 1 and app.table.game.pot[-1] == top
        assert "Pile %2d face up" % (pile + 1) in text
        assert "P1 lays %s" % cards.format_card(top) in text  # the commentary: the device saw no card
        due = app.table.due()
        if due != 0:
            await pilot.press("space")  # another seat is due now, not you
            text = await go(app, clock, pilot, 0.05)
            assert "wait: P%d lays" % (due + 1) in text
        await pilot.press("g")  # nothing to judge yet
        text = await go(app, clock, pilot, 0.05)
        assert "no slap waits for the table" in text
        while app.table.button_down(board.now + 1):
            await go(app, clock, pilot, 0.01)
        await pilot.press("s")
        text = await go(app, clock, pilot, 0.1)
        slaps = [o for o in map(jsonl.loads, log) if o.get("r") == "slap"]
        assert slaps[-1]["by"] == 0  # the device ranked your slap first
        assert "P1 SLAPPED: GOOD?" in text and "g/w: good/wrong" in text
        assert "Last slap: 1. P1 +0 ms" in text and "P1: the table judges" in text
        await pilot.press("g")
        text = await go(app, clock, pilot, 0.3)
        confirm = [o for o in map(jsonl.loads, log) if o.get("r") == "confirm"][-1]
        assert confirm["seat"] == 0 and confirm["ok"] is True
        assert "P1 takes the pot" in text and "Pile  0 face up: (empty)" in text

    run(app, (120, 40), play)


def test_your_slap_while_the_tables_hand_holds_its_button_lands_when_it_lets_go():
    app, board, clock, log = _app(seed=4)

    async def play(pilot):
        for _ in range(500):
            # (after the starter's press: a press just after a release is a bounce)
            if app.table.button_down(board.now + 1) and board.now > 1000:
                break
            if app.table.due() == 0:
                await pilot.press("space")  # your card: the table taps the turn on
            await go(app, clock, pilot, 0.02)  # (a tap holds the button 80 ms)
        assert app.table.button_down(board.now + 1)
        held = app.table.held_until
        await pilot.press("s")
        await go(app, clock, pilot, 0.5)
        mine = [o for o in map(jsonl.loads, log) if o.get("seat") == 0 and o.get("ev") in ("press", "out")]
        assert mine and mine[-1]["ev"] == "press" and mine[-1]["t"] > held  # a slap, not a chord
        assert not any(o.get("r") == "out" and o["seat"] == 0 for o in map(jsonl.loads, log))

    run(app, (120, 40), play)


def test_the_seats_panel_shows_the_tables_stacks_and_who_lays():
    app, board, clock, _ = _app(seed=4)

    async def play(pilot):
        text = await go(app, clock, pilot, 1.0)
        view = app.table.view(board.now)
        due = view["turn"]
        who = "you" if due == 0 else "bot"
        assert "\u25b6 P%d %s %2d cards  lays" % (due + 1, who, view["stacks"][due]) in text
        assert "P1 you %2d cards" % view["stacks"][0] in text
        assert "Hurry-up: P%d has" % (due + 1) in text

    run(app, (120, 40), play)


def test_watching_blind_bots_to_the_winner_then_the_next_game():
    app, board, clock, _ = _app(seed=5, humans=())

    async def play(pilot):
        for _ in range(900):
            clock.go(1.0)
            app.step()
            if app.table.over():
                break
        text = await go(app, clock, pilot, 3.0)
        assert "WINS!" in text and "WINNER" in text
        assert "n: next game" in text
        first = app.table
        await pilot.press("n")
        text = await go(app, clock, pilot, 1.0)
        assert app.table is not first and not app.table.over() and app.table.on()
        assert "lays" in text

    run(app, (120, 40), play)
