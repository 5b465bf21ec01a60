"""The registry of games (topper.games) is what the device's menu holds at boot: it
must name every game without loading a single one, or the heap a game needs is gone
before the table picks it (docs/board-heap.md)."""

import subprocess
import sys
from pathlib import Path

LIB = Path(__file__).resolve().parents[2] / "firmware" / "lib"


def loaded_after(code):
    """The topper modules a fresh interpreter holds after running ``code``."""
    probe = code + "\nimport sys\nprint(' '.join(sorted(m for m in sys.modules if m.startswith('topper'))))"
    out = subprocess.run(
        [sys.executable, "-c", probe], cwd=LIB, capture_output=True, text=True, check=True
    ).stdout
    return out.split()


def test_the_menu_offers_all_six_games_without_loading_one():
    loaded = loaded_after(
        "from topper import games\n"
        "from topper_view import menu\n"
        "titles = [menu.Menu(game=key).value('game') for key in games.keys()]\n"
        "assert titles == ['WW3', 'ARMAGEDDON', 'TRIPP JOKES', 'TRICKY DICK',"
        " 'CRAZY JOB', 'GUESS MY CARD'], titles"
    )
    games = [m for m in loaded if m.startswith("topper.games.")]
    assert games == [], games


def test_a_game_s_package_loads_only_the_module_asked_for():
    loaded = loaded_after("import topper.games.guess.turn")
    assert "topper.games.guess.engine" in loaded
    for other in ("slap", "tripp", "tricky", "crazy"):
        assert not [m for m in loaded if m.startswith("topper.games.%s." % other)], other
