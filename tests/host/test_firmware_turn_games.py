"""The real turn-based games through the real device app (topper_app) over the fakes: chosen in the
menu with the buttons, played with presses (and the card pad), cut off by a power cut
and resumed, ended with END GAME?. The App must hand every press to the game exactly
as a referee driven directly gets it: the same presses give the same screen."""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

import fakes  # noqa: E402
from _link_fakes import boot, log_lines, power_cut  # noqa: E402
from _turn_steps import choose, long, short  # noqa: E402
from fakes.scenario import has  # noqa: E402
from topper import games, inputs  # noqa: E402
from topper.gamekit import Entry  # noqa: E402
from topper_view import turns  # noqa: E402

NO_PAD = {"TOPPER_CARDPAD": 0}
LONG_MS = 700


def teardown_function(function):
    fakes.uninstall()


def started(game, settings=(), env=NO_PAD, fram=False):
    rig, app, port, env_, code = boot(env, fram=fram)
    t = choose(rig, app, games.find(game).title, settings)
    return rig, app, port, env_, code, t


def same_game(a, b, now):
    """What a player sees of two referees is the same (clock left out)."""
    va, vb = a.view(now), b.view(now)
    for v in (va, vb):
        v.pop("clock")
        v.pop("message")
    return va == vb


def test_every_game_is_chosen_in_the_menu_started_and_shown():
    for game in games.keys(games.TURN):
        rig, app, port, env, code, t = started(game)
        s = rig.screen()
        view = app.ref.view(rig.now)
        assert s == turns.lines(view), (game, s)
        assert s[0] == games.find(game).title
        assert view["seats"] == 4 and app.ref.entry == Entry.BUTTONS
        fakes.uninstall()


def test_guess_my_card_played_with_presses_is_the_game_a_referee_plays():
    rig, app, port, env, code, t0 = started("guess")
    mod = sys.modules["topper.games.guess.turn"]
    twin = mod.referee(4, Entry.BUTTONS, t0 + 700, None, games.options("guess"))
    twin.start(t0 + 700)
    # A script of presses: (seat or -1 for the table, long?).
    script = ((1, False), (1, True), (-1, False), (3, False), (3, False), (-1, False), (2, True))
    for seat, held in script:
        seat_now = seat
        at = rig.now + 20
        if seat < 0:
            rig.table(at, hold=100)
            rig.run(app, at + 300)
            twin.button(inputs.TABLE, -1, at + 100)
        elif held:
            long(rig, app, seat_now, wait=200)
            twin.button(inputs.LONG, seat_now, at + LONG_MS)
        else:
            short(rig, app, seat_now, wait=200)
            twin.button(inputs.SHORT, seat_now, at + 120)
        assert same_game(app.ref, twin, rig.now), (seat, held, app.ref.view(rig.now), twin.view(rig.now))
    assert rig.screen()[2:6] == [x[:21] for x in (twin.lines() + ["", "", "", ""])[:4]]


def test_a_power_cut_mid_game_resumes_the_same_game_with_its_clock():
    for fram in (False, True):
        rig, app, port, env, code, t0 = started(
            "guess", settings=(("Clock", "sudden death"), ("Time/game", "2 min")), fram=fram
        )
        short(rig, app, 1)
        long(rig, app, 1)
        rig.table(rig.now + 20, hold=100)
        rig.run(app, rig.now + 300)
        rig.run(app, rig.now + 1500)  # the nvm store's second of batching
        before = app.ref.view(rig.now)
        moved = before["clock"]["remaining"]
        assert min(moved) < 120000  # time was spent
        app = power_cut(rig, code, env, port, now=5000)
        after = app.ref.view(rig.now)
        s = rig.screen()
        # Every seat's time on the top line, the seat on turn marked, as before the cut.
        assert s[0][5 * after["turn"]] == ">" and s[0].count(">") == 1 and s[6] == "Resumed game", s
        for key in ("turn", "lines", "scores", "out", "focus", "hint"):
            assert after[key] == before[key], key
        # The clock is back with the time it had at the last action (the seconds in
        # the dark and since the last action are charged to nobody).
        assert after["clock"]["remaining"][after["turn"]] >= moved[before["turn"]]
        assert after["clock"]["control"] == "sudden-death"
        assert app.dev.buttons.holds is True
        # And the table plays on.
        seat = after["turn"]
        saved = app.ref.to_dict()
        short(rig, app, seat if seat >= 0 else 0)
        assert app.ref.to_dict() != saved
        fakes.uninstall()


