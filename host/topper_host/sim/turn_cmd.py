"""``topper sim --game tripp|tricky|crazy|guess``: a turn game played at the device's
own shell (docs/simulator.md).

The firmware's table shell runs on a virtual board (``topper_host.virtual``), with the
card pad on (or off: ``--card-pad off``); beside it the physical table (``turn_table``)
holds the cards and seats the players, who make their moves at the device: cards
tapped and buttons pressed, or buttons alone without the pad. The modes
are the slap games': in the terminal you are P1 (``ui.turn_app``: the device, your hand
and your numbered moves), ``--bots-only`` plays whole games with a summary (``--watch``
to see them), ``--headless`` prints the device's log and OLED. Seeded: the same seed
deals the same cards and the bots play them the same way. The device's event log is
the game's log; ``topper replay`` replays it, and ``--replay LOG`` plays it back on the
device (``turn_feed``; ``--headless``: ruling for ruling, as ``topper replay``).
"""

import sys

from topper import games, jsonl

from topper_host import paths
from topper_host.sim import logs, summary
from topper_host.sim.turn_table import TurnTable, device_winners, result_text

BOOT_MS = 200  # the board boots before the host sets the game up
BATCH_MS = 150  # headless: the OLED is read this long after a batch of log lines


class Usage(Exception):
    pass


class Setup:
    """A checked game: key, seats, options, clock, the card pad on or off."""

    def __init__(self, args):
        self.game = args.game
        self.title = games.find(args.game).title
        self.seats = args.seats  # (in the game's range: sim.option_rules)
        self.options = parse_options(args.game, args.opt or [])
        self.control = None  # topper.clock.TimeControl.to_list()
        self.flag = args.on_flag
        if args.clock:
            self.control = control_from(args.clock, self.seats, args.handicap)
        elif args.handicap or args.on_flag:
            raise Usage("--handicap and --on-flag go with a --clock")
        self.pad = args.card_pad != "off"  # as the menu's "Card pad" line

    def text(self):
        parts = ["%s=%d" % (k, self.options[k]) for k in sorted(self.options)]
        if self.control is not None:
            from topper.clock import CONTROL_NAMES

            parts.append("clock %s %gs" % (CONTROL_NAMES[self.control[0]], self.control[1] / 1000.0))
            if self.flag:
                parts.append("on flag: %s" % self.flag)
        if not self.pad:
            parts.append("no card pad")
        return " ".join(parts)


def _ms(text, what, least=1, option="--clock"):
    """``text`` seconds in ms, at least ``least`` ms and at most the clock's longest
    bank; Usage in seconds, as the user gave them."""
    from topper.clock import MAX_BASE_MS

    try:
        secs = float(text)
    except ValueError:
        raise Usage("%s times are seconds, not %r (%s)" % (option, text, what))
    if not least / 1000.0 <= secs <= MAX_BASE_MS / 1000.0:  # (nan and inf are neither)
        most = _secs(MAX_BASE_MS)
        raise Usage("%s: %s must be %s to %s seconds, not %s" % (option, what, _secs(least), most, text))
    return max(least, int(round(secs * 1000)))


def _secs(ms):
    return ("%.3f" % (ms / 1000.0)).rstrip("0").rstrip(".")


