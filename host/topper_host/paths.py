"""Paths the user gives on the command line, checked before a command starts, and the
operating system's errors in plain words (no errno numbers, no traceback).

The checks name the option and the path, so a typo gets one line that says which
argument to fix; what they cannot foresee (a disk that fails while a game runs) still
comes back as an OSError, which the commands turn into one line with ``why``.
"""

import errno
import os

_WORDS = {
    errno.ENOENT: "no such file or folder",
    errno.EISDIR: "is a folder, not a file",
    errno.ENOTDIR: "a part of the path is not a folder",
    errno.EACCES: "permission denied",
    errno.EPERM: "not permitted",
    errno.EIO: "input/output error while reading it",
    errno.EROFS: "read-only file system",
    errno.ENOSPC: "no space left on the device",
    errno.EEXIST: "already exists",
}


def why(e, path=None):
    """``"PATH: reason"`` for an OSError, in words; ``path`` when the error has none."""
    reason = _WORDS.get(e.errno) or (e.strerror or str(e) or type(e).__name__).lower()
    where = e.filename if e.filename is not None else path
    return "%s: %s" % (where, reason) if where is not None else reason


def file_to_read(path, option):
    """None, or why ``path`` (given as ``option``) cannot be a file to read."""
    if path == "-":
        return None
    if not os.path.exists(path):
        return "%s %s: no such file" % (option, path)
    if os.path.isdir(path):
        return "%s %s: is a folder; give a file" % (option, path)
    return None


def _nearest_existing(folder):
    folder = os.path.abspath(folder or ".")
    while not os.path.exists(folder):
        parent = os.path.dirname(folder)
        if parent == folder:
            break
        folder = parent
    return folder


def file_to_write(path, option):
    """None, or why ``path`` cannot be a file to (create and) write."""
    if os.path.isdir(path):
        return "%s %s: is a folder; give a file name" % (option, path)
    return folder_to_write(os.path.dirname(path) or ".", option, path)


def folder_to_write(folder, option, shown=None):
    """None, or why files cannot be written into ``folder`` (made if missing)."""
    shown = folder if shown is None else shown
    if os.path.exists(folder) and not os.path.isdir(folder):
        what = "" if shown == folder else folder + " "
        return "%s %s: %sis a file, not a folder" % (option, shown, what)
    base = _nearest_existing(folder)
    if not os.path.isdir(base):
        return "%s %s: %s is a file, not a folder" % (option, shown, base)
    if not os.access(base, os.W_OK | os.X_OK):
        return "%s %s: cannot write in %s" % (option, shown, base)
    if base != os.path.abspath(folder):
        try:
            os.makedirs(folder, exist_ok=True)
        except OSError as e:
            return "%s %s: cannot make the folder: %s" % (option, shown, why(e))
    return None


def serial_port(name, option):
    """None, or why ``name`` is not a serial port (a pyserial URL is left to pyserial)."""
    if "://" in name:
        return None
    if not os.path.exists(name):
        return "%s %s: no such port" % (option, name)
    import stat

    if not stat.S_ISCHR(os.stat(name).st_mode):
        return "%s %s: not a serial port (a %s)" % (
            option, name, "folder" if os.path.isdir(name) else "file")
    return None


def read_lines(path):
    """The lines of a text file (``-``: standard input); OSError carries the path."""
    import sys

    if path == "-":
        return sys.stdin.readlines()
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.readlines()
    except OSError as e:
        if e.filename is None:
            e.filename = path
        raise


def drop_stdout():
    """The reader of standard output went away (``topper replay LOG | head -1``): what
    is still to print goes nowhere, so that the exit's flush raises nothing more."""
    import sys

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass
