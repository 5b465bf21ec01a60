"""``topper replay LOG.jsonl``: re-run a game's log through the core.

Prints every ruling, one JSON object a line. A log that contradicts the rules (a card
not in the deck, a card laid twice, a lay out of turn, a recorded ruling the core does
not make) stops the replay with ``LOG:LINE: message`` on stderr and exit status 1.
"""

import sys

from topper import jsonl
from topper.eventlog import LogError, Replay

HELP = "re-run an event log through the core and print its rulings"


def add_arguments(parser):
    parser.add_argument("log", help="event log (JSON lines); - reads standard input")


def run(args):
    try:
        stream = sys.stdin if args.log == "-" else open(args.log, encoding="utf-8", errors="replace")
    except OSError as e:
        print("topper replay: %s" % e, file=sys.stderr)
        return 2
    with stream:
        try:
            for ruling in Replay(stream).run():
                print(jsonl.dumps(ruling))
        except LogError as e:
            print("%s:%d: %s" % (args.log, e.line, e.msg), file=sys.stderr)
            return 1
    return 0
