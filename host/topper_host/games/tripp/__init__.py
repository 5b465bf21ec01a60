"""Tripp Jokes on the host: its players' moves at the device (``pad_moves``,
``button_moves``) and a player's own hand (``hand_of``)."""

from topper import stdcards


def hand_of(ref, seat):
    """``seat``'s cards at the physical table (the dealt referee); no secret."""
    if ref.state is None:
        return [], ""
    return [stdcards.format_card(c) for c in ref.state.view(seat)["mine"]], ""
