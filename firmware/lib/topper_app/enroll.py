"""Deck enrollment: tap every card of a deck in a given order to teach the pad its tags.

The screen names the next card (``next_card``); each tap binds the tag to it. A tag
already bound in this enrollment is refused with the card it belongs to, so tapping a
card twice cannot shift the rest of the deck. ``skip`` passes over a card the deck
lacks, ``undo`` takes back the last binding. Entries are saved to the store every
``batch`` new cards (and at the end), so a power cut loses at most one batch and the
flash sees a handful of writes, not one a card.
"""

from topper_hw.nvstore import uid_key


class Enrollment:
    def __init__(self, order, store, batch=16, standard=False):
        self.order = order
        self.store = store
        self.standard = standard  # the deck's kind, saved with it (topper_hw.nvstore)
        self.batch = batch
        self.pos = 0
        self.entries = []
        self._bound = {}  # key -> card, the tags seen so far
        self._at = []  # the position of each entry in ``order``
        self._unsaved = 0

    def next_card(self):
        """The code of the card to tap now, or None when the deck is through."""
        return self.order[self.pos] if self.pos < len(self.order) else None

    def done(self):
        return self.pos >= len(self.order)

    def tap(self, uid):
        """Bind ``uid`` to the next card. Returns ``(card, None)``, or ``(card, why)``
        when the tag is refused (``card`` is then the card it already is)."""
        key = uid_key(uid)
        if key in self._bound:
            return self._bound[key], "tag already enrolled"
        card = self.next_card()
        if card is None:
            return None, "deck already complete"
        self._bound[key] = card
        self.entries.append((key, card))
        self._at.append(self.pos)
        self.pos += 1
        self._unsaved += 1
        if self._unsaved >= self.batch:
            self.save(False)
        return card, None

    def skip(self):
        if self.pos < len(self.order):
            self.pos += 1

    def undo(self):
        """Take back the last binding (or the last skip)."""
        if self.pos == 0:
            return
        self.pos -= 1
        if self._at and self._at[-1] == self.pos:
            self._at.pop()
            key, _ = self.entries.pop()
            del self._bound[key]
            self._unsaved += 1

    def save(self, finished):
        self.store.save(self.entries, finished, self.standard)
        self._unsaved = 0
