"""The portable core tests on CircuitPython itself: a UF2 whose drive runs them.

``build(modules)`` takes the firmware part of the project's image (the core frozen in,
exactly as a table gets it), compiles tests/core/*.py and the test harness with
CircuitPython's own mpy-cross into the drive's lib/, and adds a code.py that waits for
the USB console, runs the named test modules with tests/micropython/harness.py and
prints ``CircuitPython core tests: N passed, N failed``. Compiled files keep the
board's compiler off the heap while a test module loads.

    .venv/bin/python tests/board/core_suite.py [--all | test_module ...]  # build, boot, report

``tests/board/test_core_on_circuitpython.py`` runs the CI subset (CI_MODULES) through
the board harness; the command above runs any set (docs/emulated-board.md has the
timings of both).
"""

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests" / "core"
HARNESS = ROOT / "tests" / "micropython" / "harness.py"
BUILD = ROOT / "build"
DONE = "@@end"

# Run in every CI run: one or more modules for each part of the core, chosen to finish
# in a few minutes of emulation. The rest run with --all (docs/emulated-board.md).
CI_MODULES = (
    "test_slaprules",
    "test_slapgame",
    "test_referee",
    "test_blindref",
    "test_clock",
    "test_commit_sha256",
    "test_slaplog",
    "test_journal",
    "test_pio_decode",
    "test_trippjokes_rules",
    "test_trickydick_rules",
)

RUNNER = '''"""Runs the portable core tests on this board (tests/board/core_suite.py)."""
import gc
import sys
import time

import supervisor

while not supervisor.runtime.serial_connected:  # output before that would be lost
    time.sleep(0.01)
time.sleep(0.2)

import harness

CORE = %(core)r
MODULES = %(modules)r

BASE = set(sys.modules)


def forget():
    """Drop every module imported since the start, so that each test module starts
    from the same heap (a board has no room to keep the whole suite loaded)."""
    for name in list(sys.modules):
        if name not in BASE:
            del sys.modules[name]
    gc.collect()


gc.collect()
print("@@begin %%d modules, %%d bytes free" %% (len(MODULES), gc.mem_free()))
harness.import_all(CORE)
forget()
print("@@imported %%d modules, %%d bytes free" %% (len(CORE), gc.mem_free()))
for name in MODULES:
    started = time.monotonic()
    harness.run_module(name)
    forget()
    print("@@module %%s %%.1f s, %%d bytes free" %% (name, time.monotonic() - started, gc.mem_free()))
print("CircuitPython core tests: %%d passed, %%d failed" %% (harness.RESULT[0], harness.RESULT[1]))
print("%(done)s")
'''


def all_modules():
    return sorted(p.stem for p in TESTS.glob("test_*.py"))


def core_modules():
    """Every module of the portable packages, as import names."""
    names = []
    for pkg in ("topper", "topper_view"):
        for path in sorted((ROOT / "firmware" / "lib" / pkg).rglob("*.py")):
            rel = path.relative_to(ROOT / "firmware" / "lib").with_suffix("")
            parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
            names.append(".".join(parts))
    return names


def build(modules, out=None):
    """Write the test UF2; returns its path."""
    from topper_host import image_build

    cfg = image_build.load_config(ROOT / "firmware")
    firmware = BUILD / ("topper-table-%s-firmware.uf2" % cfg.board)
    if not firmware.is_file():
        raise SystemExit("%s is missing: run bash scripts/build-firmware first" % firmware)
    unknown = sorted(set(modules) - set(all_modules()))
    if unknown:
        raise SystemExit("no such test module in tests/core: %s" % ", ".join(unknown))
    compiler = image_build.mpy_cross()
    drive = BUILD / "core-tests-drive"
    if drive.exists():
        shutil.rmtree(drive)
    (drive / "lib").mkdir(parents=True)
    for src in [HARNESS, *sorted(TESTS.glob("*.py"))]:
        if src.name.startswith("test_") and src.stem not in modules:
            continue
        target = drive / "lib" / (src.stem + ".mpy")
        subprocess.run([str(compiler), "-o", str(target), "-s", src.name, str(src)], check=True)
    runner = RUNNER % {"core": core_modules(), "modules": list(modules), "done": DONE}
    (drive / "code.py").write_text(runner)
    out = Path(out or BUILD / ("core-tests-%s.uf2" % cfg.board))
    image_build.combine(firmware, drive, cfg, out)
    return out


def run(uf2, timeout_s=7200):
    """Boot ``uf2`` on the emulated board and print its console until the end line;
    returns the console text."""
    import time

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from board import Board

    started = time.monotonic()
    with Board(uf2=uf2) as b:
        b.boot()
        said = b.console_until(DONE, timeout_ms=timeout_s * 1000)
        print("\n".join(ln for ln in said.splitlines() if not ln.startswith("@@run")))
        print("%.0f s of board time, %.0f s of wall time" % (b.emulated_us / 1e6, time.monotonic() - started))
    return said


def main(argv):
    modules = all_modules() if argv[:1] == ["--all"] else (argv or list(CI_MODULES))
    said = run(build(modules))
    return 0 if "failed" in said and ", 0 failed" in said else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
