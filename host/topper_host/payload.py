"""What `topper flash` puts on the drive: the firmware folder and the Adafruit libraries.

Everything comes from this checkout and from packages already installed in the Python
running `topper` (the adafruit-circuitpython-* wheels from PyPI, pyproject.toml's board
extra): nothing is downloaded.
The wheels hold the same .py sources as Adafruit's library bundle, so the board gets
plain .py files in lib/ (compiled only with --mpy and a CircuitPython mpy-cross).
"""

import importlib.machinery
import importlib.metadata
from dataclasses import dataclass
from pathlib import Path

from topper_host import paths

# Libraries the firmware imports: (module, PyPI distribution that ships it), and what
# needs each (docs/dependencies.md):
#   neopixel             the ring (topper_hw.pixels), always
#   adafruit_pixelbuf    neopixel's base class
#   adafruit_pn532       the card pad, TOPPER_CARDPAD = 1 (topper_hw.cardpad)
#   adafruit_pioasm      TOPPER_SLAP_CAPTURE = "pio" (topper_hw.pio_seats)
#   adafruit_fram        an FRAM chip at 0x50 for the power-cut saves (journal_store)
#   adafruit_bus_device  I2C for adafruit_pn532 and adafruit_fram
# adafruit_bus_device and adafruit_pixelbuf are built into CircuitPython on the RP2040,
# which then ignores the lib/ copy; it is there for boards built without them. All ship
# whatever the settings say, so that changing settings.toml or fitting the chip is
# enough; the firmware names a missing one on the OLED and the link at boot
# (topper_hw.devices). The OLED has its own driver (topper_hw.oled): no adafruit_ssd1306
# or adafruit_framebuf on the board.
ADAFRUIT_LIBS = (
    ("neopixel", "adafruit-circuitpython-neopixel"),
    ("adafruit_pixelbuf", "adafruit-circuitpython-pixelbuf"),
    ("adafruit_pn532", "adafruit-circuitpython-pn532"),
    ("adafruit_pioasm", "adafruit-circuitpython-pioasm"),
    ("adafruit_fram", "adafruit-circuitpython-fram"),
    ("adafruit_bus_device", "adafruit-circuitpython-busdevice"),
)

# firmware/libs.txt may name more modules (one per line, "# comments" allowed), so that
# the firmware can add a library without changing this file.
EXTRA_LIBS_FILE = "libs.txt"

# adafruit_framebuf.text() opens this file from the current folder, which on the board
# is the drive root. It is in the library's source distribution, not in its wheel.
FONT = "font5x8.bin"
FONT_SIZE = 2 + 256 * 5  # width and height bytes, then 5 column bytes per character

ROOT_FILES = ("boot.py", "settings.toml", "code.py")
KEEP_IF_PRESENT = ("settings.toml",)  # the user edits it on the drive


class PayloadError(Exception):
    """Something the payload needs is missing or broken."""


@dataclass
class Item:
    """One file to put on the drive."""

    path: str  # posix path from the drive root: "lib/topper/cards.py"
    data: bytes
    version: str  # where it came from: "topper-table 0.1.0"
    keep: bool = False  # only written when absent (settings.toml)


def _skip(path, base):
    """Caches, hidden files and folders are not shipped."""
    rel = path.relative_to(base)
    return (
        any(part.startswith(".") or part == "__pycache__" for part in rel.parts)
        or path.suffix in (".pyc", ".pyo")
        or not path.is_file()
    )


def topper_version():
    try:
        return "topper-table " + importlib.metadata.version("topper-table")
    except importlib.metadata.PackageNotFoundError:
        return "topper-table (not installed)"


def firmware_items(firmware_dir):
    """code.py, boot.py, settings.toml and everything under lib/ of the firmware folder."""
    firmware_dir = Path(firmware_dir)
    if firmware_dir.exists() and not firmware_dir.is_dir():
        raise PayloadError(f"--firmware {firmware_dir}: is a file; give the firmware folder")
    if not firmware_dir.is_dir():
        raise PayloadError(f"firmware folder not found: {firmware_dir} (pass --firmware DIR)")
    version = topper_version()
    items = []
    lib = firmware_dir / "lib"
    if lib.is_dir():
        for path in sorted(lib.rglob("*")):
            if not _skip(path, firmware_dir):
                rel = path.relative_to(firmware_dir).as_posix()
                items.append(Item(rel, _read(path), version))
    for name in ROOT_FILES:
        path = firmware_dir / name
        if path.is_file():
            items.append(Item(name, _read(path), version, keep=name in KEEP_IF_PRESENT))
    return items


