"""Bots at the virtual board's seats: ``topper sim --device --bots``.

The same seeded players as the simulator's own table (``sim.bots.Bot``), but they act
as the table's other players do at a real device: they press their seat's button and
turn their next card up on the card pad (``VirtualBoard.press``, ``tap_due``), and
they learn what happened from the device's event log, the lines a host hears on the
USB port. What they look at is what a player sees: the pile's face-up cards, whose
turn it is, who is locked out (the device's own view of the game).

They play the slap games with the card pad. In blind play the device sees no card (its
bots play at the simulator's table: ``sim.blind_bots``), and in the turn games the
players' cards and choices are their own: with ``--device`` every seat of those is at
the keyboard.
"""

from topper import jsonl
from topper.ticks import ticks_diff

from topper_host.sim.bots import Bot


class DeviceBots:
    def __init__(self, board, seats, seed, style):
        self.board = board
        self.seats = tuple(seats)
        self.seed = seed
        self.style = style
        self.bots = {}
        self._ref = None  # the referee the bots were made for (a new game: new bots)
        board.watchers.append(self.step)

    def step(self, lines, now):
        self.hear(lines, now)
        self.act(now)

    def hear(self, lines, now):
        """Log lines the device wrote: its rulings reach every bot."""
        if not self.board.pad_slap_game():
            self._ref = None
            return
        app = self.board.app
        if app.ref is not self._ref:
            self._ref = app.ref
            n = app.game["seats"]
            self.bots = {s: Bot(s, self.seed, self.style) for s in self.seats if s < n}
        rulings = []
        for line in lines:
            obj = jsonl.loads(line)
            if "r" in obj:
                rulings.append(obj)
        if not rulings:
            return
        seen = dict(app.ref.view(now))
        seen["award_to"] = app.ref.game.award_to
        for bot in self.bots.values():
            bot.see(seen, rulings, now)

    def resume(self, now):
        """The game went on from the nvm (after a power cut, a reload of the page): no
        ruling tells the bots whose turn it is, so they look at the table as it is."""
        self.hear(['{"r":"resumed","t":%d}' % now], now)

    def act(self, now):
        """What the bots planned up to ``now``, done at the board's next ms (a press is
        never stamped before what the device has already seen)."""
        if not self.board.pad_slap_game():
            return
        for bot in self.bots.values():
            d = bot.due()
            if d is None or ticks_diff(d[0], now) > 0:
                continue
            kind = d[1]
            bot.done(kind)
            if kind == "press":
                self.board.press(bot.seat, now + 1)
            elif self.board.due_seat() == bot.seat:
                self.board.tap_due()
