"""``topper web``: the device in a browser page, served on localhost or written out.

``topper web`` writes the page into a temporary folder and serves it at
http://127.0.0.1:PORT/ until Ctrl-C; ``topper web --build DIR`` writes it into DIR for
any static host (a folder of plain files: the page runs from them with the network
off). What the page is: ``topper_host.web`` and docs/web.md.
"""

import functools
import http.server
import sys
import tempfile

from topper_host import paths
from topper_host.web import site

HELP = "the device in a browser page: serve it on localhost, or --build DIR for a static host"


def add_arguments(parser):
    parser.add_argument("--build", metavar="DIR", help="write the page into DIR and stop (made if missing)")
    parser.add_argument("--port", type=int, default=8000, help="the port to serve on, default 8000")


class _Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map, **{".mjs": "text/javascript"})

    def log_message(self, *args):
        pass  # a line a request would bury the address


def run(args):
    if args.build is not None:
        problem = paths.folder_to_write(args.build, "--build")
        if problem is not None:
            print("topper web: %s" % problem, file=sys.stderr)
            return 2
        return _write(args.build)
    if not 0 < args.port < 65536:
        print("topper web: --port %d: a port is 1 to 65535" % args.port, file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="topper-web-") as folder:
        rc = _write(folder, quiet=True)
        if rc:
            return rc
        handler = functools.partial(_Quiet, directory=folder)
        try:
            server = http.server.ThreadingHTTPServer(("127.0.0.1", args.port), handler)
        except OSError as e:
            print("topper web: --port %d: %s" % (args.port, paths.why(e)), file=sys.stderr)
            return 1
        print("topper web: the device at http://127.0.0.1:%d/ (Ctrl-C stops)" % args.port)
        sys.stdout.flush()
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
        finally:
            server.server_close()
    return 0


def _write(folder, quiet=False):
    try:
        written = site.write(folder)
    except site.Missing as e:
        print("topper web: %s" % e, file=sys.stderr)
        return 1
    except OSError as e:
        print("topper web: cannot write the page: %s" % paths.why(e), file=sys.stderr)
        return 1
    if not quiet:
        print("topper web: %d files in %s; open index.html through any web server" % (len(written), folder))
    return 0
