"""A board's backup in one file: its settings.toml (from the CIRCUITPY drive), its deck
maps and its game save (over the data port: the link's ``mem``, docs/serial-protocol.md).
``topper backup`` and ``topper restore`` (cmd_backup, cmd_restore) and ``topper flash``
use it.

The file is a zip of plain parts, each there when it was taken:

- ``backup.json``: ``{"format": "topper-backup", "version": 1, "board": ...,
  "parts": [...]}``; ``board`` is the board's ``hello`` (firmware, board, chip id,
  ``journal``: where the game save lives), or null when only the drive was read;
- ``settings.toml``: the drive's, as it was;
- ``deck-maps.bin``: the deck maps, nvm bytes 0 to 767 (``topper_hw.nvstore``);
- ``game-save.bin``: the game save's store, the rest of the nvm or the FRAM.
"""

import io
import json
import zipfile
from dataclasses import dataclass, field

FORMAT = "topper-backup"
VERSION = 1
MANIFEST = "backup.json"
SETTINGS = "settings.toml"
AREAS = {"deck-maps.bin": "maps", "game-save.bin": "save"}  # part -> the link's area
WHAT = {SETTINGS: "settings", "deck-maps.bin": "deck maps", "game-save.bin": "game save"}
WRITE = 64  # bytes a mem write carries (topper.session.MEM_WRITE)


class BackupError(Exception):
    """A backup that cannot be taken, read or put back: one line for the user."""


@dataclass
class Backup:
    board: dict = None  # the board's hello, when the link was read
    parts: dict = field(default_factory=dict)  # part name -> bytes


# ----- the file -------------------------------------------------------------------------


def save(backup, path):
    names = [n for n in (SETTINGS, *AREAS) if n in backup.parts]
    manifest = {"format": FORMAT, "version": VERSION, "board": backup.board, "parts": names}
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr(MANIFEST, json.dumps(manifest, indent=1, sort_keys=True) + "\n")
        for name in names:
            z.writestr(name, backup.parts[name])


def load(path):
    """The Backup in ``path``; BackupError saying why it cannot be read."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise BackupError("cannot read it: %s" % (e.strerror or e))
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            try:
                manifest = json.loads(z.read(MANIFEST).decode("utf-8"))
            except KeyError:
                raise BackupError("not a Topper Table backup (no %s in it)" % MANIFEST)
            except (UnicodeError, ValueError):
                raise BackupError("its %s is not JSON" % MANIFEST)
            if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
                raise BackupError("not a Topper Table backup (its %s says another format)" % MANIFEST)
            version = manifest.get("version")
            if version != VERSION:
                raise BackupError("backup version %r: this topper reads version %d" % (version, VERSION))
            names = manifest.get("parts")
            if not isinstance(names, list) or any(n not in WHAT for n in names):
                raise BackupError("its %s lists parts this topper does not know: %r" % (MANIFEST, names))
            board = manifest.get("board")
            parts = {}
            for name in names:
                try:
                    parts[name] = z.read(name)
                except KeyError:
                    raise BackupError("%s is listed but not in the file" % name)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError) as e:
        raise BackupError("not a zip file (%s)" % e)
    return Backup(board if isinstance(board, dict) else None, parts)


def describe(backup):
    """What a backup holds, in words: "settings (412 bytes), deck maps (768 bytes)"."""
    return ", ".join("%s (%d bytes)" % (WHAT[n], len(backup.parts[n])) for n in (SETTINGS, *AREAS)
                     if n in backup.parts) or "nothing"


# ----- the board -------------------------------------------------------------------------


def read_area(link, area):
    """An area's bytes, read piece by piece."""
    out = bytearray()
    while True:
        r = link.request("mem", area=area, at=len(out))
        if r.get("k") != "mem":
            raise BackupError("the board would not give its %s: %s" % (area, r.get("msg", r)))
        piece = bytes.fromhex(r["data"])
        out += piece
        if not piece or len(out) >= r["size"]:
            return bytes(out)


def write_area(link, area, data):
    """``data`` into an area of the same size; only the pieces that differ are written
    (every nvm write rewrites its flash sector). Returns how many were written."""
    now = read_area(link, area)
    if len(now) != len(data):
        raise BackupError(
            "this board's %s is %d bytes, the backup's %d (a board with the FRAM and one "
            "without keep their game saves in stores of different sizes)" % (area, len(now), len(data))
        )
    written = 0
    for at in range(0, len(data), WRITE):
        piece = data[at : at + WRITE]
        if piece == now[at : at + WRITE]:
            continue
        r = link.request("mem", area=area, at=at, data=piece.hex())
        if r.get("k") != "ok":
            raise BackupError("the board refused the %s: %s" % (area, r.get("msg", r)))
        written += 1
    return written
