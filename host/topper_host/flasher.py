"""Plan, write and verify the files `topper flash` puts on a CIRCUITPY drive.

Ownership rule: the drive keeps a manifest (.topper-manifest.json at its root) of the
files this tool wrote, with their SHA-256. A file is ours only while its bytes still
match the manifest; a file the manifest does not list, or one edited since, belongs to
the user and is neither overwritten nor deleted without --force. A file that is already
byte-identical to what we would write is taken as ours (that is how a lost manifest
heals). Deleting only ever touches files listed in the manifest.

FAT is not journaled, so "atomic" is best effort: each file is written to a temporary
name, flushed and fsync'ed, then renamed over the old one. An error or a full drive
leaves the old file whole, never half a file under the real name; pulling the cable
during the rename can still lose that one file, which the next flash rewrites.
"""

import errno
import hashlib
import json
import os
import shutil
from dataclasses import dataclass
from pathlib import Path

MANIFEST = ".topper-manifest.json"
MANIFEST_FORMAT = 1
TMP_PREFIX = ".topper-tmp-"

# Plan kinds.
NEW = "new"  # absent on the drive: write
UPDATE = "update"  # ours, unchanged since we wrote it, new content: write
FORCE = "force"  # the user's file, replaced because of --force
SAME = "same"  # already byte-identical: nothing to write
KEEP = "keep"  # settings.toml present: the user's, left alone
SKIP = "skip"  # the user's file (edited or foreign) in our way: left alone
DELETE = "delete"  # ours, unchanged, no longer shipped: removed
LEAVE = "leave"  # ours once, edited since, no longer shipped: left alone

WRITES = (NEW, UPDATE, FORCE)
OURS_AFTER = (NEW, UPDATE, FORCE, SAME)  # files the manifest lists after the flash


class FlashError(Exception):
    """A flash that cannot go on: read-only drive, drive full, write error."""


@dataclass
class Action:
    kind: str
    path: str
    item: object = None  # payload.Item for planned files, None for deletions
    reason: str = ""


def sha256(data):
    return hashlib.sha256(data).hexdigest()


def file_sha256(path):
    """Hash of a file as it is on the device, not as the page cache remembers it."""
    with open(path, "rb") as f:
        if hasattr(os, "posix_fadvise"):
            try:
                # fsync made the cached pages clean; dropping them makes this read go to
                # the drive, so a verification can catch a write the device mangled.
                os.posix_fadvise(f.fileno(), 0, 0, os.POSIX_FADV_DONTNEED)
            except OSError:
                pass
        return sha256(f.read())


def load_manifest(drive):
    """(files dict, warning or None) from the drive's manifest; empty when absent or broken."""
    path = Path(drive) / MANIFEST
    if not path.exists():
        return {}, None
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
        files = doc["files"]
        if not isinstance(files, dict):
            raise TypeError("files is not an object")
        for entry in files.values():
            if not isinstance(entry.get("sha256"), str):
                raise TypeError("an entry has no sha256")
        return files, None
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as e:
        return {}, f"ignoring unreadable {MANIFEST} ({e}): every file on the drive counts as yours"


def plan(drive, items, manifest, force=False):
    """Actions that bring the drive to ``items`` under the ownership rule."""
    drive = Path(drive)
    actions = []
    planned = set()
    for item in items:
        planned.add(item.path)
        target = drive / item.path
        want = sha256(item.data)
        if not target.exists():
            actions.append(Action(NEW, item.path, item))
            continue
        if target.is_dir():
            actions.append(Action(SKIP, item.path, item, "a folder of that name is in the way"))
            continue
        have = file_sha256(target)
        entry = manifest.get(item.path)
        ours = entry is not None and entry.get("sha256") == have
        if have == want:
            actions.append(Action(SAME, item.path, item))
        elif item.keep and not force:
            actions.append(Action(KEEP, item.path, item, "yours to edit; --force replaces it"))
        elif ours:
            actions.append(Action(UPDATE, item.path, item))
        elif force:
            actions.append(Action(FORCE, item.path, item, "replaced because of --force"))
        elif entry is not None:
            actions.append(
                Action(SKIP, item.path, item, "edited on the drive since topper flash wrote it")
            )
        else:
            actions.append(Action(SKIP, item.path, item, "not written by topper flash"))
    for path in sorted(manifest):
        if path in planned:
            continue
        target = drive / path
        if not target.is_file():
            continue  # already gone: it simply drops out of the manifest
        if file_sha256(target) == manifest[path].get("sha256") or force:
            actions.append(Action(DELETE, path, None, "no longer shipped"))
        else:
            actions.append(Action(LEAVE, path, None, "no longer shipped, but edited on the drive"))
    return actions


