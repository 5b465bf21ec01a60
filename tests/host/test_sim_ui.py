"""The slap games' terminal UI at 80 x 24 and 120 x 40 (and the pixel OLED at 200 x 60),
read back as the rendered screen: the key line whole, the title clear of the clock, a
stale notice gone once the table moves on, the help screen, and the learner's reasons.
Keys go in through Textual's pilot; the clock is moved by hand."""

import pytest
from sim_ui_support import HandClock, run, screen_text
from test_sim_support import ROOT
from topper_host.sim import bots, look, replay
from topper_host.sim.frame import Frame
from topper_host.sim.table import Table, referee
from topper_host.sim.ui.slap_app import SlapApp

SIZES = [(80, 24), (120, 40)]
TITLE = "  \u00b7  ".join(["Topper Table", "World War 3", "4 seats", "2 jokers", "seed 1", "you are P1"])
KEYS = ("space/enter: lay a card", "s or j: slap", "p: pause", "x: snapshot", "?: help", "q: quit")


def _game(clock, learn=False, seed=1):
    def next_game(t):
        style = bots.Style()
        ref = referee("ww3", 4, 2, seed, 3000)
        table = Table(ref, bots=[bots.Bot(s, seed, style) for s in range(1, 4)], humans=(0,))
        table.start(t)
        return table, TITLE

    return SlapApp(clock.make, next_game, learn=learn, humans=(0,), tick=False)


@pytest.mark.parametrize("size", SIZES)
def test_the_key_line_is_whole_and_the_title_clear_of_the_clock(size):
    clock = HandClock()
    app = _game(clock)

    async def play(pilot):
        clock.go(2.7)
        app.step()
        await pilot.pause()
        text = screen_text(app)
        rows = text.split("\n")
        for key in KEYS:
            assert any(key in row for row in rows[-2:]), (key, rows[-2:])
        top = rows[0]
        assert top.rstrip().endswith("  2.7 s"), top
        assert "you are P1" in top and "seed 1" in top  # the title's words, none cut
        assert "OLED" in text and "ring" in text and "P4 bot" in text and "Pile" in text

    run(app, size, play)


def test_a_stale_notice_goes_when_the_turn_moves_on():
    clock = HandClock()
    app = _game(clock, seed=2)

    async def play(pilot):
        table = app.table
        # Wait for a bot's turn, then lay out of turn: the notice names who lays.
        while table.game.turn == 0 or not table.may_lay(table.game.turn):
            clock.go(0.05)
            app.step()
        who = table.game.turn
        await pilot.press("space")
        await pilot.pause()
        assert "wait: P%d lays" % (who + 1) in screen_text(app)
        # The bot lays within the notice's 2.5 s: the notice goes with the card.
        before = (table.game.turn, len(table.game.pot))
        for _ in range(120):
            clock.go(0.02)
            app.step()
            if (table.game.turn, len(table.game.pot)) != before:
                break
        await pilot.pause()
        assert (table.game.turn, len(table.game.pot)) != before, "the bot did not lay in 2.4 s"
        assert "wait: P%d lays" % (who + 1) not in screen_text(app)

    run(app, (80, 24), play)


def test_the_help_screen_lists_every_key_and_closes():
    app = _game(HandClock())

    async def play(pilot):
        await pilot.press("question_mark")
        await pilot.pause()
        text = screen_text(app)
        assert "slap: P1's seat button" in text and "pause and resume" in text and "twice / half" in text
        await pilot.press("question_mark")
        await pilot.pause()
        assert "slap: P1's seat button" not in screen_text(app)
        assert "Pile" in screen_text(app)

    run(app, (80, 24), play)


def test_learner_mode_names_the_rule_behind_each_ruling():
    header, events = replay.load((ROOT / "docs" / "examples" / "ww3-by-hand.jsonl").read_text().splitlines())
    table = replay.table_for(header, events)
    clock = HandClock()
    app = SlapApp(clock.make, lambda t: (table, "replay"), learn=True, replay=True, tick=False)

    async def play(pilot):
        for _ in range(60):
            clock.go(0.1)
            app.step()
        await pilot.pause()
        text = " ".join(screen_text(app).split())  # wrapped lines read as one
        assert "why: slap: Green-Green-Green: the top 3 cards share their color (run3:" in text
        assert "why: too late: P1, 4 ms after P3" in text
        assert "why: wrong slap: 1YC on top makes no pattern" in text and "pays 3 face down" in text
        assert "why: control: P2's card matches the one under it in color or suit" in text

    run(app, (120, 40), play)


def test_a_wide_terminal_shows_the_oled_pixel_for_pixel():
    clock = HandClock()
    app = _game(clock)

    async def play(pilot):
        clock.go(1.0)
        app.step()
        await pilot.pause()
        rows = screen_text(app).split("\n")
        top = next(i for i, r in enumerate(rows) if "OLED 128x64" in r) + 1
        t = app.table
        want = look.oled_rows(Frame(app.view(t.now), t.now, t.fx).oled)
        assert [r[1:129] for r in rows[top : top + 32]] == want
        assert "Ring: pulsing = due to lay" in "\n".join(rows)

    run(app, (200, 60), play)
