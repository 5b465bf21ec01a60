"""Round trips: a game played on the device app (over the fakes), the log lines it sends
to a listening host saved to a file, and `topper replay` on that file, as a user runs
it. The replay must make every ruling the board made, in order (docs/event-log.md):
blind play, every turn game with the buttons, Tripp Jokes and Tricky Dick with the
card pad. A game whose pad reads may be secrets (Guess My Card, Crazy Job) replays to
its end (tests/host/test_replay_secrets.py); cut off before a hand's reveal, as far as
its log goes, with one line that says why it stops. A tampered log is refused with its
line number."""

import json
import pathlib
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

import fakes  # noqa: E402
from _link_fakes import boot, log_lines  # noqa: E402
from _turn_steps import choose, long, short  # noqa: E402
from fakes import scenario  # noqa: E402
from fakes.scenario import start, uid  # noqa: E402
from test_firmware_turn_pad import enroll_standard, std_uid  # noqa: E402
from test_turn_fuzz import _hands  # noqa: E402
from topper import cards, games, jsonl  # noqa: E402
from topper.rng import Rng  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]


def teardown_function(function):
    fakes.uninstall()


def replay(path):
    p = subprocess.run(
        [sys.executable, "-m", "topper_host.cli", "replay", str(path)],
        capture_output=True, text=True, cwd=ROOT,
    )
    return p.returncode, p.stdout.splitlines(), p.stderr


def save(tmp_path, name, lines):
    path = tmp_path / name
    path.write_text("".join(line + "\n" for line in lines))
    return path


def recorded(lines):
    return [x for x in lines if '"r":' in x]


# ----- blind play --------------------------------------------------------------------


def blind_game():
    """Three seats without the card pad, hurry-up 2 s: a lay tapped, a slap judged
    good, a slap judged wrong, a hurry-up, two seats marked out: P1 wins. Returns the
    lines the board sent to the host."""
    rig, app, _ = scenario.boot(
        {"TOPPER_CARDPAD": 0, "TOPPER_HURRY_MS": 2000, "TOPPER_SEATS": 3},
        pn532=False, enrolled=False, usb_data=True,
    )
    start(rig, app, starter=0)
    rig.table(rig.now + 20, hold=60)  # P1 laid: P2's turn
    rig.run(app, rig.now + 300)
    t = rig.now + 20
    rig.press(2, t)
    rig.press(1, t + 15)  # 15 ms late (a race settles in 10 ms)
    rig.run(app, t + 300)
    rig.table(rig.now + 20, hold=60)  # good: P3 takes the pot
    rig.run(app, rig.now + 1500)
    t = rig.now + 20
    rig.press(0, t)
    rig.run(app, t + 300)
    rig.table(rig.now + 20, hold=900)  # wrong: P1 pays 3
    rig.run(app, rig.now + 1200)
    rig.run(app, rig.now + 2500)  # the seat due is too slow
    for seat in (1, 2):  # out of cards: the table held, the seat pressed
        t = rig.now + 20
        rig.table(t, hold=400)
        rig.press(seat, t + 150)
        rig.run(app, t + 700)
    assert app.ref.winner == 0
    return list(rig.usb_lines)


def test_a_blind_game_from_the_board_replays_to_the_same_rulings(tmp_path):
    lines = blind_game()
    head = json.loads(lines[0])
    assert head["blind"] is True and head["v"] == 2 and head["hurry_ms"] == 2000
    kinds = [json.loads(x)["r"] for x in recorded(lines)]
    for k in ("starter", "turn", "slap", "late", "confirm", "hurry", "out", "win"):
        assert k in kinds, k
    code, out, err = replay(save(tmp_path, "blind.jsonl", lines))
    assert code == 0, err
    assert out == recorded(lines)


def test_a_blind_log_from_before_version_2_still_replays(tmp_path):
    # Version 1 blind headers said neither the hurry-up nor the other timing: a game
    # played with the hurry-up off replays as it was.
    rig, app, _ = scenario.boot({"TOPPER_CARDPAD": 0, "TOPPER_HURRY_MS": 0}, pn532=False,
                                enrolled=False, usb_data=True)
    start(rig, app, starter=1)
    t = rig.now + 20
    rig.press(3, t)
    rig.run(app, t + 300)
    rig.table(rig.now + 20, hold=900)
    rig.run(app, rig.now + 1200)
    lines = list(rig.usb_lines)
    head = json.loads(lines[0])
    old = {k: head[k] for k in ("log", "game", "seats", "seed", "blind")}
    old["v"] = 1
    code, out, err = replay(save(tmp_path, "old.jsonl", [jsonl.dumps(old)] + lines[1:]))
    assert code == 0, err
    assert out == recorded(lines)


