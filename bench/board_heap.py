"""Heap of the real firmware on the emulated Pico, game by game (docs/board-heap.md).

    .venv/bin/python bench/board_heap.py                       # every row (long)
    .venv/bin/python bench/board_heap.py --pad 0 --host 0,1    # some rows
    .venv/bin/python bench/board_heap.py --marathon 30         # 30 games back to back
    .venv/bin/python bench/board_heap.py --marathon 30 --watch-from 25   # lows of the last 6

Boots the project's UF2 (tests/board driver) once per (card pad, host) pair and, for each
game, picks it in the menu with the buttons as a player would, starts it and plays a
scripted game of ``--events`` button presses and pad taps as fast as the rules take them,
then ends it from the table. "Host" means the data port is open (DTR up) from power-on,
so the link's session exists and every line is streamed; without it DTR is dropped
before code.py starts. With the pad, the deck map is written into the board's nvm at the
REPL (as if enrolled earlier: enrolling 127 cards by hand on the emulated pad takes
minutes), then the board is switched off and on. The nvm holds one map: the Triple Topper
deck's for every game but Tripp Jokes, which reads a standard deck and so, with the pad,
runs on a board of its own with the standard deck's map (no switches row there).

The menu is read back from the OLED: after each press the bench waits until the selected
line has changed, and takes a line as reached only once the screen has stood still
(a press can land late after a long game).

Heap figures come from the firmware itself (``topper_app.heapwatch``, typed on the
console): ``heap watch`` before the game, ``heap`` once it has started, when its play is
over, and when it has been ended (``--split`` prints the three lows). Per row:

- boot: free heap when code.py started (its status line: after the app was made);
- low: the lowest free heap seen at the end of any step from choosing the game to
  being back in the menu, and wherever the app collects inside a step that ruled,
  before collecting (a step's garbage counted as in use);
- largest: the largest block that could be allocated when the game was over;
- use: boot - low, against the goal of a third of boot.

Then one more row per board: the games again, the menu switched ten times, to show
that nothing piles up from game to game (``--switches``; ``--only-switches`` for that row
alone).
"""

import argparse
import importlib.util
import os
import pathlib
import re
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "board"))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "firmware" / "lib"))
_spec = importlib.util.spec_from_file_location("topper_board", ROOT / "tests" / "board" / "board.py")
topper_board = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(topper_board)

import variants  # noqa: E402

GAMES = (  # (menu title, key, players)
    ("WW3", "ww3", 4),
    ("ARMAGEDDON", "armageddon", 4),
    ("TRIPP JOKES", "tripp", 3),
    ("TRICKY DICK", "tricky", 4),
    ("CRAZY JOB", "crazy", 4),
    ("GUESS MY CARD", "guess", 3),
)
HEAP = re.compile(r"topper: heap free (\d+) low (-?\d+) largest (\d+)")
RUNNING = re.compile(r"heap free (\d+) \(start took")


def screen(b):
    """The OLED's 8 lines of text, read with the firmware's font."""
    return b.oled_frame().lines()


CONSOLE = []  # everything the console said to heap(), for stuck()


def heap(b, line):
    b.console_write(line + "\r")
    text = b.console_until(HEAP.pattern, 20000, regex=True)
    CONSOLE.append(text)
    del CONSOLE[:-20]
    m = HEAP.findall(text)[-1]
    return [int(v) for v in m]


# ----- the menu --------------------------------------------------------------------


def menu_line(b, prefix, lines=None):
    for line in lines if lines is not None else screen(b):
        if line.startswith(prefix):
            return line
    return None


def in_menu(lines):
    return bool(lines) and lines[0].startswith("TOPPER TABLE")


def selected(lines):
    """The menu's line under the cursor (it starts with ">"), or None."""
    for line in lines[1:]:
        if line.startswith(">"):
            return line
    return None


