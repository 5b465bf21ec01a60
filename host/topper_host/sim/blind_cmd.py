"""``topper sim --blind``: World War 3 or Armageddon in blind play, the card pad off,
against bots (docs/simulator.md).

The device's shell runs on the virtual board with the blind referee, set up as the link
sets a game up; the simulator is the physical table (``sim.blind_table``: the cards
dealt from the seed, the table button's judgements, seats out and in) and the bots
(``sim.blind_bots``) lay and slap at it. In the terminal you are P1
(``ui.blind_game``); ``--bots-only`` plays whole games with a summary (``--watch`` to
see them), ``--headless`` prints the device's log and OLED. The device's log is the
game's log, and ``topper replay`` replays it.
"""

import sys

from topper_host.sim import blind_table, logs, slap_board, slap_cmd
from topper_host.sim import wallclock as clockmod
from topper_host.sim import device_cmd
from topper_host.sim.blind_bots import BlindBots


def make(args, seed, bot_seats, style, log, now=0):
    """A board with a blind game set up, its cards dealt at the table, bots at
    ``bot_seats``; the board and its table."""
    board = slap_board.boot(args.game, args.seats, args.jokers, _hurry(args), seed, log, now)
    return board, deal(board, args, seed, bot_seats, style)


def deal(board, args, seed, bot_seats, style):
    """A new blind game on ``board``: its table, with bots at ``bot_seats``."""
    table = blind_table.start(board, args.game, args.seats, args.jokers, _hurry(args), seed)
    BlindBots(table, bot_seats, seed, style)
    return table


def _hurry(args):
    return 0 if args.no_hurry else args.hurry_ms


def result(table):
    """How the game at ``table`` ended, in words."""
    return "P%d won" % (table.ref.winner + 1) if table.over() else "unfinished"


def run(args, style, seed, snaps):
    if (args.bots_only or args.headless) and not args.watch:
        return batch(args, style, seed, snaps)
    return live(args, style, seed, snaps, humans=() if args.bots_only else (0,))


def batch(args, style, base, snaps):
    def start(seed, log):
        return make(args, seed, range(args.seats), style, log)[1]  # (the table counts the cards laid)

    return slap_cmd.batch(args, style, base, snaps, start, args.game + "-blind")


def live(args, style, base, snaps, humans):
    from topper_host.sim.ui.ready import READY_S
    from topper_host.sim.ui.blind_game import BlindGameApp

    if not sys.stdin.isatty() or not sys.stdout.isatty():
        print("topper sim: the game needs a terminal; try --bots-only or --headless", file=sys.stderr)
        return 2
    log = device_cmd.GameLogs(args.log or logs.default_path(args.game + "-blind", base))  # a file a game
    clock = clockmod.LiveClock(speed=1.0 if humans else args.speed)
    if humans:
        clock.pause(True)  # from the start: the app's "get ready" lets it go (ui.ready)
    who = "blind, you are P1" if humans else "blind, bots only"
    bots = [s for s in range(args.seats) if s not in humans]
    board, table = make(args, base, bots, style, log, now=clock.now())
    dealt = [base]
    results = []  # how each game dealt ended, in words

    def next_game(board, table):
        results.append(result(table))
        table.close()
        seed = dealt[-1] + 1
        dealt.append(seed)
        title = slap_cmd.title(args.game, args.seats, args.jokers, seed, who)
        return deal(board, args, seed, bots, style), title

    app = BlindGameApp(
        board,
        table,
        clock,
        slap_cmd.title(args.game, args.seats, args.jokers, base, who),
        deal=next_game,
        snapshots=snaps,
        humans=humans,
        ready_s=READY_S if humans else 0,
    )
    try:
        app.run()
    finally:
        log.close()
    results.append(result(app.table))
    for seed, how, path in zip(dealt, results, log.paths):
        print("seed %d: %s; log %s" % (seed, how, path))
    return app.return_code or 0
