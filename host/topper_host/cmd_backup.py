"""`topper backup`: a board's settings.toml, deck maps and game save into one file
(topper_host.backup). The settings come from the CIRCUITPY drive, the maps and the save
over the data port; with neither --drive nor --port both are looked for, and what is
found is taken. `topper flash` takes a backup through ``take`` before it flashes."""

import os

from topper_host import backup, paths, serial_link
from topper_host import drive as drives

HELP = "save a board's settings, deck maps and saved game into one file (topper restore puts it back)"
DEFAULT = "topper-backup.zip"

# Exit codes: 0 done, 2 nothing taken.
OK, NOT_TAKEN = 0, 2


def add_arguments(parser):
    parser.add_argument("--drive", metavar="PATH", help="the CIRCUITPY drive: settings.toml (default: found)")
    parser.add_argument("--port", help="the board's data port or a pyserial URL: deck maps and game save "
                        "(default: found by USB id)")
    parser.add_argument("-o", "--output", metavar="FILE",
                        help="the backup file (default: %s, or -2, -3... when it exists)" % DEFAULT)


def open_port(name):
    """The data port ``name`` opened (the tests give a stand-in)."""
    import serial

    return serial.serial_for_url(name, timeout=0.05, write_timeout=1.0)


def free_name(path=DEFAULT):
    """``path``, or the first of path-2, path-3... that does not exist yet."""
    stem, ext = os.path.splitext(path)
    n = 1
    while os.path.exists(path):
        n += 1
        path = "%s-%d%s" % (stem, n, ext)
    return path


def _from_drive(explicit, found, said):
    try:
        drive = drives.find_drive(explicit)
        drives.check_drive(drive)
    except drives.DriveError as e:
        if explicit:
            raise backup.BackupError(str(e))
        said.append("settings.toml not taken: %s" % e)
        return
    try:
        found[backup.SETTINGS] = (drive / backup.SETTINGS).read_bytes()
    except FileNotFoundError:
        said.append("%s has no settings.toml: the board runs on its defaults" % drive)
    except OSError as e:
        raise backup.BackupError(paths.why(e))


def _from_link(explicit, found, said):
    try:
        name = explicit or serial_link.find_port()
    except serial_link.LinkError as e:
        said.append("deck maps and game save not taken: %s" % e)
        return None
    try:
        port = open_port(name)
    except (OSError, ValueError) as e:
        raise backup.BackupError("cannot open %s: %s" % (name, e))
    try:
        link = serial_link.Link(port)
        hello = link.hello()
        for part, area in backup.AREAS.items():
            found[part] = backup.read_area(link, area)
    except serial_link.LinkError as e:
        raise backup.BackupError("%s: %s" % (name, e))
    finally:
        port.close()
    return {k: hello.get(k) for k in ("fw", "board", "uid", "journal")}


def take(drive, port, output, say, from_drive=True, from_link=True):
    """A backup of the board into ``output`` (``drive``, ``port``: where to find it,
    None to look); ``say`` gets each line. Returns OK or NOT_TAKEN (nothing found, or a
    drive or port named that failed)."""
    said = []
    b = backup.Backup()
    try:
        if from_drive:
            _from_drive(drive, b.parts, said)
        if from_link:
            b.board = _from_link(port, b.parts, said)
    except backup.BackupError as e:
        say("topper backup: %s" % e)
        return NOT_TAKEN
    for line in said:
        say("topper backup: " + line)
    if not b.parts:
        say("topper backup: no board found, nothing taken")
        return NOT_TAKEN
    try:
        backup.save(b, output)
    except OSError as e:
        say("topper backup: %s" % paths.why(e, output))
        return NOT_TAKEN
    say("topper backup: %s: %s" % (output, backup.describe(b)))
    return OK


def run(args):
    output = args.output or free_name()
    problem = paths.file_to_write(output, "-o")
    if problem:
        print("topper backup: %s" % problem)
        return NOT_TAKEN
    # --drive alone reads the drive only, --port alone the link only.
    return take(args.drive, args.port, output, print, bool(args.drive or not args.port),
                bool(args.port or not args.drive))
