"""Fixtures for the browser page's tests (docs/web.md): the page built once, and
``drive``, which runs ``drive.mjs`` (Debian's Chromium through playwright-core, every
request off this machine aborted) on it.

Every test here is marked ``web``. They are skipped when playwright-core or
/usr/bin/chromium is missing (scripts/setup installs both; scripts/test checks for them
before it runs anything). When a test fails, the page as it was at the end of its last
run goes to ``build/web-failures/<test>.png`` and the failure report says where.
"""

import json
import os
import pathlib
import shutil
import subprocess

import pytest

from topper_host.web import site

HERE = pathlib.Path(__file__).resolve().parent
REPO = HERE.parent.parent
FAILURES = REPO / "build" / "web-failures"
CHROMIUM = "/usr/bin/chromium"
TIMEOUT_S = 600


def missing():
    if not (HERE / "node_modules" / "playwright-core").is_dir():
        return "no playwright-core in tests/web/node_modules: run bash scripts/setup"
    if not os.path.exists(CHROMIUM):
        return "no %s: run bash scripts/setup" % CHROMIUM
    return None


def pytest_collection_modifyitems(config, items):
    for item in items:
        if pathlib.Path(str(item.path)).parent == HERE:
            item.add_marker(pytest.mark.web)


@pytest.fixture(scope="session")
def page_dir(tmp_path_factory):
    why = missing()
    if why:
        pytest.skip(why)
    folder = tmp_path_factory.mktemp("page")
    site.write(str(folder))
    return folder


@pytest.fixture
def drive(page_dir, request, tmp_path):
    """``drive(command, *args)``: drive.mjs's JSON answer; its last picture of the page
    is kept for the report if the test fails."""
    shot = tmp_path / "page.png"
    request.node.web_shot = shot

    def run(command, *args):
        argv = ["node", str(HERE / "drive.mjs"), "--shot", str(shot), str(page_dir), command]
        done = subprocess.run(argv + [str(a) for a in args], capture_output=True, text=True,
                              timeout=TIMEOUT_S, cwd=str(HERE))
        assert done.returncode == 0, done.stderr[-3000:]
        return json.loads(done.stdout)

    return run


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    shot = getattr(item, "web_shot", None)
    if rep.when != "call" or not rep.failed or shot is None or not shot.exists():
        return
    FAILURES.mkdir(parents=True, exist_ok=True)
    kept = FAILURES / (item.name.replace("/", "_") + ".png")
    shutil.copyfile(shot, kept)
    rep.sections.append(("browser page", "the page at the end: %s" % kept))