def control_from(text, seats=2, handicap=None):
    """``CONTROL:BASE[:EXTRA[:N]]`` (seconds; N byo-yomi's periods or Canadian's moves)
    followed by stages ``/[MOVES@]ADD[:EXTRA]``, and a handicap ``P1=60,P3=120`` ->
    ``topper.clock.TimeControl.to_list()``; Usage in words."""
    from topper import clock as clockmod

    names = clockmod.CONTROL_NAMES
    Control = clockmod.Control
    first, *rest = text.split("/")
    parts = first.split(":")
    usage = "--clock is CONTROL:BASE[:EXTRA[:N]][/STAGE] with CONTROL one of %s" % ", ".join(names)
    if len(parts) not in (2, 3, 4) or parts[0] not in names:
        raise Usage(usage)
    kind = names.index(parts[0])
    base = _ms(parts[1], "time")
    period = kind in (Control.BYOYOMI, Control.CANADIAN)  # a period of no time is none
    extra = _ms(parts[2], "the increment, delay or period", 1 if period else 0) if len(parts) > 2 else 0
    periods = moves = 0
    if kind in (Control.BYOYOMI, Control.CANADIAN):
        if len(parts) != 4:
            n = "PERIODS" if kind == Control.BYOYOMI else "MOVES"
            raise Usage("--clock %s is %s:MAIN:PERIOD:%s" % (parts[0], parts[0], n))
        try:
            n = int(parts[3])
        except ValueError:
            raise Usage("--clock %s: %r is not a whole number" % (parts[0], parts[3]))
        if kind == Control.BYOYOMI:
            periods = n
        else:
            moves = n
    elif len(parts) == 4:
        raise Usage("--clock %s takes no fourth number" % parts[0])
    elif extra and kind not in (Control.FISCHER, Control.BRONSTEIN, Control.DELAY):
        raise Usage("--clock %s takes no increment or delay" % parts[0])
    stages = []
    for st in rest:
        after = 0
        if "@" in st:
            count, _, st = st.partition("@")
            try:
                after = int(count)
            except ValueError:
                raise Usage("--clock: a stage is [MOVES@]ADD[:EXTRA], not %r" % st)
        bits = st.split(":")
        if len(bits) not in (1, 2):
            raise Usage("--clock: a stage is [MOVES@]ADD[:EXTRA], not %r" % st)
        add = _ms(bits[0], "a stage's time")
        stages.append((after, add, _ms(bits[1], "a stage's increment", 0) if len(bits) > 1 else 0))
    seat_ms = None
    if handicap:
        seat_ms = [base] * seats
        for item in handicap.split(","):
            who, eq, secs = item.strip().partition("=")
            if not eq or not who[1:].isdigit() or who[:1] not in ("P", "p") or not 1 <= int(who[1:]) <= seats:
                raise Usage("--handicap is PN=SECONDS,... with N a seat 1..%d, not %r" % (seats, item))
            seat_ms[int(who[1:]) - 1] = _ms(secs, "a seat's time", option="--handicap")
    try:
        c = clockmod.TimeControl(kind, base, extra, periods, moves, stages, seat_ms)
    except clockmod.ClockError as e:
        raise Usage("--clock: %s" % e)
    return c.to_list()


def parse_options(game, pairs):
    """``["hands=4", "mode=1"]`` -> the game's options filled in; Usage in words."""
    known = games.find(game).options
    names = [o.key for o in known]
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
    name, values, words_ = opt.key, opt.values, opt.names
    if words_ is None:
        return "%s %s" % (name, "/".join([str(v) for v in values]))
    return "%s %s" % (name, "/".join(["%d=%s" % (v, w) for v, w in zip(values, words_)]))


def run(args, seed, snaps):
    if args.replay:
        return replay(args, snaps)
    try:
        setup = Setup(args)
    except Usage as e:
        print("topper sim: %s" % e, file=sys.stderr)
        return 2
    if args.bots_only or args.headless:
        if args.watch:
            return live(args, setup, seed, snaps, humans=())
        return batch(args, setup, seed, snaps)
    return live(args, setup, seed, snaps, humans=(0,))


def make(setup, seed, humans, speed, log, now=0):
    """A virtual board, booted, and its physical table with the game set up on it."""
    from topper_host.virtual.board import VirtualBoard

    board = VirtualBoard(now=now, log=log, seed=seed)
    board.run(now + BOOT_MS)
    table = TurnTable(
        board, setup.game, setup.seats, seed, setup.options, setup.control, humans, speed, pad=setup.pad,
        flag=setup.flag,
    )
    table.start()
    return board, table


def _out(line):
    sys.stdout.write(line + "\n")


def play(board, table, end, out=None):
    """The board run until the game is over or ``end``; with ``out``, every log line
    the device writes and, after each batch, the OLED's lines behind ``# oled ``."""
    heard = []
    if out is not None:
        board.watchers.append(lambda lines, now: heard.extend(lines))
    shown = None
    while not table.over and board.now < end:
        board.wait(BATCH_MS)
        if out is not None and heard:
            for line in heard:
                out(line)
            del heard[:]
        if out is not None and board.lines != shown:
            shown = list(board.lines)
            out("# oled %s" % " | ".join(s.rstrip() for s in board.lines))
    return table.over


def batch(args, setup, base, snaps):
    wins = [0] * setup.seats
    for i in range(args.games):
        seed = base + i
        path = logs.numbered(args.log or logs.default_path(setup.game, seed), i + 1, args.games)
        log = logs.LogFile(path)
        try:
            board, table = make(setup, seed, (), args.bot_speed, log)
            counted = summary.TurnStats(setup.game, setup.pad)
            board.watchers.append(counted)
            start = board.now
            done = play(board, table, start + int(args.max_minutes * 60000), _out if args.headless else None)
        finally:
            log.close()
        if snaps is not None:
            from topper_host.sim.ui.board_app import BoardFrame

            snaps.take(BoardFrame(board, setup.seats), "g%03d-end" % (i + 1))
        for s in device_winners(board):
            wins[s] += 1
        how = result_text(board, table) if done else "unfinished (time cap)"
        line = "game %d: %s after %s, %d moves (seed %d)" % (
            i + 1,
            how,
            summary.clock_text(counted.ms()),
            counted.moves(),
            seed,
        )
        _out(("# " if args.headless else "") + line)
        print("topper sim: log %s" % log.path, file=sys.stderr)
        if table.stuck:
            print("topper sim: %s" % table.stuck, file=sys.stderr)
            return 1
    if args.games > 1:
        wins_text = " ".join(["P%d %d" % (s + 1, w) for s, w in enumerate(wins)])
        _out("%s%d games: wins %s" % ("# " if args.headless else "", args.games, wins_text))
    return 0


