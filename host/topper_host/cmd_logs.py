"""``topper logs``: list the saved game logs, and prune them.

The simulator saves every game in the state folder (``sim.logs.state_dir()``:
``$XDG_STATE_HOME/topper/logs``, ``~/.local/state/topper/logs`` by default); ``topper
monitor --save`` writes where it is told, that folder too if you like. ``--dir`` lists
another folder.

    topper logs                                  # newest first: date, game, players, size
    topper logs --prune --keep 50                # remove all but the 50 newest
    topper logs --prune --older-than 30          # remove those older than 30 days
    topper logs --prune --keep 50 --dry-run      # only say what would go

Only files whose first line is a Topper Table log header are listed or removed;
anything else in the folder is left alone (and counted). With both ``--keep`` and
``--older-than`` a log goes if either says so.

Exit status: 0; 2 for a bad option, a folder that is not there or not a folder, or a
log that could not be removed.
"""

import os
import sys
import time

from topper import jsonl

from topper_host.sim import logs as simlogs

HELP = "list the saved game logs (date, game, players, size) and prune them"

HEADERS = ("topper-table", "topper-turn")
DAY_S = 86400


def add_arguments(p):
    p.add_argument("--dir", metavar="DIR", help="the folder of logs (default: the simulator's state folder)")
    p.add_argument("--prune", action="store_true", help="remove old logs (with --keep and/or --older-than)")
    p.add_argument("--keep", type=int, metavar="N", help="with --prune: keep the N newest logs")
    p.add_argument("--older-than", type=float, metavar="DAYS", help="with --prune: remove older logs")
    p.add_argument("--dry-run", action="store_true", help="with --prune: list what would go, remove nothing")


class Entry:
    def __init__(self, path, mtime, size, head, result):
        self.path = path
        self.name = os.path.basename(path)
        self.mtime = mtime
        self.size = size
        self.head = head  # the header line's object
        self.result = result

    @property
    def game(self):
        g = self.head.get("game")
        return g if isinstance(g, str) else "?"

    @property
    def players(self):
        s = self.head.get("seats")
        return s if isinstance(s, int) and not isinstance(s, bool) else None


def scan(folder):
    """``(entries newest first, other files)``: the logs in ``folder`` and the count of
    the files that are not logs. OSError when the folder cannot be read."""
    entries = []
    others = 0
    with os.scandir(folder) as it:
        files = [e for e in it if e.is_file()]
    for f in files:
        e = read_entry(f.path)
        if e is None:
            others += 1
        else:
            entries.append(e)
    entries.sort(key=lambda e: (e.mtime, e.name), reverse=True)
    return entries, others


def read_entry(path):
    """An ``Entry`` for a Topper Table log, None for any other (or unreadable) file."""
    try:
        st = os.stat(path)
        with open(path, encoding="utf-8", errors="replace") as f:
            head = _header(f.readline())
            if head is None:
                return None
            result = _result(f)
    except OSError:
        return None
    return Entry(path, st.st_mtime, st.st_size, head, result)


def _header(line):
    try:
        obj = jsonl.loads(line.strip())
    except ValueError:
        return None
    if isinstance(obj, dict) and obj.get("log") in HEADERS:
        return obj
    return None


def _result(f):
    """Who won, from the last ``win`` or ``over`` ruling; "" when the log has none (a
    game cut short, or a board's download without rulings)."""
    found = ""
    for line in f:
        if '"r":"win"' in line or '"r":"over"' in line:
            try:
                r = jsonl.loads(line.strip())
            except ValueError:
                continue
            seats = r.get("winners") if r.get("r") == "over" else [r.get("seat")]
            if isinstance(seats, list) and seats and all(isinstance(s, int) for s in seats):
                found = "%s won" % " ".join(["P%d" % (s + 1) for s in seats])
            elif r.get("r") == "over":
                found = "over"
    return found


def to_prune(entries, keep=None, older_than_days=None, now=None):
    """The entries (newest first, as ``scan`` gives them) that pruning removes."""
    now = time.time() if now is None else now
    out = []
    for i, e in enumerate(entries):
        too_many = keep is not None and i >= keep
        too_old = older_than_days is not None and now - e.mtime > older_than_days * DAY_S
        if too_many or too_old:
            out.append(e)
    return out


def size_text(n):
    if n < 1024:
        return "%d B" % n
    if n < 1024 * 1024:
        return "%.1f KB" % (n / 1024.0)
    return "%.1f MB" % (n / 1048576.0)


def date_text(mtime):
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(mtime))


def table(entries):
    rows = [("date", "game", "players", "size", "result", "file")]
    for e in entries:
        rows.append((date_text(e.mtime), e.game, "-" if e.players is None else str(e.players),
                     size_text(e.size), e.result or "-", e.name))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    out = []
    for r in rows:
        cells = [r[0].ljust(widths[0]), r[1].ljust(widths[1]), r[2].rjust(widths[2]),
                 r[3].rjust(widths[3]), r[4].ljust(widths[4]), r[5]]
        out.append("  ".join(cells).rstrip())
    return out


def _usage(msg):
    print("topper logs: %s" % msg, file=sys.stderr)
    return 2


def run(args):
    if (args.keep is not None or args.older_than is not None or args.dry_run) and not args.prune:
        return _usage("--keep, --older-than and --dry-run go with --prune")
    if args.prune and args.keep is None and args.older_than is None:
        return _usage("--prune needs --keep N and/or --older-than DAYS")
    if args.keep is not None and args.keep < 0:
        return _usage("--keep must be 0 or more")
    if args.older_than is not None and not args.older_than >= 0:
        return _usage("--older-than must be 0 days or more")
    folder = args.dir or simlogs.state_dir()
    if not os.path.exists(folder):
        if args.dir:
            return _usage("%s: No such folder" % folder)
        print("no saved logs yet (%s does not exist)" % folder)
        return 0
    if not os.path.isdir(folder):
        return _usage("%s: not a folder" % folder)
    try:
        entries, others = scan(folder)
    except OSError as e:
        return _usage("%s: %s" % (folder, e.strerror or e))
    if not args.prune:
        return _list(folder, entries, others)
    return _prune(folder, entries, args)


def _list(folder, entries, others):
    total = sum([e.size for e in entries])
    print("%d log%s in %s, %s" % (len(entries), "" if len(entries) == 1 else "s", folder, size_text(total)))
    if entries:
        for line in table(entries):
            print("  " + line)
    if others:
        print("(%d other file%s there: not logs, left alone)" % (others, "" if others == 1 else "s"))
    return 0


def _prune(folder, entries, args):
    gone = to_prune(entries, args.keep, args.older_than)
    rc = 0
    freed = 0
    removed = 0
    for e in gone:
        if args.dry_run:
            print("would remove %s" % e.path)
            freed += e.size
            removed += 1
            continue
        try:
            os.remove(e.path)
        except OSError as err:
            print("topper logs: cannot remove %s: %s" % (e.path, err.strerror or err), file=sys.stderr)
            rc = 2
            continue
        print("removed %s" % e.path)
        freed += e.size
        removed += 1
    print("%s %d log%s (%s); %d kept" % (
        "would remove" if args.dry_run else "removed", removed, "" if removed == 1 else "s",
        size_text(freed), len(entries) - removed))
    return rc
