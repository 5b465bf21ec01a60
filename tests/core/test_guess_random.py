"""Random-play invariants: thousands of seeded Guess My Card matches between deducing bots
and random players, 2 to 8 seats, checked after every action."""

from _census import guess_cards
from _scale import games
from topper import commit
from topper.games.guess.bots import Bot, RandomPlayer
from topper.games.guess.engine import GuessMyCard, Phase, from_dict, replay
from topper.jsonl import dumps


def _players(g, n):
    return [RandomPlayer(g * 8 + s) if (g >> s) & 1 and s % 3 == 0 else Bot(g * 8 + s) for s in range(n)]


def _game(g):
    n = 2 + g % 7
    return GuessMyCard(players=n, hands=1 if g % 4 else 2, first_dealer=(g // 7) % n)


def _check_scoring(m, log_of_hand):
    """Replays the chart over one hand's rulings and compares with its points."""
    n = m.game.players
    points = [0] * n
    reveals = 0
    for rec in log_of_hand:
        if rec["r"] == "revealed":
            want = (1 if reveals == 0 else 0) if n == 2 else n - reveals
            assert rec["points"] == want, rec
            points[rec["by"]] += want
            reveals += 1
        elif rec["r"] == "verdict" and not rec["ok"]:
            if n == 2:
                assert rec["scorer"] == rec["seat"] and rec["points"] == 1
            else:
                assert rec["scorer"] == rec["guesser"] and rec["points"] == reveals - n
            points[rec["scorer"]] += rec["points"]
        elif rec["r"] == "score":
            assert rec["points"] == points, "the chart adds up"
            return points
    raise AssertionError("a hand without a score")


def _play(g):
    m = _game(g).new_match(seed=g)
    players = _players(g, m.game.players)
    log = list(m.rulings)
    for p in players:
        p.observe(m.rulings)
    steps = 0
    while not m.is_over():
        steps += 1
        assert steps < 4000, "a match must end"
        action = players[m.current_player()].choose(m)
        assert m.is_legal(action), action
        rulings = m.apply(action)
        log.extend(rulings)
        for p in players:
            p.observe(rulings)
        guess_cards(m)
        if m.phase == Phase.TURN:
            assert [len(h) for h in m.hands] == [4] * m.game.players
            assert m.targets(m.current_player()), "the seat due can guess somebody"
    return m, players, log


def test_random_matches_keep_every_invariant():
    for g in range(games(500)):
        m, players, log = _play(g)
        starts = [i for i in range(len(log)) if log[i]["r"] == "hand"]
        totals = [0] * m.game.players
        for i in starts:
            points = _check_scoring(m, log[i:])
            for s in range(m.game.players):
                totals[s] += points[s]
        assert totals == m.scores and len(starts) == m.game.hands
        assert commit.check_log(log) == [], "every secret card opens its seal"
        for rec in log:
            if rec["r"] == "verdict" and not rec["ok"]:
                assert isinstance(players[rec["guesser"]], RandomPlayer), "bots never guess wrong"
        for rec in log:
            if rec["r"] == "score" and not rec["stopped"]:
                assert len(rec["secrets"]) == m.game.players


def test_bots_beat_random_players():
    better = 0
    rounds = games(100)
    for g in range(rounds):
        m = GuessMyCard(players=4).new_match(g)
        players = [Bot(g), RandomPlayer(g), Bot(g + 1), RandomPlayer(g + 1)]
        for p in players:
            p.observe(m.rulings)
        while not m.is_over():
            rulings = m.apply(players[m.current_player()].choose(m))
            for p in players:
                p.observe(rulings)
        better += m.scores[0] + m.scores[2] > m.scores[1] + m.scores[3]
    assert better * 10 >= rounds * 9, "bots win 9 matches in 10 (%d/%d)" % (better, rounds)


def test_same_seed_same_match_and_replay_rebuilds_it():
    for g in range(games(100)):
        m, _, log = _play(g)
        _, _, log2 = _play(g)
        assert [dumps(r) for r in log] == [dumps(r) for r in log2]
        saved = m.to_dict()
        rebuilt = from_dict(saved)
        assert rebuilt.view() == m.view() and rebuilt.to_dict() == saved
        assert replay(m.game, g, m.history).hand_results == m.hand_results
