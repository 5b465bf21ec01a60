"""Shared steps of the firmware scenarios: boot the real device app (topper_app) on fakes, enroll a
deck straight into the fake nvm, start a game, tap cards."""

import fakes
from topper import cards


def uid(card, copy=0):
    """The tag UID the tests give to a card (a 7-byte NTAG-like UID)."""
    return bytes([0x04, 0x5E, copy, card, 0xA1, 0x77, 0x80])


def std_uid(card, copy=0):
    """The tag UID the tests give to a standard card (not a Triple Topper tag)."""
    return bytes([0x04, 0x5D, copy, card, 0x1C, 0x77, 0x80])


def boot(env=None, pn532=True, oled=True, usb_data=False, enrolled=True, jokers=2, gate=False):
    """Fresh fakes, settings from ``env``, the real device app (topper_app) app at t=0,
    stepped a little; ``gate``: an image with the slap gate (``fakes.gate``)."""
    rig = fakes.install(oled=oled, pn532=pn532, usb_data=usb_data, gate=gate)
    if enrolled:
        enroll(rig, jokers)
    code = fakes.load_code()
    settings = {"TOPPER_CARDPAD": 1 if pn532 else 0}
    settings.update(env or {})
    app = code.make_app(settings.get, 0)
    rig.run(app, 100)
    return rig, app, code


def enroll(rig, jokers=2):
    """The whole deck (125 cards and the jokers) as if enrolled earlier."""
    uids = [uid(c) for c in range(125)] + [uid(cards.JOKER, j) for j in range(jokers)]
    put_map(rig, "topper", jokers, 1, uids)


def put_map(rig, deck, jokers, copies, uids):
    """A finished map of ``deck`` (topper_hw.deckmap), a UID for each card of its order,
    into its part of the fake nvm (topper_hw.nvstore)."""
    from topper_hw import deckmap, nvstore

    buf = deckmap.encode(deck, jokers, copies, [deckmap.uid_key(u) for u in uids], finished=True)
    at = [p[1] for p in nvstore.PARTS if p[0] == ("standard" if deck == "standard" else "topper")][0]
    rig.nvm.data[at : at + len(buf)] = buf


def start(rig, app, starter=0, at=None):
    """From the menu (cursor on "Start game"): hold the table button, then the starter
    presses their seat button."""
    t = rig.now + 20 if at is None else at
    rig.table(t, hold=900)
    rig.run(app, t + 1000)
    rig.press(starter, rig.now + 50)
    rig.run(app, rig.now + 200)


def lay(rig, app, card, wait=400, copy=0):
    """Tap ``card`` ("3RC") on the pad and let ``wait`` ms pass."""
    code = cards.parse(card)
    rig.tap(uid(code, copy))
    rig.run(app, rig.now + wait)


def has(lines, text):
    return any(text in s for s in lines)
