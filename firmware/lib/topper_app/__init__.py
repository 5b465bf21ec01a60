"""Topper Table's device application: the App (``topper_app.app``) and its loop
(``topper_app.main``). Frozen into the firmware image with the core, the view and the
drivers, so its bytecode stays in flash; ``code.py`` on the drive only starts it."""
