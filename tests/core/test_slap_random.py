"""Random-play invariants over many seeded games of both slap games, 2-8 players:
every card exactly once in a stack, the pot or its face-down part; every game ends;
a game's log replays to the same rulings."""

from _census import slap_cards
from _play import play
from _scale import games
from topper.replay import run as replay_log
from topper.games.slap.engine import ARMAGEDDON, WW3, Phase


def _many(variant, n):
    ended = 0
    longest = 0
    for i in range(n):
        seats = 2 + i % 7
        ref, events = play(variant, seats, seed=i * 7919 + 1, jokers=i % 3, check=slap_cards)
        g = ref.game
        assert g.phase == Phase.OVER, "%s seed %d did not end in %d events" % (variant, i, events)
        assert g.winner >= 0 and len(g.stacks[g.winner]) == len(g.deck)
        ended += 1
        longest = max(longest, events)
    return ended, longest


def test_world_war_3_games_conserve_cards_and_end():
    assert _many(WW3, games(2000))[0] == games(2000)


def test_armageddon_games_conserve_cards_and_end():
    assert _many(ARMAGEDDON, games(2000))[0] == games(2000)


def test_replaying_a_log_gives_the_same_rulings():
    for i in range(games(60)):
        variant = (WW3, ARMAGEDDON)[i % 2]
        lines = []
        ref, _ = play(variant, 2 + i % 7, seed=31 * i + 5, jokers=i % 3, sink=lines.append)
        # The log holds the rulings as they were made; Replay checks each one again.
        rulings = [ln for ln in lines if ln.startswith('{"') and '"r":' in ln]
        replayed = list(replay_log(lines))
        assert len(replayed) == len(rulings)
        wins = [r for r in replayed if r["r"] == "win"]
        assert len(wins) == 1 and wins[0]["seat"] == ref.game.winner
