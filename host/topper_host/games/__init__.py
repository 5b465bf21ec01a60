"""The host's side of each game, one package a game (``topper_host.games.<game>``, named
by the game's registry record, ``topper.games``): what the simulator needs and the
device never does: the moves its players make at the device (``pad_moves``,
``button_moves``: ``topper_host.sim.moves``), which of its logged rulings are a
player's move (``logged_moves``: ``topper_host.turn_moves``) and a player's own hand and
secret (``hand_of``)."""
