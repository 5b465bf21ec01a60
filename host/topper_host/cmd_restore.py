"""`topper restore FILE`: a backup (`topper backup`, topper_host.backup) put back on a
board: settings.toml onto the CIRCUITPY drive, the deck maps and the game save over the
data port (the board in its menu). A part the board cannot take now is said, the rest
is put back; a file that cannot be read changes nothing."""

from topper_host import backup, cmd_backup, paths, serial_link
from topper_host import drive as drives

HELP = "put a backup (topper backup) back on a board: settings, deck maps and saved game"

# Exit codes: 0 all put back, 1 some parts not, 2 nothing (the file unreadable, no board).
OK, PARTLY, NOTHING = 0, 1, 2


def add_arguments(parser):
    parser.add_argument("file", metavar="FILE", nargs="?", help="the backup file")
    parser.add_argument("--drive", metavar="PATH", help="the CIRCUITPY drive (default: found)")
    parser.add_argument("--port", help="the board's data port or a pyserial URL (default: found by USB id)")


def _settings(args, data, say):
    try:
        drive = drives.find_drive(args.drive)
        drives.check_drive(drive)
        (drive / backup.SETTINGS).write_bytes(data)
    except drives.DriveError as e:
        say("topper restore: settings.toml not put back: %s" % e)
        return False
    except OSError as e:
        say("topper restore: settings.toml not put back: %s (a drive the board holds writable is "
            "read-only to the computer: docs/flashing.md)" % paths.why(e))
        return False
    say("topper restore: settings.toml onto %s (read at the board's next power-up)" % drive)
    return True


def _areas(args, b, say):
    """How many of the backup's areas were put back over the link."""
    parts = [p for p in backup.AREAS if p in b.parts]
    try:
        name = args.port or serial_link.find_port()
        port = cmd_backup.open_port(name)
    except (serial_link.LinkError, OSError, ValueError) as e:
        say("topper restore: %s not put back: %s" % (" and ".join(backup.WHAT[p] for p in parts), e))
        return 0
    done = 0
    try:
        link = serial_link.Link(port)
        link.hello()
        for part in parts:
            try:
                n = backup.write_area(link, backup.AREAS[part], b.parts[part])
            except backup.BackupError as e:
                say("topper restore: %s not put back: %s" % (backup.WHAT[part], e))
                continue
            done += 1
            say("topper restore: %s put back (%d pieces written, the rest already so)"
                % (backup.WHAT[part], n))
    except serial_link.LinkError as e:
        say("topper restore: %s: %s" % (name, e))
    finally:
        port.close()
    if "game-save.bin" in b.parts and done == len(parts):
        say("topper restore: reset the board (or unplug it and plug it in): a saved game goes on at power-up")
    return done


def run(args, say=print):
    if args.file is None:
        say("topper restore: give the backup FILE (topper backup made it)")
        return NOTHING
    try:
        b = backup.load(args.file)
    except backup.BackupError as e:
        say("topper restore: %s: %s" % (args.file, e))
        return NOTHING
    say("topper restore: %s holds %s" % (args.file, backup.describe(b)))
    wanted = len(b.parts)
    done = 0
    if backup.SETTINGS in b.parts:
        done += _settings(args, b.parts[backup.SETTINGS], say)
    if any(p in b.parts for p in backup.AREAS):
        done += _areas(args, b, say)
    if done == wanted:
        return OK
    return PARTLY if done else NOTHING
