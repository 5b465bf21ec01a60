"""The folder the page is: ``write(folder)`` puts every file of it there.

Nothing is fetched from elsewhere when the page runs: the folder holds the page
(``static/``: markup, script, style), MicroPython itself (the npm package's
``micropython.mjs`` and ``micropython.wasm``, from the checkout's
``tests/micropython/node_modules``, the very build the core's tests run on) and the
Python the page runs, in one file, ``python.json`` (``{path: source}``, written into
MicroPython's file system before the first import): the firmware's packages whole,
and of the host only the virtual board, the bots' tables and the page's own table.
"""

import json
import os
import shutil

from topper_host import origin

HERE = os.path.dirname(os.path.abspath(__file__))
STATIC = os.path.join(HERE, "static")
HOST = os.path.dirname(HERE)
NPM = ("tests", "micropython", "node_modules", "@micropython", "micropython-webassembly-pyscript")
MICROPYTHON = ("micropython.mjs", "micropython.wasm")

# The firmware's packages, every module: the page runs the device's own code.
FIRMWARE = ("topper", "topper_view", "topper_app", "topper_hw")
# Of the host, what the page imports (topper_host.web.table and what it imports).
HOST_FILES = (
    "__init__.py",
    "virtual",
    "games",
    "web/__init__.py",
    "web/table.py",
    "web/slices.py",
    "sim/__init__.py",
    "sim/bots.py",
    "sim/device_bots.py",
    "sim/blind_bots.py",
    "sim/blind_table.py",
    "sim/slap_board.py",
    "sim/turn_table.py",
    "sim/moves.py",
    "sim/think.py",
)


class Missing(Exception):
    """A file the page needs is not there (the npm MicroPython before scripts/setup)."""


def micropython_dir():
    """Where the npm MicroPython is, in the checkout; None from a wheel."""
    root = origin.checkout()
    return None if root is None else os.path.join(str(root), *NPM)


def _py_files(top, rel):
    """``(path in the page, path here)`` of every .py under ``top/rel`` (a file or a folder)."""
    path = os.path.join(top, rel)
    if os.path.isfile(path):
        return [(rel, path)]
    out = []
    for folder, dirs, files in os.walk(path):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if name.endswith(".py"):
                full = os.path.join(folder, name)
                out.append((os.path.relpath(full, top).replace(os.sep, "/"), full))
    return out


def python_sources():
    """``{path under /lib in the page: source}`` of every module the page may import."""
    lib = os.path.join(str(origin.firmware()), "lib")
    files = []
    for pkg in FIRMWARE:
        files += _py_files(lib, pkg)
    for rel in HOST_FILES:
        files += [("topper_host/" + p, full) for p, full in _py_files(HOST, rel)]
    out = {}
    for rel, full in files:
        with open(full, encoding="utf-8") as f:
            out[rel] = f.read()
    return out


def write(folder):
    """Every file of the page into ``folder`` (made if missing); ``Missing`` if the npm
    MicroPython is not in the checkout. Returns the files written."""
    mp = micropython_dir()
    if mp is None:
        raise Missing("the page needs a checkout (its npm MicroPython): run it from one")
    if not all(os.path.isfile(os.path.join(mp, n)) for n in MICROPYTHON):
        raise Missing("the npm MicroPython is not in %s: run bash scripts/setup" % mp)
    os.makedirs(folder, exist_ok=True)
    written = []
    for name in sorted(os.listdir(STATIC)):
        shutil.copyfile(os.path.join(STATIC, name), os.path.join(folder, name))
        written.append(name)
    for name in MICROPYTHON:
        shutil.copyfile(os.path.join(mp, name), os.path.join(folder, name))
        written.append(name)
    with open(os.path.join(folder, "python.json"), "w", encoding="utf-8") as f:
        json.dump(python_sources(), f, separators=(",", ":"), sort_keys=True)
    written.append("python.json")
    return written
