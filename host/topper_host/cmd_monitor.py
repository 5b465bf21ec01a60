"""``topper monitor``: watch the game on a connected board over its data port.

It finds the board (``topper_host.serial_link.find_port``, or ``--port``), says hello,
and then shows the game as the simulator draws it (``--plain``: rulings in words and
the OLED's text, line by line), from the lines the board streams and the views it asks
for a few times a second. ``--save PATH`` writes each game to an event log that
``topper replay`` and ``topper sim --replay`` read; joining a game half way, it first
downloads the game so far (``log`` command) so that the saved log starts at its
header. ``--once`` stops after one game has been won; ``--seconds`` after a while.

Exit status: 0, or 2 when there is no board, no answer, or a broken line.
"""

import os
import sys
import time

from topper_host import paths, serial_link
from topper_host.monitor_save import GameSaver
from topper_host.monitor_view import Board, Plain

HELP = "watch the game on a connected board over USB, and save its log"

VIEW_S = 0.2  # how often the board is asked for its view
TAIL_S = 0.5  # after the game is won (--once): time for the last lines


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
    try:
        if args.plain or not (sys.stdin.isatty() and sys.stdout.isatty()):
            return watch(serial_link.Link(port), args, Plain(_print), name)
        from topper_host.sim.ui.monitor_app import MonitorApp

        link = serial_link.Link(port)
        app = MonitorApp(lambda display: watch(link, args, display, name), "Topper Table monitor: %s" % name)
        app.run()
        if app.error is not None:
            raise app.error
        return app.result
    except serial_link.LinkError as e:
        print("topper monitor: %s" % e, file=sys.stderr)
        return 2
    except (OSError, serial.SerialException) as e:
        print("topper monitor: the link broke: %s" % e, file=sys.stderr)
        return 2
    finally:
        port.close()


def _print(s):
    print(s, flush=True)


def watch(link, args, display, name, clock=time.monotonic):
    hello = link.hello()
    if hello.get("proto") != serial_link.PROTOCOL:
        print("topper monitor: the board speaks protocol %r, this host %d: going on with what both know"
              % (hello.get("proto"), serial_link.PROTOCOL), file=sys.stderr)
    display.hello(hello)
    board = Board(clock)
    saver = GameSaver(args.save) if args.save else None
    if hello.get("game") and not args.no_catch_up:
        _catch_up(link, board, saver)
    if hello.get("problems"):
        # What the board showed at boot as CHECK SETUP (a missing part or library).
        said = board.notice + "; " if board.notice else ""
        board.say(said + "board setup: " + "; ".join(hello["problems"]))
    started = clock()
    asked = None  # when the last view was asked for
    won_at = None
    try:
        while True:
            for obj in link.lines(0.02):
                if _handle(obj, board, saver) == "win" and won_at is None:
                    won_at = clock()
            now = clock()
            if asked is None or now - asked >= VIEW_S:
                asked = now
                try:
                    link.send("view")
                except serial_link.NotReading as e:
                    board.say(str(e))
            display.show(board, name)
            if won_at is not None and args.once and now - won_at >= TAIL_S:
                break
            if args.seconds is not None and now - started >= args.seconds:
                break
            quit_pressed = getattr(display, "quit_pressed", None)  # only a screen has keys
            if quit_pressed is not None and quit_pressed():
                break
    except KeyboardInterrupt:
        pass
    finally:
        if saver is not None:
            saver.close()
            for w in saver.warnings:
                print("topper monitor: %s" % w, file=sys.stderr)
            for path in saver.saved:
                print("topper monitor: saved %s" % os.path.abspath(path), file=sys.stderr)
    return 0


def _catch_up(link, board, saver):
    """The game under way, from its first line (the board keeps its beginning)."""
    head, lines, end = link.download("current")
    if saver is not None:
        for obj in lines:
            saver.line(obj)
        if head.get("resumed"):
            saver.resumed()
        elif end.get("dropped"):
            saver.gap(end["dropped"])
    if lines and "log" in lines[0]:
        board.new_game(lines[0])
    board.say("joined the game after %d lines" % len(lines))


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
