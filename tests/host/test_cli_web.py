"""``topper web``: ``--build DIR`` writes a folder that holds every file the page needs
(its Python complete: it imports and deals every kind of game from that folder alone),
and ``topper web`` serves it on localhost with the types a browser wants."""

import json
import signal
import socket
import subprocess
import sys
import time
import urllib.request

from test_sim_support import ROOT, topper

PAGE = {"index.html", "page.js", "style.css", "micropython.mjs", "micropython.wasm", "python.json",
        "watch.html", "watch.js", "watch.css"}


def test_build_writes_the_whole_page(tmp_path):
    out = tmp_path / "site"
    done = topper("web", "--build", out)
    assert done.returncode == 0, done.stderr
    assert {p.name for p in out.iterdir()} == PAGE
    sources = json.loads((out / "python.json").read_text())
    assert "topper_app/app.py" in sources and "topper_hw/buttons.py" in sources
    assert "topper_host/web/table.py" in sources
    assert not any("cmd_" in p or "/ui/" in p for p in sources)  # the page has no terminal
    # The page's Python alone, as the page's file system holds it: every kind of game
    # deals from it (a module missing from the list fails here, not in a browser).
    lib = tmp_path / "lib"
    for path, text in sources.items():
        (lib / path).parent.mkdir(parents=True, exist_ok=True)
        (lib / path).write_text(text)
    code = (
        "import sys; sys.path.insert(0, %r)\n"
        "from topper_host.web.table import Table\n"
        "t = Table()\n"
        "for game, pad in (('ww3', True), ('ww3', False), ('tripp', True), ('crazy', False)):\n"
        "    assert t.deal(game, 3, pad, 1) is None\n"
        "    t.advance(200)\n"
        "import topper_host\n"
        "print(topper_host.__file__)\n" % str(lib)
    )
    # -I -S: no PYTHONPATH, no site-packages, no checkout; only the standard library beside it
    argv = [sys.executable, "-I", "-S", "-c", code]
    ran = subprocess.run(argv, capture_output=True, text=True, cwd=tmp_path)
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.strip().startswith(str(lib))


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url, tries=100):
    for _ in range(tries):
        try:
            with urllib.request.urlopen(url, timeout=5) as r:
                return r.headers["Content-Type"], r.read()
        except OSError:
            time.sleep(0.1)
    raise AssertionError("nothing served at %s" % url)


def test_topper_web_serves_the_page_on_localhost():
    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-m", "topper_host.cli", "web", "--port", str(port)],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        kind, body = _get("http://127.0.0.1:%d/" % port)
        assert kind.startswith("text/html") and b"page.js" in body
        assert _get("http://127.0.0.1:%d/micropython.wasm" % port)[0] == "application/wasm"
        assert _get("http://127.0.0.1:%d/micropython.mjs" % port)[0].startswith("text/javascript")
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    assert proc.returncode == 0, err
    assert "http://127.0.0.1:%d/" % port in out


def test_from_a_wheel_it_says_it_needs_a_checkout(tmp_path, monkeypatch, capsys):
    from topper_host import cli, origin

    monkeypatch.setattr(origin, "checkout", lambda: None)
    assert cli.main(["web", "--build", str(tmp_path / "site")]) == 1
    err = capsys.readouterr().err.strip()
    assert err == "topper web: the page needs a checkout (its npm MicroPython): run it from one"
