"""World War 3 and Armageddon with the card pad on the emulated board: a deck enrolled
through the menu and the pad (the PN532 model reads each tag laid on it), then games
set up over the link, started by the starter's seat button and played by laying tagged
cards (the menu after the enrollment stalled: docs/board-slap-games.md). The rulings a table sees:
a slap won with its margin in ms, a wrong slap paying 3, the hurry-up's penalty card
that locks its player's slap out.

One board for the module (card pad fitted, 2 seats, hurry-up 1 s): the enrollment is
done once, in the first test, and the later tests play on it in order."""

import os

import conftest
import pytest
import slap_table as st
import variants
from topper import cards

SETTINGS = {"TOPPER_CARDPAD": 1, "TOPPER_SEATS": 2, "TOPPER_HURRY_MS": 1000}


@pytest.fixture(scope="module")
def pad():
    uf2, path = variants.variant(SETTINGS)
    env = dict(os.environ, TOPPER_SETTINGS=str(path))
    b = conftest.Board(uf2=uf2, env=env, log_path=conftest._log_path("test_slap_pad"))
    conftest._live.append(b)
    conftest._seen.append(b)
    try:
        with b:
            st.boot(b)
            b.run_ms(300)
            yield b
    finally:
        conftest._live.remove(b)


def lay(b, code, after_ms=150):
    """The seat due to lay taps ``code`` ("3RC") on the pad."""
    st.tap(b, st.uid(cards.parse(code)))
    b.run_ms(after_ms)


def rulings(b):
    return [o for o in b.data_lines() if "r" in o]


def start(b, game, starter, hurry_ms=1000):
    """A pad game set up over the link (the table agrees if one is on), then the
    starter's seat button. The menu after an enrollment is avoided: its buttons went
    unanswered for seconds there (docs/board-slap-games.md, the main loop stalls)."""
    st.setup(b, game=game, seats=2, cardpad=True, hurry_ms=hurry_ms, seed=7)
    lines = st.until_screen(b, "card pad")
    assert lines[0].startswith("%s 2 seats" % ("ARMAGEDDON" if game == "armageddon" else "WW3")), lines
    b.data_lines()
    st.slap(b, starter, after_ms=250)


def test_a_deck_is_enrolled_on_the_pad_through_the_menu(pad):
    lines = st.enroll(pad, "armageddon", jokers=2)
    assert st.shows(lines, "Saved 127 card tags."), lines  # the full deck and 2 jokers