def live(args, setup, seed, snaps, humans):
    from topper_host.sim import wallclock as clockmod
    from topper_host.sim.ui.turn_app import TurnApp

    if not sys.stdin.isatty() or not sys.stdout.isatty():
        print("topper sim: the game needs a terminal; try --bots-only or --headless", file=sys.stderr)
        return 2
    log = logs.LogFile(args.log or logs.default_path(setup.game, seed))
    who = "you are P1" if humans else "bots only"
    title = "Topper Table  \u00b7  %s  \u00b7  %d players  \u00b7  %s  \u00b7  seed %d  \u00b7  %s" % (
        setup.title,
        setup.seats,
        setup.text(),
        seed,
        who,
    )
    try:
        clock = clockmod.LiveClock(speed=1.0 if humans else args.speed)
        board, table = make(setup, seed, humans, args.bot_speed, log, now=clock.now())
        app = TurnApp(board, table, clock, title=title, snapshots=snaps)
        app.run()
    finally:
        log.close()
    end = result_text(board, table) if table.over else "unfinished"
    print("seed %d: %s; log %s" % (seed, end, log.path))
    return app.return_code or 0


def replay(args, snaps=None):
    """A turn game's log: in the terminal, played on the device at its stamps
    (``turn_feed``); ``--headless``, replayed ruling for ruling as ``topper replay``
    does (the device's log or an older simulator's), printing every ruling and after
    each the OLED's lines when they changed (``# oled``)."""
    from topper.replay import LogError

    from topper import replay as core

    from topper_host import replay as host_replay
    from topper_host.sim.frame import TurnFrame

    if not args.headless:
        return replay_live(args, snaps)
    try:
        h, events = core.read(paths.read_lines(args.replay))
        try:
            ref = core.make(h)
        except ValueError as e:
            raise LogError(1, "bad header: %s" % e)
        shown = None
        for r in core.rulings(h, events, ref, host_replay.unnamed(h, events)):
            _out(jsonl.dumps(r))
            lines = TurnFrame(ref.view(r["t"]), r["t"]).lines
            if lines != shown:
                shown = lines
                _out("# oled %s" % " | ".join(s.rstrip() for s in lines))
    except LogError as e:
        print("%s:%d: %s" % (args.replay, e.line, e.msg), file=sys.stderr)
        return 1
    return 0


def replay_live(args, snaps):
    """The log played on the device in the terminal, at the pace it was played
    (``--speed``), as a slap log is."""
    import os

    from topper.replay import LogError

    from topper_host.sim import wallclock as clockmod
    from topper_host.sim import turn_feed

    try:
        h, events, found = turn_feed.load(paths.read_lines(args.replay))
        start = next(e["t"] for e in events if e["ev"] == "start")
    except LogError as e:
        print("topper sim: %s:%d: %s" % (args.replay, e.line, e.msg), file=sys.stderr)
        return 1
    except StopIteration:
        print("topper sim: %s: the log has no start event" % args.replay, file=sys.stderr)
        return 1
    if not sys.stdin.isatty() or not sys.stdout.isatty():
        print("topper sim: --replay draws in a terminal; add --headless to print it", file=sys.stderr)
        return 2
    from topper_host.sim.ui.turn_replay import TurnReplayApp

    try:
        board = turn_feed.boot(h, start)
    except ValueError as e:
        print("topper sim: %s: %s" % (args.replay, e), file=sys.stderr)
        return 1
    title = "Topper Table  \u00b7  %s  \u00b7  %d players  \u00b7  seed %d  \u00b7  replay of %s" % (
        games.find(h["game"]).title,
        h["seats"],
        h.get("seed", 0),
        os.path.basename(args.replay),
    )
    feed = turn_feed.Feed(board, events, found)
    clock = clockmod.LiveClock(speed=args.speed, start=board.now)
    app = TurnReplayApp(board, feed, clock, title=title, snapshots=snaps)
    app.run()
    return app.return_code or 0
