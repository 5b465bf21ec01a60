"""``topper serve``: a board's stream relayed to pages as Server-Sent Events, with a
stand-in for the board's data port (a pyserial-like object that answers as a board
does). The page's own side is tests/web/test_web_watch.py; the emulated board's,
tests/board/test_board_watch.py."""

import http.client
import pathlib
import socket
import threading
import time

from fake_data_port import FakeDataPort
from topper import jsonl
from topper_host import cli, cmd_serve, serial_link

EXAMPLE = pathlib.Path(__file__).resolve().parents[2] / "docs" / "examples" / "ww3-by-hand.jsonl"
HEADER = {"collect_ms": 1500, "game": "ww3", "hurry_ms": 0, "jokers": 0, "log": "topper-table",
          "race_ms": 1000, "seats": 2, "seed": 3, "settle_ms": 1, "v": 2}
VIEW = {"game": "ww3", "turn": 0}  # what the stand-in board says its view is


class Served:
    """``cmd_serve.serve`` on 127.0.0.1, any free port, in a thread, over a FakeDataPort."""

    def __init__(self, board, folder):
        self.board = board
        self.said = []
        self.stop = threading.Event()
        self.status = None
        link = serial_link.Link(board)
        self.thread = threading.Thread(target=self._run, args=(link, str(folder)), daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.said and time.monotonic() < deadline:
            time.sleep(0.01)
        url = self.said[0].split("at ")[1].split(" ")[0]
        self.port = int(url.rstrip("/").rsplit(":", 1)[1])

    def _run(self, link, folder):
        self.status = cmd_serve.serve(link, folder, "127.0.0.1", 0, announce=self.said.append,
                                      until=self.stop.is_set)

    def close(self):
        self.stop.set()
        self.thread.join(10)


def events(port, want, last_id=None, timeout=5.0):
    """The first ``want`` events of a fresh ``/events`` stream, as ``(fields, raw)``:
    each event's fields (``event``, ``id``, ``data``) and the stream's text."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    headers = {} if last_id is None else {"Last-Event-ID": str(last_id)}
    conn.request("GET", "/events", headers=headers)
    resp = conn.getresponse()
    assert resp.status == 200
    assert resp.getheader("Content-Type") == "text/event-stream"
    got, raw, fields = [], [], {}
    try:
        while len(got) < want:
            line = resp.fp.readline().decode()
            raw.append(line)
            if line == "\n":
                if "data" in fields:  # not the retry field alone
                    got.append(fields)
                fields = {}
            elif not line.startswith(":"):
                key, _, value = line.rstrip("\n").partition(": ")
                fields[key] = value
    except socket.timeout:
        pass
    conn.close()
    return got, "".join(raw)


def _wait(pred, timeout=5.0):
    deadline = time.monotonic() + timeout
    while not pred():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def test_a_bad_port_is_one_line_and_status_2(capsys, tmp_path):
    assert cli.main(["serve", "--port", str(tmp_path / "nope")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no such port" in err and "Traceback" not in err
    assert cli.main(["serve", "--port", str(tmp_path)]) == 2
    assert "not a serial port" in capsys.readouterr().err
    assert cli.main(["serve", "--port", "loop://", "--http-port", "70000"]) == 2
    assert capsys.readouterr().err.strip() == "topper serve: --http-port 70000: a port is 0 to 65535"


def test_each_board_line_is_one_event_with_its_number_and_the_page_is_served(tmp_path):
    (tmp_path / "watch.html").write_text("<p>the page</p>")
    board = FakeDataPort(view=VIEW)
    s = Served(board, tmp_path)
    try:
        lines = [HEADER, {"ev": "start", "seat": 1, "t": 10},
                 {"r": "starter", "seat": 1, "shows": [], "t": 10}]
        for obj in lines:
            board.stream(obj)
        _wait(lambda: "view" in board.commands and board.in_waiting == 0)
        time.sleep(0.1)
        got, raw = events(s.port, 6)
        assert raw.startswith("retry: 1000\n\n")
        assert [e.get("event") for e in got] == ["hello", "reset", None, None, None, "view"]
        assert jsonl.loads(got[0]["data"])["board"] == "stand-in"
        # The board's lines, byte for byte, numbered from 1.
        assert [(e["id"], e["data"]) for e in got[2:5]] == [
            (str(i + 1), jsonl.dumps(o)) for i, o in enumerate(lines)]
        assert jsonl.loads(got[5]["data"])["view"] == {"game": "ww3", "turn": 0}
        conn = http.client.HTTPConnection("127.0.0.1", s.port, timeout=5)
        conn.request("GET", "/")
        assert conn.getresponse().getheader("Location") == "/watch.html?live"
        conn.close()
        conn = http.client.HTTPConnection("127.0.0.1", s.port, timeout=5)
        conn.request("POST", "/events", body=b'{"cmd":"setup"}')
        assert conn.getresponse().status == 501  # spectators only listen
        conn.close()
        assert "setup" not in board.commands
    finally:
        s.close()
    assert s.status == 0


def test_a_page_that_reconnects_gets_what_it_missed_and_a_new_game_starts_it_over(tmp_path):
    board = FakeDataPort(view=VIEW)
    s = Served(board, tmp_path)
    try:
        board.stream(HEADER)
        board.stream({"ev": "start", "seat": 0, "t": 10})
        _wait(lambda: "view" in board.commands and board.in_waiting == 0)
        time.sleep(0.1)
        first, _ = events(s.port, 5)
        assert [e.get("id") for e in first] == [None, None, "1", "2", None]
        last = 2  # the page had lines 1 and 2, then dropped
        missed = [{"r": "starter", "seat": 0, "shows": [], "t": 10}, {"ev": "lay", "card": "1RC", "t": 900}]
        for obj in missed:
            board.stream(obj)
        _wait(lambda: board.in_waiting == 0)
        time.sleep(0.1)
        again, _ = events(s.port, 4, last_id=last, timeout=1.0)
        assert [e.get("event") for e in again] == ["hello", None, None, "view"]  # no reset
        assert [jsonl.loads(e["data"]) for e in again[1:3]] == missed
        # A new game: a page that had the old one starts over from the new header.
        board.stream(dict(HEADER, seed=4))
        _wait(lambda: board.in_waiting == 0)
        time.sleep(0.1)
        fresh, _ = events(s.port, 3, last_id=1, timeout=1.0)
        assert [e.get("event") for e in fresh] == ["hello", "reset", None]
        assert jsonl.loads(fresh[2]["data"])["seed"] == 4
    finally:
        s.close()


def test_a_page_that_stays_gets_each_line_as_it_comes(tmp_path):
    board = FakeDataPort(view=VIEW)
    s = Served(board, tmp_path)
    try:
        got = []
        reader = threading.Thread(target=lambda: got.extend(events(s.port, 5)[0]), daemon=True)
        reader.start()
        time.sleep(0.3)  # the page is connected and waiting
        board.stream(HEADER)
        board.stream({"ev": "start", "seat": 0, "t": 10})
        reader.join(5)
        data = [e for e in got if e.get("event") is None]
        assert [jsonl.loads(e["data"]) for e in data] == [HEADER, {"ev": "start", "seat": 0, "t": 10}]
    finally:
        s.close()


def test_joining_a_game_under_way_sends_its_lines_with_the_cores_rulings(tmp_path):
    from topper_host import replay

    text = EXAMPLE.read_text().splitlines()
    downloaded = [jsonl.loads(line) for line in text if line.strip()]  # events only, as a board's download
    made = [jsonl.loads(jsonl.dumps(r)) for r in replay.rulings(text)]
    board = FakeDataPort("ww3", downloaded, view=VIEW)
    s = Served(board, tmp_path)
    try:
        _wait(lambda: "view" in board.commands)
        got, _ = events(s.port, 3 + len(downloaded) + len(made), timeout=2.0)
        sent = [jsonl.loads(e["data"]) for e in got if e.get("event") is None]
        assert [o for o in sent if "r" not in o] == downloaded
        # Each after its event; the last race is still open when the download ends (its
        # ruling comes with the board's next tick, on the stream), so the replay's
        # closing ruling is not sent.
        assert made[-1]["r"] == "slap"
        assert [o for o in sent if "r" in o] == made[:-1]
        assert sent[2] == {"r": "starter", "seat": 0, "shows": [], "t": 0}
        assert any(r["r"] == "slap" for r in made)
    finally:
        s.close()


def test_without_the_npm_micropython_the_watch_page_is_served_alone(tmp_path, monkeypatch):
    from topper_host.web import site

    monkeypatch.setattr(site, "micropython_dir", lambda: None)  # a wheel install: no checkout
    cmd_serve._write_pages(str(tmp_path))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["watch.css", "watch.html", "watch.js"]
