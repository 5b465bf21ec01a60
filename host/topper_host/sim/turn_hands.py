"""The cards a simulator player holds, for their own panel and nobody else's.

``TurnReferee`` shows a seat its cards through ``choices(seat)`` (the labels); a game
whose referee also has ``hand(seat)`` (a list of card names) gets them listed apart.
"""


def hand_of(ref, seat):
    """Card names ``seat`` holds, or [] when the game does not say."""
    hand = getattr(ref, "hand", None)
    if hand is None or seat < 0:
        return []
    return list(hand(seat))
