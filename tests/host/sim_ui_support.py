"""Helpers for the tests of the simulator's Textual UI (no tests here): a clock the test
moves by hand, the screen as the player sees it, and running an app at a size."""

import asyncio

from topper_host.sim import wallclock as clockmod


class HandClock:
    """``LiveClock`` on a time the test sets: ``go(s)`` moves it on by ``s`` seconds."""

    def __init__(self):
        self.s = 0.0

    def make(self, speed=1.0, start=0):
        return clockmod.LiveClock(speed=speed, start=start, monotonic=lambda: self.s)

    def go(self, s):
        self.s += s


def screen_text(app):
    """Every row of the screen as plain text, as a player reads it (the top screen:
    the help when it is open)."""
    strips = app.screen._compositor.render_strips()
    return "\n".join("".join(seg.text for seg in strip).rstrip() for strip in strips)


async def shown(app, pilot, step=True):
    """The screen after the app has drawn its table at the clock's now (``step``) or
    as it last drew it."""
    if step:
        app.step()
    await pilot.pause()
    return screen_text(app)


def run(app, size, play):
    """Run ``app`` headless at ``size`` and ``await play(pilot)`` in it."""

    async def main():
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await play(pilot)

    asyncio.run(main())
