"""Fixtures for tests on the emulated board (docs/emulated-board.md).

- ``board``: one booted board per test module (a boot costs seconds of wall time), with
  code.py running and both USB serial ports open. Tests in a module share it, in order.
- ``board_factory``: fresh ``Board`` objects for a test that wants its own (power cuts
  from a known start, special UF2s); each is closed after the test.

Every board test is marked ``board`` (select with ``-m board``, leave out with
``-m "not board"``); they are skipped when node_modules or the UF2 is missing. When a
test fails, the last OLED frame of each board it used goes to
``build/board-failures/<test>.png`` and the failure report says where. The wall and
emulated time of every board test are printed at the end of the run.
"""

import importlib.util
import os
import pathlib
import shutil
import time

import pytest
import variants

HERE = pathlib.Path(__file__).resolve().parent
REPO = HERE.parent.parent
FAILURES = REPO / "build" / "board-failures"

# Loaded under its own name: a module called ``board`` would stand for CircuitPython's
# ``board`` in any other test that imports one.
_spec = importlib.util.spec_from_file_location("topper_board", HERE / "board.py")
topper_board = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(topper_board)
Board = topper_board.Board
BoardError = topper_board.BoardError

_live = []  # boards in use, for the failure pictures
_seen = []  # every board made, for the emulated time of each test
_timings = []  # (test id, wall s, emulated ms)


def uf2_path():
    return pathlib.Path(os.environ.get("TOPPER_UF2") or REPO / "build" / "topper-table-raspberry_pi_pico.uf2")


NO_UF2 = ("test_board_drift.py", "test_board_driver.py")  # tests that boot no firmware


def bootrom_path():
    """Where tests/board/paths.mjs will find the bootrom, or None."""
    if os.environ.get("TOPPER_BOOTROM"):
        p = pathlib.Path(os.environ["TOPPER_BOOTROM"])
        return p if p.is_file() else None
    for d in [REPO, *REPO.parents]:
        p = d.parent / "shared" / "circuitpython" / "bootrom.mjs"
        if p.is_file():
            return p
    return None


def _why_not(needs_uf2=True):
    if shutil.which("node") is None:
        return "node is not installed"
    if not (HERE / "node_modules" / "rp2040js").is_dir():
        return "tests/board/node_modules is missing: run scripts/setup (npm ci in tests/board)"
    if bootrom_path() is None:
        return "no RP2040 bootrom (../shared/circuitpython/bootrom.mjs): set TOPPER_BOOTROM"
    if needs_uf2 and not uf2_path().is_file():
        return "no UF2 at %s: build it, or set TOPPER_UF2" % uf2_path()
    return None


# The modules that take longest on the emulated board, longest first, with their wall time
# on a 2-core machine (the sum of each test's `--durations=0` lines; all 29 modules take
# about 4,400 s). The board step gives a module to one worker whole (--dist loadfile) and, with
# --no-loadscope-reorder, in the order collected: these go first, so that none of them is
# handed out last and runs alone while the other core idles. The rest follow in order.
LONGEST_FIRST = (
    "test_turn_pad_powercut.py",  # 1,099 s
    "test_board_deck_maps.py",  # 636 s
    "test_turn_buttons.py",  # 316 s
    "test_core_on_circuitpython.py",  # 313 s
    "test_turn_pad_reshuffle.py",  # 276 s
    "test_slap_link_fuzz.py",  # 217 s
    "test_turn_pad.py",  # 207 s
)


def pytest_collection_modifyitems(config, items):
    first = {name: rank for rank, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: first.get(pathlib.Path(str(item.fspath)).name, len(first)))
    for item in items:
        path = pathlib.Path(str(item.fspath))
        if path.parent == HERE:
            item.add_marker(pytest.mark.board)
            why = _why_not(needs_uf2=path.name not in NO_UF2)
            if why and os.environ.get("CI"):
                # In CI a missing piece is a broken setup, never a reason to pass.
                raise pytest.UsageError("the emulated board cannot run in CI: " + why)
            if why:
                item.add_marker(pytest.mark.skip(reason=why))


