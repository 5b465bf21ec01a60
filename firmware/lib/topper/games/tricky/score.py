"""How a Tricky Dick trick is ranked and scored (RULES.md section 5).

Pure functions of card codes and seat numbers. The engine (``topper.games.tricky.engine``) uses them
both when it sees the cards (dealt by itself, or read by a card pad) and when the table
confirms a trick with the seat buttons, so the two paths cannot score differently.

A *play* is ``[seat, card]``; a trick is the list of its four plays in laying order.

The Squares deck has no wild values, so the variables are read straight from the code
(``number * 25 + color * 5 + suit``, see ``topper.cards``) rather than through
``cards.value``: these functions run in the bot's inner loop, on an RP2040 too.
"""

SEATS = 4
CIRCLE = 1
SQUARE = 4


def number(card):
    return card // 25


def color(card):
    return card // 5 % 5


def suit(card):
    return card % 5


def shares_variable(a, b):
    """True when two cards have the same number, color or suit: the match rule is met."""
    return a // 25 == b // 25 or a // 5 % 5 == b // 5 % 5 or a % 5 == b % 5


def winning_play(plays):
    """Index in ``plays`` of the play that wins the trick.

    Highest number; among the cards tied on it, the color most of them share, the higher
    color when counts tie (2-2, 1-1, ...); among that color the higher suit. Every card of
    the Squares deck is unique, so exactly one card survives the last step.
    """
    top = 0
    for play in plays:
        top = max(top, number(play[1]))
    counts = [0, 0, 0, 0, 0]
    for play in plays:
        if number(play[1]) == top:
            counts[color(play[1])] += 1
    best = 1
    for c in (2, 3, 4):
        # ">=" so that a tie of counts goes to the higher color.
        if counts[c] >= counts[best]:
            best = c
    win = -1
    for i in range(len(plays)):
        card = plays[i][1]
        candidate = number(card) == top and color(card) == best
        if candidate and (win < 0 or suit(card) > suit(plays[win][1])):
            win = i
    return win


def trick_value(plays):
    """Circles in the trick minus squares in the trick."""
    value = 0
    for play in plays:
        s = suit(play[1])
        if s == CIRCLE:
            value += 1
        elif s == SQUARE:
            value -= 1
    return value


def scoring_seats(plays, winner_index):
    """The winner and every other seat that laid the winner's color, in seat order."""
    wanted = color(plays[winner_index][1])
    return sorted([play[0] for play in plays if color(play[1]) == wanted])


def broken_seats(plays, previous):
    """Seats whose card shares no variable with their own card of the previous trick.

    ``previous[seat]`` is that card, or None on the first trick of a hand (no rule yet)."""
    broke = []
    for play in plays:
        before = previous[play[0]]
        if before is not None and not shares_variable(play[1], before):
            broke.append(play[0])
    return sorted(broke)


def trick_points(value, scorers, broke):
    """Each seat's points from one trick: ``value`` to every scorer, -1 per broken match."""
    points = [0] * SEATS
    for seat in scorers:
        points[seat] += value
    for seat in broke:
        points[seat] -= 1
    return points


def average_text(total, hands):
    """``total / hands`` as text with two decimals ('2.33', '-0.50'), '-' before any hand.

    Integer arithmetic, rounding half away from zero: CircuitPython floats have fewer bits
    than CPython's, and the device and the simulator must print the same figure."""
    if hands <= 0:
        return "-"
    sign = "-" if total < 0 else ""
    hundredths = (abs(total) * 200 + hands) // (2 * hands)
    if hundredths == 0:
        sign = ""
    return "%s%d.%02d" % (sign, hundredths // 100, hundredths % 100)
