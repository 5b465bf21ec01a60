"""Guess My Card (RULES.md section 7): the engine (``engine``), the turn referee
(``turn``) and the bots (``bots``). Imports nothing: a game's modules load only when it
is played.
"""
