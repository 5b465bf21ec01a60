"""The Triple Topper turn games on the emulated board with the card pad: a deck enrolled
on the pad through the menu, then Tricky Dick, Guess My Card and Crazy Job played by
tapping tagged cards, judged as the table sees it (OLED text, rulings on the data port).
A secret (Guess My Card's secret cards, Crazy Job's stored rule) is sealed on the link and
never shown on the OLED or sent before its reveal. One board for the module, its tests
in order. docs/board-turn-games.md."""

import pytest
from topper import cards, stdcards
from turn_table import Table

# The cards the tests tap: the deck map holds full-deck codes 31..50 (the first 31, with
# wild values, are skipped at enrollment), 1RC ... 1BS and 2** (a 2 of wild color and suit).
FIRST = 31
LAST = 50


def uid(name):
    """The tag UID stuck on the Triple Topper card ``name`` in these tests."""
    return "045e00%02xa17780" % cards.parse(name)


STREAMED = []  # every line the board sent on the data port in this module, in order


@pytest.fixture(scope="module")
def table(module_board_factory):
    b = module_board_factory(settings={"TOPPER_CARDPAD": 1})
    b.boot()
    b.console_until("topper: running", timeout_ms=15000)
    assert b.request({"cmd": "hello"}, timeout_ms=15000)["k"] == "hello"
    take = b.data_lines

    def data_lines():
        # (data_until hands back the lines it did not read: they are kept once)
        pending = len(b._data_pending)
        out = take()
        STREAMED.extend(out[pending:])
        return out

    b.data_lines = data_lines
    return Table(b)


def lines(board):
    return board.data_lines()


def test_a_triple_topper_deck_is_enrolled_on_the_pad(table):
    b = table.board
    table.set_value("Game", "TRICKY DICK")
    table.to_line("Enroll deck")
    table.table_long()
    table.wait_for("ENROLL DECK", "0/127")
    for _ in range(FIRST):  # the wild cards: a short table press skips each
        b.press("table", hold_ms=60)
        b.run_ms(180)
    s = table.wait_for("%d/127" % FIRST, "skipped")
    assert "1 red circle" in "\n".join(s), s  # the next card to tap, in words
    for code in range(FIRST, LAST + 1):
        table.tap(uid(cards.format_card(code)))
    table.wait_for("%d/127" % (LAST + 1), "last: %s ok" % cards.format_card(LAST))
    table.tap(uid("1RC"))  # a tag enrolled already
    table.wait_for("tag is 1RC already")
    table.table_long(settle=300)
    table.wait_for("Saved %d card tags." % (LAST + 1 - FIRST))
    table.table()


def test_tricky_dick_the_first_trick_read_on_the_pad_is_scored(table):
    b = table.board
    table.choose("TRICKY DICK", [("Card pad", "on")])
    s = table.wait_for("turn up P2's card")
    assert s[0] == "TRICKY DICK", s
    lines(b)
    # The dealer (P1) turns up each seat's 16th card from P2 on, ending with their own:
    # the first trick. All 1s: the color decides, blue beats the rest: P1 wins, and the
    # trick holds two circles: +2 for P1, the only seat that laid blue.
    for name in ("1RC", "1YH", "1GT", "1BC"):
        table.tap(uid(name))
    s = table.wait_for("score 2 0 0 0", "P1 won +2", "Trick 2/16")
    trick = [o for o in lines(b) if o.get("r") == "trick"]
    assert [(t["winner"], t["value"], t["points"]) for t in trick] == [(0, 2, [2, 0, 0, 0])], trick
    assert s[1].startswith("P1 on turn"), s  # the winner leads
    table.tap(uid("1RC"))  # laid already this hand: refused, changes nothing
    table.wait_for("1RC already played")
    table.tap(uid("1RS"))  # P1 leads the second trick
    table.wait_for("P2 on turn")
    table.end_game()