# code.py says it runs (the app's status line), or at least CircuitPython names it in the
# terminal title it writes when it starts code.py.
RUNNING = r"topper: running|code\.py \|"


def boot_to_code(b, timeout_ms=15000):
    """Power on and run until code.py runs and answers on the data port."""
    b.boot()
    b.console_until(RUNNING, timeout_ms=timeout_ms, regex=True)
    hello = b.request({"cmd": "hello"}, timeout_ms=timeout_ms)
    assert hello["k"] == "hello", hello
    return hello


@pytest.fixture(scope="module")
def board(request):
    b = Board(log_path=_log_path(request.module.__name__.rsplit(".", 1)[-1]))
    _live.append(b)
    _seen.append(b)
    try:
        with b:
            t0 = time.monotonic()
            boot_to_code(b)
            wall = time.monotonic() - t0
            _timings.append(("(boot for %s)" % request.module.__name__, wall, b.emulated_us / 1000))
            yield b
    finally:
        _live.remove(b)


def _factory(made, prefix="test"):
    def make(settings=None, **kw):
        """A started Board; ``settings``: settings.toml keys to change (variants.py)."""
        if settings:
            uf2, path = variants.variant(settings)
            kw["uf2"] = uf2
            env = dict(os.environ if kw.get("env") is None else kw["env"])
            env["TOPPER_SETTINGS"] = str(path)
            kw["env"] = env
        b = Board(log_path=_log_path("%s-%d" % (prefix, len(made))), **kw).start()
        made.append(b)
        _live.append(b)
        _seen.append(b)
        return b

    return make


def _close_all(made):
    for b in made:
        _live.remove(b)
        b.close()


@pytest.fixture
def board_factory():
    made = []
    yield _factory(made)
    _close_all(made)


@pytest.fixture(scope="module")
def module_board_factory(request):
    """``board_factory`` for a module whose tests share a board of their own (other
    settings, a deck enrolled once): closed after the module's last test."""
    made = []
    yield _factory(made, request.module.__name__.rsplit(".", 1)[-1])
    _close_all(made)


def _log_path(name):
    d = REPO / "build" / "board-logs"
    d.mkdir(parents=True, exist_ok=True)
    return d / ("%s-%d.log" % (name, os.getpid()))


@pytest.fixture(autouse=True)
def _board_timing(request):
    t0 = time.monotonic()
    e0 = sum(b.emulated_us for b in _seen)
    yield
    wall = time.monotonic() - t0
    emu = (sum(b.emulated_us for b in _seen) - e0) / 1000
    _timings.append((request.node.nodeid, wall, emu))
    print("\n[board] %s: %.1f s wall, %.0f ms emulated" % (request.node.name, wall, emu))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    if rep.when != "call" or not rep.failed or not _live:
        return
    notes = []
    for i, b in enumerate(list(_live)):
        name = item.name.replace("/", "_") + ("" if i == 0 else "-%d" % i)
        path = FAILURES / (name + ".png")
        try:
            frame = b.oled_frame() if b.proc is not None else b.last_frame
        except BoardError as e:
            frame = b.last_frame
            notes.append("board %d: no OLED frame now (%s)" % (i, e))
        if frame is not None:
            frame.png(path)
            notes.append("board %d: last OLED frame saved to %s" % (i, path))
        notes.append("board %d: harness log %s; last lines:\n%s" % (i, b.log_path, b.log_tail(8)))
    rep.sections.append(("emulated board", "\n".join(notes)))


def pytest_terminal_summary(terminalreporter):
    if not _timings:
        return
    terminalreporter.section("emulated board: time per test")
    for nodeid, wall, emu in _timings:
        terminalreporter.write_line("%7.1f s wall %9.0f ms emulated  %s" % (wall, emu, nodeid))
