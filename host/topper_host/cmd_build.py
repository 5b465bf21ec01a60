"""`topper build`: build the firmware image, one UF2 with CircuitPython, our code frozen
into it and the CIRCUITPY drive's files (host/topper_host/image_build.py does the work;
docs/building-firmware.md explains it)."""

from pathlib import Path

from topper_host import boards, image_build, origin

HELP = "build the firmware image: one UF2 to drag onto a blank board"


def add_arguments(parser):
    parser.add_argument(
        "--firmware",
        metavar="DIR",
        help="firmware folder with image.toml (default: this checkout's firmware/)",
    )
    parser.add_argument("--out", metavar="DIR", default="build", help="where the UF2 goes (default: build/)")
    which = parser.add_mutually_exclusive_group()
    which.add_argument(
        "--board", metavar="NAME", help="a board with a profile in firmware/boards/ (default: image.toml's)"
    )
    which.add_argument("--all", action="store_true", help="one image for every board in firmware/boards/")
    parser.add_argument("--force", action="store_true", help="build again even if the cache has this image")


def run(args):
    firmware = args.firmware
    if firmware is None:
        root = origin.checkout()
        if root is None:
            print("topper build: " + _needs_checkout())
            return 1
        firmware = root / "firmware"
    names = boards.names(firmware) if args.all else [args.board]
    for board in names:
        if _build_one(firmware, args, board):
            return 1
    return 0


def _build_one(firmware, args, board):
    """Builds one board's image and says what it made; 1 if it could not."""
    try:
        result = image_build.build(firmware, Path(args.out), board, args.force, log=_say)
    except image_build.ImageError as e:
        print(f"topper build: {e}")
        return 1
    r = result.report
    for note in result.notes:
        _say(note)
    _say(f"CircuitPython {r['circuitpython']} for {r['board']}, key {r['key']}")
    _say(
        "firmware region: %d of %d bytes used, %d free (%.1f %%)"
        % (
            r["firmware_bytes"],
            r["firmware_region_bytes"],
            r["flash_free_bytes"],
            100.0 * r["flash_free_bytes"] / r["firmware_region_bytes"],
        )
    )
    _say(f"frozen: {', '.join(r['frozen'])}")
    _say(f"wrote {result.uf2} ({r['uf2_bytes']} bytes)")
    return 0


def _needs_checkout():
    """Why an installed wheel cannot build, and what it can do instead: the image needs
    CircuitPython's source, our C modules and the build scripts, which only a checkout has."""
    instead = (
        "this install carries a built image: topper flash --uf2"
        if origin.image() is not None
        else "a release's image needs none: topper flash --uf2 FILE"
    )
    return "building the image needs a checkout of Topper Table (docs/building-firmware.md); " + instead


def _say(text):
    print(f"topper build: {text}", flush=True)
