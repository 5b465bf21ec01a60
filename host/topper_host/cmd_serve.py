"""``topper serve``: the game on a board, live, for every browser on the LAN.

The host plugged into the board (its data port found as ``topper monitor`` finds it, or
``--port``) reads the board's stream and relays it to the watch page
(``web/static/watch.html``) with Server-Sent Events: ``GET /events`` is one long
response the page's ``EventSource`` reads, and reopens by itself when it drops. The
same server hands out the page's files. Pages only listen: nothing a page sends
reaches the board (the server answers GET alone).

Why SSE over Python's ``http.server`` and one thread a page: the relay goes one way,
board to pages, which is what SSE is; a browser reconnects an ``EventSource`` on its
own and says the last line it had (``Last-Event-ID``), so catching up needs no code in
the page; and it needs no package beyond the standard library (a WebSocket server
would). A game night has a handful of pages, so a thread each costs nothing.

What a page gets on connecting (``relay.Relay``): the board's hello, the current
game's lines so far (or only those after its ``Last-Event-ID``), the latest view, then
each new line. Joining a game already under way, the server first downloads it from
the board (``log``) and puts back the core's rulings for its events (``late_join``).
"""

import functools
import http.server
import os
import shutil
import socket
import sys
import tempfile
import threading
import time

from topper import jsonl
from topper_host import paths, serial_link
from topper_host.late_join import with_rulings
from topper_host.relay import Relay
from topper_host.web import site

HELP = "relay a connected board's game to the watch page on every browser on the LAN"

VIEW_S = 0.5  # how often the board is asked for its view (the clocks, the stacks)
KEEPALIVE_S = 15  # a comment line this often keeps proxies and phones from closing the stream
RETRY_MS = 1000  # how soon a page's EventSource reconnects after a drop
INTERRUPTED = 130
WATCH = ("watch.html", "watch.js", "watch.css")


def add_arguments(p):
    p.add_argument("--port", help="the board's data port or a pyserial URL (default: found by USB id)")
    p.add_argument("--http-port", type=int, default=8001,
                   help="the web port the pages connect to, default 8001 (0: any free port)")
    p.add_argument("--bind", default="0.0.0.0",
                   help="the address to listen on, default 0.0.0.0 (every network of this host)")


def run(args):
    problem = args.port and paths.serial_port(args.port, "--port")
    if problem:
        return _fail(problem)
    if not 0 <= args.http_port < 65536:
        return _fail("--http-port %d: a port is 0 to 65535" % args.http_port)
    try:
        name = args.port or serial_link.find_port()
    except serial_link.LinkError as e:
        return _fail(str(e))
    import serial

    try:
        port = serial.serial_for_url(name, timeout=0.05, write_timeout=1.0)
    except (serial.SerialException, ValueError) as e:
        return _fail("cannot open %s: %s" % (name, e))
    try:
        with tempfile.TemporaryDirectory(prefix="topper-serve-") as folder:
            try:
                _write_pages(folder)
            except OSError as e:
                return _fail("cannot write the page: %s" % paths.why(e), 1)
            return serve(serial_link.Link(port), folder, args.bind, args.http_port)
    finally:
        port.close()


def _write_pages(folder):
    """The page's folder; without the checkout's npm MicroPython (a wheel install) the
    watch page alone, which needs none."""
    try:
        site.write(folder)
    except site.Missing:
        for name in WATCH:
            shutil.copyfile(os.path.join(site.STATIC, name), os.path.join(folder, name))


def _fail(msg, status=2):
    print("topper serve: %s" % msg, file=sys.stderr)
    return status


def serve(link, folder, bind, http_port, announce=print, until=None):
    """Relays ``link`` to pages until Ctrl-C, the link breaks or ``until()``; the exit status."""
    import serial

    relay = Relay()
    try:
        hello = link.hello()
    except serial_link.LinkError as e:
        return _fail(str(e))
    relay.add(hello, jsonl.dumps(hello))
    try:
        httpd = make_server(relay, folder, bind, http_port)
    except OSError as e:
        return _fail("--http-port %d: %s" % (http_port, paths.why(e)), 1)
    threading.Thread(target=httpd.serve_forever, name="serve-http", daemon=True).start()
    for line in addresses(httpd.server_address[1], bind):
        announce(line)
    sys.stdout.flush()
    try:
        if hello.get("game"):
            _join(link, relay)
        pump(link, relay, until=until)
    except KeyboardInterrupt:
        return INTERRUPTED
    except serial_link.LinkError as e:
        return _fail(str(e))
    except (OSError, serial.SerialException) as e:
        return _fail("the link broke: %s" % e)
    finally:
        relay.close()
        httpd.shutdown()
        httpd.server_close()
    return 0


