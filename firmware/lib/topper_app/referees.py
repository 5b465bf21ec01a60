"""The referee of the game the menu chose, made only when it starts (heap: one game at
a time): the slap games' (with the card pad or blind) and the turn games'
(``topper.turnref`` over the game's ``turn`` module)."""

import gc
import os
import sys

# The serial link's session (made when a host first opens the port) outlives games.
LINK_MODULES = ("topper.session", "topper.gamelog", "topper.protocol")
# The table shell's parts that a game imports (topper_app.app): the next game imports
# its own.
SHELL_PARTS = ("topper_app.slapplay", "topper_app.blindplay", "topper_app.turnplay", "topper_app.linksetup")


def make_referee(cfg, seed, settle_ms=1):
    """The referee for the chosen game, imported only now (heap: one game at a time).

    With the card pad the full-knowledge ``SlapReferee`` judges every card the pad
    reads. Without it (RULES.md section 8) the device cannot see cards: the blind
    referee ranks slaps, keeps turns, lockouts and timers, and the table judges each
    slap with the table button. ``settle_ms``: how long a race stays open after its
    first reported press, as the device's buttons need it
    (``topper_hw.devices.race_settle_ms``)."""
    if cfg["cardpad"]:
        from topper.games.slap.pad import SlapReferee
        from topper.games.slap.engine import SlapGame

        g = SlapGame(cfg["game"], cfg["seats"], cfg["jokers"])
        ref = SlapReferee(g, seed=seed, hurry_ms=cfg["hurry_ms"], settle_ms=settle_ms)
        ref.recycle = True  # its slap rulings are reused records: the log copies them (topper_app.logqueue)
        return ref
    from topper.games.slap.blind import BlindSlapReferee

    blind = BlindSlapReferee(
        cfg["game"], cfg["seats"], seed=seed, hurry_ms=cfg["hurry_ms"], settle_ms=settle_ms
    )
    blind.recycle = True  # as the card referee's
    return blind


def referee_module(cfg):
    """The module that makes and restores the chosen game's referee, imported only now
    (heap: one game at a time): a turn game's ``turn`` module, or the slap referee of
    the card pad or of blind play. Each has ``restore(saved, now)`` for the referee's
    ``save(t)`` (topper.turnref). No importlib on CircuitPython: ``__import__`` gives
    the package, the module itself is in ``sys.modules``."""
    from topper import games

    name = games.find(cfg["game"])[4]
    if not cfg["cardpad"] and not games.is_turn(cfg["game"]):
        name = "topper.games.slap.blind"
    __import__(name)
    return sys.modules[name]


def turn_seats(game):
    from topper import games

    return games.find(game)[2]


def make_turn_referee(cfg, seed):
    """The chosen turn game's referee, not started: the pad's cards when it is on,
    else the buttons (topper.gamekit.Entry)."""
    from topper.gamekit import Entry

    control = None
    if cfg["control"] is not None:
        from topper.clock import TimeControl

        kind, base, extra = cfg["control"]
        control = TimeControl(kind, base, extra)
    entry = Entry.PAD if cfg["cardpad"] else Entry.BUTTONS
    mod = referee_module(cfg)
    if getattr(mod, "SECRETS", False):
        # The seed is the start press's stamp, which the log shows: the seals' salts
        # come from a key nobody can see instead (topper.commit.KeyedSalts).
        return mod.make(cfg["seats"], entry, seed, control, cfg["options"], salt_key())
    return mod.make(cfg["seats"], entry, seed, control, cfg["options"])


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
