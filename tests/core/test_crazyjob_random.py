"""Random-play invariants: thousands of seeded Crazy Job matches between deducing bots
and random players, 2 to 8 seats, checked after every action."""

from _census import crazy_cards
from _scale import games
from topper import commit
from topper.games.crazy.bots import Bot, RandomPlayer
from topper.cards import full_deck
from topper.games.crazy.engine import CrazyJob, Phase, from_dict, replay
from topper.jsonl import dumps


def _players(g, n):
    """Bots and random players mixed differently in each game, from its number."""
    return [RandomPlayer(g * 8 + s) if (g >> s) & 1 and s % 3 == 0 else Bot(g * 8 + s) for s in range(n)]


def _game(g):
    n = 2 + g % 7
    hands = 1 if g % 5 else 2
    return CrazyJob(players=n, hands=hands, first_dealer=(g // 7) % n)


def _check_record(m, rec, held_before):
    if rec["r"] in ("play", "none", "picked"):
        assert rec["owner"] != rec["seat"]
        if rec["r"] == "none" and not rec["ok"]:
            assert "draw" not in rec, "a wrong claim draws when the maker has picked"
            return
        assert 0 <= rec["drawn"] <= rec["draw"]
    if rec["r"] == "play":
        k = len(rec["cards"])
        assert 1 <= k <= 4
        assert rec["draw"] == (0 if rec["ok"] else 2 * k)
        assert rec["held"] == held_before[rec["seat"]] - k + rec["drawn"]
    if rec["r"] == "none" and rec["ok"]:
        h = len(rec["shown"])
        assert rec["draw"] == (h - 4 if h > 4 else 0)
        assert rec["held"] == rec["drawn"]
    if rec["r"] == "picked":
        h = held_before[rec["seat"]]
        assert rec["draw"] == min(h + 1, 5)
        assert rec["held"] == h - 1 + rec["drawn"]


def _play(g):
    """One whole match, checked after every action. Returns (match, every ruling)."""
    m = _game(g).new_match(seed=g)
    players = _players(g, m.game.players)
    log = list(m.rulings)
    for p in players:
        p.observe(m.rulings)
    steps = 0
    turns = [0] * m.game.players
    while not m.is_over():
        steps += 1
        assert steps < 3000, "a match must end"
        seat = m.current_player()
        if m.phase == Phase.PLAY:
            assert m.rule_owner() == (seat + 1 + turns[seat] % (m.game.players - 1)) % m.game.players
        action = players[seat].choose(m)
        assert m.is_legal(action), action
        held_before = [len(h) for h in m.hands]
        rulings = m.apply(action)
        for rec in rulings:
            _check_record(m, rec, held_before)
            if rec["r"] in ("play", "none"):
                turns[rec["seat"]] += 0 if rec["r"] == "none" and not rec["ok"] else 1
            if rec["r"] == "picked":
                turns[rec["seat"]] += 1
            if rec["r"] == "hand":
                turns = [0] * m.game.players
        log.extend(rulings)
        for p in players:
            p.observe(rulings)
        if m.phase != Phase.RULES:  # the deal waits until every rule is written
            crazy_cards(m)
    return m, log


def test_random_matches_keep_every_invariant():
    for g in range(games(600)):
        m, log = _play(g)
        scores = [r for r in log if r["r"] == "score"]
        assert len(scores) == m.game.hands == len(m.hand_results)
        totals = [0] * m.game.players
        for s in scores:
            if not s["stopped"]:
                assert s["points"][s["winner"]] == 0, "the winner has no card left"
            for seat in range(m.game.players):
                totals[seat] += s["points"][seat]
        assert totals == m.scores, "scores add up"
        low = min(m.scores)
        assert m.winners() == [s for s in range(m.game.players) if m.scores[s] == low]
        assert commit.check_log(log) == [], "every stored rule opens its seal"
        assert log[-1]["r"] == "over" and log[-1]["seed"] == g


def test_bots_beat_random_players():
    wins = 0
    hands = 0
    for g in range(games(200)):
        m = CrazyJob(players=2, hands=1, first_dealer=g % 2).new_match(g)
        players = [Bot(g), RandomPlayer(g)] if g % 2 else [RandomPlayer(g), Bot(g)]
        bot = 0 if g % 2 else 1
        for p in players:
            p.observe(m.rulings)
        while not m.is_over():
            rulings = m.apply(players[m.current_player()].choose(m))
            for p in players:
                p.observe(rulings)
        hands += 1
        wins += m.winner == bot
    assert wins * 10 >= hands * 8, "a deducing bot wins at least 8 hands in 10 (%d/%d)" % (
        wins,
        hands,
    )


def test_same_seed_same_match_and_replay_rebuilds_it():
    for g in range(games(100)):
        m, log = _play(g)
        _again, log2 = _play(g)
        assert [dumps(r) for r in log] == [dumps(r) for r in log2]
        saved = m.to_dict()
        rebuilt = from_dict(saved)
        assert rebuilt.view() == m.view() and rebuilt.scores == m.scores
        assert rebuilt.to_dict() == saved
        assert replay(m.game, g, m.history).hand_results == m.hand_results


def test_the_deck_is_shuffled_per_seed():
    starts = []
    for seed in range(8):
        m = CrazyJob(players=2, hands=1).new_match(seed)
        m.apply((0, 0))
        m.apply((0, 0))
        starts.append(tuple(m.hands[0] + m.hands[1]))
    assert len(set(starts)) == 8
    assert sorted(full_deck()) == list(range(125))


def test_the_bots_fast_form_of_each_rule_judges_like_the_rule():
    from topper.games.crazy import rules as crazyrules
    from topper.games.crazy.bots import _accepts, _all_shapes

    lasts = [0, 31, 62, 93, 124, 27, 104]  # ***, 1RC, 2YH, 3GT, 4BS, 1*H, 4*S
    for shape in _all_shapes():
        rule = crazyrules.Rule(shape[3])
        for last in lasts:
            for card in full_deck():
                assert bool(_accepts(shape, last, card)) == rule.legal_next(last, card)
