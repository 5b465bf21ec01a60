"""Power cuts in card-pad turn games on the emulated board without the FRAM: the saves go
to the nvm store's 1,664-byte slots (docs/power-cut.md). A whole Tripp Jokes game of 3
seats and a whole Tricky Dick hand are played at the pad by seeded bots at a physical
table (``topper_host.sim.ref_feed``: the game's dealt referee holds the real cards), each
move made on the board as its cards tapped and its buttons pressed. At three seeded
moves, one of them in the game's (the hand's) last tenth, the power is cut once the nvm
has written (more than a second after the move), the board boots again and must be back
in the same game; the game then plays on, and it ends as the physical table's game ends:
the same winners and scores as the game never cut."""

import random

import pytest
import slap_table as st
from topper import cards, stdcards
from topper_host.sim import moves
from topper_host.sim.ref_feed import Game
from turn_table import Table

SAME_TAG_MS = 900  # the pad takes the same tag within 800 ms as the same tap


def std_uid(code, copy=0):
    """The tag on the standard card ``code`` (``copy`` tells the jokers apart)."""
    return "045d%02x%02x1c7780" % (copy, code)


def tt_uid(code):
    """The tag on the Triple Topper card ``code``."""
    return "045e00%02xa17780" % code


class BoardGame(Game):
    """The host's game, each input made on the board as well."""

    def __init__(self, table, uid, *args, until=None, **kw):
        self.table = table
        self.uid = uid
        self.until = until
        self.last_tap = (None, -SAME_TAG_MS)
        self.jokers = 0
        Game.__init__(self, *args, **kw)

    def _feed(self, inputs):
        if self.until is not None and self.plays >= self.until:
            return False  # the table stops at its last play: what it would do next is not made
        ended = Game._feed(self, inputs)
        tb = self.table
        b = tb.board
        for what in inputs:
            kind = what[0]
            if kind == moves.TAP:
                code = what[1]
                if self.uid is std_uid and code == stdcards.JOKER:
                    uid = std_uid(code, self.jokers % 2)
                    self.jokers += 1
                else:
                    uid = self.uid(code)
                if self.last_tap[0] == uid and b.t_ms - self.last_tap[1] < SAME_TAG_MS:
                    b.run_ms(SAME_TAG_MS)
                tb.tap(uid)
                self.last_tap = (uid, b.t_ms)
            elif kind == moves.SHORT:
                tb.short(what[1] + 1)
            elif kind == moves.LONG:
                tb.long(what[1] + 1)
            elif kind == moves.TABLE:
                tb.table()
            else:
                raise AssertionError("no such input at the pad: %r" % (what,))
        return ended


def _view(b):
    v = b.request({"cmd": "view"}, timeout_ms=8000)
    view = dict(v["view"])
    for k in ("clock", "message"):
        view.pop(k, None)
    return v["mode"], view


def _cuts(plays, seed):
    """Three seeded moves to cut after: two in the game, one in its last tenth."""
    rng = random.Random(seed)
    tenth = plays - max(1, plays // 10)
    return sorted(rng.sample(range(plays // 10, tenth), 2)) + [rng.randrange(tenth, plays)]


def _play_with_cuts(table, game, uid, seats, seed, until=None):
    """The seeded game played on the board (its first ``until`` plays, then nothing more)
    with three cuts; returns the game, the board's view at the end without its clock and
    message, the cuts and the board's emulated seconds."""
    b = table.board
    e0 = b.emulated_us
    # A dry run on the host gives the game's length, for the cuts.
    dry = Game(game, seats, seed, True, None, control=None)
    while not dry.over and (until is None or dry.plays < until):
        dry.step()
    cuts = _cuts(dry.plays, seed)
    st.setup(b, game=game, seats=seats, cardpad=True, seed=seed)
    g = BoardGame(table, uid, game, seats, seed, True, None, control=None, until=until)
    resumed = []
    while not g.over and (until is None or g.plays < until):
        g.step()
        if g.plays in cuts:
            b.run_ms(1500)  # the nvm store writes at most once a second
            before = _view(b)
            assert before[1]["turn"] == g.device.view(g.t)["turn"], (g.plays, before)
            b.cut(at_ms=b.t_ms + 50)
            hello = st.boot(b)
            assert (hello["mode"], hello["journal"]) == ("game", "nvm"), hello
            assert _view(b) == before, "cut after play %d of %s" % (g.plays, game)
            assert b.request({"cmd": "view"})["view"]["message"] == "Resumed game"
            resumed.append(g.plays)
            b.data_lines()
            table.board.run_ms(300)
    assert resumed == cuts
    b.run_ms(500)
    return g, _view(b)[1], cuts, (b.emulated_us - e0) / 1e6


@pytest.fixture(scope="module")
def table(module_board_factory):
    b = module_board_factory(settings={"TOPPER_CARDPAD": 1})
    hello = st.boot(b)
    assert hello["journal"] == "nvm", hello  # no FRAM on this board
    return Table(b)


def test_a_card_pad_tripp_jokes_game_cut_three_times_ends_as_never_cut(table):
    deck = stdcards.deck(2)
    uids = []
    jokers = 0
    for c in deck:
        if c == stdcards.JOKER:
            uids.append(std_uid(c, jokers))
            jokers += 1
        else:
            uids.append(std_uid(c))
    said = table.enroll(uids, title="TRIPP JOKES", whole_deck=True)
    assert "Saved 54 standard card tags." in said.replace("\n", " "), said
    g, end, cuts, emulated_s = _play_with_cuts(table, "tripp", std_uid, 3, seed=11)
    want = g.physical.view(g.t)
    assert g.physical.is_over() and end["over"], end
    assert (end["winners"], end["out"]) == (want["winners"], want["out"]), (end, want)
    print("\n[tripp pad] %d plays, cut after %s; board %.1f s emulated" % (g.plays, cuts, emulated_s))
    table.end_game()


def test_a_card_pad_tricky_dick_hand_cut_three_times_ends_as_never_cut(table):
    # wild cards and jokers skipped, the last card among them: saved once past it
    natural = [tt_uid(c) if cards.is_natural(c) else None for c in cards.full_deck(2)]
    said = table.enroll(natural, title="TRICKY DICK", whole_deck=True)
    assert "Saved 64 card tags." in said.replace("\n", " "), said
    # A hand is 16 tricks, the first turned up at the deal: 60 cards played after it.
    g, end, cuts, emulated_s = _play_with_cuts(table, "tricky", tt_uid, 4, seed=12, until=60)
    match = g.physical.match
    assert len(match.hand_results) == 1, "the physical table's hand is not over"
    # The board pauses on the hand's points, as the referee never cut does.
    never_cut = g.device.view(g.t)
    for k in ("clock", "message"):
        never_cut.pop(k, None)
    assert end == never_cut, (end, never_cut)
    assert end["lines"][:2] == [
        "Hand 1/4 done",
        "hand " + " ".join("%+d" % p for p in match.hand_results[0]),
    ], end
    # The physical table has dealt on and scored the next hand's turned-up trick: the
    # board's scores are the first hand's points.
    assert end["scores"] == match.hand_results[0], (end, match.hand_results)
    print(
        "\n[tricky pad] a hand of %d plays, cut after %s; board %.1f s emulated" % (g.plays, cuts, emulated_s)
    )
    table.end_game()
