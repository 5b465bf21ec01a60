"""``topper monitor``: watch the game on a connected board over its data port.

It finds the board (``topper_host.serial_link.find_port``, or ``--port``), says hello,
and then shows the game as the simulator draws it (``--plain``: rulings in words and
the OLED's text, line by line), from the lines the board streams and the views it asks
for a few times a second. ``--save PATH`` writes each game to an event log that
``topper replay`` and ``topper sim --replay`` read; joining a game half way, it first
downloads the game so far (``log`` command) and puts back each event's rulings with
the core's replay, so that the saved log starts at its header, rulings and all.
``--once`` stops after one game has been won; ``--seconds`` after a while.

A line it cannot honour (a header of a game, a version or a number of seats this host
does not know, a ruling without its stamp or naming a seat the game does not have, a
card not in the deck, a view that is not one: ``monitor_check``) gets one warning line
and is left out, and the monitor goes on; a refused header's game is neither shown nor
saved, and a saved log stops at a bad ruling (it still replays up to there). When it
stops, it says where ``--save`` wrote, on the terminal it leaves.

Exit status: 0 when it stopped as asked (``q``, ``--once``, ``--seconds``); 130 when
stopped with Ctrl-C (the logs saved whole all the same); 2 when there is no board, no
answer, or a broken line.
"""

import os
import sys
import time

from topper_host import late_join, paths, serial_link
from topper_host.monitor_check import Checker
from topper_host.monitor_save import GameSaver
from topper_host.monitor_view import Board, Plain

HELP = "watch the game on a connected board over USB, and save its log"

VIEW_S = 0.2  # how often the board is asked for its view
TAIL_S = 0.5  # after the game is won (--once): time for the last lines
INTERRUPTED = 130  # Ctrl-C, as a shell reports a command it stopped


def add_arguments(p):
    p.add_argument("--port", help="the board's data port or a pyserial URL (default: found by USB id)")
    p.add_argument("--save", metavar="PATH", help="save each game's event log (PATH, PATH-2.jsonl, ...)")
    p.add_argument("--plain", action="store_true", help="print line by line instead of drawing")
    p.add_argument("--once", action="store_true", help="stop once a game has been won")
    p.add_argument("--seconds", type=float, help="stop after this many seconds")
    p.add_argument("--no-catch-up", action="store_true",
                   help="do not download the game already under way")


def run(args):
    # A --save that cannot be written is told now, not after the first game is lost.
    problem = (args.save and paths.file_to_write(args.save, "--save")) or (
        args.port and paths.serial_port(args.port, "--port"))
    if problem:
        print("topper monitor: %s" % problem, file=sys.stderr)
        return 2
    try:
        name = args.port or serial_link.find_port()
    except serial_link.LinkError as e:
        print("topper monitor: %s" % e, file=sys.stderr)
        return 2
    import serial

    try:
        port = serial.serial_for_url(name, timeout=0.05, write_timeout=1.0)
    except (serial.SerialException, ValueError) as e:
        print("topper monitor: cannot open %s: %s" % (name, e), file=sys.stderr)
        return 2
    told = []  # what the TUI's loop has to say once the terminal is back
    try:
        if args.plain or not (sys.stdin.isatty() and sys.stdout.isatty()):
            return watch(serial_link.Link(port), args, Plain(_print), name)
        from topper_host.sim.ui.monitor_app import MonitorApp

        link = serial_link.Link(port)
        app = MonitorApp(lambda display: watch(link, args, display, name, tell=told.append),
                         "Topper Table monitor: %s" % name)
        app.run()
        for line in told:
            _tell(line)
        del told[:]
        if app.error is not None:
            raise app.error
        return INTERRUPTED if app.interrupted else app.result
    except serial_link.LinkError as e:
        print("topper monitor: %s" % e, file=sys.stderr)
        return 2
    except (OSError, serial.SerialException) as e:
        print("topper monitor: the link broke: %s" % e, file=sys.stderr)
        return 2
    finally:
        for line in told:  # the loop broke: what it said, then why
            _tell(line)
        port.close()


def _print(s):
    print(s, flush=True)


def _tell(s):
    print("topper monitor: %s" % s, file=sys.stderr, flush=True)


