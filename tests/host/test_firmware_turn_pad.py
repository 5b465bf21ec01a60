"""Card pad in the turn games: Tripp Jokes reads a standard deck, the others the
Triple Topper deck. The board keeps a map of each (topper_hw.nvstore), and a game whose
deck has none says so with a clear notice instead of reading wrong cards."""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

import fakes  # noqa: E402
from _link_fakes import boot, log_lines  # noqa: E402
from _turn_steps import choose, to_line  # noqa: E402
from fakes.scenario import has, std_uid, uid  # noqa: E402
from topper import stdcards  # noqa: E402

PAD = {"TOPPER_CARDPAD": 1}


def teardown_function(function):
    fakes.uninstall()



def enroll_standard(rig, decks=1):
    """A standard deck (no jokers) beside the Triple Topper deck the boot enrolled."""
    from fakes.scenario import put_map

    put_map(rig, "standard", 0, decks, [std_uid(c, d) for d in range(decks) for c in range(52)])


def test_tripp_without_a_standard_deck_map_says_so_with_a_clear_notice():
    rig, app, port, env, code = boot(PAD)  # the Triple Topper deck is enrolled
    choose(rig, app, "TRIPP JOKES")
    s = " ".join(rig.screen())
    assert "CARD PAD" in s and "no standard deck enrolled" in s and "Enroll deck" in s, s
    assert app.ref is None


def test_a_slap_game_refuses_a_board_whose_old_map_is_a_standard_deck():
    from fakes.oldmaps import old_map

    rig, app, port, env, code = boot(PAD)
    rig.nvm.data[0:768] = b"\xff" * 768
    old = old_map([(std_uid(c), c) for c in range(52)], standard=True)
    rig.nvm.data[0 : len(old)] = old
    choose(rig, app, "WW3")
    s = " ".join(rig.screen())
    assert "CARD PAD" in s and "no Triple Topper deck enrolled" in s, s


def test_tripp_reads_standard_cards_and_an_unknown_tag_changes_nothing():
    rig, app, port, env, code = boot(PAD)
    enroll_standard(rig)
    choose(rig, app, "TRIPP JOKES")
    view = app.ref.view(rig.now)
    assert view["entry"] == "pad" and rig.screen()[0] == "TRIPP JOKES"
    before = app.ref.to_dict()
    t = rig.now
    rig.tap(uid(stdcards.parse("QS")))  # a Triple Topper tag: not a card of this deck
    rig.run(app, rig.now + 400)
    assert has(rig.screen(), "unknown card tag") and app.ref.to_dict() == before
    assert 200 in rig.tones(since=t)
    rig.tap(std_uid(stdcards.parse("QS")))
    rig.run(app, rig.now + 400)
    assert app.ref.to_dict() != before, rig.screen()  # the tap reached the game
    # Tripp Jokes lays every card the pad reads face up: the log names it (in the
    # standard deck's notation), so that the game replays (docs/event-log.md).
    reads = [x for x in log_lines(port.take()) if x.get("ev") == "card"]
    assert reads == [{"card": "QS", "ev": "card", "t": reads[0]["t"]}]


def test_enrolling_for_tripp_asks_for_standard_cards_two_decks_for_five_seats():
    rig, app, port, env, code = boot(PAD)
    from _turn_steps import set_value

    set_value(rig, app, "Game", "TRIPP JOKES")
    set_value(rig, app, "Seats", "5")
    to_line(rig, app, "Enroll deck")
    rig.table(rig.now + 20, hold=900)
    rig.run(app, rig.now + 1000)
    assert app.enrolling is not None and len(app.enrolling.order) == 2 * 54
    assert has(rig.screen(), "AC")  # the first card named in standard notation
    rig.tap(std_uid(0))
    rig.run(app, rig.now + 400)
    rig.table(rig.now + 20, hold=900)  # finish now: saved as a standard deck
    rig.run(app, rig.now + 1000)
    assert has(rig.screen(), "Saved 1 standard card")
    from topper_hw import nvstore

    store = nvstore.DeckStore(rig.nvm)
    assert list(store.load("standard")[0].values()) == [0]
    # The Triple Topper deck enrolled before is still known, its cards its own.
    tt = store.load("topper")[0]
    assert len(tt) == 127 and set(tt.values()) == set(range(126))


def test_guess_my_card_secrets_tapped_on_the_pad_never_go_out_on_the_link():
    from topper import cards, jsonl

    rig, app, port, env, code = boot(PAD)
    choose(rig, app, "GUESS MY CARD")
    port.take()
    secrets = ["3RC", "4YH", "2GT", "1BS"]
    for name in secrets:
        rig.tap(uid(cards.parse(name)))
        rig.run(app, rig.now + 400)
    port.send({"cmd": "view", "id": 1})
    rig.run(app, rig.now + 200)
    out = port.take()
    assert any(x.get("k") == "view" for x in out)
    tapped = [x for x in log_lines(out) if x.get("ev") == "card"]
    assert len(tapped) == 4  # the taps were read and logged, as "a card", nothing more
    for line in out:
        text = jsonl.dumps(line)
        for key in ("card", "secret", "code"):
            assert '"%s":' % key not in text, line
        for name in secrets:
            assert name not in text, line
    assert not has(rig.screen(), "unknown card tag")


def test_guess_my_card_seals_on_the_link_do_not_come_from_the_logged_seed():
    """Two boards in the very same state, the same secrets tapped at the same moments:
    the seals differ, because their salts come from each board's os.urandom key, not
    from the seed (the start stamp every log shows)."""
    from topper import cards

    seals = []
    for _ in range(2):
        rig, app, port, env, code = boot(PAD)
        choose(rig, app, "GUESS MY CARD")
        for name in ["3RC", "4YH", "2GT", "1BS"]:
            rig.tap(uid(cards.parse(name)))
            rig.run(app, rig.now + 400)
        out = log_lines(port.take())
        seals.append([x["digest"] for x in out if x.get("r") == "commit"])
        assert app.ref.salt_key is not None and app.ref.salt_key not in str(out)
        fakes.uninstall()
    assert len(seals[0]) == 4 and len(seals[1]) == 4
    assert not set(seals[0]) & set(seals[1])
