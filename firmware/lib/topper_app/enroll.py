"""Deck enrollment: tap every card of a deck in a given order to teach the pad its tags.

The screen names the next card (``next_card``); each tap binds the tag to it. A tag
already bound in this enrollment is refused with the card it belongs to, so tapping a
card twice cannot shift the rest of the deck. ``skip`` passes over a card the deck
lacks, ``undo`` takes back the last binding. Each tap and skip is written to the deck's
map at once, on flash bytes still erased (``topper_hw.nvstore``): a power cut loses at
most the card being tapped, and the enrollment goes on from there when it is chosen
again. The map is begun only at the first tap, so leaving without one keeps the map
the deck had.

The enrollment mode of the table (``start``, ``tag``, ``button``, ``lines``) is here
too: functions of the ``App`` (``topper_app.app``), imported when the menu's "Enroll
deck" is chosen.
"""

from topper_hw import buttons as btn
from topper_hw import deckmap, devices
from topper_view import sounds
from topper_app.modes import ENROLL_MODE, MENU


class Enrollment:
    """``deck``, ``jokers``, ``copies``: the deck's kind as ``topper_hw.deckmap`` keeps
    it; ``slots``: what a half-done enrollment of it already holds."""

    def __init__(self, store, deck, jokers, copies, slots=None, name=None, text=None):
        self.store = store
        self.deck = deck
        self.jokers = jokers
        self.copies = copies
        self.order = deckmap.order(deck, jokers, copies)
        self.name = name  # a card's code and its words on the screen (the deck's kind)
        self.text = text
        self.last = ""  # what the last tap or button did, for the screen
        self.slots = list(slots or ())  # each card's tag key so far, or SKIPPED
        self.begun = slots is not None  # the map is on the chip
        self.pos = len(self.slots)
        self._bound = {}  # key -> card, the tags seen so far
        for i in range(self.pos):
            if self.slots[i] != deckmap.SKIPPED:
                self._bound[self.slots[i]] = self.order[i]

    def next_card(self):
        """The code of the card to tap now, or None when the deck is through."""
        return self.order[self.pos] if self.pos < len(self.order) else None

    def done(self):
        return self.pos >= len(self.order)

    def count(self):
        """The tags enrolled."""
        return len(self._bound)

    def tap(self, uid):
        """Bind ``uid`` to the next card. Returns ``(card, None)``, or ``(card, why)``
        when the tag is refused (``card`` is then the card it already is)."""
        key = deckmap.uid_key(uid)
        if key in self._bound:
            return self._bound[key], "tag already enrolled"
        card = self.next_card()
        if card is None:
            return None, "deck already complete"
        self._put(key)
        self._bound[key] = card
        return card, None

    def skip(self):
        if self.pos < len(self.order):
            self._put(deckmap.SKIPPED)

    def _put(self, key):
        self.slots.append(key)
        if self.begun:
            self.store.put(self.deck, self.pos, key)
        else:
            self.store.write(self.deck, self.jokers, self.copies, self.slots)
            self.begun = True
        self.pos += 1

    def undo(self):
        """Take back the last binding (or the last skip): the map written again without
        it (a flash sector erase, as any rewrite)."""
        if self.pos == 0:
            return
        key = self.slots.pop()
        self.pos -= 1
        if key != deckmap.SKIPPED:
            del self._bound[key]
        self.store.write(self.deck, self.jokers, self.copies, self.slots)

    def finish(self):
        """Sealed: the game start no longer calls the deck half enrolled. False when
        nothing was tapped (the deck keeps the map it had)."""
        if not self.begun:
            return False
        self.store.seal(self.deck)
        return True


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
    from topper import cards, games

    cfg = app.menu.config()
    kind = games.find(cfg["game"]).deck
    if kind == games.STANDARD:
        # A standard deck, two of them for 5 or more players, enrolled as one.
        from topper import stdcards

        jokers = cfg.get("options", {}).get("jokers", 2)
        copies = 2 if cfg["seats"] >= 5 else 1
        name = text = stdcards.format_card
    else:
        jokers = cfg.get("jokers", 2)
        copies = 1
        name = cards.format_card
        text = _topper_card_text
    n = len(deckmap.order(kind, jokers, copies))
    if deckmap.size(n) > dev.store.room(kind):
        app._notice("ENROLL", "no room in nvm for a deck of %d cards" % n, MENU)
        return
    slots = dev.store.unfinished(kind, jokers, copies)
    app.enrolling = Enrollment(dev.store, kind, jokers, copies, slots, name, text)
    if slots:
        app.enrolling.last = "going on at card %d" % (len(slots) + 1)
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
    app.enrolling = None
    app.menu.cursor = 0  # back on "Start game": playing is what comes next
    if en.finish():
        kind = "standard " if en.deck == deckmap.DECKS[0] else ""
        said = "Saved %d %scard tags." % (en.count(), kind)
    else:
        said = "Nothing tapped: the %s deck's map is as it was." % deckmap.NAMES[en.deck]
    app.decks_changed()
    app._notice("ENROLL DECK", said, MENU)
    app._sound(sounds.CONFIRM, now)
