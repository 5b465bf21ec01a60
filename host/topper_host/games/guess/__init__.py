"""Guess My Card on the host: its players' moves at the device (``pad_moves``,
``button_moves``) and a player's own hand (``hand_of``).

A card the pad reads without a name in the log may be a seat's secret card: the ruling
that names its seat (``SECRET_CARD``), for a log's replay (``topper_host.sim.turn_secrets``)."""

SECRET_CARD = "secret"
# A board that did not yet count the draw pile refused a wild card tapped among the
# secret cards in these words; one that counts it takes the card as turned up.
OLDER_REFUSALS = ("wild: turn it up, tap next",)

def hand_of(ref, seat):
    """``seat``'s cards and its own secret card, for its panel alone."""
    hv = ref.match.hand_view(seat)
    return list(hv["hand"]), "your secret card: %s" % hv["secret"]
