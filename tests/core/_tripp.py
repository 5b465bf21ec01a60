"""Helpers for the Tripp Jokes tests: tables written in card notation, and bot games."""

from topper.games.tripp.bots import TrippBot
from topper.stdcards import format_card, parse
from topper.games.tripp.engine import TrippJokes, parse_action


def cards(text):
    """ "7H 7S JK" -> [codes]."""
    return [parse(w) for w in text.split()]


def names(codes):
    return " ".join([format_card(c) for c in codes])


def table(hands, faceup=None, facedown=None, pile="", deck="", turn=0, start=False, **options):
    """A state in play: one string of cards per player for each zone; ``deck`` lists
    the cards in the order they will be drawn; ``start``: the pile's bottom card is the
    dealer's starting card."""
    n = len(hands)
    game = TrippJokes(n, **options)
    return game.arrange(
        [cards(h) for h in hands],
        [cards(f) for f in (faceup or [""] * n)],
        [cards(f) for f in (facedown or [""] * n)],
        cards(pile),
        deck=cards(deck),
        turn=turn,
        start=start,
    )


def do(state, *actions):
    """Apply actions written as text ("play 7H 7S", "pickup", "flip 0"); returns the
    events of the last one."""
    events = []
    for text in actions:
        events = state.apply(parse_action(text))
    return events


def kinds(events):
    return [e["r"] for e in events]


def bot_game(players, seed, check=None, max_actions=5000, **options):
    """Deal ``seed`` and let seeded bots play it out; ``check(state)`` runs after every
    action. Returns (state, actions)."""
    state = TrippJokes(players, **options).deal(seed)
    bots = [TrippBot(seed * 16 + seat) for seat in range(players)]
    actions = []
    while not state.is_over() and len(actions) < max_actions:
        action = bots[state.current_player()].choose(state)
        state.apply(action)
        actions.append(action)
        if check is not None:
            check(state)
    return state, actions
