"""The table of the browser page: the virtual board, the page's hands, and bots.

This module runs inside the page, under the npm MicroPython (WebAssembly), with the
firmware's packages and the host's virtual board beside it; it runs as well under
CPython, which is how the tests hold a game in the page against the same game on the
host. It has no clock of its own: the page's script calls ``advance(ms)`` from its
animation frames and reads ``frame()`` to draw.

Two ways to play, as at a real table:

- the device alone (``Table(settings)``): its menu, every game and every seat at the
  page's keys and buttons (``down``/``up`` of a seat or the table button, held as long
  as the key or the finger is), cards tapped on the pad (``tap``), blind play, enrolling;
- a game against bots (``deal``), set up as a host sets a game up over the link, as
  ``topper sim`` does: the slap games with the card pad (``sim.device_bots``) or
  without it (blind play: ``sim.blind_table``, ``sim.blind_bots``), the turn games
  with the pad or the buttons alone (``sim.turn_table``). The human sits at P1, or
  watches bots at every seat (the tests' games too). ``deal_menu`` deals the game the
  device's menu holds, with every choice made there (the jokers, the hurry-up, a turn
  game's options, its chess clock and what a flag does, the card pad).

The board's nvm is the page's to keep (``nvm``, handed back to ``Table`` after a
reload): the game on it resumes as the device resumes after a power cut.
"""

import json

from topper import cards, games, stdcards
from topper_app.modes import GAME, MENU
from topper_view import ring

from topper_host.sim import blind_table, slap_board
from topper_host.sim.blind_bots import BlindBots
from topper_host.sim.bots import Style
from topper_host.sim.device_bots import DeviceBots
from topper_host.sim.turn_table import TurnTable
from topper_host.virtual import deck
from topper_host.virtual.board import VirtualBoard
from topper_host.web import slices

TABLE = -1  # the table button, where a seat's number would be
CATCH_UP_MS = 250  # the most the board's clock moves in one call (a tab come back from sleep)
JOKERS = 2  # a bot game's deck, and its hurry-up: topper sim's defaults
HURRY_MS = 3000


