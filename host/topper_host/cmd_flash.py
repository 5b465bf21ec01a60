"""`topper flash`: copy the firmware and its libraries onto a board's CIRCUITPY drive,
or, with --uf2, the whole firmware image onto the RP2040's bootloader drive.

The steps live in small modules: drive (find the board), payload (what to copy), mpy
(optional compiling), flasher (plan, write, verify, manifest). This one parses the
options, runs them in order and tells the user what happened.
"""

import argparse
import os
import sys
from pathlib import Path
import tomllib

from topper_host import bootdrive, flasher, mpy, origin, payload, uf2
from topper_host import drive as drives

HELP = "copy the firmware onto a board: its files to CIRCUITPY, or --uf2 the image to its bootloader drive"

# Exit codes: 0 done, 1 flashed but verification failed, 2 nothing was flashed, 130
# Ctrl-C while waiting for a board (as the shell reports a SIGINT).
OK, VERIFY_FAILED, NOT_FLASHED, INTERRUPTED = 0, 1, 2, 130

_LABELS = {
    flasher.NEW: "new",
    flasher.UPDATE: "update",
    flasher.FORCE: "replace",
    flasher.KEEP: "keep",
    flasher.SKIP: "skip",
    flasher.DELETE: "delete",
    flasher.LEAVE: "leave",
}


def add_arguments(parser):
    parser.add_argument(
        "--drive", metavar="PATH", help="the CIRCUITPY drive, or RPI-RP2 with --uf2 (default: find it)"
    )
    parser.add_argument(
        "--uf2",
        metavar="FILE",
        nargs="?",
        const="",
        help="copy a firmware image onto the board's bootloader drive, RPI-RP2 or RP2350 (hold BOOTSEL "
        "while plugging it in); FILE defaults to the one `topper build` made in a checkout, "
        "the one this package carries when installed from a release's wheel; on an RP2350's "
        "drive, the Pico 2's image beside it",
    )
    parser.add_argument(
        "--wait",
        action="store_true",
        help="with --uf2: wait for a board in BOOTSEL mode and flash it the moment its drive appears",
    )
    parser.add_argument(
        "--timeout",
        metavar="SECONDS",
        type=_seconds,
        default=300.0,
        help="how long --wait waits (default: 300; 0: until Ctrl-C)",
    )
    parser.add_argument(
        "--firmware",
        metavar="DIR",
        help="firmware folder to copy (default: this checkout's firmware/, or the one "
        "installed with topper)",
    )
    parser.add_argument(
        "--force",
        action="store_true",
        help="also replace settings.toml and files edited on the drive or not written by "
        "topper flash, and delete edited files it no longer ships",
    )
    parser.add_argument("--dry-run", action="store_true", help="only list what would change")
    first = parser.add_mutually_exclusive_group()
    first.add_argument(
        "--backup",
        metavar="FILE",
        help="first save the board's settings, deck maps and saved game into FILE (topper backup); "
        "nothing is flashed if that fails",
    )
    first.add_argument(
        "--no-backup",
        action="store_true",
        help="flash without offering a backup (the offer is made only when stdin is a terminal)",
    )
    parser.add_argument(
        "--no-libs",
        action="store_true",
        help="do not copy the Adafruit libraries (already on the drive, e.g. as .mpy)",
    )
    parser.add_argument(
        "--mpy",
        action="store_true",
        help="compile lib/ to .mpy; needs --mpy-cross with a CircuitPython mpy-cross",
    )
    parser.add_argument("--mpy-cross", metavar="PATH", help="CircuitPython mpy-cross matching the board")
    parser.add_argument(
        "--font",
        metavar="PATH",
        help="font5x8.bin for adafruit_framebuf text (not in its PyPI wheel)",
    )


def _seconds(text):
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value < float("inf"):
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds, 0 or more")
    return value


def _say(line):
    print(line, flush=True)


def _warn(line):
    print("warning: " + line, flush=True)


def _report(actions):
    same = 0
    for a in actions:
        if a.kind == flasher.SAME:
            same += 1
            continue
        line = f"  {_LABELS[a.kind]:<8} {a.path}"
        _say(line + (f" ({a.reason})" if a.reason else ""))
    if same:
        _say(f"  {'same':<8} {same} files already up to date")