def settle(b, before, ms=1500):
    """Runs the board until the selected line is no longer ``before`` (the press was
    taken and the OLED redrawn), at most ``ms``; returns the screen's lines."""
    lines = screen(b)
    waited = 0
    while selected(lines) == before and waited < ms:
        b.run_ms(50)
        waited += 50
        lines = screen(b)
    return lines


def steady(b, ms=3000):
    """Runs the board until two reads of the OLED 250 ms apart agree (a press still on
    its way has landed and been drawn), at most ``ms``; returns the screen's lines."""
    lines = screen(b)
    for _ in range(ms // 250):
        b.run_ms(250)
        again = screen(b)
        if again == lines:
            return lines
        lines = again
    return lines


def to_line(b, label, limit=40):
    """Table presses until the menu's cursor is on ``label``: the OLED is read after each
    press has been taken (the selected line changed), so a frame drawn late is never
    mistaken for a line missed."""
    lines = screen(b)
    for _ in range(limit):
        if not in_menu(lines):
            b.run_ms(300)
            lines = screen(b)
            if not in_menu(lines):
                raise topper_board.BoardError("not in the menu (looking for %s): %r" % (label, lines))
        cur = selected(lines)
        if cur is not None and cur.startswith(">" + label):
            lines = steady(b)  # still there once the screen is still?
            cur = selected(lines)
            if cur is not None and cur.startswith(">" + label):
                return
            continue
        b.tap("table", hold_ms=60, after_ms=60)
        lines = settle(b, cur)
    raise topper_board.BoardError("no menu line %s after %d presses: %r" % (label, limit, lines))


def set_value(b, label, shown):
    to_line(b, label)
    for _ in range(24):
        cur = selected(screen(b))
        if cur.endswith(" " + shown):
            cur = selected(steady(b))
            if cur.startswith(">" + label) and cur.endswith(" " + shown):
                return
            to_line(b, label)
            continue
        # Spaced as a person presses (docs/board-turn-games.md): presses that crowd in
        # look like a chattering switch, which the firmware mutes until it has been
        # quiet for 2 s; a press that changed nothing waits that out.
        b.tap(2, hold_ms=60, after_ms=120)
        if selected(settle(b, cur)) == cur:
            print("  (a tap of P2 changed nothing on %r: 2.2 s of quiet)" % cur, file=sys.stderr, flush=True)
            b.run_ms(2200)
    raise topper_board.BoardError("%s never shows %s: %r" % (label, shown, screen(b)))


def choose(b, title, pad, seats):
    """Picks the game and its seats in the menu and starts it. If the menu is still
    there after the long press (after a long game a press can land
    late, so the hold was taken on another line), it chooses again, up to 3 times."""
    for _ in range(3):
        set_value(b, "Game", title)
        set_value(b, "Seats", str(seats))
        # The card pad line starts as settings.toml says (TOPPER_CARDPAD): left as it is.
        to_line(b, "Start game")
        b.press("table", hold_ms=900)
        b.run_ms(1100)
        lines = steady(b)
        if any("CARD PAD" in s for s in lines):
            raise topper_board.BoardError("%s: a card pad notice: %r" % (title, lines))
        if not in_menu(lines):
            return
        print("  (%s did not start, choosing again: %r)" % (title, lines), file=sys.stderr, flush=True)
    raise topper_board.BoardError("%s did not start: %r" % (title, lines))


def end_game(b):
    """Hold the table button back to the menu: twice when "END GAME?" asks, more when a
    slap game's hold is taken as a judgement first; a notice is answered."""
    for _ in range(8):
        lines = screen(b)
        if in_menu(lines):
            return
        if any("table: OK" in s for s in lines):  # a notice
            b.tap("table")
            b.run_ms(300)
            continue
        b.press("table", hold_ms=900)
        b.run_ms(1200)
    if not in_menu(screen(b)):
        raise topper_board.BoardError("not back in the menu: %r" % (screen(b),))


# ----- the scripted games ------------------------------------------------------------


def uid(card, copy=0):
    """A Triple Topper tag as the PN532 model reports it (tests/fakes/scenario.py)."""
    return "045e%02x%02xa17780" % (copy, card)


def std_uid(card, copy=0):
    """A standard deck's tag (tests/host/test_firmware_turn_pad.py std_uid)."""
    return "045d%02x%02x1c7780" % (copy, card)


def lay(b, key, card):
    """Lays a card on the pad and lifts it: Tripp Jokes reads the standard deck."""
    b.lay(std_uid(card % 52) if key == "tripp" else uid(card % 125))
    b.run_ms(90)
    b.lift()
    b.run_ms(30)


def play_tricky(b, events):
    """Tricky Dick without the pad as a table plays it: each trick's four cards laid
    in turn (the seats' presses from the leader; none for a hand's turned-up trick),
    then the report answered (a winner, a circle, a square, a seat of the winner's
    color, no broken match, the points confirmed), the winner leading the next; after
    16 tricks the table deals on. About 204 events a hand, 820 a game of 4 hands.
    (Pressing the seats round and round instead toggles one report's answer for ever:
    its presses pile up as no table's would.)"""
    n = 0
    trick = 0
    hand = 0
    leader = 1  # seat 0 deals the first hand; the seat on its left leads

    def tap(seat):
        b.tap(seat if seat == "table" else 1 + seat, hold_ms=60, after_ms=60)

    while n < events:
        if trick == 16:
            tap("table")  # deal the next hand
            n += 1
            trick = 0
            hand += 1
            leader = (hand + 1) % 4
            continue
        first = trick == 0
        if not first:
            for i in range(4):
                tap((leader + i) % 4)
        winner = (leader + trick) % 4
        for seat in (winner, (winner + 1) % 4, "table", (winner + 2) % 4, "table", (winner + 3) % 4, "table"):
            tap(seat)
        if not first:
            tap("table")  # nobody broke the match rule
        tap("table")  # the points shown are right
        n += 8 if first else 13
        leader = winner
        trick += 1
    return n


def play(b, key, pad, seats, events):
    """``events`` presses and pad taps; returns how many were made."""
    if key == "tricky" and not pad:
        return play_tricky(b, events)
    n = 0
    if key in ("ww3", "armageddon"):
        b.tap(1, hold_ms=40, after_ms=60)  # the starter
        n += 1
        card = 0
        while n < events:
            for _ in range(3):  # three lays, then a slap and its judgement
                if pad:
                    lay(b, key, card)
                    card += 7
                else:
                    b.tap("table", hold_ms=40, after_ms=40)
                n += 1
            b.tap(2 + n % (seats - 1), hold_ms=40, after_ms=40)
            b.tap("table", hold_ms=40, after_ms=60)
            n += 2
        return n
    card = 0
    seat = 0
    while n < events:
        if pad and n % 2 == 0:
            lay(b, key, card)
            card += 11
        else:
            b.tap(1 + seat % seats, hold_ms=60, after_ms=60)
            seat += 1
        n += 1
    return n


# ----- boards ------------------------------------------------------------------------


def enroll_by_repl(b, standard=False):
    """A deck map straight into nvm: the Triple Topper deck's, as tests/fakes/scenario.py
    does, or (``standard``, for Tripp Jokes) a standard deck's, as
    tests/host/test_firmware_turn_pad.py does, each in its part (topper_hw.nvstore)."""
    if standard:
        e = "u=[bytes([4,0x5d,0,c,0x1c,0x77,0x80]) for c in range(52)]\nd=('standard',0,416)\n"
    else:
        e = "u=[bytes([4,0x5e,0,c,0xa1,0x77,0x80]) for c in range(125)]\nd=('topper',0,0)\n"
    code = (
        "import microcontroller\n"
        "from topper_hw import deckmap\n"
        + e
        + "buf=deckmap.encode(d[0],d[1],1,[deckmap.uid_key(x) for x in u],True)\n"
        + "microcontroller.nvm[d[2]:d[2]+len(buf)]=buf\n"
        + "print('enrolled', len(buf))"
    )
    out = b.repl(code, 60000)
    assert "enrolled" in out, out
    b.cut()  # then a clean power-up: the nvm is flash, it stays


FIRMWARE = None  # --firmware: another firmware-only UF2 than the project's build


def open_board(pad, host, standard=False):
    settings = {"TOPPER_CARDPAD": 1 if pad else 0, "TOPPER_HURRY_MS": 0}
    uf2, path = variants.variant(settings, FIRMWARE)
    env = dict(os.environ, TOPPER_SETTINGS=str(path))
    b = topper_board.Board(uf2=uf2, env=env).start()
    if pad:
        b.boot()
        b.console_until("topper: running", 30000)
        enroll_by_repl(b, standard)
    b.boot()
    if not host:
        # As soon as CircuitPython starts code.py (USB is configured at that moment),
        # before the app has made its link: the link never sees a host.
        b.console_until(r"code\.py \|", 30000, regex=True)
        b.dtr(False)
    text = b.console_until("topper: running.*\\)", 30000, regex=True)
    boot_free = int(RUNNING.findall(text)[-1])
    b.run_ms(500)  # the loop's first steps (the OLED's first frame)
    if host:
        assert b.request({"cmd": "hello"}, 10000)["k"] == "hello"
    return b, boot_free


SPLIT = []  # with --split: each row's (start, play, end) lows, printed under it


def row(b, boot_free, title, key, seats, pad, events, watch=True):
    """One game: picked and started, played, ended; its lowest free heap covers all
    three (the end drops the game and clears its save, in steps of their own). Without
    ``watch`` (a marathon's games before --watch-from) no low is kept: the start and end
    figures are then the heap left after a collection, the low None."""
    if watch:
        heap(b, "heap watch")  # on from here to the board's end
    choose(b, title, pad, seats)
    start_free, start, _ = heap(b, "heap")
    played = play(b, key, pad, seats, events)
    b.run_ms(300)
    free, low, largest = heap(b, "heap")
    end_game(b)
    b.run_ms(300)
    end_free, end, _ = heap(b, "heap")
    if low < 0:  # not watched
        SPLIT[:] = [start_free, low, end_free]
        return played, free, None, largest
    SPLIT[:] = [start, low, end]
    return played, free, min(start, low, end), largest


def stuck(b, game, error):
    """What the board says when the bench lost its way (the console's last words, and
    whether the app still answers a ``heap`` line), before giving up."""
    print("%s: the bench lost its way: %s" % (game, error), flush=True)
    print("console: %r" % ("".join(CONSOLE) + b.console_read())[-3000:], flush=True)
    b.console_write("heap\r")
    b.run_ms(2000)
    print("after 'heap': %r; OLED: %r" % (b.console_read()[-300:], screen(b)), flush=True)
    # Which buttons still move the menu: P1 (steps the value back; P3 and on do nothing
    # in the menu), then P2 after 3 s of quiet (a
    # seat the firmware took for a chattering switch is muted until it is quiet for 2 s).
    for seat, quiet in ((1, 0), (2, 3000), ("table", 0)):
        b.run_ms(quiet)
        before = selected(screen(b))
        b.tap(seat, hold_ms=60, after_ms=120)
        after = selected(settle(b, before))
        print("after %d ms quiet, a tap of %s: %r -> %r" % (quiet, seat, before, after), flush=True)
    print("console: %r" % b.console_read()[-500:], flush=True)


def report(label, boot_free, low, largest, played, split=False):
    use = boot_free - low
    ok = "yes" if use * 3 <= boot_free else "NO"
    print("%-36s %6d %6d %7d %6d %5.1f%% %4s %6d" % (
        label, boot_free, low, largest, use, 100.0 * use / boot_free, ok, played), flush=True)
    if split and SPLIT:
        print("    lows: start %d, play %d, end %d" % tuple(SPLIT), flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pad", default="0,1")
    ap.add_argument("--host", default="0,1")
    ap.add_argument("--games", default=",".join(g[1] for g in GAMES))
    ap.add_argument("--events", type=int, default=200)
    ap.add_argument("--switches", type=int, default=10)
    ap.add_argument("--only-switches", action="store_true", help="the switches row alone")
    ap.add_argument("--marathon", type=int, default=0, help="N games back to back (no pad, host)")
    ap.add_argument("--watch-from", type=int, default=1, metavar="N",
                    help="a marathon's lows from game N on: the watch collects every loop "
                    "step, which keeps the emulated CPU busy (a game takes several times "
                    "longer); the games before report the heap left after each")
    ap.add_argument("--firmware", help="a firmware-only UF2 (default: the project's build)")
    ap.add_argument("--split", action="store_true",
                    help="under each game, the lows of its start, its play and its end apart")
    args = ap.parse_args()
    global FIRMWARE
    FIRMWARE = args.firmware
    games = [g for g in GAMES if g[1] in args.games.split(",")]
    print("%-36s %6s %6s %7s %6s %6s %4s %6s" % (
        "row", "boot", "low", "largest", "use", "use%", "<1/3", "events"))
    if args.marathon:
        b, boot_free = open_board(False, True)
        with b:
            for i in range(args.marathon):
                title, key, seats = games[i % len(games)]
                try:
                    played, free, low, largest = row(b, boot_free, title, key, seats, False, args.events,
                                                     watch=i + 1 >= args.watch_from)
                except topper_board.BoardError as e:
                    stuck(b, "game %d" % (i + 1), e)
                    raise SystemExit(1)
                label = "game %d %s (free after: %d)" % (i + 1, key, free)
                if low is None:
                    start, _, end = SPLIT
                    print("%-36s %6d %6s %7d   (not watched: left after a collection at its start "
                          "%d, at its end %d) %6d" % (label, boot_free, "-", largest, start, end, played),
                          flush=True)
                else:
                    report(label, boot_free, low, largest, played, args.split)
        return
    for pad in [int(v) for v in args.pad.split(",")]:
        for host in [int(v) for v in args.host.split(",")]:
            tag = "%s, %s" % ("pad" if pad else "no pad", "host" if host else "no host")
            # The nvm holds one deck map: with the pad, Tripp Jokes (a standard deck) has a
            # board of its own, and the switches go round the other games.
            boards = [(False, [g for g in games if not (pad and g[1] == "tripp")])]
            if pad and any(g[1] == "tripp" for g in games):
                boards.append((True, [g for g in games if g[1] == "tripp"]))
            for standard, these in boards:
                if not these or (standard and args.only_switches):
                    continue  # (Tripp Jokes' own board has no switches row)
                w0 = time.monotonic()
                b, boot_free = open_board(pad, host, standard)
                with b:
                    if not args.only_switches:
                        for title, key, seats in these:
                            try:
                                played, free, low, largest = row(
                                    b, boot_free, title, key, seats, pad, args.events)
                            except topper_board.BoardError as e:
                                stuck(b, key, e)
                                raise SystemExit(1)
                            report("%s: %s" % (key, tag), boot_free, low, largest, played, args.split)
                    if args.switches and not standard:
                        played, low = 0, boot_free
                        for i in range(args.switches):
                            title, key, seats = these[i % len(these)]
                            try:
                                n, free, lo, largest = row(b, boot_free, title, key, seats, pad, 20)
                            except topper_board.BoardError as e:
                                stuck(b, "switch %d (%s)" % (i + 1, key), e)
                                raise SystemExit(1)
                            played, low = played + n, min(low, lo)
                            if args.split:
                                report("  switch %d: %s" % (i + 1, key), boot_free, lo, largest, n, True)
                        label = "%d games switched: %s" % (args.switches, tag)
                        report(label, boot_free, low, largest, played)
                wall = time.monotonic() - w0
                print("  (%s%s: %.0f s wall, %.0f s emulated)" % (
                    tag, ", standard deck" if standard else "", wall, b.emulated_us / 1e6), flush=True)

if __name__ == "__main__":
    main()
