"""High Card: a small game that lives in this folder alone, to show that a game is one
folder (tests/host/test_a_game_is_one_folder.py). Each seat in turn lays a card face
up; once every seat has laid, the highest number takes the round (the first laid of
equal numbers). First to ``target`` rounds wins; after ``HAND`` rounds, the most
rounds win.

``RECORD`` is its registry record (``topper.games.Game``): ``register()`` offers it in
every shell. ``turn`` referees it (dealt, with the card pad, with the buttons: the
round's winner presses), ``host`` is its simulator side."""

from topper import games

KEY = "highcard"

RECORD = games.Game(
    KEY, "HIGH CARD", (2, 8), games.TURN, "highcard.turn", "topper_view.turns", games.TOPPER,
    (games.Option("target", "Target", (2, 3), 3),),
    host="highcard.host",
)


def register():
    games.register(RECORD)