def _read(path):
    try:
        return path.read_bytes()
    except OSError as e:
        raise PayloadError("cannot read %s" % paths.why(e, path))


def extra_lib_names(firmware_dir):
    path = Path(firmware_dir) / EXTRA_LIBS_FILE
    if not path.is_file():
        return []
    names = []
    for line in path.read_text(encoding="utf-8").splitlines():
        name = line.split("#", 1)[0].strip()
        if name:
            names.append(name)
    return names


def _dist_version(module, dist):
    names = importlib.metadata.packages_distributions().get(module) or [dist]
    for name in names:
        try:
            return f"{name} {importlib.metadata.version(name)}"
        except importlib.metadata.PackageNotFoundError:
            continue
    return f"{module} (version unknown)"


def _locate(module):
    """The installed module's spec, found on sys.path without importing it. PathFinder
    skips sys.modules on purpose: a test fake or a Blinka shim loaded under the same
    name must not stand in for the file that goes on the board."""
    return importlib.machinery.PathFinder.find_spec(module)


def library_items(modules):
    """lib/ items for installed modules, given as (module, distribution) pairs."""
    items = []
    missing = []
    for module, dist in modules:
        spec = _locate(module)
        if spec is None:
            missing.append(dist or module)
            continue
        version = _dist_version(module, dist)
        if spec.submodule_search_locations:
            pkg = Path(next(iter(spec.submodule_search_locations)))
            for path in sorted(pkg.rglob("*.py")):
                if not _skip(path, pkg):
                    rel = f"lib/{module}/{path.relative_to(pkg).as_posix()}"
                    items.append(Item(rel, path.read_bytes(), version))
        elif spec.origin and spec.origin.endswith(".py"):
            items.append(Item(f"lib/{module}.py", Path(spec.origin).read_bytes(), version))
        else:
            raise PayloadError(f"{module} is installed without Python source ({spec.origin})")
    if missing:
        # The board extra brings every library of ADAFRUIT_LIBS; one named only in
        # libs.txt is installed by its own name.
        ours = {d for _, d in ADAFRUIT_LIBS}
        install = ["'topper-table[board]'" if m in ours else m for m in missing]
        raise PayloadError(
            "missing libraries: {}. A board on stock CircuitPython needs them: pip install {} "
            "into the Python that runs topper; a board flashed with the image has them "
            "frozen: --no-libs".format(", ".join(missing), " ".join(dict.fromkeys(install)))
        )
    return items


def find_font(candidates):
    """Path of the first readable font5x8.bin among ``candidates`` (None entries skipped)."""
    for path in candidates:
        if path and Path(path).is_file():
            return Path(path)
    return None


def font_candidates(firmware_dir, explicit=None):
    """Where a font5x8.bin may be: --font, the firmware folder, beside adafruit_framebuf."""
    found = [explicit, Path(firmware_dir) / FONT]
    spec = _locate("adafruit_framebuf")
    if spec and spec.origin:
        found.append(Path(spec.origin).parent / FONT)
    return found


def font_item(path):
    try:
        data = Path(path).read_bytes()
    except OSError as e:
        raise PayloadError("cannot read the font %s" % paths.why(e, path))
    if len(data) != FONT_SIZE or data[:2] != bytes((5, 8)):
        raise PayloadError(
            f"{path} is not a 5x8 font for adafruit_framebuf ({len(data)} bytes, expected "
            f"{FONT_SIZE} starting with 5, 8)"
        )
    return Item(FONT, data, "font " + Path(path).name)


def build(firmware_dir, with_libs=True, font=None):
    """All items, lib/ first and code.py last, and a list of warnings for the user."""
    warnings = []
    items = firmware_items(firmware_dir)
    if not any(i.path == "code.py" for i in items):
        warnings.append(f"{firmware_dir} has no code.py: the board will not start Topper Table")
    if with_libs:
        extra = [(name, None) for name in extra_lib_names(firmware_dir)]
        known = {m for m, _ in ADAFRUIT_LIBS}
        items.extend(library_items(list(ADAFRUIT_LIBS) + [e for e in extra if e[0] not in known]))
    font_path = find_font(font_candidates(firmware_dir, font))
    if font is not None and font_path != Path(font):
        raise PayloadError(f"font not found: {font}")
    if font_path:
        items.append(font_item(font_path))
    return order(items), warnings


def order(items):
    """lib/ first, root files next, code.py last: CircuitPython reloads on every write,
    and a code.py that lands before its libraries would start against old ones."""

    def rank(item):
        if item.path == "code.py":
            return (2, item.path)
        return (0 if "/" in item.path else 1, item.path)

    return sorted(items, key=rank)
