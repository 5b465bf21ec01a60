"""World War 3 and Armageddon (RULES.md sections 2 and 3): one package for both,
because they are one game with two rule sets. The same engine (``engine``) deals, lays
and settles slaps for both; only the slap rules (``rules``, each variant's table of what
makes a pile slappable) differ. The race between seats (``race``) is shared by the two
ways of refereeing it: with the card pad (``pad``, the table sees every card laid) and
blind (``blind``, the players lay real cards and the table only hears the slaps). Split
by game, both packages would hold the same four modules.

Imports nothing: a game's modules load only when it is played.
"""