def test_guess_my_card_secrets_are_sealed_asked_on_the_pad_and_revealed(table):
    b = table.board
    table.choose("GUESS MY CARD", [("Seats", "2")])
    table.wait_for("P2: tap secret card")
    lines(b)
    secrets = ("1RS", "1YT")  # P2's, then P1's (from the dealer's left)
    table.tap(uid(secrets[0]))
    table.wait_for("P2: card taken", "P1: tap secret card")
    table.tap(uid(secrets[1]))
    s = table.wait_for("P2 on turn")
    shown = ["\n".join(s)]
    sent = lines(b)
    seals = [o for o in sent if o.get("r") == "commit"]
    assert [o["seat"] for o in seals] == [1, 0] and all(len(o["digest"]) >= 32 for o in seals), sent
    # P2 asks P1 by showing 1RC: it shares the number with P1's 1YT, nothing else.
    table.tap(uid("1RC"))
    s = table.wait_for("P1: 1 match")
    shown.append("\n".join(s))
    got = lines(b)
    answer = [o for o in got if o.get("r") == "answer"]
    assert [(o["seat"], o["n"]) for o in answer] == [(0, 1)], answer
    sent += got
    # The turn passes to P1. Official guesses are said aloud (the table button); the
    # guessed player's word decides.
    table.table()  # P1 guesses P2's card
    shown.append("\n".join(table.wait_for("P1 guesses P2", "P2: short=yes long=no")))
    sent += lines(b)
    for text in shown + [str(sent)]:  # until now no screen and no line named a secret
        for secret in secrets:
            assert secret not in text, (secret, text)
    table.short(2)  # right: P2's card is revealed, and the hand is over
    s = table.wait_for("Hand 1/1 over", "score 1 0", "winner P1")
    assert "1YT 1RS" in s, s  # every secret card on the screen now, P1's first
    got = lines(b)
    revealed = [o for o in got if o.get("r") == "revealed"]
    assert [(o["seat"], o["by"], o["how"]) for o in revealed][:1] == [(1, 0, "official")], got
    reveals = [o for o in got if o.get("r") == "reveal"]  # the seals opened
    assert sorted((o["seat"], o["secret"]) for o in reveals) == [(0, "1YT"), (1, "1RS")], got
    table.end_game()


def test_crazy_job_a_stored_rule_is_sealed_judged_by_the_device_and_revealed(table):
    b = table.board
    table.choose("CRAZY JOB", [("Seats", "2")])
    table.wait_for("P2: your rule")
    lines(b)
    # P2 stores "number is last number + 1" with its seat button: open the entry, number,
    # is, last number, one step to +1, pick it, that's all; then store it.
    for press in "LLLLSLL":
        (table.long if press == "L" else table.short)(2)
    table.wait_for("number is last number")  # P2's own check, before storing
    table.long(2)
    s = table.wait_for("P2: rule stored")
    secret_words = ("last number", "+ 1", "N=n+1", "number is")
    after = ["\n".join(s)]
    table.short(1)  # P1's rule is on paper
    table.wait_for("P1: read P2's start")
    for name in ("1RH", "1YC"):  # the dealer reads P2's starting card, then P1's
        table.tap(uid(name))
    after.append("\n".join(table.wait_for("P2 on P1's rule")))
    # P2 plays four cards on P1's paper rule; P1 judges them right.
    for name in ("1GC", "1GH", "1GT", "1GS"):
        table.tap(uid(name))
    table.short(2)
    after.append("\n".join(table.wait_for("P1: short ok, long no")))
    table.short(1)
    after.append("\n".join(table.wait_for("P1 on P2's rule")))
    # P1 plays a 2 (2**: color and suit wild) on P2's line (last card 1RH): the device
    # judges the stored rule itself.
    table.tap(uid("2**"))
    table.short(1)
    after.append("\n".join(table.wait_for("P1: 1 right")))
    sent = lines(b)
    kinds = [o.get("r") for o in sent]
    assert "rule" in kinds and "commit" in kinds, kinds
    for text in after + [str(sent)]:
        for word in secret_words:
            assert word not in text, (word, text)
    # P2's last card on P1's line, judged right: P2 is out of cards and wins the hand;
    # the stored rule is revealed in words.
    table.tap(uid("1BC"))
    table.short(2)
    table.wait_for("P1: short ok, long no")
    table.short(1)
    table.wait_for("P2 wins hand 1", "pts 4 0")
    got = lines(b)
    reveal = [(o["seat"], o["secret"], o["text"]) for o in got if o.get("r") == "reveal"]
    assert reveal == [(1, "N=n+1", "number is last number + 1")], got
    table.short(2)  # P2's seat button: its stored rule in words, for the table to check
    table.wait_for("P2's rule was", "number is")
    table.end_game()


