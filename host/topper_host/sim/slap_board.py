"""A slap game (World War 3, Armageddon) with the card pad on the virtual board: the
device's own shell set up as a host sets it up over the link, and a slap log's input
events played on its buttons and its pad at their stamps.

``boot`` gives a board whose pad is wired with its IRQ pin, so that a card is read in
the very ms it is tapped (a polled pad reads it up to 40 ms later): fed a log's
events, the device then rules on the stamps the log holds, ruling for ruling.
``deal`` starts a game from the link's ``setup`` and the starter's press; ``Feed``
plays a log's presses and cards (``topper sim --replay``, the board differential).
"""

from topper import cards, games, jsonl
from topper.replay import LogError
from topper.inputs import whole
from topper.games.slap.engine import Phase

from topper_app.show import OLED_MS

from topper_host.virtual.board import VirtualBoard

BOOT_MS = 200  # the board boots before the host sets the game up
START_MS = 300  # the starter presses this long after the setup
END_MS = 5000  # the longest the GAME OVER screen may take to come
FED = ("start", "press", "lay")  # a slap log's inputs; its ticks are the device's own


class PadIrq:
    """The PN532's IRQ line (active low): low while a tag waits on the pad."""

    def __init__(self, pn532):
        self.pn532 = pn532

    @property
    def value(self):
        return not self.pn532._tags


def settings(game, seats, jokers, hurry_ms):
    return {
        "TOPPER_GAME": game,
        "TOPPER_SEATS": seats,
        "TOPPER_JOKERS": jokers,
        "TOPPER_HURRY_MS": hurry_ms,
        "TOPPER_CARDPAD": 1,
    }


def boot(game, seats, jokers, hurry_ms, seed, log=None, now=0):
    """A booted board, the menu set to this game; ``seed`` draws the cards ``tap_due``
    turns up (the hands are face down: nobody knows them)."""
    board = VirtualBoard(settings(game, seats, jokers, hurry_ms), now=now, log=log, seed=seed)
    board.dev.pad.irq = PadIrq(board.pn532)
    board.run(now + BOOT_MS)
    return board


def setup(board, game, seats, jokers, hurry_ms, seed, cardpad=True):
    """The game set up as ``topper.session``'s ``setup`` does (``cardpad`` False: blind
    play); ValueError in words."""
    why = board.app.link_setup(
        {
            "game": game,
            "seats": seats,
            "cardpad": cardpad,
            "seed": seed,
            "jokers": jokers,
            "hurry_ms": hurry_ms,
        },
        board.now,
    )
    if why:
        raise ValueError(why)


def deal(board, game, seats, jokers, hurry_ms, seed):
    """A new game: set up, then the starter (``seed`` modulo the seats) presses."""
    setup(board, game, seats, jokers, hurry_ms, seed)
    board.press(seed % seats, board.now + START_MS)


def over(board):
    """The game on the board is over: it has a winner."""
    ref = board.app.ref
    return ref is not None and ref.game.phase == Phase.OVER


def end_screen(board, limit_ms=END_MS):
    """Run the board until its OLED shows the GAME OVER screen, ``limit_ms`` at most:
    the referee names the winner a little before the OLED is next redrawn (it is
    redrawn every 100 ms at most, and not while a slap race may be open), and the
    picture of a game's end is the winner's screen. Whether it came."""
    end = board.now + limit_ms
    while not board.lines[0].rstrip().endswith("GAME OVER"):
        if board.now >= end:
            return False
        board.wait(OLED_MS)
    return True


def cards_held(board):
    """Every card the game holds: the seats' stacks, the pile, the face-down penalty
    cards (a whole deck while the game is fair)."""
    g = board.app.ref.game
    return sum(len(s) for s in g.stacks) + len(g.pot) + len(g.facedown)


def _objects(lines):
    """``(line number, object)`` of each line that is not blank; a line that is no JSON
    object is a ``LogError`` naming its number."""
    for n, line in enumerate(lines, 1):
        line = line.strip()
        if line:
            try:
                obj = jsonl.loads(line)
            except ValueError as e:
                raise LogError(n, str(e)) from None
            if not isinstance(obj, dict):
                raise LogError(n, "not a JSON object")
            yield n, obj


def header(lines):
    """A slap log's header object; ``LogError`` if the first line is none."""
    for n, h in _objects(lines):
        if h.get("log") != "topper-table" or h.get("game") not in games.keys(games.SLAP) or h.get("blind"):
            raise LogError(n, "not a slap game's log with the card pad")
        return h
    raise LogError(1, "an empty log")


def _check(n, ev):
    """An input the board can be given (the core's checks of a logged event): a stamp,
    a seat 0-7, a card it knows."""
    t = ev.get("t")
    if not isinstance(t, int) or isinstance(t, bool) or t < 0:
        raise LogError(n, "%s event without a whole-number t of 0 or more" % ev["ev"])
    try:
        seat = whole(ev, "seat", 0)
    except ValueError:
        seat = -1
    if not 0 <= seat < 8:
        raise LogError(n, "%s event with seat %r" % (ev["ev"], ev["seat"]))
    if "card" in ev:
        try:
            cards.parse(ev["card"])
        except (ValueError, TypeError):
            raise LogError(n, "lay of an unknown card %r" % (ev["card"],)) from None


def inputs(lines):
    """The log's input events (the starter's press, the presses, the cards), in order."""
    out = []
    # A saved stream's start and lays may not name the seat or the card: the ruling
    # that follows does (the seat the referee named starts, the card it laid).
    starter = None
    lays = []
    for n, obj in _objects(lines):
        ev, r = obj.get("ev"), obj.get("r")
        if ev in FED:
            _check(n, obj)
            out.append(obj)
            if ev == "start" and "seat" not in obj:
                starter = obj
            elif ev == "lay" and "card" not in obj:
                lays.append(obj)
        elif r == "starter" and starter is not None:
            starter["seat"] = obj["seat"]
            starter = None
        elif r == "lay" and lays:
            lays.pop(0)["card"] = obj["card"]
    if starter is not None:
        starter["seat"] = 0
    for e in lays:  # no ruling says which card: it is not played
        out.remove(e)
    return out


class Feed:
    """A log's input events made on the board at their stamps: a press on its seat's
    button, a card tapped on the pad. ``to(t)`` makes those stamped up to ``t``."""

    def __init__(self, board, events):
        self.board = board
        self.events = events
        self.next = 0  # the index of the next event to make

    def done(self):
        return self.next >= len(self.events)

    def to(self, t):
        board = self.board
        while self.next < len(self.events) and self.events[self.next]["t"] <= t:
            e = self.events[self.next]
            self.next += 1
            if e["ev"] == "lay":
                board.run(e["t"] - 1)
                board.tap(cards.parse(e["card"]))
                board.run(e["t"])
            else:  # the starter's press, a slap: the keypad stamps it itself
                board.press(e["seat"], e["t"])