def _block(drive):
    try:
        return max(512, os.statvfs(drive).f_frsize)
    except (AttributeError, OSError):
        return 4096  # Windows: assume a common FAT cluster size


def _rounded(size, block):
    return -(-size // block) * block


def space_needed(drive, actions):
    """Bytes the drive must have free for ``actions``, counted in whole clusters."""
    drive = Path(drive)
    block = _block(drive)
    net = 0
    biggest = 0
    for a in actions:
        target = drive / a.path
        old = _rounded(target.stat().st_size, block) if target.is_file() else 0
        if a.kind in WRITES:
            new = _rounded(len(a.item.data), block)
            net += new - old
            # During a rename the temporary copy and the old file exist side by side.
            biggest = max(biggest, new)
        elif a.kind == DELETE:
            net -= old
    return max(0, net) + biggest + block  # one more cluster for the manifest


def free_space(drive):
    return shutil.disk_usage(drive).free


def check_space(drive, actions):
    need = space_needed(drive, actions)
    free = free_space(drive)
    if need > free:
        raise FlashError(
            f"drive full: this flash needs about {-(-need // 1024)} KB free and {drive} has "
            f"{free // 1024} KB. Remove files you no longer need from the drive, or flash "
            "with --no-libs if the libraries are already installed as .mpy."
        )


def _explain(e, path):
    if e.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        return FlashError(
            f"cannot write {path}: the drive is read-only for this computer ({e.strerror}). If the table "
            "button was held at power-up the board gave itself the write access: unplug it "
            "and plug it back in without holding the button."
        )
    if e.errno in (errno.ENOSPC, errno.EFBIG):
        return FlashError(f"drive full while writing {path}")
    return FlashError(f"cannot write {path}: {e}")


def write_atomic(path, data):
    """Write ``data`` to ``path`` through a temporary file and a rename."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(TMP_PREFIX + path.name)
    try:
        with open(tmp, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            tmp.unlink()
        except OSError:
            pass
        raise


def _prune_dirs(drive, path):
    """Remove folders left empty by a deletion, up to (not including) the drive root."""
    parent = (Path(drive) / path).parent
    while parent != Path(drive):
        try:
            parent.rmdir()
        except OSError:
            return  # not empty, or not ours to judge
        parent = parent.parent


def apply(drive, actions, writer=None):
    """Carry out the deletions, then the writes in plan order. Returns (written, deleted)."""
    writer = writer or write_atomic
    drive = Path(drive)
    written = deleted = 0
    for a in actions:
        if a.kind == DELETE:
            try:
                (drive / a.path).unlink()
            except OSError as e:
                raise _explain(e, a.path) from e
            _prune_dirs(drive, a.path)
            deleted += 1
    for a in actions:
        if a.kind in WRITES:
            try:
                writer(drive / a.path, a.item.data)
            except OSError as e:
                raise _explain(e, a.path) from e
            written += 1
    return written, deleted


def verify(drive, actions):
    """Re-read every file we own after the flash. Returns {path: hash found} of the bad ones."""
    drive = Path(drive)
    bad = {}
    for a in actions:
        if a.kind in OURS_AFTER:
            target = drive / a.path
            try:
                have = file_sha256(target)
            except OSError:
                have = None
            if have != sha256(a.item.data):
                bad[a.path] = have
    return bad


def manifest_doc(actions, bad, version, board, mpy):
    """The new manifest: what we own on the drive, with the hash it really has there.
    A file that failed verification is recorded with the hash found, so that the next
    flash sees it unchanged since we wrote it and rewrites it."""
    files = {}
    for a in actions:
        if a.kind not in OURS_AFTER:
            continue
        if a.path in bad:
            if bad[a.path] is None:
                continue
            digest, size = bad[a.path], None
        else:
            digest, size = sha256(a.item.data), len(a.item.data)
        files[a.path] = {"sha256": digest, "size": size, "version": a.item.version}
    return {
        "format": MANIFEST_FORMAT,
        "tool": "topper flash",
        "version": version,
        "circuitpython": board.version,
        "board": board.board,
        "mpy": bool(mpy),
        "files": dict(sorted(files.items())),
    }


def save_manifest(drive, doc, writer=None):
    """Write the manifest unless it would not change (a no-op flash writes nothing)."""
    writer = writer or write_atomic
    path = Path(drive) / MANIFEST
    data = (json.dumps(doc, indent=1, sort_keys=True) + "\n").encode("utf-8")
    try:
        if path.is_file() and path.read_bytes() == data:
            return False
        writer(path, data)
    except OSError as e:
        raise _explain(e, MANIFEST) from e
    return True
