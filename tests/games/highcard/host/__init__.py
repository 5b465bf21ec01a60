"""High Card on the host: a player's hand for their panel (``hand_of``) and its moves at
the device (``pad_moves``, ``button_moves``: topper_host.sim.moves)."""

from topper import cards


def hand_of(ref, seat):
    return [cards.format_card(c) for c in ref.hands[seat]] if ref.hands else [], ""
