"""The simulator's game-over screen shows each seat's median slap reaction."""

from topper_host.sim import bots as botmod
from topper_host.sim import clock as clockmod
from topper_host.sim import loop
from topper_host.sim.frame import Frame
from topper_host.sim.live import LiveShell
from topper_host.sim.table import Table, referee


def test_game_over_screen_and_feed_show_median_reactions():
    seed = 4
    ref = referee("ww3", 3, 2, seed, 3000)
    bots = [botmod.Bot(s, seed, botmod.Style()) for s in range(3)]
    table = Table(ref, bots=bots)
    shell = LiveShell(None, clockmod.FakeClock())
    table.listeners.append(shell.listen)
    clock = clockmod.FakeClock()
    table.start(clock.now())
    loop.run(table, clock, loop.Headless(max_ms=2 * 3600 * 1000))
    assert table.over
    t = clock.now()
    lines = Frame(shell.view(table, t), t, table.fx).lines
    assert "GAME OVER" in lines[0]
    assert "median reaction, ms" in lines
    text = " ".join(lines)
    for s in range(3):
        m = shell.reactions.median(s)
        assert m is not None and 100 < m < 1000
        assert "P%d %d" % (s + 1, m) in text
    assert any("median reaction: P1 " in f for f in shell.feed)
    # The headless transcripts (golden files) keep the referee's own view.
    assert "reactions" not in table.view(t)
