"""``topper sim --game tripp|tricky|crazy|guess``: a turn-based game on the simulated
table (docs/simulator.md). The same modes as the slap games: in the terminal with you
at P1, ``--bots-only`` (a summary; ``--watch`` to see it), ``--headless`` (rulings and
OLED text), ``--replay LOG``. Every game is logged (``turn_log``)."""

import os
import sys

from topper import games, jsonl
from topper.eventlog import LogError
from topper.gamekit import Entry

from topper_host import paths
from topper_host.sim import clock as clockmod
from topper_host.sim import logs, loop, turn_log
from topper_host.sim.turn_frame import TurnFrame
from topper_host.sim.turn_table import TurnTable
from topper_host.sim.turn_words import result_text


class Usage(Exception):
    pass


class Setup:
    """A checked game: key, seats, options, clock."""

    def __init__(self, args):
        self.game = args.game
        key, title, (low, high) = games.find(args.game)[:3]
        self.title = title
        self.seats = args.seats
        if not low <= self.seats <= high:
            if low == high:
                raise Usage("%s is for %d players: --seats %d" % (title, low, low))
            raise Usage("%s is for %d to %d players, not %d" % (title, low, high, self.seats))
        self.options = parse_options(args.game, args.opt or [])
        self.control = None
        if args.clock:
            try:
                self.control = turn_log.control_from(args.clock)
            except ValueError as e:
                raise Usage(str(e))

    def header(self, seed):
        return turn_log.header(self.game, self.seats, seed, Entry.DEALT, self.options, self.control)


def parse_options(game, pairs):
    """``["hands=4", "mode=1"]`` -> the game's options filled in; Usage in words."""
    known = games.find(game)[3]
    names = [o[0] for o in known]
    given = {}
    for pair in pairs:
        name, eq, value = pair.partition("=")
        if not eq or name not in names:
            raise Usage(
                "--opt takes NAME=VALUE with NAME one of %s for %s, not %r"
                % (", ".join(names) or "(none)", game, pair)
            )
        try:
            given[name] = int(value)
        except ValueError:
            raise Usage("--opt %s: %r is not a whole number" % (name, value))
    try:
        return games.options(game, given)
    except ValueError as e:
        allowed = [_allowed(o) for o in known]
        raise Usage("%s (allowed: %s)" % (e, "; ".join(allowed)))


def _allowed(opt):
    name, _label, values, _default, words_ = opt
    if words_ is None:
        return "%s %s" % (name, "/".join([str(v) for v in values]))
    return "%s %s" % (name, "/".join(["%d=%s" % (v, w) for v, w in zip(values, words_)]))


def run(args, seed, snaps):
    try:
        setup = Setup(args) if not args.replay else None
    except Usage as e:
        print("topper sim: %s" % e, file=sys.stderr)
        return 2
    if args.replay:
        return replay(args, snaps)
    if args.bots_only or args.headless:
        if args.watch:
            return live(args, setup, seed, snaps, humans=())
        return batch(args, setup, seed, snaps)
    return live(args, setup, seed, snaps, humans=(0,))


def make_table(setup, seed, humans, speed, sink):
    head = setup.header(seed)
    ref = turn_log.make(head)
    return TurnTable(ref, humans=humans, seed=seed, speed=speed, sink=sink, head=head)


def _out(line):
    sys.stdout.write(line + "\n")


class Transcript:
    """Every batch of rulings as JSON lines, then the OLED's 8 lines behind ``| ``
    (after every ``every``-th batch and at the end: golden files keep a few screens)."""

    def __init__(self, write, every=1):
        self.write = write
        self.every = every
        self.batches = 0

    def __call__(self, table, t, rulings):
        self.batches += 1
        for r in rulings:
            self.write(jsonl.dumps(r))
        if self.batches % self.every == 0 or table.over:
            for line in TurnFrame(table.view(t), t).lines:
                self.write(("| " + line).rstrip())


class Headless(loop.Headless):
    """The slap games' headless shell; a table whose bots have nothing left to do
    (a stuck game) ends the run too."""

    def finished(self, table, t):
        if loop.Headless.finished(self, table, t):
            return True
        return not table.plans and not table.script and table.next_in(t) is None


def play(table, clock, max_ms):
    table.start(clock.now())
    shell = Headless(max_ms=max_ms)
    loop.run(table, clock, shell)
    return shell.timed_out