def _new_settings(drive, actions):
    """Keys of the firmware's settings.toml that the kept one on the drive lacks."""
    for a in actions:
        if a.kind == flasher.KEEP and a.path == "settings.toml":
            try:
                ours = tomllib.loads(a.item.data.decode("utf-8"))
                theirs = tomllib.loads((drive / a.path).read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
                return []
            return sorted(set(ours) - set(theirs))
    return []


def _prepare(args):
    """(drive path, board info, items, warnings); raises on anything that stops a flash."""
    drive = drives.find_drive(args.drive)
    board = drives.check_drive(drive)
    firmware = args.firmware or origin.firmware()
    items, warnings = payload.build(firmware, with_libs=not args.no_libs, font=args.font)
    if board.major and board.major not in (9, 10):
        warnings.append(
            f"the board runs CircuitPython {board.version}; Topper Table is made for 9.x and 10.x"
        )
    if args.mpy or args.mpy_cross:
        if not args.mpy:
            raise mpy.MpyError("--mpy-cross is only used with --mpy")
        version = mpy.check(args.mpy_cross, board)
        _say(f"compiling lib/ with {args.mpy_cross} (CircuitPython .mpy v{version})")
        items = mpy.compile_items(items, args.mpy_cross)
    framebuf = any(i.path.startswith("lib/adafruit_framebuf") for i in items)
    if framebuf and not any(i.path == payload.FONT for i in items) and not (drive / payload.FONT).exists():
        warnings.append(
            f"{payload.FONT} not found: adafruit_framebuf's text() needs it at the drive root and the "
            "PyPI wheel does not ship it. The Topper firmware draws its own font, so only "
            "code that calls framebuf text() is affected; to install it anyway, pass "
            "--font PATH (the file is in the adafruit-circuitpython-framebuf source "
            "distribution)."
        )
    return drive, board, items, warnings


def _backup_first(args):
    """None to go on flashing, or the exit code when the backup asked for failed. The
    offer is a question only at a terminal: a script gets a line saying that no backup
    was taken and how to take one."""
    from topper_host import cmd_backup

    if args.dry_run or args.no_backup:
        return None
    out = args.backup
    if out is None:
        if not sys.stdin.isatty():
            _say("topper flash: no backup taken (stdin is not a terminal: --backup FILE takes one, "
                 "--no-backup says none is wanted)")
            return None
        out = cmd_backup.free_name()
        answer = input(f"Save the board's settings, deck maps and saved game into {out} first? [Y/n] ")
        if answer.strip().lower() in ("n", "no"):
            return None
    drive = args.drive if args.uf2 is None else None  # with --uf2 it names the bootloader's
    if cmd_backup.take(drive, None, out, _say) != cmd_backup.OK:
        _say("topper flash: nothing flashed, as the backup failed (a board in its bootloader has "
             "neither drive nor data port: back it up before holding BOOTSEL; --no-backup flashes "
             "without one)")
        return NOT_FLASHED
    return None


def _uf2_failed(path, e):
    hint = ""
    if isinstance(e, uf2.UF2Error) and not os.path.exists(path) and origin.checkout():
        hint = " (build the image first: bash scripts/build-firmware)"
    _say("topper flash: " + str(e) + hint)
    return NOT_FLASHED


def _boot_drive(args):
    """The RPI-RP2 drive. At a terminal, a board not in its bootloader yet (it was just
    backed up) gets the time to be put there."""
    try:
        return bootdrive.find(args.drive)
    except bootdrive.BootDriveError:
        if args.drive or not sys.stdin.isatty():
            raise
    input("Unplug the board, hold its BOOTSEL button while plugging it in, then press Enter ")
    return bootdrive.find(args.drive)


def flash_uf2(args):
    """The whole image onto the bootloader drive: checked first, then copied."""
    path = args.uf2 or origin.image()
    if path is None:
        _say(
            "topper flash: this install carries no firmware image: pass --uf2 FILE (a release's "
            f"{origin.IMAGE}), or install a release's wheel"
        )
        return NOT_FLASHED
    # The file first: a wrong path is the user's to fix whether a board is plugged in or not.
    try:
        image = bootdrive.read_image(path)
    except (bootdrive.BootDriveError, uf2.UF2Error) as e:
        return _uf2_failed(path, e)
    # The backup first, from the board still running; then the board in its bootloader.
    stop = _backup_first(args)
    if stop is not None:
        return stop
    try:
        target = _wait_for_drive(args) if args.wait else _boot_drive(args)
        if not args.uf2:
            path, image = _image_for_drive(path, image, target)
        bootdrive.check(image, target)
    except (bootdrive.BootDriveError, uf2.UF2Error) as e:
        return _uf2_failed(path, e)
    except KeyboardInterrupt:
        _say("topper flash: stopped waiting for the board; nothing was written")
        return INTERRUPTED
    _say(f"topper flash: {path} ({image.blocks} blocks) onto {target}")
    if args.dry_run:
        _say("topper flash: dry run, nothing written")
        return OK
    try:
        bootdrive.copy(path, target)
    except OSError as e:
        _say(
            f"topper flash: copying onto {target} failed: {e.strerror or e}; unplug the board, "
            "hold BOOTSEL, plug it in and try again"
        )
        return NOT_FLASHED
    _say("topper flash: done: the board restarts into Topper Table (the CIRCUITPY drive appears)")
    return OK


def _image_for_drive(path, image, target):
    """With no FILE: the default image, unless the drive is another chip's bootloader;
    then that chip's board image beside it, when there is exactly one (else check()
    says which to pass)."""
    if bootdrive.board_id(target) == bootdrive.chip_of(image):
        return path, image
    found = bootdrive.images_for(target, Path(path).parent)
    if len(found) != 1:
        return path, image
    _say(f"topper flash: {target} is an {bootdrive.board_id(target)} bootloader: taking {found[0]}")
    return found[0], bootdrive.read_image(found[0])


def _wait_for_drive(args):
    limit = args.timeout or None
    _say(
        "topper flash: waiting for a board in BOOTSEL mode: hold its BOOTSEL button while "
        "plugging it in (Ctrl-C stops%s)" % ("" if limit is None else f"; up to {limit:g} s")
    )
    return bootdrive.wait(args.drive, limit)


def run(args):
    if args.uf2 is not None:
        return flash_uf2(args)
    if args.wait:
        _say("topper flash: --wait is for --uf2: it waits for a board's bootloader drive")
        return NOT_FLASHED
    try:
        drive, board, items, warnings = _prepare(args)
    except (drives.DriveError, payload.PayloadError, mpy.MpyError) as e:
        _say("topper flash: " + str(e))
        return NOT_FLASHED
    stop = _backup_first(args)
    if stop is not None:
        return stop
    _say("topper flash: {} (CircuitPython {}, {})".format(drive, board.version or "?", board.board))
    for w in warnings:
        _warn(w)
    manifest, problem = flasher.load_manifest(drive)
    if problem:
        _warn(problem)
    try:
        actions = flasher.plan(drive, items, manifest, force=args.force)
    except OSError as e:
        # A drive pulled out mid-run, or a file the OS will not let us read.
        _say(f"topper flash: cannot read the drive: {e}")
        return NOT_FLASHED
    _report(actions)
    left = [a for a in actions if a.kind in (flasher.SKIP, flasher.LEAVE)]
    missing = _new_settings(drive, actions)
    if missing:
        _say(
            "  note: the kept settings.toml lacks {}; the firmware uses their defaults "
            "(see firmware/settings.toml to add them)".format(", ".join(missing))
        )
    if args.dry_run:
        _say("dry run: nothing written")
        return OK
    try:
        flasher.check_space(drive, actions)
        written, deleted = flasher.apply(drive, actions)
        bad = flasher.verify(drive, actions)
        doc = flasher.manifest_doc(actions, bad, payload.topper_version(), board, mpy=bool(args.mpy))
        flasher.save_manifest(drive, doc)
    except flasher.FlashError as e:
        _say("topper flash: " + str(e))
        return NOT_FLASHED
    except OSError as e:
        _say(f"topper flash: drive error: {e}")
        return NOT_FLASHED
    _say(f"wrote {written} files, deleted {deleted}")
    if left:
        _warn(f"{len(left)} files left alone (listed above as skip/leave); --force replaces them")
    if bad:
        for path in sorted(bad):
            _say(f"verify FAILED: {path} reads back different from what was written")
        _say("run `topper flash` again; if it keeps failing the drive may be worn or full")
        return VERIFY_FAILED
    verified = sum(1 for a in actions if a.kind in flasher.OURS_AFTER)
    _say(f"verified {verified} files")
    if written or deleted:
        _say("done: eject the drive before unplugging (the board reloads code.py by itself)")
    if any(a.path == "boot.py" and a.kind in flasher.WRITES for a in actions):
        _say("boot.py changed: it runs only at power-up, so reset or replug the board")
    return OK
