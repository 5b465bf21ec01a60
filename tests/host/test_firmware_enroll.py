"""Teaching the card pad a deck: enrollment through the real device app (topper_app), the deck map in
the (fake) microcontroller.nvm, and what a damaged or half-done map does."""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

import fakes  # noqa: E402

from fakes import scenario  # noqa: E402
from fakes.scenario import has, lay, start, uid  # noqa: E402
from topper import cards  # noqa: E402
from topper_view import sounds  # noqa: E402


def teardown_function(function):
    fakes.uninstall()  # the next test (maybe not ours) sees the real modules again


def to_enroll(rig, app):
    for _ in range(7):  # down to "Enroll deck"
        rig.table(rig.now + 20, hold=60)
        rig.run(app, rig.now + 150)
    assert rig.screen()[6].startswith(">Enroll deck")
    rig.table(rig.now + 20, hold=900)
    rig.run(app, rig.now + 1100)


def tap(rig, app, code, copy=0):
    rig.tap(uid(code, copy))
    rig.run(app, rig.now + 150)


def test_enroll_a_squares_deck_then_play_with_it():
    rig, app, _ = scenario.boot({"TOPPER_HURRY_MS": 0}, enrolled=False)
    to_enroll(rig, app)
    s = rig.screen()
    assert s[0] == "ENROLL DECK      0/66", s
    assert s[2] == " 1RC 1 red circle"
    order = cards.squares_deck(2)
    t = rig.now
    tap(rig, app, order[0])
    s = rig.screen()
    assert s[0].endswith("1/66") and s[5] == "last: 1RC ok"
    assert sounds.CARD_OK[0][0] in rig.tones(since=t)
    # The same tag again (taken off and tapped again) is refused: it already is 1RC,
    # and the next card is still 1RH.
    rig.run(app, rig.now + 1000)
    t = rig.now
    tap(rig, app, order[0])
    s = rig.screen()
    assert s[0].endswith("1/66") and s[5] == "tag is 1RC already"
    assert 200 in rig.tones(since=t)
    assert s[2].startswith(" 1RH")
    # Skip, then undo the skip.
    rig.table(rig.now + 20, hold=60)
    rig.run(app, rig.now + 200)
    assert rig.screen()[0].endswith("2/66")
    rig.press(0, rig.now + 20)
    rig.run(app, rig.now + 200)
    assert rig.screen()[0].endswith("1/66")
    for i in range(1, len(order)):
        copy = 1 if order[i] == cards.JOKER and order[i - 1] == cards.JOKER else 0
        tap(rig, app, order[i], copy)
    s = rig.screen()
    assert s[0] == "ENROLL DECK" and has(s, "Saved 66 card tags"), s
    # Saved in a few batches, not a flash write a card.
    assert 1 <= len(rig.nvm.writes) <= 6
    from topper_hw import nvstore

    entries, finished = nvstore.decode(rig.nvm.data)
    assert finished and len(entries) == 66
    assert sorted(c for _, c in entries) == sorted(order)
    # Back in the menu: play, and the pad knows the deck.
    rig.table(rig.now + 20, hold=60)
    rig.run(app, rig.now + 200)
    start(rig, app, starter=0)
    lay(rig, app, "3GT")
    assert has(rig.screen(), "P1 laid 3GT")


def test_a_power_cut_keeps_the_last_batch_and_the_game_warns():
    rig, app, code = scenario.boot(enrolled=False)
    to_enroll(rig, app)
    for c in cards.squares_deck(0)[:20]:
        tap(rig, app, c)
    from topper_hw import nvstore

    entries, finished = nvstore.decode(rig.nvm.data)
    assert len(entries) == 16 and not finished  # one batch of 16 reached the flash
    # Power back on with that map, and try to play.
    app = code.make_app({"TOPPER_CARDPAD": 1}.get, rig.now)
    rig.run(app, rig.now + 100)
    start(rig, app, starter=0)
    s = rig.screen()
    assert s[0] == "CARD PAD" and has(s, "lacks 48 cards"), s


def test_a_damaged_map_asks_for_a_new_enrollment():
    rig, app, code = scenario.boot()
    rig.nvm.data[20] ^= 0x55  # one flipped byte in the entries
    app = code.make_app({"TOPPER_CARDPAD": 1}.get, rig.now)
    rig.run(app, rig.now + 100)
    rig.table(rig.now + 20, hold=900)
    rig.run(app, rig.now + 1100)
    s = rig.screen()
    assert s[0] == "CARD PAD" and has(s, "damaged"), s


def test_a_full_deck_with_eight_jokers_fits_the_nvm():
    from topper_hw import nvstore

    entries = [(nvstore.uid_key(uid(c)), c) for c in range(125)]
    entries += [(nvstore.uid_key(uid(cards.JOKER, j)), cards.JOKER) for j in range(8)]
    buf = nvstore.encode(entries, True)
    assert len(buf) == 8 + 133 * 5 <= 4096
    assert nvstore.capacity(4096) == 817
    got, finished = nvstore.decode(buf + b"\xff" * (4096 - len(buf)))
    assert got == entries and finished
    keys = set(k for k, _ in entries)
    assert len(keys) == 133  # no two tags of the deck share a key
    assert all(0 <= k < (1 << 30) for k in keys)
