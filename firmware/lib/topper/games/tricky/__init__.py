"""Tricky Dick (RULES.md section 5): the engine (``engine``) and its trick scoring
(``score``), the turn referee (``turn``) and its trick report for play without the pad
(``report``), and the bots (``bots``). Imports nothing: a game's modules load only when
it is played.
"""
