"""What a turn game sounds like: one clear signal for each batch of rulings."""

from topper_view import sounds


def view(turn, over=False, winners=()):
    return {"turn": turn, "over": over, "winners": list(winners)}


def test_each_batch_gives_the_signal_a_table_expects():
    table = (
        # rulings, (turn, over) before, view after, sound
        ([{"r": "add"}, {"r": "win"}], (1, False), view(-1, True, [1]), sounds.WIN),
        ([{"r": "stop"}], (1, False), view(-1, True), sounds.CONFIRM),  # over, nobody won
        ([{"r": "error", "why": "not your turn"}], (2, False), view(2), sounds.ERROR),
        ([{"r": "flag", "seat": 2}], (2, False), view(2), sounds.HURRY),
        ([{"r": "play"}, {"r": "turn"}], (2, False), view(3), sounds.TICK),
        ([{"r": "play"}], (2, False), view(2), None),  # played again: no tick
        ([{"r": "ask"}], (2, False), view(-1), None),  # the table decides: no seat's turn
        ([{"r": "error", "why": "over"}], (-1, True), view(-1, True, [0]), sounds.ERROR),
    )
    for rulings, before, after, want in table:
        assert sounds.for_turn(rulings, before, after) == want, (rulings, want)
