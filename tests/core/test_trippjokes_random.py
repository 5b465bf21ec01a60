"""Tripp Jokes random-play invariants over thousands of seeded games, 2 to 8 players.

Bots and uniformly random players play seeded games; after every action every card of
the game is somewhere exactly once, and the position is one the rules can reach. Every
game ends within a bound, the same seed plays the same game, and a game's action list
applied to a fresh deal of its seed passes through the very same states.
"""

from _scale import games
from _tripp import bot_game
from topper.rng import Rng
from topper import jsonl
from topper.games.tripp.engine import Phase, TrippJokes, from_dict, replay

# Longest game allowed, in actions. Seeded bot games take at most about 550 (places
# mode, 8 players) and random players about 1000; the stalemate rule is what makes
# any bound hold at all (docs/rules/tripp-jokes.md).
MAX_ACTIONS = 2500


def _checker(game):
    everything = sorted(game.cards())

    def check(state):
        assert state.all_cards() == everything, "a card was lost or duplicated"
        assert len(state.pile) >= state.floor and state.floor <= 1
        for seat in range(game.players):
            assert len(state.faceup[seat]) <= 3 and len(state.facedown[seat]) <= 3
        if state.phase == Phase.PLAY:
            seat = state.current_player()
            assert seat not in state.out, "a seat that is out is on turn"
            if state.deck:
                assert state.hands[seat], "an empty hand is refilled while the deck lasts"
            assert state.legal_actions(), "the seat on turn always has an action"
        if state.is_over():
            assert state.stalled or state.winner == state.out[0]

    return check


def _random_game(game, seed, check):
    state = game.deal(seed)
    rng = Rng(seed ^ 0x5EED)
    n = 0
    while not state.is_over() and n < MAX_ACTIONS:
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        check(state)
        n += 1
    return state, n


def test_bot_games_keep_every_card_exactly_once_and_end():
    for players in range(2, 9):
        for places in (False, True):
            game = TrippJokes(players, places=places)
            check = _checker(game)
            for seed in range(games(40)):
                state, actions = bot_game(players, seed, check=check, places=places)
                assert state.is_over() and len(actions) < MAX_ACTIONS, (players, seed)
                if places and not state.stalled:
                    assert sorted(state.out) == list(range(players))


def test_random_players_keep_every_card_exactly_once_and_end():
    for players in range(2, 9):
        for places in (False, True):
            game = TrippJokes(players, places=places, dealer=players - 1)
            check = _checker(game)
            for seed in range(games(20)):
                state, n = _random_game(game, seed, check)
                assert state.is_over() and n < MAX_ACTIONS, (players, seed)


def test_many_bot_games_all_end_with_a_winner_or_a_called_stalemate():
    # Thousands of games: only the end is checked here, each action was checked above.
    results = [0, 0]  # won, stalled
    for players in range(2, 9):
        for seed in range(1000, 1000 + games(200)):
            state, actions = bot_game(players, seed)
            assert state.is_over() and len(actions) < MAX_ACTIONS, (players, seed)
            results[1 if state.stalled else 0] += 1
    # A table that only sees stalemates would be a broken engine, not bad luck.
    assert results[0] > 20 * results[1], results


def test_the_same_seed_plays_the_same_game():
    for players in (2, 5, 8):
        for seed in range(games(30)):
            a, actions_a = bot_game(players, seed)
            b, actions_b = bot_game(players, seed)
            assert actions_a == actions_b and a.snapshot() == b.snapshot()
    firsts = [bot_game(4, seed)[1][:12] for seed in range(5)]
    for i in range(len(firsts)):
        for j in range(i + 1, len(firsts)):
            assert firsts[i] != firsts[j], "different seeds played the same opening"


def _bot_game_states(players, seed, places):
    """A bot game, with the snapshot after each of its actions."""
    seen = []

    def keep(state):
        seen.append(state.snapshot())

    state, actions = bot_game(players, seed, check=keep, places=places)
    return state, actions, seen


def test_replaying_the_action_list_passes_through_the_same_states():
    for players in range(2, 9):
        for seed in range(games(20)):
            state, actions, seen = _bot_game_states(players, seed, seed % 2 == 1)
            fresh = TrippJokes(players, places=(seed % 2 == 1)).deal(seed)
            for i in range(len(actions)):
                fresh.apply(actions[i])
                assert fresh.snapshot() == seen[i], (players, seed, i)
            assert fresh.history == actions
            again = replay(TrippJokes(players, places=(seed % 2 == 1)), seed, actions)
            assert again.snapshot() == state.snapshot()


def test_a_saved_game_loads_and_undo_takes_back_exactly_one_action():
    for players in (2, 4, 7):
        for seed in range(games(10)):
            places = seed % 2 == 0
            state, actions, seen = _bot_game_states(players, seed, places)
            # Through the log format and back, as the device journal would store it.
            line = jsonl.dumps(state.to_dict())
            loaded = from_dict(jsonl.loads(line))
            assert loaded.snapshot() == state.snapshot()
            assert loaded.history == actions
            for back in (1, 2, len(actions) // 2):
                earlier = state.rewind(back)
                assert earlier.snapshot() == seen[len(actions) - 1 - back]
            assert (
                state.rewind(len(actions)).snapshot()
                == TrippJokes(players, places=places).deal(seed).snapshot()
            )
