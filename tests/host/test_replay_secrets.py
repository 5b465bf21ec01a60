"""Crazy Job and Guess My Card played with the card pad replay to their end, secrets
included (docs/event-log.md, "What a log names").

The games are played by bots (and a player picking from its moves) at the device's own
shell, as ``topper sim --game crazy|guess`` plays them; the device's log holds no secret
before its reveal: Guess My Card's reads are unnamed, a stored rule's entry is one
``secret`` event. ``topper replay`` reads each secret ahead from the hand's reveal,
checks it against the seal and goes on to the end, ruling for ruling. A reveal changed
in the file is refused at its line; a log cut off before a hand's reveal replays up to
that hand's first secret and says why it stops.
"""

import json
import random

import pytest

from topper import jsonl
from topper.cards import format_card, is_natural, parse
from topper.games.guess.engine import answer_range
from topper.games.crazy.engine import PAPER, Act
from topper_host import statlog
from topper_host.virtual.board import VirtualBoard
from test_sim_turn_table import play as pad_game
from test_sim_support import topper



def play(game, seats, seed, hands, humans=(), pick=None):
    """The device's log lines of a whole game played at the virtual board (the pad
    table's tests' game; its census is theirs)."""
    return pad_game(game, seats, seed, {"hands": hands}, humans, pick, census=False)[2]


def run(*args):
    p = topper(*args)
    return p.returncode, p.stdout.splitlines(), p.stderr


def save(tmp_path, name, lines):
    path = tmp_path / name
    path.write_text("".join(line + "\n" for line in lines))
    return path


def recorded(lines):
    return [x for x in lines if '"r":' in x]


def kinds(lines, key):
    return [json.loads(x).get(key) for x in lines]


GAMES = {}  # (game, ...) -> log lines: each whole game is played once for the module


def game_log(game, seats=3, seed=5, hands=2):
    key = (game, seats, seed, hands)
    if key not in GAMES:
        GAMES[key] = play(game, seats, seed, hands)
    return GAMES[key]


CASES = [("crazy", 3, 5), ("guess", 4, 6), ("crazy", 2, 9), ("guess", 2, 3)]


@pytest.mark.parametrize("game, seats, seed", CASES)
def test_a_whole_pad_game_replays_to_its_end_ruling_for_ruling(tmp_path, game, seats, seed):
    lines = game_log(game, seats, seed)
    evs = [json.loads(x) for x in lines if '"ev":' in x]
    # What the log keeps secret until the reveals: the replay cannot simply read it.
    unnamed = [e for e in evs if e["ev"] == "card" and "card" not in e]
    assert unnamed and all("card" not in e for e in evs if e["ev"] == "card")
    if game == "crazy":
        assert any(e["ev"] == "secret" for e in evs)
    made = kinds(recorded(lines), "r")
    assert made.count("reveal") == made.count("commit") > 0 and made[-1] == "over"
    code, out, err = run("replay", save(tmp_path, "%s.jsonl" % game, lines))
    assert (code, err) == (0, "")
    assert out == recorded(lines)


def test_a_crazy_job_with_rules_on_paper_replays_judged_and_moved_cards(tmp_path):
    """P1 writes its rule on paper and picks its moves at random: it judges the others'
    plays with its button and moves a card of a wrong claim to its line, reads the
    device only learns from the rulings after them."""
    rng = random.Random(4)

    def pick(menu):
        return 0 if menu[0][1] == (Act.RULE, PAPER) else rng.randrange(len(menu))

    lines = play("crazy", 3, 4, 2, humans=(0,), pick=pick)
    made = kinds(recorded(lines), "r")
    assert "judge" in made and '"ev":"secret"' in "".join(lines)
    code, out, err = run("replay", save(tmp_path, "paper.jsonl", lines))
    assert (code, err) == (0, "")
    assert out == recorded(lines)


def first_line(lines, kind, value):
    return next(i for i, x in enumerate(lines) if json.loads(x).get(kind) == value)


def first_secret(lines, after=0):
    """The index of the first line after ``after`` that enters a secret: a stored rule's
    ``secret`` event, or a read whose ruling is Guess My Card's ``secret``."""
    for i in range(after, len(lines) - 1):
        if '"ev":"secret"' in lines[i]:
            return i
        if '"ev":"card"' in lines[i] and '"r":"secret"' in lines[i + 1]:
            return i
    raise AssertionError("no secret entered")


