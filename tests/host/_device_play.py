"""Seeded random play on the virtual board (``topper_host.virtual``): the device's own
app with hands that lay, slap and press as a table might, for the device-shell tests."""

import random

from topper_host.virtual.board import LONG_MS


def start(board, starter=0):
    """From the menu's first line: hold the table button, then the starter presses."""
    board.table(hold=LONG_MS)
    board.wait(1100)
    board.press(starter)
    board.wait(300)


def play_pad_slap(board, seed, actions=400):
    """Lay the due seat's card and slap (right and wrong) until the game is over or
    ``actions`` have been made; the app's referee only tells the hands what is on the
    table (a slappable pile), as players see it."""
    rng = random.Random(seed)
    seats = board.app.game["seats"]
    for _ in range(actions):
        ref = board.app.ref
        if ref is None or ref.game.phase == 5:
            return
        roll = rng.random()
        if ref.game.slappable() is not None and roll < 0.6:
            t = board.now + rng.randrange(1, 40)
            board.press(rng.randrange(seats), t)
            if rng.random() < 0.5:
                board.press(rng.randrange(seats), t + rng.randrange(0, 6))
        elif roll < 0.03:
            board.press(rng.randrange(seats))  # a slap at nothing
        else:
            board.tap_due()
        board.wait(rng.randrange(150, 500))
