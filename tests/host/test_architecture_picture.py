"""docs/architecture.dot (the picture in docs/architecture.md) names every package of
firmware/lib and every registered game: a package added without a place in the picture
fails here, so the picture a newcomer reads does not silently go stale."""

import pathlib

from topper import games

ROOT = pathlib.Path(__file__).resolve().parents[2]
DOT = ROOT / "docs" / "architecture.dot"
LIB = ROOT / "firmware" / "lib"


def _labels():
    return DOT.read_text(encoding="utf-8")


def test_every_firmware_package_is_drawn():
    dot = _labels()
    packages = sorted(p.name for p in LIB.iterdir() if (p / "__init__.py").exists())
    assert packages, LIB
    missing = [p for p in packages if p not in dot]
    assert not missing, "packages missing from docs/architecture.dot: %s" % missing


def test_every_core_module_is_drawn():
    dot = _labels()
    modules = sorted(p.stem for p in (LIB / "topper").glob("*.py") if p.stem != "__init__")
    missing = [m for m in modules if m not in dot]
    assert not missing, "core modules missing from docs/architecture.dot: %s" % missing


def test_every_game_package_is_drawn():
    dot = _labels()
    folders = sorted(p.name for p in (LIB / "topper" / "games").iterdir() if (p / "__init__.py").exists())
    assert len(folders) >= 5, folders  # slap (two games), tripp, tricky, crazy, guess
    missing = [f for f in folders if "games.%s" % f not in dot]
    assert not missing, "game packages missing from docs/architecture.dot: %s" % missing
    # and the package that referees each registered game is one of them
    for g in games.GAMES:
        package = g.referee.split(".")[2]  # topper.games.<package>.<module>
        assert package in folders, (g.key, g.referee)


def test_the_rendered_picture_is_in_the_docs():
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    assert "img/architecture.png" in text and "architecture.dot" in text
    png = ROOT / "docs" / "img" / "architecture.png"
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