def test_a_save_written_by_an_older_firmware_resumes_with_its_clock():
    # Before every referee had the same save(t), a turn game's clock was saved beside
    # the game ("ref": to_dict(), "clock": ...): a board updated mid-game reads it still.
    rig, app, port, env, code, t0 = started(
        "guess", settings=(("Clock", "sudden death"), ("Time/game", "2 min")), fram=True
    )
    short(rig, app, 1)
    long(rig, app, 1)
    rig.run(app, rig.now + 1500)
    before = app.ref.view(rig.now)
    saved = app.ref.save(rig.now)
    clock = saved.pop("clock")
    app.save._whole.save({"game": "guess", "cfg": app.game, "ref": saved, "clock": clock})
    app = power_cut(rig, code, env, port, now=5000)
    after = app.ref.view(rig.now)
    assert rig.screen()[6] == "Resumed game"
    assert after["lines"] == before["lines"] and after["turn"] == before["turn"]
    assert after["clock"]["control"] == "sudden-death"
    # each bank as it was at the save, less the moments the board has run since
    for was, now in zip(before["clock"]["remaining"], after["clock"]["remaining"]):
        assert 0 <= was - now <= 1000, (before["clock"], after["clock"])


def test_a_power_cut_after_the_table_ended_the_game_shows_the_menu():
    rig, app, port, env, code, t0 = started("tricky")
    short(rig, app, 0)
    rig.table(rig.now + 20, hold=900)
    rig.run(app, rig.now + 1000)
    rig.table(rig.now + 20, hold=900)
    rig.run(app, rig.now + 1000)
    assert rig.screen()[0].startswith("TOPPER TABLE")
    app = power_cut(rig, code, env, port)
    assert rig.screen()[0].startswith("TOPPER TABLE")


def test_random_power_cuts_resume_the_same_game():
    # Cut at several points of one scripted Guess My Card game; each resume shows what
    # the game showed at its last saved action, and play goes on from there.
    script = ((1, False), (1, True), (-1, False), (3, False), (3, False), (-1, False), (2, True), (0, False))
    for cut in (1, 3, 5, 8):
        rig, app, port, env, code, t0 = started("guess", fram=True)
        for seat, held in script[:cut]:
            if seat < 0:
                rig.table(rig.now + 20, hold=100)
                rig.run(app, rig.now + 300)
            elif held:
                long(rig, app, seat)
            else:
                short(rig, app, seat)
        before = app.ref.to_dict()
        before.pop("message")
        app = power_cut(rig, code, env, port, now=(1 << 29) - 400)  # across the tick wrap
        after = app.ref.to_dict()
        assert after.pop("message") == "Resumed game"
        assert after == before, cut
        rig.run(app, rig.now + 3000)
        assert has(rig.screen(), "GUESS MY CARD")
        fakes.uninstall()


def test_streamed_rulings_and_views_go_out_and_the_log_names_no_card():
    rig, app, port, env, code, t0 = started("guess")
    short(rig, app, 1)
    long(rig, app, 1)
    lines = log_lines(port.take())
    assert lines[0]["log"] == "topper-table" and lines[0]["game"] == "guess"
    assert lines[0]["entry"] == "buttons" and lines[0]["v"] == 2
    kinds = [x.get("r") or x.get("ev") for x in lines[1:]]
    assert "start" in kinds and "button" in kinds and "pick" in kinds and "ask" in kinds
    port.send({"cmd": "view", "id": 1})
    rig.run(app, rig.now + 100)
    got = [x for x in port.take() if x.get("k") == "view"]
    assert got and got[0]["mode"] == "game" and got[0]["view"]["game"] == "guess"
    port.send({"cmd": "settings", "id": 2})
    rig.run(app, rig.now + 100)
    got = [x for x in port.take() if x.get("k") == "settings"]
    assert got[0]["game"] == "guess" and got[0]["options"] == games.options("guess")


def test_tripp_jokes_without_the_pad_keeps_turns_pickups_and_places_through_a_power_cut():
    rig, app, port, env, code, t0 = started("tripp", settings=(("Play for", "places"),))
    assert app.ref.entry == Entry.BUTTONS and app.ref.view(rig.now)["turn"] == 1
    short(rig, app, 1)  # P2's turn is done: P3
    rig.table(rig.now + 20, hold=100)  # P3 picked up the pile
    rig.run(app, rig.now + 300)
    short(rig, app, 2)
    rig.table(rig.now + 20, hold=600)  # P4, on turn, plays its last card: a chord
    rig.press(3, rig.now + 200, hold=100)
    rig.run(app, rig.now + 800)
    s = rig.screen()
    assert s[0] == "TRIPP JOKES" and has(s, "pickups 0 0 1 0") and has(s, "places P4"), s
    assert app.ref.view(rig.now)["turn"] == 0  # P4 out on turn: P1 plays
    rig.run(app, rig.now + 1500)  # the nvm store's second of batching
    before = app.ref.to_dict()
    before.pop("message")
    app = power_cut(rig, code, env, port, now=3000)
    after = app.ref.to_dict()
    assert after.pop("message") == "Resumed game" and after == before
    short(rig, app, 0)  # play goes on: P1 done, P2 next (P4 is skipped)
    short(rig, app, 1)
    assert app.ref.view(rig.now)["turn"] == 2