def _join(link, relay):
    """The game under way, from its first line, with the rulings the core makes."""
    head, lines, end = link.download("current")
    for obj in with_rulings(lines):
        relay.add(obj, jsonl.dumps(obj))


def pump(link, relay, clock=time.monotonic, until=None):
    """The board's lines into ``relay``, asking for its view every ``VIEW_S``;
    until ``until()`` is true (never, by default)."""
    asked = None
    while until is None or not until():
        for obj in link.lines(0.02):
            if "id" in obj and obj.get("k") != "view":
                continue  # a reply to this host's own command
            relay.add(obj, jsonl.dumps(obj))
        now = clock()
        if asked is None or now - asked >= VIEW_S:
            asked = now
            try:
                link.send("view")
            except serial_link.NotReading:
                pass  # the board is busy: its stream still comes, the view next time


def addresses(http_port, bind):
    """The lines that tell people where to point their browsers."""
    host = bind if bind not in ("0.0.0.0", "") else lan_address()
    url = "http://%s:%d/" % (host, http_port)
    return [
        "topper serve: watch the game at %s (Ctrl-C stops)" % url,
        "topper serve: open it on every phone and TV of this network (no QR code: "
        "no QR library is installed)",
    ]


def lan_address():
    """This host's address on its LAN (the one a default route leaves from), or
    127.0.0.1. Connecting a UDP socket sends nothing; it only picks the route."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("192.0.2.1", 9))  # TEST-NET-1: never reached, only routed
        return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        s.close()


class Handler(http.server.SimpleHTTPRequestHandler):
    """The page's files, and ``/events``: the relay as Server-Sent Events."""

    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map, **{".mjs": "text/javascript"})
    relay = None  # set by make_server

    def log_message(self, *args):
        pass

    def do_GET(self):
        path = self.path.split("?", 1)[0]
        if path == "/":
            self.send_response(302)
            self.send_header("Location", "/watch.html?live")
            self.end_headers()
            return
        if path == "/events":
            self._events()
            return
        super().do_GET()

    def _events(self):
        last = self.headers.get("Last-Event-ID")
        last_id = int(last) if last and last.isdigit() else None
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        relay = self.relay
        try:
            reset, lines, view, after = relay.catch_up(last_id)
            out = ["retry: %d\n\n" % RETRY_MS]
            if relay.hello is not None:
                out.append(frame(relay.hello, event="hello"))
            if reset:
                out.append(frame("{}", event="reset"))
            out += [frame(text, ident=n) for n, text in lines]
            sent_view = view
            if view is not None:
                out.append(frame(view, event="view"))
            self._write(out)
            quiet = time.monotonic()
            while not relay.closed:
                lines, view, nxt = relay.wait(after, sent_view, 1.0)
                out = []
                if lines is None:
                    reset, lines, view, nxt = relay.catch_up(None)
                    out.append(frame("{}", event="reset"))
                out += [frame(text, ident=n) for n, text in lines]
                after = nxt
                if view is not sent_view:
                    sent_view = view
                    out.append(frame(view, event="view"))
                if not out and time.monotonic() - quiet >= KEEPALIVE_S:
                    out.append(": still here\n\n")
                if out:
                    self._write(out)
                    quiet = time.monotonic()
        except (BrokenPipeError, ConnectionResetError):
            pass  # the page went away; it reconnects by itself if it wants

    def _write(self, parts):
        self.wfile.write("".join(parts).encode("utf-8"))
        self.wfile.flush()


def frame(text, event=None, ident=None):
    """One Server-Sent Event: a board line is one JSON line, so one ``data:`` field."""
    head = ""
    if event is not None:
        head += "event: %s\n" % event
    if ident is not None:
        head += "id: %d\n" % ident
    return head + "data: %s\n\n" % text


def make_server(relay, folder, bind, http_port):
    handler = type("BoundHandler", (Handler,), {"relay": relay})
    server = http.server.ThreadingHTTPServer((bind, http_port), functools.partial(handler, directory=folder))
    server.daemon_threads = True  # an open stream does not keep the command from ending
    return server

