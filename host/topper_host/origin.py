"""Where this `topper` runs from: a checkout of Topper Table, or an installed wheel.

A checkout has everything: firmware/ with image.toml, the scripts that build an image,
build/ where `topper build` writes it. A wheel carries the board's files as
topper_host/firmware (pyproject.toml's package-data) and, when scripts/release made it,
the firmware image beside them; it cannot build an image.
"""

import importlib.resources
from pathlib import Path

# The image scripts/release puts into the wheel, and the name `topper build` gives it.
IMAGE = "topper-table-raspberry_pi_pico.uf2"


def checkout():
    """The checkout's root (an editable install or PYTHONPATH), or None from a wheel."""
    root = Path(__file__).resolve().parents[2]
    return root if (root / "firmware" / "image.toml").is_file() else None


def firmware():
    """The firmware folder: the checkout's firmware/, else the copy the wheel installed."""
    root = checkout()
    if root is not None:
        return root / "firmware"
    return Path(str(importlib.resources.files("topper_host") / "firmware"))


def image():
    """The UF2 `topper flash --uf2` takes when given none: in a checkout, build/IMAGE
    where topper runs (what `topper build` writes there); from a wheel, the image it
    carries, or None when it was built without one."""
    if checkout() is not None:
        return Path("build") / IMAGE
    carried = firmware() / IMAGE
    return carried if carried.is_file() else None
