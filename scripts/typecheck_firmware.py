"""Type-check firmware/ as the board sees it: mypy against circuitpython-stubs for one
board (default raspberry_pi_pico), with the Adafruit libraries `topper flash` installs.

    .venv/bin/python scripts/typecheck_firmware.py [--board ID] [FILE ...]

With no FILE it checks firmware/code.py, firmware/boot.py and every package under
firmware/lib. The point is the board's API: a pin the board does not have
(``board.GP99``), a module its CircuitPython build leaves out (``import wifi`` on a
Pico), a function or argument the stubs do not know, all fail.

How: mypy runs without the host's site-packages (``--no-site-packages``) on a search
path built in a temporary folder that holds only what the board has:

- ``board``: the board's own stub from circuitpython-stubs' ``board_definitions`` (the
  generic ``board-stubs`` would accept any pin);
- each module of CircuitPython that the board's stub lists as included, from its
  ``<name>-stubs`` package (modules of the standard library keep mypy's typeshed);
- the Adafruit libraries of ``topper_host.payload.ADAFRUIT_LIBS``, as installed (their
  own sources; errors inside them are not ours and are not reported).

The portable core is checked too. Errors mypy reports for code written without
annotations (``Optional`` attributes set in ``__init__``, empty lists) are switched
off; see CODES_OFF.
"""

import argparse
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FIRMWARE = ROOT / "firmware"
DEFAULT_BOARD = "raspberry_pi_pico"

# mypy's complaints about unannotated code that runs fine: attributes that start as None
# and are set later (union-attr, index, misc: "None" not callable), empty containers
# (var-annotated). Everything about modules, attributes, calls and arguments stays on.
CODES_OFF = ("union-attr", "index", "var-annotated", "misc")

# The portable core (firmware/lib/topper, topper_view) runs unchanged on CPython and
# MicroPython and never touches the hardware; its tuples and dicts of mixed types are
# fine there. Its module, attribute and call errors are still reported.
CORE_CODES_OFF = CODES_OFF + ("arg-type", "dict-item", "assignment", "call-overload")
CORE = ("topper", "topper_view")

# Modules every CircuitPython has that the board stub's list leaves out.
ALWAYS = ("micropython",)
# Helpers the Adafruit libraries import for their annotations.
HELPERS = ("circuitpython_typing",)


class Trouble(Exception):
    pass


def site_packages():
    spec = importlib.util.find_spec("board_definitions")
    if spec is None or not spec.submodule_search_locations:
        raise Trouble("circuitpython-stubs is not installed (bash scripts/setup installs it)")
    return Path(next(iter(spec.submodule_search_locations))).parent


def board_modules(stub_text):
    m = re.search(r"Included modules: (.*)", stub_text)
    if not m:
        raise Trouble("the board stub does not list its modules")
    names = set()
    for part in m.group(1).split(","):
        name = part.strip().split(" ")[0].split(".")[0]
        if name:
            names.add(name)
    return names


def adafruit_modules():
    sys.path.insert(0, str(ROOT / "host"))
    from topper_host.payload import ADAFRUIT_LIBS

    return [module for module, _ in ADAFRUIT_LIBS]


def build_path(board, out):
    """The search path for mypy in ``out``; returns (modules with stubs, libraries)."""
    sp = site_packages()
    stub = sp / "board_definitions" / board / "__init__.pyi"
    if not stub.is_file():
        raise Trouble("circuitpython-stubs has no board %r (circuitpython_setboard -l lists them)" % board)
    (out / "board").mkdir()
    shutil.copy(stub, out / "board" / "__init__.pyi")
    included = board_modules(stub.read_text(encoding="utf-8")) | set(ALWAYS)
    stubbed = []
    for name in sorted(included):
        if name == "board" or name in sys.stdlib_module_names:
            continue
        src = sp / (name + "-stubs")
        if src.is_dir():
            os.symlink(src, out / name)
            stubbed.append(name)
    # Our own C modules (firmware/cmod): their stubs sit beside their C.
    for pyi in sorted((ROOT / "firmware" / "cmod").glob("*/*.pyi")):
        shutil.copy(pyi, out / pyi.name)
    libs = []
    for name in adafruit_modules() + list(HELPERS):
        if (out / name).exists():
            continue  # built into this board: its stub, not the library, is what runs
        for candidate in (sp / name, sp / (name + ".py")):
            if candidate.exists():
                os.symlink(candidate, out / candidate.name)
                libs.append(name)
                break
        else:
            raise Trouble("%s is not installed (pip install -e '.[test]')" % name)
    return stubbed, libs


