"""``topper replay LOG.jsonl``: re-run a game's log through the core.

Prints every ruling, one JSON object a line, of any game's log (docs/event-log.md):
``topper_host.replay`` picks the referee from the header (a slap game with the card
pad, blind play, a turn game from the simulator or a board, older formats too). A log
that contradicts the rules (a card not in the deck, a card laid twice, a lay out of
turn, a recorded ruling the core does not make, a reveal that does not open its seal)
stops the replay with ``LOG:LINE: message`` on stderr and exit status 1; so does a log
that stops holding what a replay needs (a turn game cut off before a secret's reveal),
after the rulings up to there. Any other malformed line (cut short, garbage, a value
of the wrong kind, a key missing) gets the same one line.

``--text`` prints each ruling as a line to read instead of JSON (``replay_text``):
its time, seats P1..P8, cards by name and a race's margins.

A reader that stops reading (``topper replay LOG | head -1``) ends the replay quietly,
with exit status 0: it had what it wanted.
"""

import sys

from topper import jsonl
from topper.replay import LogError

from topper_host import paths, replay, replay_text

HELP = "re-run an event log through the core and print its rulings"


def add_arguments(parser):
    parser.add_argument("log", help="event log (JSON lines); - reads standard input")
    parser.add_argument("--text", action="store_true",
                        help="a line of words a ruling (P1..P8, card names, margins) instead of JSON")


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
        if args.text:
            head = replay.first_object(lines)
            words = replay_text.Words(head)
            print(replay_text.title(head))
            for ruling in replay.rulings(lines):
                print(words.line(ruling))
        else:
            for ruling in replay.rulings(lines):
                print(jsonl.dumps(ruling))
        sys.stdout.flush()
    except LogError as e:
        try:
            sys.stdout.flush()  # the rulings up to there first, then why it stopped
        except BrokenPipeError:
            paths.drop_stdout()
        print("%s:%d: %s" % (args.log, e.line, e.msg), file=sys.stderr)
        return 1
    except BrokenPipeError:
        paths.drop_stdout()
    return 0