def std_uid(name):
    """The tag UID stuck on the standard card ``name`` (``5C``) in these tests."""
    return "045d00%02x1c7780" % stdcards.parse(name)


def test_tripp_jokes_with_a_standard_deck_judges_the_cards_tapped(table):
    """Last: the standard deck's map replaces the Triple Topper one."""
    b = table.board
    table.set_value("Seats", "2")
    enrolled = [stdcards.format_card(c) for c in range(20)]  # A, 2, 3, 4, 5 of each suit
    said = table.enroll([std_uid(n) for n in enrolled], title="TRIPP JOKES")
    assert "Saved 20 standard card tags." in said.replace("\n", " "), said
    table.choose("TRIPP JOKES", [("Seats", "2"), ("Card pad", "on")])
    table.wait_for("P2: tap face-up 1/3")
    lines(b)
    for name in ("AC", "AD", "AH"):  # P2's face-up cards, then P1's
        table.tap(std_uid(name))
    table.wait_for("P1: tap face-up 1/3")
    for name in ("AS", "2C", "2D"):
        table.tap(std_uid(name))
    table.wait_for("P1: tap start card")
    table.tap(std_uid("4C"))  # the dealer turns up the starting card
    table.wait_for("P2: tap, button")
    table.tap(std_uid("5C"))  # P2 lays a 5 on the 4 and ends the turn
    table.short(2)
    table.wait_for("P1: tap, button")
    t_us = b.t_us
    table.tap(std_uid("4D"))  # a 4 on a 5: refused, with a buzz
    table.wait_for("4 does not beat 5")
    assert table.tones_since(t_us)
    table.short(1)  # P1 cannot play: picks up the pile
    table.wait_for("P2: tap, button")
    sent = lines(b)
    played = [(o["seat"], o["cards"]) for o in sent if o.get("r") == "play"]
    assert played[-1:] == [(1, ["5C"])] or played[-1:] == [(1, [stdcards.parse("5C")])], sent
    assert [o["seat"] for o in sent if o.get("r") == "pickup"] == [0], sent
    table.end_game()


def test_every_games_log_from_the_board_replays_to_its_end(table):
    """The logs the board streamed in this module, one game each: topper replay makes
    every ruling the board logged, in order. Guess My Card's secret cards and Crazy
    Job's stored rule were never named before their reveal: the replay reads them
    ahead from the reveals (docs/event-log.md)."""
    from topper import jsonl
    from topper_host import replay

    table.board.run_ms(200)
    lines(table.board)
    logs = []
    for obj in STREAMED:
        if "log" in obj and "k" not in obj:
            logs.append([obj])
        elif logs and "k" not in obj:
            logs[-1].append(obj)
    assert [x[0]["game"] for x in logs] == ["tricky", "guess", "crazy", "tripp"], [x[0] for x in logs]
    for objs in logs:
        text = [jsonl.dumps(o) for o in objs]
        logged = [x for x in text if '"r":' in x]
        assert [jsonl.dumps(r) for r in replay.rulings(text)] == logged, objs[0]["game"]
    guess, crazy = logs[1], logs[2]
    assert any(o.get("ev") == "card" and "card" not in o for o in guess)  # the secret cards
    assert any(o.get("ev") == "secret" for o in crazy)  # the stored rule's entry
    assert all(any(o.get("r") == "reveal" for o in x) for x in (guess, crazy))