def test_world_war_3_a_slap_is_won_with_its_margin(pad):
    start(pad, "ww3", starter=1)
    assert st.until_screen(pad, "WW3 P1 lays")
    lay(pad, "1RC")  # P1 starts the pile
    lay(pad, "1RH")  # P1's second card: number and colour match the card beneath (rule 7a)
    got = rulings(pad)
    assert [r["r"] for r in got if r["r"] == "lay"] == ["lay", "lay"]
    t0 = pad.t_us + 10_000
    pad.press(2, at_ms=t0 / 1000, hold_ms=60)
    pad.press(1, at_ms=t0 / 1000 + 4, hold_ms=60)  # 4 ms later
    pad.run_ms(200)
    lines = st.until_screen(pad, "TAKES POT")
    assert lines[0] == "SLAP! P2 TAKES POT", lines
    assert st.shows(lines, "1. P2     0ms"), lines
    got = rulings(pad)
    slap = [r for r in got if r["r"] == "slap"][0]
    # P1's press is in the slap's order when it falls inside the race's settle window
    # (10 ms with the gate and keypad: docs/slap-gate.md), else a "late" ruling
    order = slap["order"] + [[r["seat"], r["margin_us"]] for r in got if r["r"] == "late"]
    assert slap["ok"] is True and slap["by"] == 1
    assert len(order) == 2 and order[1][0] == 0 and 3000 <= order[1][1] <= 5000, order
    assert st.shows(lines, "2. P1 %5dms" % ((order[1][1] + 500) // 1000)), lines
    hues = [max(range(3), key=lambda i: p[i]) for p in pad.ring() if any(p)]
    assert hues.count(1) >= 20 or not hues, pad.ring()  # the ring flashes P2's green
    pad.run_ms(500)
    assert st.near(st.tones(pad, t0)[:3], [1320, 1760, 2640])  # the fanfare


def test_world_war_3_a_wrong_slap_pays_three(pad):
    pad.run_ms(2600)  # the slap screen passes; P2 won the pot and starts the pile
    lay(pad, "2YT")  # P2
    before = pad.request({"cmd": "view"})["view"]["stacks"][0]
    at = pad.t_us
    st.slap(pad, 1, after_ms=200)  # P1 slaps a single card: wrong
    lines = st.until_screen(pad, "WRONG SLAP")
    assert lines[0] == "WRONG SLAP: P1" and st.shows(lines, "P1 pays 3 cards"), lines
    assert st.near(st.tones(pad, at)[:1], [220])
    reds = [p for p in pad.ring() if p[0] and not p[1] and not p[2]]
    slap = [r for r in rulings(pad) if r["r"] == "slap"][0]
    assert (slap["ok"], slap["by"], slap["paid"]) == (False, 0, 3)
    assert pad.request({"cmd": "view"})["view"]["stacks"][0] == before - 3
    print("\n[pad] red pixels during the wrong slap's flash: %d" % len(reds))


def test_world_war_3_the_hurry_up_penalty_card_locks_its_player_out(pad):
    # P2 has led the pile since its slap: its 1 s hurry-up ran out while the slap screen
    # passed, before its first card. P1's wrong slap since paused play, but the limit
    # fires once a card: no second buzz for the card P2 still owes.
    pad.run_ms(1200)
    due = pad.request({"cmd": "view"})["view"]["turn"]
    got = rulings(pad)
    assert not any(r["r"] == "hurry" for r in got), got
    st.until_screen(pad, "!P%d" % (due + 1), timeout_ms=2500)  # its next card: a penalty
    # The seat lays its penalty card; while it is on top, that seat may not slap.
    lay(pad, "3GS")  # the starter's second natural card: where its penalty falls
    at = pad.t_us
    st.slap(pad, due + 1, after_ms=300)
    got = rulings(pad)
    assert any(r["r"] == "locked" and r["seat"] == due for r in got), got
    assert st.near(st.tones(pad, at)[:1], [330])  # the locked tone
    lines = st.screen(pad)
    assert any("xP%d" % (due + 1) in s for s in lines) or st.shows(lines, "locked"), lines
    red = pad.ring()[(2 * due * 24 + 2) // 4]
    assert red[0] and not red[1] and not red[2], red  # a locked seat is red


def test_armageddon_with_the_pad_judges_a_wild_card(pad):
    start(pad, "armageddon", starter=2)  # the table agrees to end the World War 3 game
    assert st.until_screen(pad, "ARMAGEDDON P2 lays")
    lay(pad, "1RC")  # P2 starts the pile
    lay(pad, "1*C")  # P2 again: a black 1 of circles takes red from beneath, all 3 match
    got = rulings(pad)
    lays = [r for r in got if r["r"] == "lay"]
    assert len(lays) == 2, got
    st.slap(pad, 1, after_ms=300)
    lines = st.until_screen(pad, "TAKES POT")
    assert lines[0] == "SLAP! P1 TAKES POT", lines
    slap = [r for r in rulings(pad) if r["r"] == "slap"][0]
    assert slap["ok"] is True and slap["by"] == 0


# ----- a whole game ------------------------------------------------------------------


def _physical_game(seed):
    """The cards on the table, known to the test only: World War 3 for 2 with 2 jokers,
    dealt and its first starter found from ``seed`` (topper.games.slap.engine with the cards
    known). Returns (game, starter)."""
    from topper.rng import Rng
    from topper.games.slap.engine import SlapGame

    g = SlapGame("ww3", 2, 2)
    rng = Rng(seed)
    g.deal(rng)
    starter, _shows = g.choose_starter(rng)
    return g, starter


def _next_move(g):
    """What the table does next: ("slap", seat) when the top is a combination (the seat
    holding more cards is quicker: it snowballs, so the game ends soon), else
    ("lay", seat, card)."""
    from topper.games.slap.engine import Phase

    if g.phase == Phase.OVER:
        return None
    if g.slappable() is not None:
        counts = [len(s) for s in g.stacks]
        fast = 0 if counts[0] >= counts[1] else 1
        if g.can_slap(fast):
            return ("slap", fast)
    if g.phase == Phase.AWARDED:
        g.collect()  # the pot's winner gathers it as they lead the next pile
        if g.phase == Phase.OVER:
            return None
    return ("lay", g.turn, g.stacks[g.turn][-1])


def _play(g, move):
    if move[0] == "slap":
        g.slap(move[1])
    else:
        g.lay(move[1], move[2])


def _length(seed, cap=200):
    from topper.games.slap.engine import Phase

    g, _ = _physical_game(seed)
    for n in range(cap):
        move = _next_move(g)
        if move is None:
            return n if g.phase == Phase.OVER else cap
        _play(g, move)
    return cap


def test_world_war_3_played_from_deal_to_win_with_the_pad(pad):
    from topper import jsonl
    from topper.replay import run as replay_log
    from topper.games.slap.engine import Phase

    seed = min(range(300), key=_length)  # the shortest real game of 300 deals
    g, starter = _physical_game(seed)
    start(pad, "ww3", starter=starter + 1, hurry_ms=0)  # no hurry-up: the table's own pace
    streamed = [o for o in pad.data_lines() if "log" in o or "ev" in o or "r" in o]
    last_uid, moves = None, 0
    while g.phase != Phase.OVER:
        move = _next_move(g)
        if move is None:
            break
        if move[0] == "slap":
            st.slap(pad, move[1] + 1, after_ms=100)
        else:
            card = move[2]
            copy = sum(1 for c in g.pot if c == cards.JOKER) if card == cards.JOKER else 0
            u = st.uid(card, copy)
            if u == last_uid:
                pad.run_ms(850)  # the pad reads a card left on it once: off for 0.8 s
            st.tap(pad, u)
            pad.run_ms(80)
            last_uid = u
        _play(g, move)
        moves += 1
        streamed += [o for o in pad.data_lines() if "log" in o or "ev" in o or "r" in o]
    pad.run_ms(1700)  # a pot awarded by chances is gathered after 1.5 s
    streamed += [o for o in pad.data_lines() if "log" in o or "ev" in o or "r" in o]
    wins = [o for o in streamed if o.get("r") == "win"]
    assert wins and wins[0]["seat"] == g.winner, streamed[-6:]
    lines = st.until_screen(pad, "WINS!")
    assert st.shows(lines, "P%d WINS!" % (g.winner + 1)), lines
    won_at = pad.t_us
    pad.run_ms(600)
    assert st.near(st.tones(pad, won_at - 2_500_000)[-4:], [1047, 1319, 1568, 2093])  # the melody
    # The board's own log replays on the host core with the same rulings.
    text = [jsonl.dumps(o) for o in streamed]
    assert text[0].startswith('{"collect_ms"') and '"log":"topper-table"' in text[0]
    list(replay_log(text))
    print("\n[pad] seed %d: %d table moves (lays and slaps) to P%d's win, %d log lines; %.1f s emulated"
          % (seed, moves, g.winner + 1, len(text), pad.emulated_us / 1e6))
