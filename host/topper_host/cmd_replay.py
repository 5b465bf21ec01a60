"""``topper replay LOG.jsonl``: re-run a game's log through the core.

Prints every ruling, one JSON object a line; a slap game's log goes through
``topper.eventlog.Replay``, a turn-based game's through ``sim.turn_log.check``. A log
that contradicts the rules (a card not in the deck, a card laid twice, a lay out of
turn, a recorded ruling the core does not make) stops the replay with
``LOG:LINE: message`` on stderr and exit status 1.
"""

import sys

from topper import jsonl
from topper.eventlog import LogError, Replay

from topper_host import paths
from topper_host.sim import turn_log

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
        if lines and turn_log.is_turn_header(_first(lines[0])):
            # A turn-based game's log (topper_host.sim.turn_log): checked as a whole first.
            for ruling in turn_log.check(*turn_log.read(lines)):
                print(jsonl.dumps(ruling))
        else:
            for ruling in Replay(lines).run():
                print(jsonl.dumps(ruling))
    except LogError as e:
        print("%s:%d: %s" % (args.log, e.line, e.msg), file=sys.stderr)
        return 1
    return 0


def _first(line):
    try:
        return jsonl.loads(line.strip())
    except ValueError:
        return None
