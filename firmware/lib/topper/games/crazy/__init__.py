"""Crazy Job (RULES.md section 6): the engine (``engine``), the stored rules
(``rules``), the screen's words (``words``), the turn referee (``turn``) and the bots
(``bots``). Imports nothing: a game's modules load only when it is played.
"""
