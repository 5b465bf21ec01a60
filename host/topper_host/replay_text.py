"""``topper replay --text``: each ruling of a replay as one line a person reads.

A line is the ruling's board time in seconds and what happened, seats as people see
them (P1..P8), cards by name, the margins of a slap race in milliseconds::

      12.481 s  P2 slaps first (P2 +0 ms): pair, takes the pot
      12.516 s  P1 late by 35 ms

A slap game's rulings are put in words as the simulator's commentary puts them
(``sim.narrate``), a turn game's by its own referee (``describe``); a ruling neither
has words for is its kind and fields.
"""

from topper import cards, games, stdcards
from topper_host import monitor_view
from topper_host.sim import narrate


def title(head):
    """The first line: which game, how many seats."""
    if not isinstance(head, dict):
        return "a log without a header"
    game = head.get("game")
    name = games.find(game).name if game in games.keys() else str(game)
    how = " blind (no card pad)" if head.get("blind") else ""
    return "%s%s, %s seats, seed %s" % (name, how, head.get("seats"), head.get("seed"))


class Words:
    """``line(ruling)``: one ruling of the game with header ``head`` in words."""

    def __init__(self, head):
        self.turn = monitor_view.turn_words(head) if isinstance(head, dict) else None
        game = head.get("game") if isinstance(head, dict) else None
        self.standard = game in games.keys() and games.find(game).deck == games.STANDARD

    def text(self, r):
        if self.turn is not None:
            try:
                said = self.turn.describe(r)
            except (KeyError, IndexError, TypeError, ValueError):
                said = ""
            return said or self._fields(r)
        said = narrate.ruling(r)
        if not said:
            return self._fields(r)
        card = r.get("card")
        if isinstance(card, str):
            try:
                said = said.replace(card, "%s (%s)" % (card, cards.describe(cards.parse(card))), 1)
            except ValueError:
                pass
        return said

    def line(self, r):
        return "%10.3f s  %s" % (r.get("t", 0) / 1000.0, self.text(r))


    def card(self, code):
        """A card's code in a turn game's ruling by its name."""
        try:
            if self.standard:
                return stdcards.format_card(code)
            return "%s (%s)" % (cards.format_card(code), cards.describe(code))
        except (ValueError, IndexError, TypeError):
            return str(code)

    def _fields(self, r):
        shown = []
        for k in sorted(r):
            if k in ("r", "t"):
                continue
            v = r[k]
            if k in ("card", "cards") and isinstance(v, (int, list)) and not isinstance(v, bool):
                v = self.card(v) if isinstance(v, int) else " ".join([self.card(c) for c in v])
            else:
                v = monitor_view.field(k, v)
            shown.append("%s %s" % (k, v))
        return "%s: %s" % (r["r"], ", ".join(shown)) if shown else str(r["r"])
