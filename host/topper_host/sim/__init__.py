"""The terminal simulator behind ``topper sim``: a second shell around the core.

The firmware turns buttons, the card pad and ``supervisor.ticks_ms`` into referee calls
and draws the referee's view on the ring and the OLED. This package does the same with a
keyboard and bots instead of buttons, a seeded virtual deck instead of the card pad and a
clock that is either real (a game in the terminal) or fake (headless runs, bots-only
batches, tests). It draws with ``topper_view``, the very functions the device uses.

One job a module: ``clock`` (real and fake time), ``bots`` (seeded players),
``device_bots`` (bots at the virtual board's buttons and pad), ``slap_board`` and
``slap_cmd`` (the slap games at the device's shell), ``turn_table``, ``moves`` (each game's
moves at the device, from its host package ``topper_host.games.<game>``) and ``turn_cmd``
(the turn games at it), ``device_cmd`` (``--device``), ``frame`` (what a
device shows, for the monitor), ``look`` (colours and the picture's shapes), ``ui``
(the terminal UI, on Textual), ``png``, ``snapshot`` and ``shot`` (pictures), ``logs``
(where logs go), ``summary`` (bots-only statistics), ``option_rules`` (which option
each game and mode takes), ``narrate`` (rulings in words),
``learn`` (the rule behind each ruling, ``--learn``).
"""
