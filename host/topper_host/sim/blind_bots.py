"""Bots in blind play: the seeded players of ``sim.bots`` at a table whose device sees
no card (``sim.blind_table``).

They see what players at that table see: the cards on the pile and every stack's size
(from the table), who is out and locked and the last slap (from the device). They lay
their top card on the pile when the rules make them due (the table then taps the table
button as the blind flow asks), and press their seat's button when they spot a slap,
with their reaction times and their misses and wrong slaps, as the pad bots do. While
a slap waits for the table's judgement nobody lays, and while the table's hand holds the
table button nobody slaps (a seat pressed then is a chord: out, or back in).
"""

from topper.ticks import ticks_diff

from topper_host.sim.bots import Bot


class BlindBots:
    def __init__(self, table, seats, seed, style):
        self.table = table
        self.bots = {s: Bot(s, seed, style) for s in seats if s < table.seats}
        table.listeners.append(self.hear)
        table.watch(self.act)  # after the table's: it hears the device first

    def hear(self, rulings, now):
        """What the table did (a card laid, a pot gathered, a slap given): every bot sees."""
        seen = self.table.view(now)
        for bot in self.bots.values():
            bot.see(seen, rulings, now)

    def act(self, lines, now):
        """What the bots planned up to ``now``, done at the board's next ms."""
        table = self.table
        if not table.on() or table.over():
            return
        for bot in self.bots.values():
            d = bot.due()
            if d is None or ticks_diff(d[0], now) > 0:
                continue
            if d[1] == "press":
                if table.free_at(now + 1) != now + 1:
                    continue  # its hand waits for the table's to let go
                bot.done("press")
                table.seat_press(bot.seat, now + 1)
            elif not table.judging():  # (the card waits for the table's word)
                bot.done("lay")
                table.lay(bot.seat, now + 1)
