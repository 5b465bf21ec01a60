"""``topper sim --game <turn game> --card-pad off`` in the terminal (``ui.turn_app``): a
digit makes your move at the device with your seat's button alone, as the game's button
flow asks; the title says the pad is off. Keys go in through Textual's pilot; the
board's clock is moved by hand."""

from sim_ui_support import HandClock, run, screen_text
from topper import jsonl
from topper_host.sim.turn_table import TurnTable
from topper_host.sim.ui.turn_app import TurnApp
from topper_host.virtual.board import VirtualBoard


async def go(app, clock, pilot, s):
    clock.go(s)
    app.step()
    await pilot.pause()
    return screen_text(app)


def test_a_digit_lays_p1s_card_with_its_button_and_the_bots_report_the_trick():
    clock = HandClock()
    log = []
    live = clock.make()
    board = VirtualBoard(now=live.now(), log=log.append, seed=3)
    board.run(200)
    table = TurnTable(board, "tricky", 4, 3, {"hands": 1}, humans=(0,), speed=20, pad=False)
    table.start()
    app = TurnApp(board, table, live, title="t", tick=False)

    async def play(pilot):
        for _ in range(240):
            text = await go(app, clock, pilot, 0.5)
            if "Your move 1 of" in text:
                break
        else:
            raise AssertionError("P1 never had a move: %s" % text)
        card = table.choices(0)[0]
        n = len(log)
        await pilot.press("1")
        text = await go(app, clock, pilot, 1.0)
        assert (0, card[1]) in table.made
        events = [jsonl.loads(x) for x in log[n:] if '"ev"' in x]
        assert events[0] == {"ev": "button", "press": "short", "seat": 0, "t": events[0]["t"]}
        assert not any(e["ev"] == "card" for e in events)  # no card pad: nothing read
        assert "P1 laid" in text  # the commentary: the device's ruling in its words
        # The trick P1's card was part of is reported by the table with the buttons.
        for _ in range(60):
            if any('"r":"trick"' in x for x in log[n:]):
                break
            await go(app, clock, pilot, 0.5)
        trick = [jsonl.loads(x) for x in log[n:] if '"r":"trick"' in x][0]
        assert trick["points"] == table.ref.match.tricks[trick["trick"] - 1]["points"]

    run(app, (120, 40), play)


def test_the_commentary_words_the_devices_own_rulings():
    """Tripp Jokes without the pad has its own referee at the device (turns, pickups,
    seats out): the commentary gives its rulings in its words, not the card game's."""
    log = []
    board = VirtualBoard(log=log.append, seed=4)
    board.run(200)
    table = TurnTable(board, "tripp", 3, 4, speed=50, pad=False)
    table.start()
    app = TurnApp(board, table, HandClock().make(), title="t", tick=False)
    while not table.over:
        board.wait(500)
    said = {jsonl.loads(x)["r"]: app.words(x) for x in log if '"r":"pickup"' in x or '"r":"out"' in x}
    assert said["pickup"].endswith(" picked up") and said["out"].endswith(" is out"), said
