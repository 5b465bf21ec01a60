"""Tripp Jokes (RULES.md section 4): the engine (``engine``), its turn referee
(``turn``, with ``turn_buttons`` and ``turn_pad`` for play without and with the card
pad) and its bots (``bots``). Imports nothing: a game's modules load only when it is
played.
"""
