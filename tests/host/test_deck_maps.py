"""A deck map for each deck (topper_hw.nvstore): through the real device app on the
fakes, a table switches between a Triple Topper game and Tripp Jokes (a standard deck)
and enrolls each deck once; a power cut while one deck is enrolled keeps every card
tapped and the other deck; a board with the single map of the firmware before plays on
with it; a damaged map says so and costs only itself."""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

import fakes  # noqa: E402
from _turn_steps import choose, set_value, to_line  # noqa: E402
from fakes import scenario  # noqa: E402
from fakes.oldmaps import old_map  # noqa: E402
from fakes.scenario import has, std_uid, uid  # noqa: E402
from topper import cards, stdcards  # noqa: E402

PAD = {"TOPPER_CARDPAD": 1}


def teardown_function(function):
    fakes.uninstall()



def tt_uids(jokers=2):
    return [uid(c) for c in range(125)] + [uid(cards.JOKER, j) for j in range(jokers)]


def std_uids(jokers=2):
    return [std_uid(c) for c in range(52)] + [std_uid(stdcards.JOKER, j) for j in range(jokers)]


def enroll(rig, app, title, uids):
    """Menu: Enroll deck with ``title`` chosen, every tag tapped; the notice read. Each
    tap is written on flash still erased: the enrollment erases the sector at most
    once, to begin the map where one was."""
    set_value(rig, app, "Game", title)
    to_line(rig, app, "Enroll deck")
    rig.table(rig.now + 20, hold=900)
    rig.run(app, rig.now + 1000)
    assert rig.screen()[0].startswith("ENROLL DECK"), rig.screen()
    erases = rig.nvm.erases
    for u in uids:
        rig.tap(u)
        rig.run(app, rig.now + 150)
    assert rig.nvm.erases - erases <= 1
    said = " ".join(rig.screen())
    rig.table(rig.now + 20, hold=60)  # the notice's OK
    rig.run(app, rig.now + 200)
    return said


def end_game(rig, app):
    for _ in range(2):  # END GAME?, then yes
        rig.table(rig.now + 20, hold=900)
        rig.run(app, rig.now + 1000)
    assert rig.screen()[0].startswith("TOPPER TABLE"), rig.screen()


def enroll_line(rig, app):
    to_line(rig, app, "Enroll deck")
    return [s for s in rig.screen() if s.startswith(">Enroll deck")][0]


def play_armageddon(rig, app):
    """Armageddon started and a card laid: the pad reads the Triple Topper deck."""
    choose(rig, app, "ARMAGEDDON")
    rig.press(0, rig.now + 50)  # the starter
    rig.run(app, rig.now + 300)
    rig.tap(uid(cards.parse("3GT")))
    rig.run(app, rig.now + 400)
    assert has(rig.screen(), "P1 laid 3GT"), rig.screen()
    end_game(rig, app)


def play_tripp(rig, app):
    """Tripp Jokes started and a standard card read: its game takes it."""
    choose(rig, app, "TRIPP JOKES", (("Seats", "3"),))
    assert app.ref is not None and rig.screen()[0] == "TRIPP JOKES", rig.screen()
    before = app.ref.to_dict()
    rig.tap(std_uid(stdcards.parse("QS")))
    rig.run(app, rig.now + 400)
    assert app.ref.to_dict() != before, rig.screen()
    end_game(rig, app)


def test_switching_games_never_enrolls_a_deck_the_board_knows():
    rig, app, _ = scenario.boot(PAD, enrolled=False)
    assert enroll_line(rig, app) == ">Enroll deck     none"
    assert "Saved 127 card tags" in enroll(rig, app, "ARMAGEDDON", tt_uids())
    play_armageddon(rig, app)
    choose(rig, app, "TRIPP JOKES")  # its deck is not known yet: the table is told
    s = " ".join(rig.screen())
    assert "no standard deck enrolled" in s and app.ref is None, s
    rig.table(rig.now + 20, hold=60)
    rig.run(app, rig.now + 200)
    assert "Saved 54 standard card tags" in enroll(rig, app, "TRIPP JOKES", std_uids())
    play_tripp(rig, app)
    assert enroll_line(rig, app) == ">Enroll deck   TT std"
    play_armageddon(rig, app)  # back to the first deck: no enrollment asked
    play_tripp(rig, app)


