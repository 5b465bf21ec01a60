"""The Tripp Jokes bot plays like a sensible player: lowest beating cards, specials saved."""

from _scale import games
from _tripp import cards, names, table
from topper.games.tripp.bots import TrippBot
from topper.rng import Rng
from topper.games.tripp.engine import Act, TrippJokes

# (why, hand, pile, the play a sensible player makes)
# fmt: off
CHOICES = [
    ("the lowest value that beats, every copy of it", "5C 9C 9D KS AH", "7S", "play 9C 9D"),
    ("an equal value is the cheapest beat", "7C 8C KS", "7S", "play 7C"),
    ("a natural card rather than a special", "2H 10C JK 3D 8C", "7S", "play 8C"),
    ("on a free board, the lowest card", "4C 9C AS 2H", "", "play 4C"),
    ("nothing natural beats, small pile: a 3 passes it on", "4C 3D 2H 10C JK", "KS",
     "play 3D"),
    ("no 3: a 2 buys a free board", "4C 2H 10C JK", "KS", "play 2H"),
    ("no 3 or 2: the 10", "4C 10C JK", "KS", "play 10C"),
    ("a big pile is worth a 10 even with a 3 at hand", "4C 3D 10C", "5S 6S 8S 9S KS",
     "play 10C"),
    ("only one special of a kind at a time", "4C 2H 2D", "KS", "play 2D"),
    ("the joker only as a last resort", "4C JK", "KS", "play JK"),
    ("nothing at all: pick up", "4C 5C", "KS", "pickup"),
]
# fmt: on


def _say(action):
    if action[0] == Act.PICKUP:
        return "pickup"
    return "play " + names(action[1:])


def test_the_bot_makes_the_sensible_play():
    for why, hand, pile, want in CHOICES:
        s = table([hand, "4D 5D", "4H 5H"], pile=pile)
        got = _say(TrippBot(1).choose(s))
        # Copies of one value can be any suits: compare the cards, not the spelling.
        assert sorted(got.split()) == sorted(want.split()), "%s: %s, not %s" % (why, got, want)


def test_the_bot_puts_its_strongest_cards_face_up():
    s = TrippJokes(2).deal(seed=9)
    seat = s.current_player()
    s.hands[seat] = sorted(cards("4C 5C JK 6C 10H AS"))
    action = TrippBot(0).choose(s)
    assert action[0] == Act.FACEUP and sorted(action[1:]) == sorted(cards("JK 10H AS"))


def test_the_bot_flips_blind_but_from_its_seed():
    picks = []
    for seed in range(8):
        s = table(["", "4D 5D", "4H 5H"], facedown=["AS KS QS", "", ""], pile="4S")
        picks.append(TrippBot(seed).choose(s))
        again = table(["", "4D 5D", "4H 5H"], facedown=["AS KS QS", "", ""], pile="4S")
        assert TrippBot(seed).choose(again) == picks[-1], "same seed, same pick"
    assert all(p[0] == Act.FLIP and 0 <= p[1] < 3 for p in picks)
    assert len(set([p[1] for p in picks])) > 1, "every seed picked the same card"


def test_the_bot_beats_a_random_player_most_of_the_time():
    wins = 0
    n = games(200)
    for seed in range(n):
        s = TrippJokes(2, dealer=seed % 2).deal(seed)
        bot = TrippBot(seed)
        rng = Rng(seed + 7)
        while not s.is_over():
            if s.current_player() == 0:
                s.apply(bot.choose(s))
            else:
                legal = s.legal_actions()
                s.apply(legal[rng.below(len(legal))])
        wins += s.winner == 0
    assert wins * 4 > n * 3, "the bot won only %d of %d" % (wins, n)
