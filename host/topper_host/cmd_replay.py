"""``topper replay LOG.jsonl``: re-run a game's log through the core.

Prints every ruling, one JSON object a line, of any game's log (docs/event-log.md):
``topper_host.replay`` picks the referee from the header (a slap game with the card
pad, blind play, a turn game from the simulator or a board, older formats too). A log
that contradicts the rules (a card not in the deck, a card laid twice, a lay out of
turn, a recorded ruling the core does not make, a reveal that does not open its seal)
stops the replay with ``LOG:LINE: message`` on stderr and exit status 1; so does a log
that stops holding what a replay needs (a turn game cut off before a secret's reveal),
after the rulings up to there.
"""

import sys

from topper import jsonl
from topper.slaplog import LogError

from topper_host import paths, replay

HELP = "re-run an event log through the core and print its rulings"


def add_arguments(parser):
    parser.add_argument("log", help="event log (JSON lines); - reads standard input")


def run(args):
    problem = paths.file_to_read(args.log, "LOG")
    if problem is None:
        try:
            lines = paths.read_lines(args.log)
        except OSError as e:
            problem = "cannot read LOG %s" % paths.why(e, args.log)
    if problem is not None:
        print("topper replay: %s" % problem, file=sys.stderr)
        return 2
    try:
        for ruling in replay.rulings(lines):
            print(jsonl.dumps(ruling))
    except LogError as e:
        sys.stdout.flush()  # the rulings up to there first, then why it stopped
        print("%s:%d: %s" % (args.log, e.line, e.msg), file=sys.stderr)
        return 1
    return 0