@pytest.mark.parametrize("game, change", [("guess", "salt"), ("guess", "secret"), ("crazy", "secret")])
def test_a_reveal_changed_in_the_file_is_refused_at_its_line(tmp_path, game, change):
    lines = list(game_log(game))
    at = first_line(lines, "r", "reveal")
    reveal = json.loads(lines[at])
    seal_at = next(i for i, x in enumerate(lines) if json.loads(x).get("label") == reveal["label"])
    if change == "salt":
        reveal["salt"] = ("0" if reveal["salt"][0] != "0" else "1") + reveal["salt"][1:]
    elif game == "guess":
        reveal["secret"] = "1RC" if reveal["secret"] != "1RC" else "1YC"
    else:
        reveal["secret"] = "N=n+1" if reveal["secret"] != "N=n+1" else "N=n+2"
    lines[at] = jsonl.dumps(reveal)
    path = save(tmp_path, "tampered.jsonl", lines)
    code, out, err = run("replay", path)
    assert code == 1
    assert err == (
        "%s:%d: this reveal does not open the seal of line %d (the secret or the salt is "
        "not the one sealed)\n" % (path, at + 1, seal_at + 1)
    )
    # The replay stopped at the secret that needed it, with the rulings up to there.
    entered = first_secret(lines)
    assert entered < seal_at and out == recorded(lines[:entered])


@pytest.mark.parametrize("game", ["crazy", "guess"])
def test_a_log_cut_before_the_last_hands_reveal_stops_at_that_hands_secret(tmp_path, game):
    lines = game_log(game)
    reveals = [i for i, x in enumerate(lines) if '"r":"reveal"' in x]
    first_hand_end = reveals[0]
    last = len(reveals) - 1
    while reveals[last - 1] == reveals[last] - 1:  # a hand's reveals are one batch
        last -= 1
    assert reveals[last] > first_hand_end  # two hands
    cut = lines[: reveals[last]]  # the power went at the last hand's end
    entered = first_secret(cut, after=first_hand_end)
    path = save(tmp_path, "cut.jsonl", cut)
    code, out, err = run("replay", path)
    what = "a stored rule was entered" if game == "crazy" else "the pad read a secret card"
    assert code == 1
    assert err == (
        "%s:%d: %s here and the log ends before the hand's reveal (a game stopped "
        "mid-hand, a power cut), so the replay stops here\n" % (path, entered + 1, what)
    )
    assert out == recorded(cut[:entered])  # the first hand whole, the second up to there
    assert "reveal" in kinds(out, "r")
    # topper stats still counts what the cut log holds, as logged.
    g = statlog.parse(cut, "cut.jsonl")
    assert g.kind == "turn" and not g.finished


def test_the_simulator_replays_a_pad_game_to_its_end(tmp_path):
    lines = game_log("guess")
    code, out, err = run("sim", "--replay", save(tmp_path, "guess.jsonl", lines), "--headless")
    assert (code, err) == (0, "")
    ruled = [x for x in out if not x.startswith("#")]
    assert ruled == recorded(lines)
    assert "winner" in out[-1].lower() or "over" in out[-1].lower(), out[-1]
    g = statlog.parse(lines, "guess.jsonl")
    assert g.finished and g.winners == json.loads(recorded(lines)[-1])["winners"]


def table_game(game, steps):
    """The log of a 2-seat game played by hand at the virtual board: ``steps`` are
    ``tap:CARD``, ``short:SEAT``, ``long:SEAT``, ``chord:SEAT``, ``table``."""
    log = []
    b = VirtualBoard(log=log.append, seed=3)
    b.run(200)
    b.app.menu.game = game
    b.step(b.now + 1)
    b.app.menu.options[game] = {"hands": 1}
    b.app.menu.clock = 0
    assert b.app.link_setup({"game": game, "seats": 2, "cardpad": True, "seed": 3}, b.now) is None
    b.wait(300)
    for step in steps.split():
        kind, _, arg = step.partition(":")
        if kind == "tap":
            b.tap_named(arg)
        elif kind == "table":
            b.table()
        elif kind == "chord":
            b.chord(int(arg))
        else:
            b.press(int(arg), hold=900 if kind == "long" else 60)
        b.wait(1300 if kind == "long" else 600)
    return log


