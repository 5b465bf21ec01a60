"""What a simulator player holds, for their own panel and nobody else's: the cards in
their hand and their own secret (a Guess My Card secret card, a stored Crazy Job rule),
read from the physical table (``pad_table``: the game's dealt referee).

``TurnReferee`` has no call for this (the device never shows a hand), so each game's
engine is asked for ``seat`` alone, through the view the engine keeps for one seat.
"""

from topper import cards, stdcards


def hand_of(ref, seat):
    """``(card names, secret text)`` of ``seat``; ``([], "")`` before the deal."""
    if seat < 0 or not ref.started:
        return [], ""
    game = ref.GAME
    if game == "tripp" and ref.state is not None:
        return [stdcards.format_card(c) for c in ref.state.view(seat)["mine"]], ""
    if game == "tricky":
        held = ref.match.hands
        return ([cards.format_card(c) for c in sorted(held[seat])] if held else []), ""
    if game == "crazy":
        hv = ref.match.hand_view(seat)
        rule = hv.get("rule")
        return list(hv["hand"]), ("your rule: %s" % rule) if rule else ""
    if game == "guess":
        hv = ref.match.hand_view(seat)
        return list(hv["hand"]), "your secret card: %s" % hv["secret"]
    return [], ""
