"""The referee of the game the menu chose, made only when it starts (heap: one game at
a time), by the module its registry record names (``topper.games``), and the game's
modules dropped at its end."""

import gc
import os
import sys

# The serial link's session (made when a host first opens the port) outlives games.
LINK_MODULES = ("topper.session", "topper.gamelog", "topper.protocol")
# The table shell's parts that a game imports (topper_app.app): the next game imports
# its own.
SHELL_PARTS = ("topper_app.play", "topper_app.linksetup")


def make(cfg, seed, settle_ms=1):
    """The referee of the game the menu chose, not started, imported only now (heap:
    one game at a time): its module's ``make`` (topper.referee). ``settle_ms``: how
    long a slap race stays open after its first reported press, as the device's
    buttons need it (``topper_hw.devices.race_settle_ms``). A game with sealed
    secrets (``SECRETS``) gets a key for their salts that nobody can see: its seed is
    the start press's stamp, which the log shows (topper.commit.KeyedSalts)."""
    mod = module(cfg)
    return mod.make(cfg, seed, settle_ms, salt_key() if getattr(mod, "SECRETS", False) else None)


def module(cfg):
    """The module that makes and restores the chosen game's referee, with the card pad
    or without (topper.games' record)."""
    from topper import games

    return load(games.find(cfg["game"]).module(cfg["cardpad"]))


def load(name):
    """Module ``name``, imported now. No importlib on CircuitPython: ``__import__``
    gives the package, the module itself is in ``sys.modules``."""
    __import__(name)
    return sys.modules[name]


def salt_key():
    """16 bytes from the board's true random generator as hex, or None (salts from the
    seed, as in the simulator) on a port without one."""
    from topper.commit import to_hex

    try:
        return to_hex(os.urandom(16))
    except (AttributeError, NotImplementedError, OSError):
        return None


def drop_game_modules(resident):
    """Forget the core modules the game imported (its rules, referee, view) and the
    shell's part that played it, and collect: a board keeps every module it ever
    imported, so without this a table that plays World War 3 and then Crazy Job would
    hold both (about 50 KB more; bench/mp_firmware_heap.mjs --then crazy). The next
    game imports its own. The serial link's session, once made, lives on: its modules
    stay."""
    for name in list(sys.modules):
        if name in resident or name in LINK_MODULES:
            continue
        if name.startswith("topper.") or name.startswith("topper_view.") or name in SHELL_PARTS:
            forget(name)
    gc.collect()


def forget(name):
    """Forget an imported module, so that what it holds goes back to the heap once
    nothing else refers to it. The package holds its submodules too: it is forgotten
    there as well."""
    del sys.modules[name]
    pkg, _, child = name.rpartition(".")
    if pkg in sys.modules and hasattr(sys.modules[pkg], child):
        delattr(sys.modules[pkg], child)
