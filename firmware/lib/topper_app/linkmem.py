"""What a host backs up and puts back over the serial link (``topper.session``'s
``mem``, docs/serial-protocol.md): the bytes of two areas as they are on the chips.

- ``maps``: the deck maps, ``nvm[0:768]`` (``topper_hw.nvstore``);
- ``save``: the game save's store (``topper_hw.journal_store``): the rest of the nvm,
  or the FRAM.

A write is taken only in the menu: a game or an enrollment would write over it, or
read what is half restored. A game save put back goes on at the next power-up, as
after a cut (docs/power-cut.md).

Functions of the ``App`` (``topper_app.app``), imported at a host's first ``mem``.
"""

from topper_app.modes import MENU, MODE_NAMES
from topper_hw.nvstore import REGION


def size(app, area):
    if area == "maps":
        store = app.dev.store
        return 0 if store is None else min(REGION, len(store.nvm))
    store = app.save.store
    return 0 if store is None else len(store)


def read(app, area, at, n):
    if area == "maps":
        return bytes(app.dev.store.nvm[at : at + n])
    return bytes(app.save.store[at : at + n])


def write(app, area, at, data, now):
    """None, or why the table cannot take it now."""
    if app.mode != MENU:
        return "the table is busy (%s): restore from its menu" % MODE_NAMES[app.mode]
    if area == "maps":
        app.dev.store.nvm[at : at + len(data)] = data
        app.decks_changed()
        return None
    store = app.save.store
    store.write(at, data)
    store.step(now, True)  # the nvm store writes what it holds at once
    return None