def test_a_power_cut_while_enrolling_keeps_every_card_tapped_and_the_other_deck():
    rig, app, code = scenario.boot(PAD)  # the Triple Topper deck enrolled
    set_value(rig, app, "Game", "TRIPP JOKES")
    to_line(rig, app, "Enroll deck")
    rig.table(rig.now + 20, hold=900)
    rig.run(app, rig.now + 1000)
    for u in std_uids()[:30]:
        rig.tap(u)
        rig.run(app, rig.now + 150)
    app = code.make_app(PAD.get, rig.now)  # the power goes and comes back
    rig.run(app, rig.now + 100)
    assert enroll_line(rig, app) == ">Enroll deck  TT std?"
    from topper_hw import nvstore

    store = nvstore.DeckStore(rig.nvm)
    std, finished = store.load("standard")
    assert not finished and sorted(std.values()) == list(range(30))
    assert len(store.load("topper")[0]) == 127
    play_armageddon(rig, app)
    # Enrolling again goes on at the 31st card.
    set_value(rig, app, "Game", "TRIPP JOKES")
    to_line(rig, app, "Enroll deck")
    rig.table(rig.now + 20, hold=900)
    rig.run(app, rig.now + 1000)
    s = rig.screen()
    assert s[0].endswith("30/54") and s[2].strip() == stdcards.format_card(30), s
    for u in std_uids()[30:]:
        rig.tap(u)
        rig.run(app, rig.now + 150)
    assert "Saved 54 standard card tags" in " ".join(rig.screen()), rig.screen()


def test_a_slot_torn_by_the_cut_loses_that_card_alone():
    """On the chip a cut can stop a slot's bytes half programmed: its card reads as
    unknown, every other card of both decks as before."""
    rig, app, code = scenario.boot(PAD)
    from topper_hw import deckmap, nvstore

    scenario.put_map(rig, "standard", 2, 1, std_uids()[:10])
    at = nvstore.PARTS[1][1]
    rig.nvm.data[at + 9 : at + 12] = b"\xff\xff\xff"  # not finished: enrollment was on
    slot = at + deckmap.HEADER + deckmap.SLOT * 9
    rig.nvm.data[slot + 1 : slot + 3] = b"\xff\xff"  # the 10th card's slot, torn
    store = nvstore.DeckStore(rig.nvm)
    std, finished = store.load("standard")
    assert not finished
    got = [std.get(deckmap.uid_key(u)) for u in std_uids()[:10]]
    assert got == list(range(9)) + [None]
    assert len(store.load("topper")[0]) == 127


def test_an_old_single_map_plays_on_and_is_kept_when_the_other_deck_is_enrolled():
    rig = fakes.install(oled=True, pn532=True)
    old = old_map([(u, c) for u, c in zip(tt_uids(), cards.full_deck(2))])
    rig.nvm.data[0 : len(old)] = old
    code = fakes.load_code()
    app = code.make_app(PAD.get, 0)
    rig.run(app, 100)
    assert enroll_line(rig, app) == ">Enroll deck       TT"
    play_armageddon(rig, app)
    assert "Saved 54 standard card tags" in enroll(rig, app, "TRIPP JOKES", std_uids())
    assert bytes(rig.nvm.data[0:2]) == b"DM"  # rewritten as today's maps
    assert enroll_line(rig, app) == ">Enroll deck   TT std"
    play_tripp(rig, app)
    play_armageddon(rig, app)


def test_an_old_map_is_read_as_the_deck_it_was_enrolled_for():
    from topper_hw import nvstore

    nvm = bytearray(b"\xff" * 4096)
    squares = cards.squares_deck(1)
    old = old_map([(uid(c), c) for c in squares])  # no flag: its cards tell
    nvm[0 : len(old)] = old
    store = nvstore.DeckStore(nvm)
    assert store.known() == [("squares", 65, 65, True)]
    m, finished = store.load("squares")
    assert finished and sorted(m.values()) == sorted(squares)
    # Two standard decks with their jokers: the flag says standard, the twice-seen
    # cards two decks.
    two = []
    for d in range(2):
        for j, c in enumerate(stdcards.deck(2)):
            two.append((bytes([4, 0x5D, d, c, j, 0x77, 0x80]), c))
    old = old_map(two, standard=True)
    nvm[0:768] = b"\xff" * 768
    nvm[0 : len(old)] = old
    store = nvstore.DeckStore(nvm)
    assert store.known() == [("standard", 108, 108, True)]
    try:
        store.load("topper")
    except nvstore.StoreError as e:
        assert str(e) == "no Triple Topper deck enrolled"
    else:
        raise AssertionError("a standard deck read as the Triple Topper deck")


def test_a_damaged_map_says_so_in_one_line_and_the_other_deck_still_plays():
    rig, app, code = scenario.boot(PAD)
    scenario.put_map(rig, "standard", 2, 1, std_uids())
    from topper_hw import nvstore

    rig.nvm.data[nvstore.PARTS[1][1] + 40] ^= 0x10  # one bit of a standard card's slot
    app = code.make_app(PAD.get, rig.now)
    rig.run(app, rig.now + 100)
    assert enroll_line(rig, app) == ">Enroll deck  TT std!"
    choose(rig, app, "TRIPP JOKES")
    s = " ".join(rig.screen())
    assert "CARD PAD" in s and "the standard deck map is damaged: enroll it again" in s, s
    assert app.ref is None
    rig.table(rig.now + 20, hold=60)
    rig.run(app, rig.now + 200)
    play_armageddon(rig, app)
