"""The portable core's own tests, run by CircuitPython on the emulated Pico against the
core frozen into the image: a named subset in every CI run (core_suite.CI_MODULES), the
whole suite with ``python tests/board/core_suite.py --all`` and the board harness
(docs/emulated-board.md gives both timings)."""

import re

import core_suite


def test_the_core_tests_pass_on_circuitpython(board_factory):
    uf2 = core_suite.build(core_suite.CI_MODULES)
    b = board_factory(uf2=uf2)
    b.boot()
    # Emulated time: the subset takes about a minute of board time (docs/emulated-board.md).
    said = b.console_until(core_suite.DONE, timeout_ms=600_000)
    failures = [ln for ln in said.splitlines() if ln.startswith("FAIL")]
    assert not failures, "\n".join(failures)
    m = re.search(r"CircuitPython core tests: (\d+) passed, (\d+) failed", said)
    assert m, said[-800:]
    passed, failed = int(m.group(1)), int(m.group(2))
    # import_all counts each core module as one check, then every test of the subset.
    assert failed == 0 and passed > len(core_suite.core_modules()) + 50
    for ln in said.splitlines():
        if ln.startswith("@@module"):
            print(ln[2:])
    print(m.group(0))
