"""``topper stats LOG...``: figures of played games, per game and per player.

Reads every kind of log the project writes (``topper_host.statlog``): the simulator's,
``topper monitor --save``'s, a board's download, ``topper replay``'s output. Prints a
table; ``--csv DIR`` writes the figures as CSV, ``--plots DIR`` as PNG pictures (needs
matplotlib: ``pip install 'topper-table[plots]'``). docs/stats.md says what each figure
means.

A log that is malformed (``LOG:LINE: why``) or cannot be read (``topper stats: LOG:
why``) gets one line and is left out; the others are reported all the same. Exit
status: 0; 1 when a log was left out as malformed; 2 when a file could not be read or
an output folder cannot be written (an output folder is checked before any log is
read).
"""

import csv
import os
import sys

from topper.replay import LogError

from topper_host import paths, stats, statlog

HELP = "statistics of played games: reaction times, slaps, turn times, wins (table, CSV, plots)"

PLOTS_HINT = "pip install 'topper-table[plots]' (or pip install matplotlib)"


def add_arguments(p):
    p.add_argument("logs", nargs="+", metavar="LOG", help="event logs (simulator, monitor, replay output)")
    p.add_argument("--csv", metavar="DIR", help="write the figures as CSV files there")
    p.add_argument("--plots", metavar="DIR", help="write PNG plots there (needs matplotlib)")
    p.add_argument("--games", action="store_true", help="print each game's seats, not only the totals")


def run(args):
    if args.plots:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            print("topper stats: --plots needs matplotlib: %s" % PLOTS_HINT, file=sys.stderr)
            return 2
    for folder, option in ((args.csv, "--csv"), (args.plots, "--plots")):
        problem = folder and paths.folder_to_write(folder, option)
        if problem:
            print("topper stats: %s" % problem, file=sys.stderr)
            return 2
    games = []
    bad = 0
    for path in args.logs:
        try:
            games.append(statlog.read(path))
        except LogError as e:
            print("%s:%d: %s" % (path, e.line, e.msg), file=sys.stderr)
            bad = bad or 1
        except OSError as e:
            print("topper stats: %s" % paths.why(e, path), file=sys.stderr)
            bad = 2
    if not games:
        return bad
    if bad:
        left = len(args.logs) - len(games)
        print("topper stats: %d log%s of %d left out (above); the figures are of the other %d" % (
            left, "" if left == 1 else "s", len(args.logs), len(games)), file=sys.stderr)
    try:
        for line in table(games, per_game=args.games or len(games) == 1):
            print(line)
        sys.stdout.flush()
    except BrokenPipeError:
        paths.drop_stdout()
    try:
        if args.csv:
            for path in write_csv(games, args.csv):
                print("topper stats: wrote %s" % path, file=sys.stderr)
        if args.plots:
            from topper_host import stats_plot

            for path in stats_plot.write(games, args.plots):
                print("topper stats: wrote %s" % path, file=sys.stderr)
    except OSError as e:
        print("topper stats: cannot write %s" % paths.why(e), file=sys.stderr)
        return 2
    return bad


# ----- text --------------------------------------------------------------------------------


def _count(v):
    return "-" if v is None else str(v)


def ms(v):
    return "-" if v is None else "%d" % round(v)


def secs(v):
    return "-" if v is None else "%.1f" % (v / 1000.0)


