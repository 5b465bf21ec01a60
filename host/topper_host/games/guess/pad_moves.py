"""Guess My Card at the card pad (docs/games/guess-my-card.md): each player taps its
secret card in turn (the dealt game deals them: ``after``); the player due picks the
seat to ask with short presses (from the first on their left) and taps the card they
show (the device counts the matches of a natural card itself; a wild card's are
counted by the asked player: short presses, then the table button) or guesses with
the table button; the guessed player says right (short) or wrong (long); the dealer's
press deals the next hand."""

from topper import cards
from topper.games.guess.engine import Act

from topper_host.sim.moves import LONG, SHORT, TABLE, TAP


def inputs(ref, seat, action):
    m = ref.match
    kind = action[0]
    if kind == Act.DISCARD:
        return []  # thrown to the trash: the dealt game's own step, nothing the pad reads
    if kind == Act.ASK:
        return pick_presses(ref, action[1]) + [(TAP, action[2])]
    if kind == Act.GUESS:
        return pick_presses(ref, action[1]) + [(TABLE,)]
    if kind == Act.ANSWER:
        if cards.is_natural(m.pending["shown"]):
            return []  # the device knew the secret and answered at the tap
        return [(SHORT, seat)] * action[1] + [(TABLE,)]
    if kind == Act.RIGHT:
        return [(SHORT, seat)]
    if kind == Act.WRONG:
        return [(LONG, seat)]
    return [(SHORT, seat)]  # NEXT: the dealer has dealt


def pick_presses(ref, target):
    """Short presses of the player due from the first seat on their left it may ask to
    ``target``."""
    m = ref.match
    n = ref.seats
    order = sorted(m.targets(m.turn), key=lambda t: (t - m.turn) % n)
    return [(SHORT, m.turn)] * order.index(target)


def after(ref, events):
    """A hand dealt: each player, from the dealer's left, taps the wild cards they
    turned up (the dealt game turned them up and dealt the next card: the device counts
    them out of the draw pile), then their secret card."""
    for e in events:
        if e["r"] == "deal":
            m = ref.match
            n = ref.seats
            taps = []
            for i in range(n):
                seat = (m.dealer + 1 + i) % n
                taps.extend([(TAP, cards.parse(text)) for text in e["opened"][seat]])
                taps.append((TAP, m.secrets[seat]))
            return taps
    return []
