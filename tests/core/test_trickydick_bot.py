"""The Tricky Dick bot lays sensible cards: it keeps the match rule, takes circles, leaves
squares, plays for its partner in 2-on-2, and beats players who lay at random."""

from _scale import games
from topper.games.tricky.bots import Bot, RandomPlayer, play_out
from topper.cards import parse
from topper.games.tricky.engine import Mode, TrickyDick


def _cards(texts):
    return [parse(t) for t in texts.split()]


def _table(texts, first_seat):
    return [[(first_seat + i) % 4, parse(t)] for i, t in enumerate(texts.split())]


# (why, mode, the bot's seat, its card in the previous trick, its hand, the cards already
# on the table in laying order, the seat that led them, the card the bot must lay)
SCENARIOS = [
    ("keeps the match rule", Mode.INDIVIDUAL, 0, "1RC", "2YH 2RH", "", 0, "2RH"),
    (
        "keeps a card its hand can follow next trick",
        Mode.INDIVIDUAL,
        0,
        "1RC",
        "2RH 1BT 4YH",
        "",
        0,
        "2RH",
    ),
    (
        "last to play, takes a trick with two circles",
        Mode.INDIVIDUAL,
        3,
        "1GH",
        "3GT 1GS",
        "2RC 1YC 2YT",
        0,
        "3GT",
    ),
    (
        "last to play, ducks a trick with two squares",
        Mode.INDIVIDUAL,
        3,
        "1GH",
        "3GT 1GT",
        "2RS 1YS 1BT",
        0,
        "1GT",
    ),
    (
        "alone, steals a good trick rather than share it",
        Mode.INDIVIDUAL,
        3,
        "2GT",
        "4GT 1BT",
        "1RH 3BC 2YH",
        0,
        "4GT",
    ),
    (
        "2-on-2, shares its partner's good trick by color",
        Mode.PAIRS,
        3,
        "2GT",
        "4GT 1BT",
        "1RH 3BC 2YH",
        0,
        "1BT",
    ),
    (
        "cooperative, shares the trick with whoever wins it",
        Mode.COOPERATIVE,
        3,
        "2GT",
        "4GT 1BT",
        "3BC 1RH 2YH",
        0,
        "1BT",
    ),
    (
        "2-on-2, does not join an opponent's good trick",
        Mode.PAIRS,
        2,
        "2GT",
        "4GT 1BT",
        "1RH 3BC",
        0,
        "4GT",
    ),
]


def test_the_bot_lays_the_card_a_good_player_would():
    for why, mode, seat, before, hand, table, leader, expected in SCENARIOS:
        for seed in range(5):  # the choice must not hang on a lucky draw
            card = Bot(seed).pick(seat, _cards(hand), _table(table, leader), parse(before), mode)
            assert card == parse(expected), "%s: laid %d" % (why, card)


def _breaks(match, seats):
    n = 0
    for t in match.tricks:
        for seat in t["broke"]:
            if seat in seats:
                n += 1
    return n


def test_a_bot_beats_three_random_players_and_rarely_breaks_the_match_rule():
    n = games(300)
    bot_total = 0
    others_total = 0
    bot_breaks = 0
    others_breaks = 0
    for g in range(n):
        seat = g % 4
        players = [RandomPlayer(g * 4 + s) for s in range(4)]
        players[seat] = Bot(g)
        m = play_out(TrickyDick(first_dealer=g % 4).new_match(seed=g), players)
        others = [s for s in range(4) if s != seat]
        bot_total += m.scores[seat]
        others_total += m.scores[others[0]] + m.scores[others[1]] + m.scores[others[2]]
        bot_breaks += _breaks(m, [seat])
        others_breaks += _breaks(m, others)
    # A random player breaks the rule about 6 times in a hand of 15 plays: the bot must
    # break it less than a third as often, and end a hand 5 points ahead of it on average.
    assert bot_breaks * 3 * 3 < others_breaks, (bot_breaks, others_breaks)
    assert bot_total * 3 > others_total + 3 * 5 * n, (bot_total, others_total)


def test_a_pair_of_bots_beats_a_pair_of_random_players():
    n = games(200)
    bots_won = 0
    for g in range(n):
        players = [Bot(g), RandomPlayer(g), Bot(g + 1), RandomPlayer(g + 1)]
        if g % 2:
            players = players[1:] + players[:1]
        m = play_out(TrickyDick(mode=Mode.PAIRS).new_match(seed=g), players)
        bot_team = 1 if g % 2 else 0
        if m.team_scores()[bot_team] > m.team_scores()[1 - bot_team]:
            bots_won += 1
    assert bots_won * 10 > n * 8, "bots should win more than 80%% of hands: %d/%d" % (bots_won, n)


def test_the_same_seeds_give_the_same_bot_game():
    histories = []
    for _ in range(2):
        m = TrickyDick(mode=Mode.COOPERATIVE).new_match(seed=42)
        play_out(m, [Bot(1), Bot(2), Bot(3), Bot(4)])
        histories.append(m.history)
    assert histories[0] == histories[1]