def clock(length_ms):
    s = length_ms // 1000
    return "%d:%02d" % (s // 60, s % 60)


def winners(g):
    if not g.winners:
        return "unfinished"
    return " ".join(["P%d" % (s + 1) for s in g.winners])


_WORDS = ("seat", "log", "game", "winner")


def _grid(rows):
    """Rows of cells as aligned text: words to the left, figures to the right."""
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    left = [h in _WORDS for h in rows[0]]
    out = []
    for r in rows:
        cells = [c.ljust(w) if lf else c.rjust(w) for c, w, lf in zip(r, widths, left)]
        out.append("  ".join(cells).rstrip())
    return out


SLAP_HEAD = ["seat", "games", "wins", "reactions", "median ms", "p90 ms", "won", "lost",
             "won by ms", "lost by ms", "wrong", "paid", "lockouts", "hurry-ups"]
TURN_HEAD = ["seat", "games", "wins", "moves", "think med s", "think p90 s", "think total s", "flags"]


def slap_row(name, p, games, wins):
    return [name, str(games), str(wins), str(len(p.reactions)), ms(stats.median(p.reactions)),
            ms(stats.percentile(p.reactions, 90)), str(p.won), str(p.lost), ms(stats.median(p.won_by)),
            ms(stats.median(p.lost_by)), str(p.wrong), str(p.paid), str(p.lockouts), str(p.hurries)]


def turn_row(name, p, games, wins):
    return [name, str(games), str(wins), str(len(p.think)), secs(stats.median(p.think)),
            secs(stats.percentile(p.think, 90)), secs(sum(p.think)), str(p.flags)]


def _seat_table(games, kind):
    head = SLAP_HEAD if kind == "slap" else TURN_HEAD
    row = slap_row if kind == "slap" else turn_row
    rows = [head]
    for p in stats.players(games):
        rows.append(row("P%d" % (p.seat + 1), p, p.games, p.wins))
    return _grid(rows)


def table(games, per_game=True):
    """The printed report: one line a game, then the seats of each kind of game."""
    lines = []
    rows = [["#", "log", "game", "seats", "length", "winner", "slaps", "lays", "moves"]]
    for i, g in enumerate(games, 1):
        rows.append([str(i), g.source, g.game, str(len(g.seats)), clock(g.length_ms), winners(g),
                     str(g.slaps) if g.kind == "slap" else "-", _count(g.lays) if g.kind == "slap" else "-",
                     str(g.actions) if g.kind == "turn" else "-"])
    lines.append("Games")
    lines.extend(["  " + s for s in _grid(rows)])
    if per_game:
        for i, g in enumerate(games, 1):
            lines.append("")
            lines.append("Game %d (%s, %s, %s): %s" % (i, g.source, g.game, clock(g.length_ms), winners(g)))
            lines.extend(["  " + s for s in _seat_table([g], g.kind)])
    for kind, title in (("slap", "slap games"), ("turn", "turn games")):
        some = [g for g in games if g.kind == kind]
        if not some or (per_game and len(some) == 1 and len(games) == 1):
            continue
        lines.append("")
        lines.append("Players over %d %s" % (len(some), title if len(some) > 1 else title[:-1]))
        lines.extend(["  " + s for s in _seat_table(some, kind)])
    return lines


# ----- CSV ---------------------------------------------------------------------------------


def _num(v):
    return "" if v is None else ("%.3f" % v).rstrip("0").rstrip(".")


def _seat_fields(s):
    return [len(s.reactions), _num(stats.median(s.reactions)), _num(stats.percentile(s.reactions, 90)),
            _num(stats.mean(s.reactions)), s.won, s.lost, _num(stats.median(s.won_by)),
            _num(stats.median(s.lost_by)), s.wrong, s.paid, s.lockouts, s.hurries, len(s.think),
            _num(stats.median(s.think)), _num(stats.percentile(s.think, 90)), sum(s.think), s.flags]


SEAT_FIELDS = ["reactions", "reaction_median_ms", "reaction_p90_ms", "reaction_mean_ms", "races_won",
               "races_lost", "won_by_median_ms", "lost_by_median_ms", "wrong_slaps", "cards_paid",
               "lockouts", "hurry_ups", "moves", "think_median_ms", "think_p90_ms", "think_total_ms",
               "flags"]


def write_csv(games, folder):
    """games.csv (a game a row), seats.csv (a seat of a game a row), players.csv (a seat
    over all games), reactions.csv (every reaction) and turns.csv (every move's think
    time). Returns the paths written."""
    os.makedirs(folder, exist_ok=True)
    written = []

    def put(name, head, rows):
        path = os.path.join(folder, name)
        with open(path, "w", newline="", encoding="utf-8") as f:
            w = csv.writer(f)
            w.writerow(head)
            w.writerows(rows)
        written.append(path)

    put("games.csv", ["game_no", "log", "game", "kind", "seats", "length_ms", "winners", "slaps", "lays",
                      "moves"],
        [[i, g.source, g.game, g.kind, len(g.seats), g.length_ms,
          " ".join(["P%d" % (s + 1) for s in g.winners]), g.slaps, "" if g.lays is None else g.lays,
          g.actions]
         for i, g in enumerate(games, 1)])
    put("seats.csv", ["game_no", "log", "game", "seat", "won_game"] + SEAT_FIELDS,
        [[i, g.source, g.game, "P%d" % (n + 1), int(n in g.winners)] + _seat_fields(s)
         for i, g in enumerate(games, 1) for n, s in enumerate(g.seats)])
    put("players.csv", ["seat", "games", "wins"] + SEAT_FIELDS,
        [["P%d" % (p.seat + 1), p.games, p.wins] + _seat_fields(p) for p in stats.players(games)])
    put("reactions.csv", ["game_no", "log", "seat", "reaction_ms"],
        [[i, g.source, "P%d" % (n + 1), _num(x)]
         for i, g in enumerate(games, 1) for n, s in enumerate(g.seats) for x in s.reactions])
    put("turns.csv", ["game_no", "log", "seat", "think_ms"],
        [[i, g.source, "P%d" % (n + 1), x]
         for i, g in enumerate(games, 1) for n, s in enumerate(g.seats) for x in s.think])
    return written