def summary_line(index, table, seed, t, timed_out):
    view = table.view(t)
    mins = (t - table.started_at) // 1000
    how = result_text(view, table.stuck)
    if timed_out:
        how = "unfinished (time cap)"
    return "game %d: %s after %d:%02d, %d moves (seed %d)" % (
        index,
        how,
        mins // 60,
        mins % 60,
        table.actions,
        seed,
    )


def batch(args, setup, base, snaps):
    wins = [0] * setup.seats
    for i in range(args.games):
        seed = base + i
        path = logs.numbered(args.log or logs.default_path(setup.game, seed), i + 1, args.games)
        log = logs.LogFile(path)
        try:
            table = make_table(setup, seed, (), args.bot_speed, log)
            if args.headless:
                table.listeners.append(Transcript(_out))
            clock = clockmod.FakeClock()
            timed_out = play(table, clock, int(args.max_minutes * 60000))
        finally:
            log.close()
        t = clock.now()
        if snaps is not None:
            snaps.take(TurnFrame(table.view(t), t), "g%03d-end" % (i + 1))
        for s in table.view(t)["winners"]:
            wins[s] += 1
        _out(("# " if args.headless else "") + summary_line(i + 1, table, seed, t, timed_out))
        print("topper sim: log %s" % log.path, file=sys.stderr)
        if table.stuck:
            print("topper sim: %s" % table.stuck, file=sys.stderr)
            return 1
    if args.games > 1:
        _out(
            ("# " if args.headless else "")
            + "%d games: wins %s"
            % (args.games, " ".join(["P%d %d" % (s + 1, w) for s, w in enumerate(wins)]))
        )
    return 0


def live(args, setup, seed, snaps, humans):
    from topper_host.sim.ui.turn_app import TurnApp

    if not sys.stdin.isatty() or not sys.stdout.isatty():
        print("topper sim: the game needs a terminal; try --bots-only or --headless", file=sys.stderr)
        return 2
    log = logs.LogFile(args.log or logs.default_path(setup.game, seed))
    who = "you are P1" if humans else "bots only"
    title = "Topper Table  \u00b7  %s  \u00b7  %d players  \u00b7  %s  \u00b7  seed %d  \u00b7  %s" % (
        setup.title,
        setup.seats,
        _options_text(setup),
        seed,
        who,
    )
    try:
        clock = clockmod.LiveClock(speed=1.0 if humans else args.speed)
        table = make_table(setup, seed, humans, args.bot_speed, log)
        app = TurnApp(clock, table, humans=humans, title=title, snapshots=snaps)
        table.start(clock.now())
        app.run()
        t = clock.now()
    finally:
        log.close()
    print(
        "seed %d: %s; log %s"
        % (seed, result_text(table.view(t), table.stuck) if table.over else "unfinished", log.path)
    )
    return app.return_code or 0


def _options_text(setup):
    parts = ["%s=%d" % (k, setup.options[k]) for k in sorted(setup.options)]
    if setup.control is not None:
        c = setup.control
        parts.append("clock %s %gs" % (c.name(), c.base_ms / 1000.0))
    return " ".join(parts)


def load(path):
    """``(header, events)`` of a turn game's log that replays cleanly; LogError."""
    head, events = turn_log.read(paths.read_lines(path))
    turn_log.check(head, events)
    return head, events


def replay(args, snaps):
    try:
        head, events = load(args.replay)
    except LogError as e:
        print("%s:%d: %s" % (args.replay, e.line, e.msg), file=sys.stderr)
        return 1
    table = TurnTable(turn_log.make(head), humans=tuple(range(head["seats"])))
    table.add_script([dict(e) for e in events])
    start = events[0]["t"] if events else 0
    if args.headless:
        table.listeners.append(Transcript(_out))
        loop.run(table, clockmod.FakeClock(start), loop.Headless(tail_ms=clockmod.TICK_MS))
        return 0
    from topper_host.sim.ui.turn_app import TurnApp

    if not sys.stdin.isatty() or not sys.stdout.isatty():
        print("topper sim: --replay draws in a terminal; add --headless to print it", file=sys.stderr)
        return 2
    title = "Topper Table  \u00b7  %s  \u00b7  replay of %s" % (
        games.find(head["game"])[1],
        os.path.basename(args.replay),
    )
    clock = clockmod.LiveClock(speed=args.speed, start=start)
    app = TurnApp(clock, table, title=title, snapshots=snaps, replay=True)
    app.run()
    return app.return_code or 0


def is_turn_log(path):
    """Whether the log at ``path`` is a turn game's (its header names one)."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            first = f.readline()
        return turn_log.is_turn_header(jsonl.loads(first.strip()))
    except (OSError, ValueError):
        return False
