"""The terminal simulator behind ``topper sim``: a second shell around the core.

The firmware turns buttons, the card pad and ``supervisor.ticks_ms`` into referee calls
and draws the referee's view on the ring and the OLED. This package does the same with a
keyboard and bots instead of buttons, a seeded virtual deck instead of the card pad and a
clock that is either real (a game in the terminal) or fake (headless runs, bots-only
batches, tests). It draws with ``topper_view``, the very functions the device uses.

One job a module: ``clock`` (real and fake time), ``bots`` (seeded players),
``table`` (referee + log + agenda of timed actions), ``loop`` (the one loop every mode
runs without a terminal), ``frame`` (what the device would show now), ``look``
(colours and the picture's shapes), ``ui`` (the terminal UI, on Textual), ``headless``
(scripts and transcripts), ``replay`` (a log played back), ``png``, ``snapshot`` and
``shot`` (pictures), ``logs`` (where logs go), ``summary`` (bots-only statistics),
``narrate`` (rulings in words), ``learn`` (the rule behind each ruling, ``--learn``);
``turn_*`` the same for the turn-based games.
"""