def config(path, stubbed, libs):
    lines = [
        "[mypy]",
        "python_version = 3.11",
        "no_site_packages = True",
        "check_untyped_defs = True",
        "explicit_package_bases = True",
        "disable_error_code = " + ", ".join(CODES_OFF),
        "",
        "[mypy-%s]" % ",".join("%s,%s.*" % (c, c) for c in CORE),
        "disable_error_code = " + ", ".join(CORE_CODES_OFF),
        "",
        # Stubs and libraries are what the board has, not code of ours to fix.
        "[mypy-%s]" % ",".join("%s,%s.*" % (n, n) for n in stubbed + libs),
        "ignore_errors = True",
        "",
    ]
    path.write_text("\n".join(lines), encoding="utf-8")


# settings.toml keys that name pins: the firmware looks them up with getattr(board, ...),
# which no type checker follows, so they are checked against the board stub here.
PIN_KEYS = re.compile(r"^(TOPPER_\w*(PIN|PINS|SDA|SCL|RESET|IRQ))\s*=\s*\"([^\"]*)\"", re.M)


def settings_pins(board_stub, settings):
    """Lines naming each pin of ``settings`` (settings.toml text) the board lacks."""
    pins = set(re.findall(r"^(\w+): microcontroller\.Pin", board_stub, re.M))
    bad = []
    for key, _, value in PIN_KEYS.findall(settings):
        for name in (v.strip() for v in value.split(",")):
            if name and name not in pins:
                bad.append("firmware/settings.toml: %s names %s, which this board does not have"
                           % (key, name))
    return bad


def default_files():
    files = [FIRMWARE / "code.py", FIRMWARE / "boot.py"]
    lib = FIRMWARE / "lib"
    files += sorted(p for p in lib.iterdir() if p.is_dir() and (p / "__init__.py").is_file())
    return [f for f in files if f.exists()]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--board", default=DEFAULT_BOARD, help="board id (default %(default)s)")
    ap.add_argument("files", nargs="*", help="files or folders (default: the firmware and the "
                    "pins of firmware/settings.toml)")
    args = ap.parse_args(argv)
    files = [Path(f) for f in args.files] or default_files()
    with tempfile.TemporaryDirectory(prefix="topper-typecheck-") as tmp:
        tmp = Path(tmp)
        env = tmp / "board"
        env.mkdir()
        try:
            stubbed, libs = build_path(args.board, env)
        except Trouble as e:
            print("typecheck: %s" % e, file=sys.stderr)
            return 2
        bad = []
        if not args.files:
            stub = (env / "board" / "__init__.pyi").read_text(encoding="utf-8")
            bad = settings_pins(stub, (FIRMWARE / "settings.toml").read_text(encoding="utf-8"))
            for line in bad:
                print(line)
        cfg = tmp / "mypy.ini"
        config(cfg, stubbed, libs)
        os.environ["MYPYPATH"] = os.pathsep.join([str(env), str(FIRMWARE / "lib")])
        cmd = [sys.executable, "-m", "mypy", "--config-file", str(cfg), "--cache-dir", str(tmp / "cache")]
        cmd += [str(f) for f in files]
        print("typecheck: mypy for board %s (%d CircuitPython modules, libraries %s)"
              % (args.board, len(stubbed), ", ".join(libs)), flush=True)
        rc = subprocess.run(cmd, cwd=ROOT, check=False).returncode
        return rc or (1 if bad else 0)


if __name__ == "__main__":
    sys.exit(main())
