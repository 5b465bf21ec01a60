"""What the table sees and hears of a slap game (World War 3, Armageddon, with the card
pad or blind): the game's ``view`` module in its registry record (``topper.games``).

``Drawing`` keeps what the pictures are drawn into, frame after frame (the ring's
pixels, the OLED's lines: a slap's path allocates nothing), and, with the card pad,
every seat's slap reactions for the game-over screen (blind play cannot tell a
slappable pile, so it has none).
"""

from topper_view import ring, screen, sounds


class Drawing:
    ONE_VIEW = False  # the rulings say it all; the referee's view is its own dict, rewritten

    def __init__(self, cfg, pixels):
        from topper import cards

        self.n = pixels
        self.px = [ring.OFF] * pixels  # the ring's frame, rewritten each time
        self.out = [""] * screen.LINES  # and the slap screens' lines (screen.game's out)
        self.format_card = cards.format_card
        self.reactions = None
        if cfg["cardpad"]:
            from topper.reactions import Reactions

            self.reactions = Reactions(cfg["seats"])
        self._hurry_left = -1

    def ruled(self, rulings, view, now, fx):
        """A batch of rulings: the effects they start, the reactions they show, and the
        sound for them (or None). (``view`` is None: a slap referee's rulings say it all.)"""
        fx.note(rulings)
        if self.reactions is not None:
            for r in rulings:
                self.reactions.ruling(r)
        return sounds.for_rulings(rulings)

    def seen(self, view):
        """The game as it stands when the table comes back to it (a resume)."""

    def lines(self, view, now, fx):
        if self.reactions is not None and view["phase"] == "over":
            # A copy: the referee's view is one dict it rewrites (the link reads it too).
            view = dict(view)
            view["reactions"] = self.reactions.lines()
        return screen.game(view, now, fx, self.format_card, self.out)

    def frame(self, view, now, fx):
        return ring.game(view, now, fx, self.n, self.px, ring.packed)

    def tick(self, view):
        """The hurry-up's ticks as its last seconds run out (or None)."""
        left = view["hurry_left"]
        seq = sounds.hurry_tick(self._hurry_left, left)
        self._hurry_left = left
        return seq
