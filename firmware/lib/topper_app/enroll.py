"""Deck enrollment: tap every card of a deck in a given order to teach the pad its tags.

The screen names the next card (``next_card``); each tap binds the tag to it. A tag
already bound in this enrollment is refused with the card it belongs to, so tapping a
card twice cannot shift the rest of the deck. ``skip`` passes over a card the deck
lacks, ``undo`` takes back the last binding. Entries are saved to the store every
``batch`` new cards (and at the end), so a power cut loses at most one batch and the
flash sees a handful of writes, not one a card.

The enrollment mode of the table (``start``, ``tag``, ``button``, ``lines``) is here
too: functions of the ``App`` (``topper_app.app``), imported when the menu's "Enroll
deck" is chosen.
"""

from topper_hw import buttons as btn
from topper_hw import devices
from topper_hw.nvstore import uid_key
from topper_view import sounds
from topper_app.modes import ENROLL_MODE, MENU


class Enrollment:
    def __init__(self, order, store, batch=16, standard=False, name=None, text=None):
        self.order = order
        self.store = store
        self.standard = standard  # the deck's kind, saved with it (topper_hw.nvstore)
        self.name = name  # a card's code and its words on the screen (the deck's kind)
        self.text = text
        self.last = ""  # what the last tap or button did, for the screen
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


# ----- the table's enrollment mode ---------------------------------------------------


def start(app, now):
    """The menu's "Enroll deck": the deck of the game the menu is on, card by card."""
    dev = app.dev
    if dev.store is None:
        app._notice("ENROLL", "no nvm on this board", MENU)
        return
    if dev.pad is None and not devices.open_pad(dev, app.cfg):
        app._notice("CARD PAD", dev.problems[-1], MENU)
        app._sound(sounds.ERROR, now)
        return
    from topper import cards, decks, games

    cfg = app.menu.config()
    kind = games.find(cfg["game"]).deck
    if kind == games.STANDARD:
        # A standard deck (two of them for 5 or more players), saved as one.
        from topper import stdcards

        order = decks.cards(kind, cfg["seats"], cfg.get("options", {}).get("jokers", 2))
        name = stdcards.format_card
        app.enrolling = Enrollment(order, dev.store, standard=True, name=name, text=name)
    else:
        order = decks.cards(kind, cfg["seats"], cfg.get("jokers", 2))
        app.enrolling = Enrollment(order, dev.store, name=cards.format_card, text=_topper_card_text)
    app.mode = ENROLL_MODE


def _topper_card_text(card):
    from topper import cards

    return "%s %s" % (cards.format_card(card), cards.describe(card))


def tag(app, uid, now):
    """A tag on the pad: bound to the next card, or refused."""
    en = app.enrolling
    card, why = en.tap(uid)
    name = en.name(card) if card is not None else "?"
    if why:
        en.last = "tag is %s already" % name if card is not None else why
        app._sound(sounds.ERROR, now)
        return
    en.last = "last: %s ok" % name
    app._sound(sounds.CARD_OK, now)
    if en.done():
        _finish(app, now)


def button(app, kind, seat, now):
    """Table: skip a card; hold: finish; P1: undo."""
    en = app.enrolling
    if kind == btn.TABLE:
        en.skip()
        en.last = "skipped"
        if en.done():
            _finish(app, now)
    elif kind == btn.TABLE_LONG:
        _finish(app, now)
    elif kind == btn.PRESS and seat == 0:
        en.undo()
        en.last = "undone"
    app._sound(sounds.CLICK, now)


def _finish(app, now):
    en = app.enrolling
    en.save(True)
    app.enrolling = None
    app.menu.cursor = 0  # back on "Start game": playing is what comes next
    kind = "standard " if en.standard else ""
    app._notice("ENROLL DECK", "Saved %d %scard tags." % (len(en.entries), kind), MENU)
    app._sound(sounds.CONFIRM, now)
