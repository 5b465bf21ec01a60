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
    line = rig.screen()[6]
    assert line.startswith(">Enroll deck"), rig.screen()
    rig.table(rig.now + 20, hold=900)
    rig.run(app, rig.now + 1100)
    return line


def tap(rig, app, code, copy=0):
    rig.tap(uid(code, copy))
    rig.run(app, rig.now + 150)


def test_enroll_a_squares_deck_then_play_with_it():
    rig, app, _ = scenario.boot({"TOPPER_HURRY_MS": 0}, enrolled=False)
    assert to_enroll(rig, app) == ">Enroll deck     none"
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
    # Each tap written at once, on erased bytes: the flash sector was erased only to
    # take back the skip, never for a tap.
    assert rig.nvm.erases == 1
    from topper_hw import nvstore

    deck, finished = nvstore.DeckStore(rig.nvm).load("squares")
    assert finished and sorted(deck.values()) == sorted(order)
    # Back in the menu: play, and the pad knows the deck.
    rig.table(rig.now + 20, hold=60)
    rig.run(app, rig.now + 200)
    start(rig, app, starter=0)
    lay(rig, app, "3GT")
    assert has(rig.screen(), "P1 laid 3GT")


def test_a_power_cut_loses_no_tapped_card_and_enrolling_again_goes_on():
    rig, app, code = scenario.boot(enrolled=False)
    to_enroll(rig, app)
    order = cards.squares_deck(2)
    for c in order[:20]:
        tap(rig, app, c)
    # The power goes: every card tapped is in the map, which is not finished; the menu
    # calls the squares half enrolled, and a game warns before it starts.
    app = code.make_app({"TOPPER_CARDPAD": 1}.get, rig.now)
    rig.run(app, rig.now + 100)
    start(rig, app, starter=0)
    s = rig.screen()
    assert s[0] == "CARD PAD" and has(s, "lacks 44 cards"), s
    app = code.make_app({"TOPPER_CARDPAD": 1}.get, rig.now)
    rig.run(app, rig.now + 100)
    assert to_enroll(rig, app) == ">Enroll deck      sq?"
    s = rig.screen()
    assert s[0] == "ENROLL DECK     20/66" and s[2].startswith(" " + cards.format_card(order[20])), s
    for i in range(20, len(order)):
        copy = 1 if order[i] == cards.JOKER and order[i - 1] == cards.JOKER else 0
        tap(rig, app, order[i], copy)
    assert has(rig.screen(), "Saved 66 card tags"), rig.screen()


def test_a_damaged_map_asks_for_a_new_enrollment():
    rig, app, code = scenario.boot()
    rig.nvm.data[20] ^= 0x55  # one flipped byte in the slots of the Triple Topper map
    app = code.make_app({"TOPPER_CARDPAD": 1}.get, rig.now)
    rig.run(app, rig.now + 100)
    rig.table(rig.now + 20, hold=900)
    rig.run(app, rig.now + 1100)
    s = rig.screen()
    assert s[0] == "CARD PAD" and has(s, "damaged"), s


def test_the_largest_maps_of_both_decks_fit_beside_the_game_saves():
    from topper_hw import deckmap, journal_store, nvstore

    for deck, jokers, copies, size in (("topper", 8, 1, 411), ("standard", 2, 2, 336)):
        n = len(deckmap.order(deck, jokers, copies))
        assert deckmap.size(n) == size <= nvstore.DeckStore(bytearray(4096)).room(deck)
    assert nvstore.REGION == journal_store.NVM_START == sum(p[2] for p in nvstore.PARTS)
