"""The table shell's modes: what the buttons and the screens mean now (``App.mode``).

Their own module so that the shell's parts (``topper_app.play``,
``enroll``, ``resume``) can switch the mode without importing ``topper_app.app``."""

MENU = 0
STARTER = 1  # waiting for the first starter's seat button
GAME = 2
QUIT = 3  # "end the game?" asked
ENROLL_MODE = 4
NOTICE = 5  # a message screen until the table button is pressed
MODE_NAMES = ("menu", "starter", "game", "quit", "enroll", "notice")  # for the serial link
