"""Random-play invariants: thousands of seeded Tricky Dick matches between bots and random
players, in every mode, checked after every card."""

from _census import tricky_cards
from _scale import games
from topper.games.tricky.bots import Bot, RandomPlayer, play_out
from topper.cards import color, format_card
from topper.jsonl import dumps
from topper.games.tricky.engine import TRICKS, Mode, TrickyDick, from_dict, replay
from topper.games.tricky.score import scoring_seats, trick_value, winning_play


def _players(g):
    """A different mix of bots and random players for each game, from its number."""
    out = []
    for seat in range(4):
        seed = g * 4 + seat
        out.append(Bot(seed) if (g >> seat) & 1 else RandomPlayer(seed))
    return out


def _game(g):
    return TrickyDick(mode=g % 3, hands=1 + (g % 5 == 0), first_dealer=(g // 3) % 4)


def _check_trick(m, t):
    plays = t["plays"]
    seats = [play[0] for play in plays]
    assert seats == [(t["leader"] + i) % 4 for i in range(4)], "clockwise from the leader"
    win = winning_play(plays)
    assert t["winner"] == plays[win][0]
    assert t["value"] == trick_value(plays) and -4 <= t["value"] <= 4
    assert t["scorers"] == scoring_seats(plays, win) and t["winner"] in t["scorers"]
    for seat in t["scorers"]:
        assert color(plays[seats.index(seat)][1]) == color(plays[win][1])
    if t["trick"] == 1:
        assert t["broke"] == [], "no match rule on the first trick"
    total = t["value"] * len(t["scorers"]) - len(t["broke"])
    assert sum(t["points"]) == total


def _play(g, check=True):
    m = _game(g).new_match(seed=g)
    players = _players(g)
    rulings = list(m.rulings)
    steps = 0
    while not m.is_over():
        assert steps < 60 * m.game.hands, "a match must end"
        card = players[m.current_player()].choose(m)
        assert card in m.legal_actions()
        rulings.extend(m.apply(card))
        steps += 1
        if check:
            tricky_cards(m)
    return m, rulings, steps


def test_random_matches_keep_every_card_once_and_every_point_accounted():
    for g in range(games(2000)):
        m, rulings, steps = _play(g)
        assert steps == 60 * m.game.hands, "15 cards from each hand after the turned-up trick"
        scores = [0, 0, 0, 0]
        tricks = 0
        hands = 0
        for r in rulings:
            if r["r"] == "trick":
                _check_trick(m, r)
                tricks += 1
                assert r["trick"] == tricks
                for seat in range(4):
                    scores[seat] += r["points"][seat]
            elif r["r"] == "hand":
                assert tricks == TRICKS, "16 tricks a hand"
                tricks = 0
                hands += 1
                assert r["scores"] == scores
        assert hands == m.game.hands and m.scores == scores
        teams = m.team_scores()
        if m.game.mode == Mode.PAIRS:
            assert teams == [scores[0] + scores[2], scores[1] + scores[3]]
        elif m.game.mode == Mode.COOPERATIVE:
            assert teams == [sum(scores)] and m.winners() == [0, 1, 2, 3]
        assert rulings[-1]["r"] == "over" and rulings[-1]["scores"] == scores


def test_the_same_seed_plays_the_same_match_and_its_history_replays_it():
    for g in range(games(300)):
        m, _, _ = _play(g, check=False)
        again, _, _ = _play(g, check=False)
        assert again.history == m.history and again.scores == m.scores
        back = replay(m.game, m.seed, m.history)
        assert back.scores == m.scores and back.hand_results == m.hand_results
        assert dumps(from_dict(m.to_dict()).view()) == dumps(m.view())


def test_different_seeds_deal_different_hands():
    firsts = []
    for seed in range(20):
        m = TrickyDick().new_match(seed=seed)
        firsts.append(dumps(m.hands))
    assert len(set(firsts)) == 20


def test_a_seeded_match_is_the_same_on_every_platform():
    # Recorded on CPython. MicroPython must deal and play the very same match: the
    # engine and the bot use no dict order and no floats.
    m = TrickyDick(mode=Mode.PAIRS, hands=2, first_dealer=1).new_match(seed=2024)
    assert [format_card(p[1]) for p in m.tricks[0]["plays"]] == ["3YT", "1YT", "1YC", "3BS"]
    play_out(m, [Bot(1), RandomPlayer(2), Bot(3), RandomPlayer(4)])
    start = " ".join([format_card(c) for c in m.history[:12]])
    assert start == "3RC 4YT 3GS 2YC 4RC 2GC 2RH 1GH 1RC 2BH 3RT 4BC"
    assert m.hand_results == [[5, -8, 0, -8], [3, -10, 4, -4]]
    assert m.scores == [8, -18, 4, -12] and m.team_scores() == [12, -30]
