"""The host's own programs (``topper monitor``, ``topper serve``) run against the emulated
board: the command that starts this checkout's ``topper``, and what a program prints
read line by line with a wall-clock timeout (a real program on a real pseudo-terminal,
on a machine that may be busy)."""

import pathlib
import queue
import sys
import threading
import time


def topper_cli():
    exe = pathlib.Path(sys.executable).parent / "topper"
    if exe.exists():
        return [str(exe)]
    return [sys.executable, "-c", "import sys; from topper_host import cli; sys.exit(cli.main())"]


def reader(stream):
    """A queue of ``stream``'s lines, filled by a thread as they come."""
    lines = queue.Queue()
    threading.Thread(target=lambda: [lines.put(ln) for ln in stream], daemon=True).start()
    return lines


def wait_line(lines, pred, timeout_s, what, seen=None):
    """The first line from ``lines`` for which ``pred`` holds, within ``timeout_s``; every
    line taken goes into ``seen``. Fails naming ``what`` with all it read."""
    seen = [] if seen is None else seen
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        try:
            line = lines.get(timeout=0.2)
        except queue.Empty:
            continue
        seen.append(line)
        if pred(line):
            return line
    raise AssertionError("%s: not within %d s; it said:\n%s" % (what, timeout_s, "".join(seen)))