class Table:
    def __init__(self, settings=None, seed=1, nvm=None, bots=None):
        """``nvm``: the board's nvm as hex, as ``nvm()`` gave it before a reload (a game
        on it resumes); None: a board fresh from the factory. ``bots``: what ``bots()``
        gave: the bots of a slap game with the card pad sit down again at the resumed
        game."""
        slices.install()
        self.heard = []  # the device's log lines since the page last read them
        self.tones = []  # [board ms, Hz (0: silent)] of each change of the buzzer's pitch
        self.device(settings, seed, nvm)
        if bots:
            self._sit_again(json.loads(bots))

    def device(self, settings=None, seed=1, nvm=None):
        """A board at its menu (or resuming the game its ``nvm`` holds), every seat
        the page's: the device alone."""
        self.heard[:] = []
        kept = None
        if nvm:
            try:
                kept = bytes.fromhex(nvm)
            except ValueError:  # the browser's storage altered: a board fresh from the factory
                kept = None
        self._use(VirtualBoard(settings, now=0, log=self.heard.append, seed=seed, nvm=kept))
        self.kind = None  # a bot game's: "pad" (slap), "blind", "turn"; None: the device alone
        self.game = None  # its physical table (blind play, turn games)
        self.human = -1  # the page's seat in a bot game
        self.bot_seed = None

    def _use(self, board):
        self.board = board
        self._ram_seen = None
        self._nvm_seen = None
        self._tone = board.tone()
        board.watchers.append(self._listen)

    def _listen(self, lines, now):
        # Each pitch the buzzer takes, at its step: the page plays them at their times,
        # however many steps one of its frames runs (a note is 12 ms and up).
        tone = self.board.tone()
        if tone != self._tone:
            self._tone = tone
            self.tones.append([now, tone])

    # ----- the clock ----------------------------------------------------------------

    def advance(self, ms):
        """The board runs ``ms`` more (at most ``CATCH_UP_MS``), stepped as the board's
        loop steps."""
        b = self.board
        b.run(b.now + max(0, min(int(ms), CATCH_UP_MS)))
        if self.kind is not None and b.app.mode == MENU:
            self._leave()

    def _leave(self):
        # The bot game's over and the table has taken the device back to its menu (the
        # table button held): the bots get up, every seat is the page's again.
        self.kind = None
        self.game = None
        self.human = -1
        self.board.watchers[:] = [self._listen]

    def run_until_over(self, limit_ms):
        """A bot game played to its end (or ``limit_ms`` of table time): the tests'."""
        b = self.board
        end = b.now + limit_ms
        while b.now < end and not self.over():
            b.wait(150)
        return self.over()

    # ----- hands ----------------------------------------------------------------------

    def down(self, seat):
        """Seat ``seat`` (0-based; ``TABLE``: the table button) goes down at the board's
        next ms; it stays down until ``up``."""
        self._keys(seat).events.schedule(max(seat, 0), True, self.board.now + 1)

    def up(self, seat):
        self._keys(seat).events.schedule(max(seat, 0), False, self.board.now + 1)

    def _keys(self, seat):
        b = self.board
        return b.table_keys if seat == TABLE else b.seat_keys

    def tap(self, name):
        """The card named ``name`` on the pad: "" or why it is no card of the deck."""
        try:
            self.board.tap_named(name)
        except ValueError as e:
            return str(e)
        return ""

    def lay(self):
        """The page's ``t``: in a bot game the human's own card, else as ``topper sim
        --device`` lays (the card the enrolling asks for, the due seat's next card)."""
        b = self.board
        if self.kind == "blind":
            return self.game.lay(self.human, b.now + 1) or ""
        if self.kind == "pad" and b.pad_slap_game() and b.due_seat() != self.human:
            return "wait: P%d lays" % (b.due_seat() + 1)
        return b.tap_due() or ""

    def slap(self):
        """The human's seat button in a slap game against bots (in blind play the
        table's hand may hold the table button: the press lands when it lets go)."""
        b = self.board
        if self.kind == "blind":
            self.game.seat_press(self.human, b.now + 1)
        else:
            b.press(self.human, b.now + 1)

    # ----- a game against bots ----------------------------------------------------------

    def deal(self, game, seats, pad, seed, watch=False, jokers=JOKERS, hurry_ms=HURRY_MS, options=None,
             control=None, flag=None):
        """A new board with ``game`` set up on it as ``topper sim`` sets it up, bots at
        every seat but P1's, or at every seat (``watch``): None, or why not (in words,
        the board unchanged). A slap game takes ``jokers`` and ``hurry_ms`` (0: no
        hurry-up), a turn game its ``options``, its chess clock (``control``, as
        ``topper.clock.TimeControl.to_list`` gives it) and what a flag does."""
        fewest, most = games.find(game).players
        if not fewest <= seats <= most:
            return "%s takes %d to %d players" % (games.find(game).name, fewest, most)
        humans = () if watch else (0,)
        bots = [s for s in range(seats) if s not in humans]
        self.heard[:] = []
        self.human = humans[0] if humans else -1
        self.bot_seed = seed
        self.game = None
        log = self.heard.append
        if games.is_turn(game):
            self.kind = "turn"
            self._use(VirtualBoard(now=0, log=log, seed=seed))
            self.board.run(slap_board.BOOT_MS)
            self.game = TurnTable(self.board, game, seats, seed, options, control, humans, pad=pad, flag=flag)
            self.game.start()
            return None
        self._use(slap_board.boot(game, seats, jokers, hurry_ms, seed, log))
        if pad:
            self.kind = "pad"
            DeviceBots(self.board, bots, seed, Style())
            slap_board.deal(self.board, game, seats, jokers, hurry_ms, seed)
        else:
            self.kind = "blind"
            self.game = blind_table.start(self.board, game, seats, jokers, hurry_ms, seed)
            BlindBots(self.game, bots, seed, Style())
        return None

    def deal_menu(self, seed, watch=False):
        """The game the device's menu holds, dealt with every choice made there
        (``deal``): as at a real table, the game is chosen on the device, and the bots
        sit at its other seats. A game against bots may be dealt again at any time (the
        board keeps its menu); the device's own game is ended on the device first. None,
        or why not."""
        app = self.board.app
        if self.kind is None and app.mode != MENU:  # a bot game is the page's to leave
            return "end the device's game first (hold the table button: END GAME?), or wipe the board"
        cfg = app.menu.config()
        if games.is_turn(cfg["game"]):
            extra = {"options": cfg["options"], "control": cfg["control"], "flag": cfg["flag"]}
        else:
            extra = {"jokers": cfg["jokers"], "hurry_ms": cfg["hurry_ms"]}
        return self.deal(cfg["game"], cfg["seats"], cfg["cardpad"], seed, watch, **extra)

    def bots(self):
        """What the page keeps, beside the nvm, for the bots to sit down again after a
        reload, as JSON; "" when they cannot: in blind play and in a turn game their
        cards were the page's table's, gone with it (the device resumes the game, every
        seat the page's). With the card pad the device knows every card on the table,
        and the bots play from what it shows."""
        if self.kind != "pad":
            return ""
        return json.dumps({"kind": "pad", "seed": self.bot_seed, "human": self.human})

    def _sit_again(self, kept):
        b = self.board
        if kept.get("kind") != "pad" or not b.pad_slap_game():
            return
        self.kind = "pad"
        self.human = kept["human"]
        self.bot_seed = kept["seed"]
        seats = [s for s in range(b.app.game["seats"]) if s != self.human]
        DeviceBots(b, seats, self.bot_seed, Style()).resume(b.now)

    def over(self):
        if self.kind == "turn":
            return self.game.over
        if self.kind == "blind":
            return self.game.over()
        return slap_board.over(self.board)

    def choices(self):
        """The human's moves in a turn game against bots, as labels (``choose`` one by
        its index); [] while it is not their turn."""
        if self.kind != "turn" or self.human < 0:
            return []
        return [label for label, _ in self.game.choices(self.human)]

    def choose(self, index):
        return self.kind == "turn" and self.game.choose(self.human, int(index))

    def deck(self):
        """The names of the enrolled deck's cards, as JSON: what the page's pad offers."""
        kind = self.board.enrolled
        name = stdcards.format_card if kind == deck.STANDARD else cards.format_card
        return json.dumps([name(c) for c in deck.tags(kind)])

    # ----- what the page shows --------------------------------------------------------

    def seat_colors(self):
        """The seats' colours on the ring (P1 first), as JSON: the page's buttons wear them."""
        return json.dumps([list(ring.seat_color(s)) for s in range(8)])

    def nvm(self):
        """The board's nvm as hex when it changed since the last call (the page keeps
        it in the browser's storage), else None."""
        data = bytes(self.board.nvm)
        if data == self._nvm_seen:
            return None
        self._nvm_seen = data
        return data.hex()

    def frame(self):
        """What the device shows now, as JSON: the OLED's RAM as hex (only when it
        changed since the last frame: null otherwise), the ring's colours from P1's
        pixel clockwise, the buzzer's pitch (0: silent), the log lines since the last
        frame, the game on the device, the kind of game against bots (None: the device
        alone) and whether its game is over (the buttons are the device's again), the
        human's moves in a turn game against bots, and the buzzer's
        pitches since the last frame (``tones``: [board ms, Hz], 0 silent)."""
        b = self.board
        ram = bytes(b.i2c.ram)
        oled = None
        if ram != self._ram_seen:
            self._ram_seen = ram
            oled = ram.hex()
        lines = self.heard[:]
        self.heard[:] = []
        tones = self.tones[:]
        self.tones[:] = []
        app = b.app
        return json.dumps(
            {
                "oled": oled,
                "ring": [list(c) for c in b.ring()],
                "tone": b.tone(),
                "tones": tones,
                "log": lines,
                "now": b.now,
                "game": app.game["game"] if app.game is not None and app.mode == GAME else None,
                "moves": self.choices(),
                "stuck": self.game.stuck if self.kind == "turn" else "",
                "deck": b.enrolled,
                "kind": self.kind,
                "over": self.kind is not None and self.over(),
            }
        )