# P2 stores "number is last number + 1" (its button: open the entry, number, is, last
# number, one step to +1, pick it, that's all; store), P1 writes its rule on paper; the
# starting cards; a card read, then cleared (the table button held and P2's button). P2
# plays a card on P1's rule, P1 judges it right; P1 plays on P2's stored rule, the
# device judges it. P2's fifth card is its last: the hand and the game end.
CRAZY_BY_HAND = (
    "long:1 long:1 long:1 long:1 short:1 long:1 long:1 long:1 short:0 tap:1RH tap:1YC tap:3GC chord:1 "
    + " ".join("tap:%s short:1 short:0 tap:%s short:0" % p for p in (
        ("1GC", "2RS"), ("1GH", "2YS"), ("1GT", "3BS"), ("3RS", "4GS")))
    + " tap:4RT short:1 short:0"
)


def test_reads_the_game_refused_and_cards_cleared_replay_too(tmp_path):
    """Guess My Card: a wild card tapped among the secrets (turned up), a secret card
    shown to ask (refused, never named); Crazy Job: P2's stored rule entered, a card read then
    cleared (the table button held and a seat), plays judged on P1's paper rule."""
    guess = table_game("guess", "tap:*YS tap:1RS tap:1GS tap:1RS tap:1YT tap:1RC tap:1GS table short:0")
    crazy = table_game("crazy", CRAZY_BY_HAND)
    for name, lines, refused in (
        ("guess", guess, ("card refused: tap again",)),
        ("crazy", crazy, ()),
    ):
        made = [json.loads(x) for x in recorded(lines)]
        assert {r["why"] for r in made if r["r"] == "error"} == set(refused), name
        assert made[-1]["r"] == "over" and any(r["r"] == "reveal" for r in made), name
        code, out, err = run("replay", save(tmp_path, "%s.jsonl" % name, lines))
        assert (code, err) == (0, ""), name
        assert out == recorded(lines), name
    assert '"ev":"secret"' in "".join(crazy) and '"press":"chord"' in "".join(crazy)
    assert '"card":"*YS","r":"opened","seat":1' in "".join(guess)


def test_a_log_from_a_board_that_refused_a_turned_up_wild_replays_too(tmp_path):
    """A board that did not count the draw pile refused a wild card tapped among the
    secret cards ("wild: turn it up, tap next") and logged the rest as today: such a
    log replays to its end, the refusal standing as logged."""
    lines = table_game("guess", "tap:*YS tap:1RS tap:1GS tap:1YT table short:1")
    older = []
    for line in lines:
        if '"r":"opened"' in line:
            obj = json.loads(line)
            line = json.dumps(
                {"r": "error", "t": obj["t"], "why": "wild: turn it up, tap next"},
                sort_keys=True, separators=(",", ":"),
            )  # fmt: skip
        older.append(line)
    assert older != lines
    code, out, err = run("replay", save(tmp_path, "older.jsonl", older))
    assert (code, err) == (0, "")
    assert out == recorded(older)


def test_a_pad_game_that_runs_its_pile_out_replays_through_the_reshuffle(tmp_path):
    """Guess My Card on the pad, two seats: P2 turns up *RC, the secrets are 1RC and
    2YH; questions run the counted pile out (114 cards); the next question's draw makes
    the trash the new pile, and 3GT, shown at the start, is shown again; an official
    guess ends the hand. The board's log replays to its end, through the reshuffle."""
    secret_of = {0: parse("2YH"), 1: parse("1RC")}  # the secret each seat is asked about
    used = {parse(x) for x in ("*RC", "1RC", "2YH", "3GT")}
    fresh = sorted((c for c in range(125) if c not in used), key=lambda c: (not is_natural(c), c))
    steps = ["tap:*RC", "tap:1RC", "tap:2YH", "tap:3GT"]
    asked = 1  # P2 asked P1 with 3GT: P1 asks next, then they take turns
    for card in fresh[:115]:
        steps.append("tap:%s" % format_card(card))
        if not is_natural(card):
            low = answer_range(secret_of[asked], card)[0]
            steps.extend(["short:%d" % asked] * low + ["table"])
        asked = 1 - asked
    steps.extend(["tap:3GT", "table", "short:1"])  # then P1 guesses P2's card: right
    lines = table_game("guess", " ".join(steps))
    made = [json.loads(x) for x in recorded(lines)]
    assert [r["why"] for r in made if r["r"] == "error"] == []
    kinds = [r["r"] for r in made]
    assert kinds.count("reshuffle") == 1
    after = made[kinds.index("reshuffle") :]
    assert after[0]["cards"] == 116  # the 115 cards shown, the 1 thrown down at the deal
    assert [r["shown"] for r in after if r["r"] == "ask"][-1] == "3GT"
    code, out, err = run("replay", save(tmp_path, "reshuffled.jsonl", lines))
    assert (code, err) == (0, "")
    assert out == recorded(lines)
