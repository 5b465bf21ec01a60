"""The simulator's terminal UI, built on Textual (docs/dependencies.md says why): it
runs in Linux, macOS and Windows terminals, lays itself out for the terminal's size and
takes keys, while the game itself stays in the sim's tables, the device's shell and the shared core.

- ``device``: the OLED (pixel for pixel, or its 8 lines in a small terminal) and the ring;
- ``slap_parts`` / ``turn_seats``: what only the table sees, as styled text;
- ``shell``: the app every game shares (title and clock, notice, key line, help, pause,
  snapshots, the table's clock driven by a timer and held while the game must wait);
- ``screens``: the help and the request for a bigger terminal, over the game;
- ``ready``: the "get ready" countdown before a game played in real time;
- ``slap_game``: the slap games at the device, with the pile and the hurry-up;
- ``board_app``: the device itself on the virtual board (``--device``), and ``turn_app``
  over it: a turn game at the device, with your hand and your numbered moves;
- ``monitor_app``: ``topper monitor``'s picture of a real board.
"""