def test_a_stored_crazy_job_rule_never_shows_on_the_screen_the_link_or_the_log():
    """P2 stores "number is last number + 1" with the seat button; from the long press
    that stores it, through the deal and the first plays, no OLED frame, no line on the
    link and no log line tells the rule (only its seal); the rule maker saw it while
    entering it, which is why the others look away then (docs/games/crazy-job.md)."""
    from fakes.scenario import uid
    from topper import cards, jsonl

    rig, app, port, env, code, t = started("crazy", (("Seats", "2"),), env={"TOPPER_CARDPAD": 1})
    assert app.ref.entry == Entry.PAD
    for press in "LLLLS" "LL":  # open, number, is, last number, (+0 ->) +1, pick it, that's all
        (long if press == "L" else short)(rig, app, 1)
    assert has(rig.screen(), "number is last number")  # P2's own check before storing
    port.take()
    frames = len(rig.oled_frames())
    long(rig, app, 1)  # store
    assert has(rig.screen(), "P2: rule stored")
    short(rig, app, 0)  # P1's rule is on paper
    for name in ("2RC", "3YH"):  # the dealer reads the starting cards
        rig.tap(uid(cards.parse(name)))
        rig.run(app, rig.now + 400)
    for _ in range(3):  # the seat on turn reads a card and presses
        seat = app.ref.view(rig.now)["turn"]
        rig.tap(uid(cards.parse(("1GT", "4BS", "2GH")[_])))
        rig.run(app, rig.now + 400)
        short(rig, app, seat)
    out = port.take()
    kinds = [x.get("r") for x in out]  # (a play ruling has a "k" of its own: no log_lines)
    assert "rule" in kinds and "commit" in kinds and "play" in kinds, kinds
    shown = "\n".join(["\n".join(s) for s in rig.screens()[frames:]])
    for text in (shown, jsonl.dumps(out)):
        for word in ("last number", "+ 1", "N=n+1", "number is"):
            assert word not in text, (word, text[:400])


def test_end_game_asked_is_the_tables_pause_for_the_clock():
    clock = (("Clock", "sudden death"), ("Time/game", "2 min"))
    rig, app, port, env, code, t0 = started("guess", settings=clock)
    short(rig, app, 1)  # the game is under way: someone's clock runs
    rig.run(app, rig.now + 3000)
    turn = app.ref.view(rig.now)["turn"]
    rig.table(rig.now + 20, hold=900)
    rig.run(app, rig.now + 1000)
    s = rig.screen()
    assert s[0] == "END GAME?" and has(s, "clock is stopped"), s
    left = app.ref.view(rig.now)["clock"]["remaining"][turn]
    rig.run(app, rig.now + 30000)  # half a minute of talk: nobody's time
    assert app.ref.view(rig.now)["clock"]["remaining"][turn] == left
    rig.table(rig.now + 20, hold=100)  # play on
    rig.run(app, rig.now + 2000)
    v = app.ref.view(rig.now)
    assert not v["clock"]["paused"] and left - 2100 <= v["clock"]["remaining"][turn] < left
    # A cut while "END GAME?" stands: the game comes back running.
    rig.table(rig.now + 20, hold=900)
    rig.run(app, rig.now + 2500)
    app = power_cut(rig, code, env, port)
    assert app.mode == 2 and not app.ref.view(rig.now)["clock"]["paused"]
    assert rig.screen()[6] == "Resumed game", rig.screen()


def test_a_game_grown_too_big_for_its_save_is_told_to_the_table_and_goes_on():
    rig, app, port, env, code, t0 = started("guess")
    app.save._whole.slot_size = 200  # the nvm store's 1,664-byte slot, shrunk: full sooner
    short(rig, app, 1)
    long(rig, app, 1)
    assert app.save.problem is not None and "> slot" in app.save.problem and app.save.full
    s = rig.screen()
    assert s[6:] == ["! save full: a cut", "now loses the game"], s
    turn = app.ref.view(rig.now)["turn"]
    rig.run(app, rig.now + 6000)  # the warning goes; the game does not
    assert not has(rig.screen(), "save full") and app.mode == 2
    before = app.ref.to_dict()
    long(rig, app, turn)  # the game still takes presses
    assert app.ref.to_dict() != before and app.mode == 2
    # The store holds no stale game: after a cut the board is at its menu.
    app = power_cut(rig, code, env, port)
    assert app.ref is None and rig.screen()[0].startswith("TOPPER TABLE")


def test_a_turn_games_rulings_are_collected_before_their_view_and_so_are_its_errors():
    # On the board ``collect`` is gc.collect (topper_app.main). A game without races
    # collects the referee's garbage before its view is built (a hand's seals are
    # kilobytes, and so is the view), and a step whose rulings were errors alone
    # collects between its stages too (docs/board-heap.md).
    rig, app, port, env, code, t0 = started("guess")
    seen = []
    app.collect = lambda: seen.append(app.views.view is None)
    short(rig, app, 1, wait=200)  # P2 picks whom to ask: a ruling
    assert seen and seen[0], seen  # the first collection came before the view was built
    del seen[:]
    short(rig, app, 3, wait=200)  # P4 is not due: an error alone
    assert app.ref.message.endswith("is due, not P4"), app.ref.message
    assert len(seen) >= 2, seen