def test_a_version_1_blind_log_played_with_the_hurry_up_says_why_it_stops(tmp_path):
    lines = blind_game()  # hurry-up 2 s, which a version 1 header did not say
    head = json.loads(lines[0])
    old = {k: head[k] for k in ("log", "game", "seats", "seed", "blind")}
    old["v"] = 1
    path = save(tmp_path, "old.jsonl", [jsonl.dumps(old)] + lines[1:])
    code, out, err = replay(path)
    at = next(i for i, x in enumerate(lines) if '"r":"hurry"' in x)
    assert code == 1 and err.startswith("%s:%d: recorded ruling" % (path, at + 1)), err
    assert "older than format version 2 does not say its hurry-up time" in err


def test_a_tampered_blind_log_is_refused_at_its_line(tmp_path):
    lines = blind_game()
    # The table said "good" for P3's slap; the log is changed to say P2 slapped first.
    at = next(i for i, x in enumerate(lines) if '"r":"slap"' in x)
    bad = list(lines)
    bad[at] = bad[at].replace('"by":2', '"by":1')
    code, out, err = replay(save(tmp_path, "bad.jsonl", bad))
    assert code == 1
    assert err.startswith("%s:%d: recorded ruling" % (tmp_path / "bad.jsonl", at + 1)), err
    assert out == recorded(lines[:at])  # the rulings up to there (the message names the core's)
    # A seat that is not at the table.
    at = next(i for i, x in enumerate(lines) if '"ev":"press"' in x)
    bad = list(lines)
    bad[at] = bad[at].replace('"seat":', '"seat":1', 1)  # seat 12
    code, out, err = replay(save(tmp_path, "bad2.jsonl", bad))
    assert code == 1 and err.strip() == "%s:%d: no seat 12" % (tmp_path / "bad2.jsonl", at + 1)


# ----- turn games --------------------------------------------------------------------


def turn_game(game, pad=False, clock=False, hands=40):
    """``game`` on the board with a host listening: ``hands`` random hands at the
    buttons (and taps on the pad), as tests/host/test_turn_fuzz.py plays them, then a
    minute for the clock to rule. Returns the log lines the board sent."""
    rig, app, port, env, code = boot({"TOPPER_CARDPAD": 1 if pad else 0})
    if pad and game == "tripp":
        enroll_standard(rig)
    port.send({"cmd": "hello", "id": 1})
    rig.run(app, rig.now + 100)
    settings = (("Clock", "sudden death"), ("Time/game", "1 min")) if clock else ()
    choose(rig, app, games.find(game).title, settings)
    rng = Rng(7)
    for _ in range(hands):
        if app.ref is None:
            break  # the table ended the game
        if pad and rng.below(2):
            c = rng.below(53) if game == "tripp" else rng.below(125)
            rig.tap(std_uid(c) if game == "tripp" else uid(c))
            rig.run(app, rig.now + 400)
        else:
            _hands(rig, app, rng, 4)
    rig.run(app, rig.now + 65000)
    return [jsonl.dumps(x) for x in log_lines(port.take())]


def test_every_turn_game_played_with_the_buttons_replays_to_the_same_rulings(tmp_path):
    for game in games.keys(games.TURN):
        for clock in (False, True):
            lines = turn_game(game, clock=clock)
            fakes.uninstall()
            head = json.loads(lines[0])
            assert (head["log"], head["v"], head["entry"]) == ("topper-table", 2, "buttons")
            assert (head["clock"] is not None) == clock
            made = [json.loads(x)["r"] for x in recorded(lines)]
            assert len([k for k in made if k != "error"]) >= 3, (game, made)  # the game moved
            code, out, err = replay(save(tmp_path, "%s.jsonl" % game, lines))
            assert code == 0, (game, clock, err)
            assert out == recorded(lines), (game, clock)


def test_a_flag_falls_in_the_replay_where_it_fell_on_the_board(tmp_path):
    lines = turn_game("guess", clock=True, hands=10)
    assert any('"r":"flag"' in x for x in lines)
    assert any('"ev":"tick"' in x for x in lines)  # the clock's rulings come after a tick
    code, out, err = replay(save(tmp_path, "flag.jsonl", lines))
    assert code == 0, err
    assert [x for x in out if '"flag"' in x] == [x for x in lines if '"r":"flag"' in x]


def test_tripp_jokes_and_tricky_dick_with_the_card_pad_replay_every_card(tmp_path):
    for game, notation in (("tripp", "QS"), ("tricky", "3RC")):
        lines = turn_game(game, pad=True)
        fakes.uninstall()
        reads = [json.loads(x) for x in lines if '"ev":"card"' in x]
        assert reads and all(len(r["card"]) in (2, 3, len(notation)) for r in reads), game
        assert any('"r":"play"' in x for x in lines), game
        code, out, err = replay(save(tmp_path, "%s-pad.jsonl" % game, lines))
        assert code == 0, (game, err)
        assert out == recorded(lines), game


