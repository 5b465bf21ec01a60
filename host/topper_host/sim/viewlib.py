"""Imports ``topper_view`` from the firmware's ``lib`` folder.

``pyproject.toml`` maps only ``topper`` and ``topper_host`` into the installed package,
so ``topper_view`` (which the device loads from ``CIRCUITPY/lib``) is found beside the
core: ``firmware/lib/topper_view`` next to ``firmware/lib/topper``. The simulator must
draw with those very files, never a copy, so the folder is put on ``sys.path`` rather
than shipped twice.
"""

import os
import sys


def _lib_dir():
    import topper

    return os.path.dirname(os.path.dirname(os.path.abspath(topper.__file__)))


try:
    import topper_view  # noqa: F401
except ImportError:
    _lib = _lib_dir()
    if not os.path.isdir(os.path.join(_lib, "topper_view")):
        raise ImportError(
            "topper_view not found beside the core in %s: run from a checkout "
            "(the simulator draws with the firmware's own presentation code)" % _lib
        )
    sys.path.append(_lib)

from topper_view import effects, font5x8, ring, screen, sounds  # noqa: E402,F401
