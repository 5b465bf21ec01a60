"""Guess My Card on the emulated board with the card pad, played until the draw pile runs
out: the board counts the pile from what is tapped (eight secret cards, thirty wild cards
P2 turned up) and the cards dealt, tells the table to shuffle the face-up cards when a
draw finds it empty, then takes a card it refused before, and the hand is played to its
end. docs/games/guess-my-card.md, "When the pile runs out"."""

import re

import pytest
from topper import cards
from turn_table import Table

NATURALS = [c for c in range(125) if cards.is_natural(c)]
WILDS = [c for c in range(125) if not cards.is_natural(c)][:30]
SECRETS = NATURALS[:8]  # tapped from the dealer's left: P2, P3, ..., P8, P1
SHOWN = NATURALS[8:]  # the 56 other natural cards, shown one after the other


def uid(code):
    return "045e00%02xa17780" % code


def tap(table, code):
    """A card laid on the pad, then a pause for the board to rule on it before the next."""
    table.tap(uid(code), settle=200)
    table.board.run_ms(150)


@pytest.fixture(scope="module")
def table(module_board_factory):
    b = module_board_factory(settings={"TOPPER_CARDPAD": 1})
    b.boot()
    b.console_until("topper: running", timeout_ms=15000)
    assert b.request({"cmd": "hello"}, timeout_ms=15000)["k"] == "hello"
    return Table(b)


def test_the_pile_runs_out_the_table_reshuffles_and_a_card_comes_back(table):
    b = table.board
    wanted = set(NATURALS) | set(WILDS)
    said = table.enroll([uid(c) if c in wanted else None for c in range(125)], title="GUESS MY CARD")
    assert "Saved 94 card tags" in said.replace("\n", " "), said
    table.choose("GUESS MY CARD", [("Seats", "8")])
    table.wait_for("P2: tap secret card")
    sent = b.data_lines()
    for code in WILDS:  # P2's wild cards, turned up at the deal
        tap(table, code)
    table.wait_for("P2: %s up, tap next" % cards.format_card(WILDS[-1]))
    sent += b.data_lines()
    assert len([o for o in sent if o.get("r") == "opened"]) == 30
    for code in SECRETS:
        table.tap(uid(code))
    table.wait_for("P2 on turn", "P3? tap card, T=guess")
    # 125 - 8 secrets - 30 turned up - 32 in hands: 55 cards in the pile.
    first = cards.format_card(SHOWN[0])
    table.tap(uid(SHOWN[0]))
    table.wait_for("P3: ")
    b.run_ms(900)  # past the pad's memory of the last tag: a new tap of the same card
    table.tap(uid(SHOWN[0]))  # on the trash: refused
    table.wait_for("%s was shown already" % first)
    for code in SHOWN[1:55]:
        tap(table, code)
    b.run_ms(300)
    sent += b.data_lines()
    assert len([o for o in sent if o.get("r") == "ask"]) == 55
    assert "reshuffle" not in [o.get("r") for o in sent]
    table.tap(uid(SHOWN[0]))  # the pile is empty, nobody has drawn from it: still refused
    table.wait_for("%s was shown already" % first)
    table.tap(uid(SHOWN[55]))  # the 56th question: its player must draw
    table.wait_for("pile empty: shuffle", "the face-up cards")
    # the link writes the step's rulings after its screen: wait for the line itself
    said, before = b.data_until(lambda o: o.get("r") == "reshuffle", timeout_ms=2000)
    sent += before + [said]
    assert said["cards"] == 86, said  # 56 shown, 30 thrown down
    tap(table, SHOWN[0])  # back in the game
    b.run_ms(500)
    s = table.screen()
    assert "pile empty" not in "\n".join(s) and "was shown" not in "\n".join(s), s
    sent += b.data_lines()
    assert [o["cards"] for o in sent if o.get("r") == "reshuffle"] == [86]  # said once
    asks = [o["shown"] for o in sent if o.get("r") == "ask"]
    assert asks[0] == first and asks[-1] == first and len(asks) == 57, asks
    errors = [o["why"] for o in sent if o.get("r") == "error"]
    assert errors == ["%s was shown already" % first] * 2, errors
    # Official guesses, each said right, until every card is revealed.
    for _ in range(12):
        if any(o.get("r") == "over" for o in sent):
            break
        if "Hand 1/1 over" in "\n".join(table.screen()):
            break
        text = "\n".join(table.wait_for("? tap card, T=guess"))
        asked = int(re.search(r"P(\d)\? tap card, T=guess", text).group(1))
        table.table()
        table.wait_for("P%d: short=yes long=no" % asked)
        table.short(asked)
        b.run_ms(300)
        sent += b.data_lines()
    b.run_ms(500)
    sent += b.data_lines()
    assert any(o.get("r") == "over" for o in sent), sent[-5:]
    table.end_game()
