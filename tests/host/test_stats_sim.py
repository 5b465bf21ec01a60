"""The simulator's game-over screen shows each seat's median slap reaction."""

from sim_ui_support import HandClock, run, shown
from topper_host.sim import bots as botmod
from topper_host.sim import clock as clockmod
from topper_host.sim import loop
from topper_host.sim.frame import Frame
from topper_host.sim.table import Table, referee
from topper_host.sim.ui.slap_app import SlapApp


def test_game_over_screen_and_feed_show_median_reactions():
    seed = 4

    def next_game(t):
        ref = referee("ww3", 3, 2, seed, 3000)
        table = Table(ref, bots=[botmod.Bot(s, seed, botmod.Style()) for s in range(3)])
        table.start(t)
        return table, "bots"

    app = SlapApp(HandClock().make, next_game, tick=False)

    async def play(pilot):
        table = app.table
        clock = clockmod.FakeClock()
        loop.run(table, clock, loop.Headless(max_ms=2 * 3600 * 1000))
        assert table.over
        t = clock.now()
        lines = Frame(app.view(t), t, table.fx).lines
        assert "GAME OVER" in lines[0]
        assert "median reaction, ms" in lines
        text = " ".join(lines)
        for s in range(3):
            m = app.reactions.median(s)
            assert m is not None and 100 < m < 1000
            assert "P%d %d" % (s + 1, m) in text
        app.draw(t)
        screen = await shown(app, pilot, step=False)
        assert "median reaction: P1 " in screen and "median reaction, ms" in screen

    run(app, (120, 40), play)
