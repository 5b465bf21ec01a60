"""Topper Table. CircuitPython runs this file at power-up.

The referee itself is frozen into the firmware image (``topper_app``, with the game
core, the view and the drivers), so this file only starts it. A board flashed file by
file with ``topper flash`` finds the same packages in /lib instead. Settings live in
settings.toml beside this file (docs/device.md).
"""

from topper_app.main import run

run()
