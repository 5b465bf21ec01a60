"""A turn game's log played back on the device at its stamps: ``topper sim --replay LOG``
in the terminal (docs/simulator.md).

The log is first replayed through the core (``topper.replay``), which checks it and
finds what it leaves unnamed (``turn_secrets``: each card read, a stored rule from its
hand's reveal). Then each event is made on a virtual board as the table made it: a card
tapped on the pad, a seat's button pressed or held, the table button, a chord, the table
button held for END GAME? (the clock's pause) and pressed again; a stored rule's entry
is spelled with the seat button, the fewest presses that enter it, ending at the
``secret`` event's stamp. The device rules on its own, as it did at the table; its seals
take their salts from its own key.
"""

from topper.replay import LogError

from topper import replay as core

from topper_host import replay
from topper_host.sim import moves
from topper_host.virtual.board import VirtualBoard

BOOT_MS = 200  # the board boots before the game is set up
HOLD_MS = 700  # topper_hw.buttons' long-press time: a held button is reported then
TAP_MS = 60  # a short press, down to up
GAP_MS = 200  # between two presses of a rule's entry (the buttons debounce, then wait for quiet)
LEAD_MS = 2000  # presses are scheduled on the board this long before they begin
TAP_READ_MS = 5  # a card tapped is read this long after (the pad is polled)


def load(lines):
    """``(header, events, found)`` of a turn game's log that replays to its end
    (``found``: what each unnamed event was, ``turn_secrets.Unnamed.found``); LogError
    where it does not, as ``topper replay`` says it."""
    h, events = core.read(lines)
    if h.get("entry") not in ("pad", "buttons"):
        raise LogError(1, "an older simulator's log (whole engine actions) replays with --headless")
    unnamed = replay.unnamed(h, events)
    for _ in core.rulings(h, events, None, unnamed):
        pass
    return h, events, unnamed.found


def boot(h, start):
    """A virtual board with the header's game set up at ``start`` (the log's start
    stamp), as a host sets one up over the link; ValueError in words."""
    board = VirtualBoard(now=start - BOOT_MS - 1, seed=h.get("seed", 0))
    board.run(start - 1)
    game = h["game"]
    menu = board.app.menu
    menu.game = game
    board.step(board.now + 1)  # the table enrolls the game's deck (the menu follows it)
    menu.options[game] = dict(h.get("options") or {})
    clock = h.get("clock")
    if clock is None:
        menu.set_clock(None)
    else:
        from topper.clock import from_header

        menu.set_clock(from_header(clock).to_list(), clock.get("flag"))
    cfg = {"game": game, "seats": h["seats"], "cardpad": h["entry"] == "pad", "seed": h.get("seed", 0)}
    why = board.app.link_setup(cfg, start)
    if why is not None:
        raise ValueError("the device refused the game: %s" % why)
    return board


class Feed:
    """The log's events made on ``board``: ``to(t)`` makes those due by ``t`` (a press
    is scheduled ahead, for the keypad stamps it itself; a card is tapped at its
    stamp). ``done()`` once every event is made and its stamp passed."""

    def __init__(self, board, events, found):
        self.board = board
        host = moves.host(board.app.game["game"])  # the game's host package: its secrets' entry
        self.steps = sorted(_steps(events, found, host), key=lambda s: s[0])
        self.next = 0
        self.end = events[-1]["t"] if events else board.now

    def done(self):
        return self.next >= len(self.steps) and self.board.now >= self.end

    def to(self, t):
        board = self.board
        while self.next < len(self.steps):
            begin, kind, arg = self.steps[self.next]
            if kind in ("tap", "step"):
                if begin > t:
                    return
                board.run(begin)
                if kind == "tap":
                    board.tap(arg)
            elif begin > t + LEAD_MS:
                return
            elif kind == "press":
                seat, hold = arg
                board.press(seat, begin, hold=hold)
            elif kind == "table":
                board.table(begin, hold=arg)
            else:  # a chord: the table button held, then the seat
                board.chord(arg, begin)
            self.next += 1


def _steps(events, found, host):
    """``(begin, kind, arg)`` for each thing the table did: ``tap`` a card code,
    ``press`` (seat, hold), ``table`` hold, ``chord`` seat; ``step``: the board steps
    at ``begin``."""
    out = []
    for i, ev in enumerate(events):
        kind, t = ev["ev"], ev["t"]
        if kind == "card":
            code = found[i][1] if i in found else ev["_code"]
            out.append((t - TAP_READ_MS, "tap", code))
        elif kind == "button":
            press, seat = ev["press"], ev["seat"]
            if press == "short":
                out.append((t - TAP_MS, "press", (seat, TAP_MS)))
            elif press == "long":
                out.append((t - HOLD_MS, "press", (seat, HOLD_MS + 100)))
            elif press == "table":
                out.append((t - TAP_MS, "table", TAP_MS))
            else:  # the board stamps a chord when the seat goes down, 60 ms into it
                out.append((t - 60, "chord", seat))
        elif kind == "pause":  # END GAME? asked: the table button held
            out.append((t - HOLD_MS, "table", HOLD_MS + 100))
            out.append((t, "step", None))  # the hold is seen when the board steps
        elif kind == "resume":
            out.append((t - TAP_MS, "table", TAP_MS))
        elif kind == "secret":
            what, code = found[i]
            if what == "left":
                out.append((t - TAP_MS, "table", TAP_MS))
            else:
                seat = next(r["seat"] for r in ev["_rulings"] if r.get("r") == host.SECRET_ENTRY)
                out.extend(_entry(host.entry_holds(code, TAP_MS, HOLD_MS + 20), seat, t))
    return out


def _entry(holds, seat, t):
    """The presses of ``seat`` that enter a secret with the buttons, each held as long
    as ``holds`` says, laid out back from ``t``, the stamp of the one that stores."""
    out = []
    begin = t - HOLD_MS
    for i in range(len(holds) - 1, -1, -1):
        out.append((begin, "press", (seat, holds[i])))
        if i:
            begin -= GAP_MS + holds[i - 1]
    out.reverse()
    return out