def watch(link, args, display, name, clock=time.monotonic, tell=_tell):
    """The monitor's loop; its status (0, or ``INTERRUPTED`` after Ctrl-C). What it has
    to say about the logs it saved goes to ``tell``, once, as it ends."""
    hello = link.hello()
    if hello.get("proto") != serial_link.PROTOCOL:
        tell("the board speaks protocol %r, this host %d: going on with what both know"
             % (hello.get("proto"), serial_link.PROTOCOL))
    display.hello(hello)
    board = Board(clock)
    saver = GameSaver(args.save) if args.save else None
    check = Checker()
    status = 0
    started = clock()
    asked = None  # when the last view was asked for
    won_at = None
    try:
        if hello.get("game") and not args.no_catch_up:
            _catch_up(link, board, saver, check)
        if hello.get("problems"):
            # What the board showed at boot as CHECK SETUP (a missing part or library).
            said = board.notice + "; " if board.notice else ""
            board.say(said + "board setup: " + "; ".join(hello["problems"]))
        while True:
            for obj in link.lines(0.02):
                if _take(obj, board, saver, check) == "win" and won_at is None:
                    won_at = clock()
            now = clock()
            if asked is None or now - asked >= VIEW_S:
                asked = now
                try:
                    link.send("view")
                except serial_link.NotReading as e:
                    board.say(str(e))
            _show(display, board, name)
            if won_at is not None and args.once and now - won_at >= TAIL_S:
                break
            if args.seconds is not None and now - started >= args.seconds:
                break
            quit_pressed = getattr(display, "quit_pressed", None)  # only a screen has keys
            if quit_pressed is not None and quit_pressed():
                break
    except KeyboardInterrupt:
        status = INTERRUPTED
    finally:
        if saver is not None:
            saver.close()
            for w in saver.warnings:
                tell(w)
            for path in saver.saved:
                tell("saved %s" % os.path.abspath(path))
            if not saver.saved:
                tell("--save %s: no game seen from its start, nothing saved" % args.save)
    return status


def _show(display, board, name):
    """The display drawn; a view it cannot draw is dropped with a warning."""
    try:
        display.show(board, name)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as e:
        board.view = None
        board.warn("a board view this host cannot draw is left out (%s: %s)" % (type(e).__name__, e))


def _catch_up(link, board, saver, check):
    """The game under way, from its first line (the board keeps its beginning). The
    download holds the events only: each event's rulings are put back with the core's
    replay, so that a saved log holds the races and pots of the game so far too."""
    head, lines, end = link.download("current")
    lines = late_join.with_rulings(lines)
    for obj in lines:
        _take(obj, board, saver, check, show=False)
    if saver is not None:
        if head.get("resumed"):
            saver.resumed()
        elif end.get("dropped"):
            saver.gap(end["dropped"])
    board.say("joined the game after %d lines" % len(lines))


def _take(obj, board, saver, check, show=True):
    """One line of the board's, checked (``monitor_check``) before it is shown or saved."""
    k = obj.get("k")
    why = None
    if k is None and "log" in obj:
        why = check.header(obj)
        if why is not None:
            check.refused = True
            if saver is not None:
                saver.stop("the board started a game this host cannot read")
            board.warn("a game header left out, its game neither shown nor saved: %s" % why)
            return None
    elif k is None and check.refused:
        return None  # a line of the game whose header was refused
    elif k is None and "r" in obj:
        why = check.ruling(obj)
    elif k == "view":
        why = check.view(obj)
    if why is not None:
        if k is None and saver is not None:
            saver.stop("a ruling this host cannot read")
        board.warn("a board line left out: %s" % why)
        return None
    if not show:
        if saver is not None and k is None:
            saver.line(obj)
        if "log" in obj:
            board.new_game(obj)
        return None
    return _handle(obj, board, saver)


def _handle(obj, board, saver):
    k = obj.get("k")
    if k is None:
        if saver is not None:
            saver.line(obj)
        if "log" in obj:
            board.new_game(obj)
        elif "r" in obj:
            board.rulings([obj])
            if obj["r"] in ("win", "over"):  # a slap game won, a turn game's match over
                return "win"
        return None
    if k == "view":
        board.saw_view(obj)
    elif k == "lost":
        board.say("the board dropped %d lines this host read too slowly" % obj["lines"])
        if saver is not None:
            saver.gap(obj["lines"])
    elif k == "resumed":
        board.say("the board lost power and resumed the game")
        if saver is not None:
            saver.resumed()
    elif k == "error":
        board.say("board: %s" % obj.get("msg"))
    return None