def test_a_guess_my_card_log_cut_before_the_reveal_replays_up_to_the_secret_and_says_why(tmp_path):
    rig, app, port, env, code = boot({"TOPPER_CARDPAD": 1})
    choose(rig, app, "GUESS MY CARD")
    secret = cards.parse("3RC")
    rig.tap(uid(secret))  # P1's secret card
    rig.run(app, rig.now + 400)
    lines = [jsonl.dumps(x) for x in log_lines(port.take())]
    text = "\n".join(lines)
    assert "3RC" not in text and '"card":%d' % secret not in text  # never named
    at = next(i for i, x in enumerate(lines) if '"ev":"card"' in x)
    path = save(tmp_path, "guess.jsonl", lines)
    code, out, err = replay(path)
    assert code == 1
    assert err == (
        "%s:%d: the pad read a secret card here and the log ends before it is sealed (a "
        "game stopped mid-hand, a power cut), so the replay stops here\n" % (path, at + 1)
    )
    assert out == recorded(lines[:at])  # what the log holds before it: the deal


def test_a_crazy_job_rule_entered_with_the_buttons_leaves_no_press_in_the_log(tmp_path):
    """P2 stores "number is last number + 1": the presses that spell it are not logged,
    only one "secret" event where it was stored (and the seal once every rule is in).
    The hand is cut off before its reveal: the replay goes as far as that event and
    says why it stops."""
    rig, app, port, env, code = boot({"TOPPER_CARDPAD": 1})
    port.send({"cmd": "hello", "id": 1})
    rig.run(app, rig.now + 100)
    choose(rig, app, "CRAZY JOB", (("Seats", "2"),))
    long(rig, app, 1)  # P2: a stored rule (the table sees that much)
    for press in "LLLS" "LL":  # number, is, last number, (+0 ->) +1, pick it, that's all
        (long if press == "L" else short)(rig, app, 1)
    long(rig, app, 1)  # store
    short(rig, app, 0)  # P1's rule is on paper
    lines = [jsonl.dumps(x) for x in log_lines(port.take())]
    events = [json.loads(x) for x in lines if '"ev":' in x]
    assert [e["ev"] for e in events] == ["start", "button", "secret", "button"], events
    secret_at = next(i for i, x in enumerate(lines) if '"ev":"secret"' in x)
    assert json.loads(lines[secret_at + 1]) == {"r": "rule", "seat": 1, "stored": True,
                                                "t": events[2]["t"]}
    assert json.loads(lines[-1])["r"] == "commit"
    for word in ("last number", "+ 1", "N=n+1", "number is"):
        assert word not in "\n".join(lines), word
    path = save(tmp_path, "crazy.jsonl", lines)
    code, out, err = replay(path)
    assert code == 1 and err == (
        "%s:%d: a stored rule was entered here and the log ends before the hand's reveal (a "
        "game stopped mid-hand, a power cut), so the replay stops here\n" % (path, secret_at + 1)
    ), err
    assert out == recorded(lines[:secret_at])


def test_a_boards_turn_log_from_before_version_2_still_replays(tmp_path):
    # Before version 2 a board wrote "log":"topper-turn" with "cardpad" and "control"
    # and no seed (it was the start press's stamp).
    lines = turn_game("tricky", clock=True, hands=25)
    head = json.loads(lines[0])
    old = {"log": "topper-turn", "v": 1, "game": "tricky", "seats": 4, "cardpad": False,
           "options": head["options"], "control": [3, 60000, 0]}
    assert head["seed"] == json.loads(lines[1])["t"]
    code, out, err = replay(save(tmp_path, "old.jsonl", [jsonl.dumps(old)] + lines[1:]))
    assert code == 0, err
    assert out == recorded(lines)


def test_a_tampered_turn_log_is_refused_at_its_line(tmp_path):
    lines = turn_game("tripp", hands=30)
    at = [i for i, x in enumerate(lines) if '"r":"turn"' in x][1]
    bad = list(lines)
    bad[at] = bad[at].replace('"seat":', '"seat":7', 1)
    path = save(tmp_path, "bad.jsonl", bad)
    code, out, err = replay(path)
    assert code == 1 and err.startswith("%s:%d: recorded ruling " % (path, at + 1)), err
    # A press stamped two seconds before the event logged ahead of it.
    at = [i for i, x in enumerate(lines) if '"ev":"button"' in x][-1]
    before = [json.loads(x) for x in lines[:at] if '"ev":' in x][-1]
    bad = list(lines)
    ev = json.loads(bad[at])
    ev["t"] = before["t"] - 2000
    bad[at] = jsonl.dumps(ev)
    path = save(tmp_path, "back.jsonl", bad)
    code, out, err = replay(path)
    assert code == 1 and err.startswith("%s:%d: time runs backwards" % (path, at + 1)), err
