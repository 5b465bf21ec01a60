"""Tricky Dick on the host: its players' moves at the device (``pad_moves``,
``button_moves``) and a player's own hand (``hand_of``)."""

from topper import cards


def hand_of(ref, seat):
    """``seat``'s cards at the physical table (the dealt referee); no secret."""
    held = ref.match.hands
    return ([cards.format_card(c) for c in sorted(held[seat])] if held else []), ""
