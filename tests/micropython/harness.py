"""The board side of the portable test runs: imports test modules and calls their tests.

This is a stand-in for the small part of pytest that the portable tests rely on:
top-level ``test_*`` functions without arguments and plain ``assert``. It runs inside the
npm MicroPython (run_core_tests.mjs) and on CircuitPython on the emulated Pico
(tests/board/core_suite.py), so it uses only what a board has: MicroPython prints an
exception with ``sys.print_exception``, CircuitPython with ``traceback.print_exception``
(it has no ``sys.print_exception``; docs/portability.md). Each failure is one line
starting with ``FAIL`` so that the Node side and a person reading CI output see it at
once; the counts are left in ``RESULT`` for Node.
Lines starting with ``@@`` are for Node only.
"""

import gc
import io
import sys

RESULT = [0, 0]  # passed, failed


def _print_exception(exc, out):
    if hasattr(sys, "print_exception"):
        sys.print_exception(exc, out)  # MicroPython
    else:
        import traceback  # CircuitPython

        traceback.print_exception(exc, file=out)


def _where(exc):
    # The innermost frame, plus the innermost frame inside the tests, so that a bare
    # ``assert`` (no message) still says which line failed.
    buf = io.StringIO()
    _print_exception(exc, buf)
    frames = []
    for line in buf.getvalue().split("\n"):
        line = line.strip()
        if line.startswith('File "'):
            path = line[6 : line.index('"', 6)]
            if path == "<stdin>":
                continue  # the harness and the import guard, not the code under test
            rest = line[line.index('"', 6) + 1 :]
            num = rest.split("line ")[-1].split(",")[0].strip()
            frames.append("%s:%s" % (path.split("/")[-1], num))
    test_frames = [f for f in frames if f.startswith("test_")]
    if not frames:
        return ""
    inner = frames[-1]
    if test_frames and test_frames[-1] != inner:
        return "%s <- %s" % (inner, test_frames[-1])
    return inner


def _fail(label, exc):
    RESULT[1] += 1
    text = str(exc).replace("\n", " | ")
    msg = type(exc).__name__
    if text:
        msg += ": " + text
    print("FAIL %s: %s (%s)" % (label, msg, _where(exc)))


def run_module(name):
    """Import one test module and call each of its ``test_*`` functions."""
    try:
        mod = __import__(name)
    except Exception as e:  # an ImportError here is the portability guard firing
        _fail("%s (import)" % name, e)
        return
    # Sorted because module dicts have no order on MicroPython; pytest's order is the
    # file's, which does not matter for independent tests.
    for attr in sorted(dir(mod)):
        if not attr.startswith("test_"):
            continue
        fn = getattr(mod, attr)
        if not callable(fn):
            continue
        gc.collect()
        # Tells Node which test was running if the interpreter hangs or dies in it.
        print("@@run %s.%s" % (name, attr))
        try:
            fn()
        except (Exception, SystemExit) as e:  # a sys.exit() in a test fails that test only
            _fail("%s.%s" % (name, attr), e)
        else:
            RESULT[0] += 1


def import_all(names):
    """Import each module of the core: one passed check per module that loads."""
    for name in names:
        try:
            __import__(name)
        except Exception as e:
            _fail("import %s" % name, e)
        else:
            RESULT[0] += 1
